"""Run the real ``petdesk import`` / ``petdesk export`` command in a child process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
KEY = "cli-test-key-0123456789"


def cli_env(home: Path, *, key: str | None = KEY) -> dict[str, str]:
    """A private home (the data folder ``home/data/PetDesk`` on every OS, the config
    folder) and the key in ``PETDESK_API_KEY``; the keyring is the failing backend, so
    a missing key is found at once."""
    env = {**os.environ, "HOME": str(home), "PETDESK_DATA_DIR": str(home / "data" / "PetDesk"),
           "XDG_CONFIG_HOME": str(home / "config"), "PYTHONPATH": str(ROOT),
           "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    env.pop("PETDESK_API_KEY", None)
    if key is not None:
        env["PETDESK_API_KEY"] = key
    return env


def petdesk_command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "petdesk", *argv]


def run_petdesk(home: Path, *argv: str, key: str | None = KEY,
                timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(petdesk_command(*argv), env=cli_env(home, key=key), cwd=ROOT,
                          capture_output=True, encoding="utf-8", timeout=timeout,
                          check=False)  # the command line writes UTF-8 on every OS
