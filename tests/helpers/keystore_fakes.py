"""Small keyring backends for the KeyStore tests (all subclasses of MemoryKeyring, so
keyring's own discovery never picks them: ``viable = False``)."""

from __future__ import annotations

import threading
from collections import Counter

from keyring.compat import properties

from petdesk.services.keys.keystore import MemoryKeyring

# Distinctive values: tests assert that none of them shows up where it must not.
SECRET = "pk-test-Zebra-0c9f3a71e5"
OTHER_SECRET = "pk-test-Okapi-5b2e8d40aa"
ENV_SECRET = "pk-env-Quokka-91d3c7aa02"
ALL_SECRETS = (SECRET, OTHER_SECRET, ENV_SECRET)

# Every gate a hanging fake waits on; the autouse fixture opens them after each test.
OPEN_GATES: list[threading.Event] = []


def new_gate() -> threading.Event:
    gate = threading.Event()
    OPEN_GATES.append(gate)
    return gate


class CountingKeyring(MemoryKeyring):
    """MemoryKeyring that counts calls per operation."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: Counter[str] = Counter()

    def get_password(self, service: str, username: str) -> str | None:
        self.calls["get"] += 1
        return super().get_password(service, username)

    def set_password(self, service: str, username: str, password: str) -> None:
        self.calls["set"] += 1
        super().set_password(service, username, password)

    def delete_password(self, service: str, username: str) -> None:
        self.calls["delete"] += 1
        super().delete_password(service, username)


class RaisingKeyring(CountingKeyring):
    """Raises ``error_type`` (with the key in the message, as some backends do) on the
    operations listed in ``on``; the others work."""

    def __init__(self, error_type: type[BaseException], on: tuple[str, ...]) -> None:
        super().__init__()
        self.error_type = error_type
        self.on = on

    def _maybe_raise(self, op: str, password: str | None = None) -> None:
        if op in self.on:
            self.calls[op] += 1
            raise self.error_type(f"{op} failed for key {password or SECRET}")

    def get_password(self, service: str, username: str) -> str | None:
        self._maybe_raise("get")
        return super().get_password(service, username)

    def set_password(self, service: str, username: str, password: str) -> None:
        self._maybe_raise("set", password)
        super().set_password(service, username, password)

    def delete_password(self, service: str, username: str) -> None:
        self._maybe_raise("delete")
        super().delete_password(service, username)


class HangingKeyring(CountingKeyring):
    """Blocks every operation on a gate (until the test ends). When released, get
    returns SECRET and set raises an exception that carries the key: both must be
    dropped silently by the store."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = new_gate()
        self.entered = threading.Event()

    def _block(self, op: str) -> None:
        self.calls[op] += 1
        self.entered.set()
        self.gate.wait()

    def get_password(self, service: str, username: str) -> str | None:
        self._block("get")
        return SECRET

    def set_password(self, service: str, username: str, password: str) -> None:
        self._block("set")
        raise RuntimeError(f"late failure for {password}")

    def delete_password(self, service: str, username: str) -> None:
        self._block("delete")


class HangingPriorityKeyring(MemoryKeyring):
    """A backend whose viability check hangs (like a Secret Service whose D-Bus peer
    never answers). Tests give it a fresh gate: ``HangingPriorityKeyring.gate = new_gate()``."""

    gate = threading.Event()
    gate.set()  # open unless a test installs a fresh (closed) gate

    @properties.classproperty
    def priority(cls) -> float:
        cls.gate.wait()
        return 5


class ZeroPriorityKeyring(MemoryKeyring):
    priority = 0


class UnavailableKeyring(MemoryKeyring):
    """Raises RuntimeError from priority: keyring's way of saying "not here"."""

    @properties.classproperty
    def priority(cls) -> float:
        raise RuntimeError("The Secret Service daemon is neither running nor activatable")


class PlaintextKeyring(MemoryKeyring):
    """Pretends to be keyrings.alt's plaintext file backend: must be refused."""

    priority = 0.5


PlaintextKeyring.__module__ = "keyrings.alt.file"


class StuckDeleteKeyring(CountingKeyring):
    """delete_password raises PasswordDeleteError but the entry stays (a real failure,
    reported with the same exception type some backends use for "not found")."""

    def delete_password(self, service: str, username: str) -> None:
        from keyring.errors import PasswordDeleteError

        self.calls["delete"] += 1
        raise PasswordDeleteError("cannot delete")
