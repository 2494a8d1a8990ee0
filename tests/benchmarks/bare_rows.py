"""The baseline of the fresh-rows figure: a bare PySide6 window that imports
httpx and pydantic (the floor PetDesk's client sets) and paints a table of 20 rows.

Reported through the same test-side hook as PetDesk (``PETDESK_BENCH_EXIT_AFTER=
first-data``: the table painted with rows). No ``petdesk`` package is imported.
"""

import sys

from bare_window import arm  # this folder (the script's): PySide6 and the hook only
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QMainWindow, QTableView


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
    arm(window)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
