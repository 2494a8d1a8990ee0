"""The size and start-up baseline: a bare PySide6-Essentials "one window" app.

Frozen by ``packaging/measure.py`` with the same PyInstaller options as PetDesk
(onedir, windowed, strip, no UPX) but none of PetDesk's exclusions. Same window as
``tests/benchmarks/bare_window.py``. Like PetDesk, it carries no measuring hook:
``measure.py`` times both from outside, on the X server (``packaging/xwatch.py``).
"""

import sys

from PySide6.QtWidgets import QApplication, QMainWindow


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setWindowTitle("Bare window")
    window.resize(1100, 680)  # the size PetDesk opens at
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
