"""Test-wide set-up: a private HOME, offscreen Qt, no real keyring by accident.

This runs before any test module imports Qt, so the environment below is what
Qt, QSettings, platformdirs and keyring see for the whole session.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

_HOME = Path(tempfile.mkdtemp(prefix="petdesk-test-home-"))
for _name, _sub in {
    "HOME": "",
    "XDG_CONFIG_HOME": ".config",
    "XDG_DATA_HOME": ".local/share",
    "XDG_CACHE_HOME": ".cache",
    "XDG_STATE_HOME": ".local/state",
    "XDG_RUNTIME_DIR": "run",
}.items():
    _path = _HOME / _sub
    _path.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.environ[_name] = str(_path)
# PetDesk's own data folder, honoured on every OS (Windows ignores XDG_*): the local
# stores, the category names, the demo database and the log.
os.environ["PETDESK_DATA_DIR"] = str(_HOME / "petdesk-data")
# Offscreen, unless a test runs the suite's own tests on a real X server (xcb).
os.environ["QT_QPA_PLATFORM"] = os.environ.get("PETDESK_TEST_PLATFORM", "offscreen")
# Tests that want a keyring bring their own (in-memory, or the real Secret Service
# in a private D-Bus session); nothing may reach the developer's own keyring.
os.environ["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
os.environ.pop("DBUS_SESSION_BUS_ADDRESS", None)
os.environ.pop("PETDESK_API_KEY", None)

TEST_HOME = _HOME

# One PostgreSQL server per session for every folder's tests (the shared store's).
from tests.helpers.postgres import postgres_address, postgres_line, postgres_server  # noqa: E402

__all__ = ["TEST_HOME", "postgres_address", "postgres_line", "postgres_server"]


@pytest.fixture(autouse=True)
def _private_data_folder(tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test its own data folder: the local store (last-seen pages, the outbox) and
    the category names of one test never reach another, on every OS."""
    monkeypatch.setenv("PETDESK_DATA_DIR", str(tmp_path_factory.mktemp("data") / "PetDesk"))
