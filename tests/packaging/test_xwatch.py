"""packaging/xwatch.py: the frozen start-up is timed from outside, on a private Xvfb
(MapNotify of the main window, then its first DAMAGE), against a real Qt window."""

from __future__ import annotations

import ctypes.util
import os
import shutil
import sys

import pytest

from tests.packaging.conftest import PACKAGING

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("Xvfb") is None
    or ctypes.util.find_library("Xdamage") is None,
    reason="needs Linux, Xvfb and libXdamage (apt-get install xvfb libxdamage1)")


def test_the_bare_window_is_seen_mapped_then_painted(tmp_path: object) -> None:
    import xwatch

    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    with xwatch.XDisplay() as display:
        assert display.name.startswith(":")
        first = display.launch([sys.executable, str(PACKAGING / "baseline/bare_window.py")],
                               env, timeout=60)
        second = display.launch([sys.executable, str(PACKAGING / "baseline/bare_window.py")],
                                env, timeout=60)
    for launch in (first, second):  # each launch sees its own window, in order
        assert 0 < launch.mapped <= launch.painted < 60


def test_a_program_that_shows_no_window_is_reported(tmp_path: object) -> None:
    import xwatch

    never_shows = [sys.executable, "-c", "raise SystemExit(3)"]
    with xwatch.XDisplay() as display, \
            pytest.raises(xwatch.XWatchError, match="exited with status 3"):
        display.launch(never_shows, dict(os.environ), timeout=30)
