"""KeyStore against a real Secret Service: gnome-keyring in a private D-Bus session.

The daemons are started by tests/helpers/secret_service.py (fixture ``secret_service``); the
tests skip only when dbus-daemon or gnome-keyring-daemon is not installed.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import threading
import time
from pathlib import Path

import keyring
import keyring.core
import pytest
import secretstorage

from petdesk.services.keys import keystore
from petdesk.services.keys.keystore import KeyLookup, KeySource, KeyStore, resolve_backend_report
from tests.conftest import TEST_HOME
from tests.helpers.keystore_fakes import ALL_SECRETS, OTHER_SECRET, SECRET
from tests.helpers.secret_service import (
    SecretService,
    files_containing,
    missing_tools,
    private_secret_service,
)

pytestmark = pytest.mark.keyring_real


def keyring_file(service: SecretService) -> Path:
    return service.home / ".local/share/keyrings/login.keyring"


def assert_on_no_disk(service: SecretService) -> None:
    roots = [service.base, TEST_HOME]
    for secret in ALL_SECRETS:
        assert files_containing(roots, secret) == []


def stored_items(service: SecretService) -> list[dict[str, str]]:
    with contextlib.closing(secretstorage.dbus_init()) as connection:
        collection = secretstorage.get_default_collection(connection)
        return [item.get_attributes() for item in collection.search_items({"service": "petdesk"})]


def test_set_get_delete_through_the_real_secret_service(secret_service: SecretService) -> None:
    size_before = keyring_file(secret_service).stat().st_size

    store = KeyStore(secret_service.backend(), environ={})
    assert store.set("production", SECRET) == KeyLookup(SECRET, KeySource.KEYRING, None)
    assert store.set("staging", OTHER_SECRET).source is KeySource.KEYRING
    assert "backend='Secret Service'" in repr(store)

    # Persisted by gnome-keyring (the encrypted file grew), readable by a fresh store.
    assert keyring_file(secret_service).stat().st_size > size_before
    fresh = KeyStore(secret_service.backend(), environ={})
    assert fresh.get("production") == KeyLookup(SECRET, KeySource.KEYRING, None)
    assert fresh.get("staging") == KeyLookup(OTHER_SECRET, KeySource.KEYRING, None)
    users = sorted(attrs["username"] for attrs in stored_items(secret_service))
    assert users == ["production", "staging"]
    assert_on_no_disk(secret_service)  # the keyring file holds them, encrypted only

    fresh.delete("production")
    fresh.delete("staging")
    assert fresh.problem is None
    assert KeyStore(secret_service.backend(), environ={}).get("production") == KeyLookup(
        None, KeySource.NONE, None
    )
    assert stored_items(secret_service) == []
    assert_on_no_disk(secret_service)


def test_default_backend_resolves_lazily_to_the_secret_service(
    secret_service: SecretService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.SecretService.Keyring")
    monkeypatch.setattr(keyring.core, "_keyring_backend", None)  # forget the fail backend
    store = KeyStore(environ={})
    try:
        assert store.set("staging", OTHER_SECRET).source is KeySource.KEYRING
        assert "backend='Secret Service'" in repr(store)
        assert resolve_backend_report() == (True, "keyring backend: Secret Service")
    finally:
        store.delete("staging")
    assert_on_no_disk(secret_service)


# keyring's SecretService backend leaks its D-Bus connection when it raises
# KeyringLocked (get_preferred_collection opens it before the check and never closes
# it; cf. jaraco/keyring#380); the socket is closed by the garbage collector with a
# ResourceWarning. Nothing PetDesk can close: the connection never reaches it.
@pytest.mark.filterwarnings("ignore::ResourceWarning")
def test_locked_collection_gives_session_only(tmp_path: Path) -> None:
    reason = missing_tools()
    if reason is not None:
        pytest.skip(reason)
    with private_secret_service(tmp_path) as service, service.activated():
        with contextlib.closing(secretstorage.dbus_init()) as connection:
            secretstorage.get_default_collection(connection).lock()

        store = KeyStore(service.backend(), environ={}, timeout=3)
        # There is no prompter here, so unlocking fails at once: "locked".
        assert store.set("production", SECRET) == KeyLookup(
            SECRET, KeySource.SESSION, keystore.LOCKED
        )
        assert store.get("production") == KeyLookup(SECRET, KeySource.SESSION, keystore.LOCKED)
        assert_on_no_disk(service)
    gc.collect()  # finalize the leaked connection while the warning filter applies


def test_hung_secret_service_gives_session_only_after_the_timeout(tmp_path: Path) -> None:
    reason = missing_tools()
    if reason is not None:
        pytest.skip(reason)
    timeout = 0.3
    with private_secret_service(tmp_path) as service, service.activated():
        store = KeyStore(service.backend(), environ={}, timeout=timeout)
        assert store.get("production").problem is None  # resolved and working
        os.kill(service.keyring_process.pid, signal.SIGSTOP)
        try:
            start = time.monotonic()
            result = store.set("production", SECRET)
            assert result == KeyLookup(SECRET, KeySource.SESSION, keystore.TIMED_OUT)
            assert time.monotonic() - start >= timeout  # the keyring had its whole time
            # The store answers from memory: a call to the stopped keyring would leave
            # one more thread hanging.
            threads = set(threading.enumerate())
            assert store.get("production") == KeyLookup(
                SECRET, KeySource.SESSION, keystore.TIMED_OUT)
            assert set(threading.enumerate()) <= threads
        finally:
            os.kill(service.keyring_process.pid, signal.SIGCONT)
        for thread in threading.enumerate():
            if thread.name.startswith("petdesk-keyring-"):
                thread.join(timeout=10)
                assert not thread.is_alive()
        # The late set reached the keyring after all (encrypted, as any stored key).
        assert_on_no_disk(service)
