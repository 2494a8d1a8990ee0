"""The baseline of the fresh-rows figure (issue 12): a bare PySide6 window that imports
httpx and pydantic (the floor PetDesk's client sets) and paints a table of 20 rows.

Reported through the same test-side hook as PetDesk (``PETDESK_BENCH_EXIT_AFTER=
first-data``: the table painted with rows). No ``petdesk`` package is imported.
"""

import importlib.util
import sys
from pathlib import Path

from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QMainWindow, QTableView

_HOOK = Path(__file__).resolve().parent / "benchhook.py"


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setWindowTitle("Bare window with rows")
    window.resize(1100, 680)
    import httpx  # noqa: F401 - the floor: what the client needs
    import pydantic  # noqa: F401

    model = QStandardItemModel(0, 4)
    for i in range(20):
        model.appendRow([QStandardItem(str(i + 1)), QStandardItem(f"Pet {i + 1}"),
                         QStandardItem("1"), QStandardItem("available")])
    view = QTableView()
    view.setObjectName("petsTable")
    view.setModel(model)
    window.setCentralWidget(view)
    spec = importlib.util.spec_from_file_location("benchhook", _HOOK)
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    hook.install(window)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
