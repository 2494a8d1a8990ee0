"""What the worker needs of a key store (:class:`petdesk.core.keystore.KeyStore`)."""

from __future__ import annotations

from typing import Protocol


class KeyLookupLike(Protocol):
    key: str | None
    source: str
    problem: str | None


class KeyProvider(Protocol):
    def get(self, environment: str) -> KeyLookupLike: ...

    def set(self, environment: str, key: str) -> KeyLookupLike: ...
