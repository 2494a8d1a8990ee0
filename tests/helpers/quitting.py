"""Run PetDesk's real ``main()`` in a child process that presses Ctrl+Q once a request
reached the server (``tests/helpers/quit_driver.py``), and wait for it to exit.

A run that returns at all proves the quit did not wait for the request: the servers
of these tests answer late (after this helper's 60 s guard) or never."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

from tests.conftest import TEST_HOME

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("quit_driver.py")


class QuitRun(NamedTuple):
    returncode: int
    stderr: str
    #: Whether the driver pressed Ctrl+Q (the process did not end some other way).
    pressed: bool


def quit_during_request(base_url: str, flag: Path, *, key: str | None,
                        extra_env: dict[str, str] | None = None) -> QuitRun:
    """``flag`` is touched by the server when the request arrived: Ctrl+Q follows."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(TEST_HOME),
               PETDESK_TEST_QUIT_WHEN=str(flag), PYTHONPATH=str(ROOT), **(extra_env or {}))
    env.pop("PETDESK_API_KEY", None)
    if key is not None:
        env["PETDESK_API_KEY"] = key
    proc = subprocess.Popen([sys.executable, str(DRIVER), "--base-url", base_url], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=str(ROOT))
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    return QuitRun(proc.returncode, err[-3000:], "closing" in out.splitlines())
