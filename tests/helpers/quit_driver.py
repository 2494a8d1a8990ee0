"""Run ``petdesk`` (its real ``main()``) and press Ctrl+Q once the file named by
``PETDESK_TEST_QUIT_WHEN`` exists (the test's server writes it when the request
arrived). Prints ``closing`` just before the key press."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMainWindow

from petdesk.__main__ import main


def watch(flag: Path) -> None:
    window = next((w for w in QApplication.topLevelWidgets()
                   if isinstance(w, QMainWindow) and w.isVisible()), None)
    if window is None or not flag.exists():
        QTimer.singleShot(20, lambda: watch(flag))
        return
    print("closing", flush=True)
    QTest.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)


if __name__ == "__main__":
    app = QApplication(sys.argv[:1])
    QTimer.singleShot(0, lambda: watch(Path(os.environ["PETDESK_TEST_QUIT_WHEN"])))
    sys.exit(main(sys.argv[1:]))
