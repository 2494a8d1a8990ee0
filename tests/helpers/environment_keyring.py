"""A keyring backend holding only the shared store's password, read from the
environment variable ``PETDESK_TEST_SHARED_PASSWORD``, for child processes that must
find the password where PetDesk looks for it (``KeyStore().shared_password()``, through
keyring's own backend choice): ``PYTHON_KEYRING_BACKEND=
tests.helpers.environment_keyring.EnvironmentKeyring`` with the checkout on PYTHONPATH.

Read-only: saving or deleting raises, as a keyring that refuses to write does."""

from __future__ import annotations

import os
from typing import Final

from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError, PasswordSetError

from petdesk.services.keys.keystore import SHARED_STORE_SERVICE

VARIABLE: Final = "PETDESK_TEST_SHARED_PASSWORD"
_ENTRY: Final = (SHARED_STORE_SERVICE, "password")


class EnvironmentKeyring(KeyringBackend):
    priority = 1
    #: Chosen only by name: keyring's own discovery, in any process that imports this
    #: module (every backend class is registered as it is defined), passes it over.
    viable = False

    def get_password(self, service: str, username: str) -> str | None:
        return os.environ.get(VARIABLE) if (service, username) == _ENTRY else None

    def set_password(self, service: str, username: str, password: str) -> None:
        raise PasswordSetError("this keyring is read-only")

    def delete_password(self, service: str, username: str) -> None:
        raise PasswordDeleteError("this keyring is read-only")
