"""The size and start-up baseline: a bare PySide6-Essentials "one window" app.

Frozen by ``packaging/measure.py`` with the same PyInstaller options as PetDesk
(onedir, windowed, strip, no UPX) but none of PetDesk's exclusions.
"""

import sys

import startprobe  # packaging/startprobe.py: inactive unless PETDESK_EXIT_AFTER_SHOW is set

startprobe.install()

from PySide6.QtWidgets import QApplication, QMainWindow  # noqa: E402

app = QApplication(sys.argv)
window = QMainWindow()
window.setWindowTitle("Bare window")
window.resize(800, 600)
window.show()
sys.exit(app.exec())
