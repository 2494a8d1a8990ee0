"""Desk processes (``petdesk import``) set up for a shared store as a shelter's IT
person would: the address in the settings the window writes (File › Settings… ›
Shared store), the password in the keyring, here a read-only test backend named by
keyring's own ``PYTHON_KEYRING_BACKEND`` (:mod:`tests.helpers.environment_keyring`)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings

from petdesk.gui.settings.settings import AppSettings, SharedStoreChoice
from petdesk.storage.saved_settings import ini_path
from tests.helpers.environment_keyring import VARIABLE, EnvironmentKeyring

ROOT = Path(__file__).resolve().parents[2]


def shared_desk_env(config: Path, address: str, password: str) -> dict[str, str]:
    """Saves ``address`` as the shared store in use in the settings under ``config``
    (the desks' XDG_CONFIG_HOME); the environment that gives a desk ``password``
    through the keyring."""
    settings = AppSettings(QSettings(str(ini_path({"XDG_CONFIG_HOME": str(config)})),
                                     QSettings.Format.IniFormat))
    settings.shared_store = SharedStoreChoice(address, True)
    settings.sync()
    path = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    return {"PYTHON_KEYRING_BACKEND": f"{EnvironmentKeyring.__module__}."
                                      f"{EnvironmentKeyring.__qualname__}",
            VARIABLE: password, "PYTHONPATH": path}
