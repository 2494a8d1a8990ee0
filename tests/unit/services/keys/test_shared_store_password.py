"""The shared store's password: its own keyring entry, never the API key's, and in
memory for the session when no keyring works."""

from __future__ import annotations

from keyring.backends import fail

from petdesk.services.keys.keystore import (
    SERVICE,
    SHARED_STORE_SERVICE,
    KeySource,
    KeyStore,
    MemoryKeyring,
)

PASSWORD = "s3cret-shared-pw"


def test_the_password_has_its_own_keyring_entry() -> None:
    backend = MemoryKeyring()
    store = KeyStore(backend, environ={})
    store.set("production", "api-key-0123")

    saved = store.set_shared_password(PASSWORD)

    assert saved.source is KeySource.KEYRING
    assert backend.entries() == [(SERVICE, "production"), (SHARED_STORE_SERVICE, "password")]
    assert KeyStore(backend, environ={}).shared_password().key == PASSWORD
    assert store.get("production").key == "api-key-0123"
    assert PASSWORD not in repr(store) and PASSWORD not in repr(saved)


def test_the_api_key_variable_never_stands_in_for_the_password() -> None:
    store = KeyStore(MemoryKeyring(), environ={"PETDESK_API_KEY": "from-the-environment"})

    assert store.shared_password().key is None


def test_without_a_keyring_the_password_is_kept_for_this_session_only() -> None:
    store = KeyStore(fail.Keyring(), environ={})

    saved = store.set_shared_password(PASSWORD)

    assert saved.source is KeySource.SESSION and saved.problem
    assert store.shared_password().key == PASSWORD
    assert KeyStore(fail.Keyring(), environ={}).shared_password().key is None
