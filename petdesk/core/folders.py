"""Where PetDesk keeps its files on this computer: the one place that asks platformdirs.

Normally the platform's folders for the user (``%LOCALAPPDATA%\\PetDesk`` on Windows,
``~/Library/Application Support/PetDesk`` on macOS, ``$XDG_DATA_HOME/PetDesk`` on Linux).
``PETDESK_DATA_DIR`` names one folder instead, on every OS, for the local stores, the
category names, the demo sandbox's database and (in ``logs``) the log: a second,
separate PetDesk, a support case, or a test that must not touch the user's files.
Windows ignores ``XDG_*`` variables, so those cannot serve that purpose there.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final

import platformdirs

APP_NAME: Final = "PetDesk"
DATA_DIR_ENV: Final = "PETDESK_DATA_DIR"


def _given(environ: Mapping[str, str] | None) -> Path | None:
    value = (os.environ if environ is None else environ).get(DATA_DIR_ENV, "").strip()
    return Path(value) if value else None


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The folder of the local stores, the category names and the demo database."""
    given = _given(environ)
    if given is not None:
        return given
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def log_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The folder of ``petdesk.log``."""
    given = _given(environ)
    if given is not None:
        return given / "logs"
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
