"""The size and start-up baseline: a bare PySide6-Essentials "one window" app.

Frozen by ``packaging/measure.py`` with the same PyInstaller options as PetDesk
(onedir, windowed, strip, no UPX) but none of PetDesk's exclusions. Same window as
``tests/benchmarks/bare_window.py``; it reports its first painted window through
the benchmarks' test-side hook (``tests/benchmarks/benchhook.py``, frozen as the
top-level module ``benchhook`` with ``--paths tests/benchmarks``, so no ``petdesk``
package is bundled): ``PETDESK_BENCH_EXIT_AFTER=window``.
"""

import sys

import benchhook
from PySide6.QtWidgets import QApplication, QMainWindow


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setWindowTitle("Bare window")
    window.resize(1100, 680)  # the size PetDesk opens at
    benchhook.install(window)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
