"""Runs one of the suite's own tests again on a private Xvfb with Qt's xcb platform:
the key bindings, window sizes and scaling of a real X server."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

needs_x = pytest.mark.skipif(
    shutil.which("xvfb-run") is None, reason="needs Xvfb (apt-get install xvfb)")


def run_on_x(test_file: str, test: str, *, screen: str = "1100x680x24", **env: str) -> None:
    """``test_file::test`` in a pytest of its own on a ``screen`` (WxHxDepth) X server;
    ``env`` adds to its environment (QT_SCALE_FACTOR=2)."""
    root = Path(__file__).resolve().parents[2]
    environ = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    environ.update(PETDESK_TEST_PLATFORM="xcb", **env)
    done = subprocess.run(
        ["xvfb-run", "-a", "-s", f"-screen 0 {screen}", sys.executable, "-m", "pytest",
         f"{Path(test_file).resolve().relative_to(root)}::{test}", "-q",
         "-p", "no:cacheprovider"],
        env=environ, capture_output=True, text=True, timeout=600, cwd=str(root), check=False)
    assert done.returncode == 0, (done.stdout + done.stderr)[-6000:]
    assert " passed" in done.stdout
