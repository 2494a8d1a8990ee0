"""Run ``petdesk`` (its real ``main()``) on a real X server and print the title the
window manager reads (``xdotool getwindowname``) as ``title <name>`` once the main
window shows; with ``PETDESK_TEST_SWITCH`` set, press Ctrl+2 (View › Staging) and print
the title again. Then Ctrl+Q."""

from __future__ import annotations

import os
import subprocess
import sys

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMainWindow

from petdesk.__main__ import main


def x_names() -> list[str]:
    """The names of this process's X windows."""
    found = subprocess.run(["xdotool", "search", "--pid", str(os.getpid())],
                           capture_output=True, text=True, check=False).stdout.split()
    return [subprocess.run(["xdotool", "getwindowname", w], capture_output=True, text=True,
                           check=False).stdout.rstrip("\n") for w in found]


def shown(window: QMainWindow) -> str:
    """The X name of ``window`` once the X server has its current title."""
    return next((n for n in x_names() if n.startswith(window.windowTitle())), "")


def watch(steps: list[str]) -> None:
    window = next((w for w in QApplication.topLevelWidgets()
                   if isinstance(w, QMainWindow) and w.isVisible()), None)
    if window is not None and QApplication.activeWindow() is not window:
        window.activateWindow()  # no window manager on Xvfb: the keys need the focus
    name = shown(window) if window is not None else ""
    if window is None or not name or QApplication.activeWindow() is not window:
        QTimer.singleShot(50, lambda: watch(steps))
        return
    print(f"title {name}", flush=True)
    step = steps.pop(0)
    QTest.keyClick(window, Qt.Key.Key_2 if step == "switch" else Qt.Key.Key_Q,
                   Qt.KeyboardModifier.ControlModifier)
    if steps:
        QTimer.singleShot(50, lambda: watch(steps))


if __name__ == "__main__":
    app = QApplication(sys.argv[:1])
    plan = ["switch", "quit"] if os.environ.get("PETDESK_TEST_SWITCH") else ["quit"]
    QTimer.singleShot(0, lambda: watch(plan))
    sys.exit(main(sys.argv[1:]))
