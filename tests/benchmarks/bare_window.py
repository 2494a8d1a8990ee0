"""The baseline of figures 1, 2 and 6: a bare PySide6 QMainWindow, nothing else.

Run exactly like PetDesk is measured: ``PETDESK_BENCH_EXIT_AFTER=window`` makes it
report when its window is exposed (and its RSS) and exit, through the very same
test-side hook (``tests/benchmarks/benchhook.py``, loaded by path, so no ``petdesk``
package is imported).
"""

import importlib.util
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMainWindow

_HOOK = Path(__file__).resolve().parent / "benchhook.py"


def arm(window: QMainWindow) -> None:
    """Load the hook by path (no ``petdesk`` import) and arm it for ``window``."""
    spec = importlib.util.spec_from_file_location("benchhook", _HOOK)
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    hook.install(window)


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setWindowTitle("Bare window")
    window.resize(1100, 680)  # the size PetDesk opens at
    arm(window)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
