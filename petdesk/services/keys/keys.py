"""What the worker needs of a key store (:class:`petdesk.services.keys.keystore.KeyStore`),
and the fixed-key provider of the demo and the tests."""

from __future__ import annotations

from typing import NamedTuple, Protocol


class KeyLookupLike(Protocol):
    @property
    def key(self) -> str | None: ...

    @property
    def source(self) -> str: ...

    @property
    def problem(self) -> str | None: ...


class KeyProvider(Protocol):
    def get(self, environment: str) -> KeyLookupLike: ...

    def set(self, environment: str, key: str) -> KeyLookupLike: ...

    def shared_password(self) -> KeyLookupLike:
        """The shared store's password (its own keyring entry)."""
        ...

    def set_shared_password(self, password: str) -> KeyLookupLike: ...


class FixedLookup(NamedTuple):  # not a dataclass: imported before the first paint
    key: str | None
    source: str = "fixed"
    problem: str | None = None


class StaticKeys:
    """One key for every environment, in memory (``--demo``, tests): no keyring."""

    def __init__(self, key: str, source: str = "fixed") -> None:
        self._key = key
        self._source = source
        self._password: str | None = None

    def get(self, environment: str) -> FixedLookup:
        return FixedLookup(self._key, self._source)

    def set(self, environment: str, key: str) -> FixedLookup:
        self._key = key.strip()
        return FixedLookup(self._key, self._source)

    def shared_password(self) -> FixedLookup:
        return FixedLookup(self._password, self._source)

    def set_shared_password(self, password: str) -> FixedLookup:
        self._password = password
        return FixedLookup(password, self._source)

    def environment_override(self) -> bool:
        return False
