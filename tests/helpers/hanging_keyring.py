"""A keyring backend whose calls never return (a D-Bus peer that never answers), for
the quit test's subprocess: ``PYTHON_KEYRING_BACKEND=tests.helpers.hanging_keyring.HangingKeyring``.
It touches the file named by ``PETDESK_TEST_QUIT_WHEN`` when a call starts."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from keyring.backend import KeyringBackend

_NEVER = threading.Event()


class HangingKeyring(KeyringBackend):
    priority = 1  # type: ignore[assignment]

    def _hang(self) -> None:
        flag = os.environ.get("PETDESK_TEST_QUIT_WHEN")
        if flag:
            Path(flag).touch()
        _NEVER.wait()

    def get_password(self, service: str, username: str) -> str | None:
        self._hang()
        return None

    def set_password(self, service: str, username: str, password: str) -> None:
        self._hang()

    def delete_password(self, service: str, username: str) -> None:
        self._hang()
