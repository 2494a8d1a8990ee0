"""The floors of the start-up figures: what stock PySide6 costs for a window that holds
what a figure is about, with no PetDesk code at all (timed by
``bench_floors.py``). Everything is built before ``show()``, so the first paint holds it.

Modes (``argv[1]``):

* ``table``: a QMainWindow whose central widget is a QTableView (QStandardItemModel,
  header labels) with 20 constant rows: rows that need no file at all.
* ``stored PATH``: the same table with its 20 rows read from the SQLite file PATH
  (the standard library's ``sqlite3``, on the GUI thread, before show): rows that come
  from a file. It is a floor, not PetDesk's design (PetDesk's
  GUI thread does no I/O).
* ``skeleton``: PetDesk's visible window in stock widgets (a menu bar with 5 menus; a
  filter row of labels, 2 combo boxes, a line edit and 3 buttons; a splitter with the
  table and a QFormLayout detail panel of 7 labels; a footer label; a status bar with
  2 labels) and an empty table.
* ``skeleton-rows``: the skeleton with 20 rows in its table (F4): the baseline of the
  last session's rows painted.
* ``skeleton-httpx-rows``: ``skeleton-rows`` that also imports httpx and pydantic as
  ``bare_rows.py`` does (F5): the baseline of fresh rows and of the RSS after the
  first page.
* ``frame-first-stored PATH`` (F6): F4 built the way the start-up goals and the brief
  together require of any design: the frame is painted first (the first-paint goal),
  then the skeleton is built with an empty table while a thread reads the 20 rows from
  the SQLite file PATH (the GUI thread does no I/O), and the rows are added when the
  thread's queued signal arrives. Still stock widgets and a stock model: what the two
  rules cost, and nothing of PetDesk's. Reported as *first-data* (the table painted
  with rows).
* ``frame-first-fresh`` (F7): F6 with the rows fetched instead of read: the least that
  fresh rows cost in any design the brief and the design card allow. The frame is
  painted first; then the skeleton is built with an empty table. A thread, started with
  the window (before the frame, the most overlap the GIL allows), imports
  httpx and pydantic, defines a stock pydantic v2 ``Pet`` (id, name, categoryId,
  status), asks ``GET /pets`` of a stock ``httpx.MockTransport`` answering 20 pets (no
  socket, no sandbox, no store) and validates the body with a ``TypeAdapter``; the rows
  are added when the thread's queued signal arrives. Reported as *first-data*, against
  F5 (S3's baseline).

Reported through the same test-side hook as PetDesk (``PETDESK_BENCH_EXIT_AFTER=window``:
the first paint). No ``petdesk`` package is imported.
"""

import sys
import threading
from collections.abc import Callable, Sequence

from bare_window import arm  # this folder (the script's): PySide6 and the hook only
from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel, QWindow
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

MODES = ("table", "stored", "skeleton", "skeleton-rows", "skeleton-httpx-rows",
         "frame-first-stored", "frame-first-fresh")
WITH_FILE = ("stored", "frame-first-stored")
HEADERS = ("ID", "Name", "Category", "Status")
ROWS = 20


def constant_rows() -> list[tuple[object, ...]]:
    return [(i + 1, f"Pet {i + 1}", 1, "available") for i in range(ROWS)]


def stored_rows(path: str) -> list[tuple[object, ...]]:
    """The first 20 rows of the ``pets`` table of the SQLite file at ``path``."""
    import sqlite3  # only this mode pays for it

    con = sqlite3.connect(path)
    try:
        return con.execute("SELECT id, name, category, status FROM pets ORDER BY id LIMIT ?",
                           (ROWS,)).fetchall()
    finally:
        con.close()


def fetched_rows() -> list[tuple[object, ...]]:
    """20 pets asked of a stock in-memory HTTP service and validated by a stock pydantic
    model (F7): what the fresh rows need besides the window, in stock form."""
    import json
    from typing import Literal

    import httpx
    from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

    class Pet(BaseModel):
        model_config = ConfigDict(populate_by_name=True, frozen=True)
        id: int
        name: str
        category_id: int = Field(alias="categoryId")
        status: Literal["available", "pending", "sold"] | None = None

    body = json.dumps([{"id": i, "name": n, "categoryId": c, "status": s}
                       for i, n, c, s in constant_rows()]).encode()

    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=body,
                              headers={"Content-Type": "application/json"})

    with httpx.Client(transport=httpx.MockTransport(answer),
                      base_url="http://127.0.0.1/v1") as client:
        response = client.get("/pets", params={"limit": ROWS})
    pets = TypeAdapter(list[Pet]).validate_json(response.content)
    return [(p.id, p.name, p.category_id, p.status) for p in pets]


def table(rows: Sequence[tuple[object, ...]]) -> QTableView:
    model = QStandardItemModel(0, len(HEADERS))
    model.setHorizontalHeaderLabels(list(HEADERS))
    for row in rows:
        model.appendRow([QStandardItem(str(value)) for value in row])
    view = QTableView()
    view.setObjectName("petsTable")
    view.setModel(model)
    model.setParent(view)
    return view


def skeleton(window: QMainWindow, view: QTableView) -> QWidget:
    """PetDesk's visible widgets around ``view``; returns the central widget."""
    bar = window.menuBar()
    for title in ("&File", "&Edit", "&View", "&Pets", "&Help"):
        menu = bar.addMenu(title)
        for i in range(4):
            menu.addAction(f"{title.lstrip('&')} item {i + 1}")
    central = QWidget()
    column = QVBoxLayout(central)
    filters = QHBoxLayout()
    column.addLayout(filters)
    status = QComboBox()
    status.addItems(["All", "Available", "Pending", "Sold"])
    page = QComboBox()
    page.addItems(["20", "50", "100"])
    name = QLineEdit()
    name.setPlaceholderText("Filter by name")
    for widget in (QLabel("Status:"), status, QLabel("Show:"), page, name):
        filters.addWidget(widget)
    for text in ("Refresh", "Add pet…", "Find…"):
        filters.addWidget(QPushButton(text))
    splitter = QSplitter()
    splitter.addWidget(view)
    detail = QWidget()
    form = QFormLayout(detail)
    for field in ("ID", "Name", "Category", "Status", "Tags", "Photos", "Fetched"):
        form.addRow(f"{field}:", QLabel("—"))
    splitter.addWidget(detail)
    column.addWidget(splitter)
    column.addWidget(QLabel(f"{view.model().rowCount()} pets loaded"))
    window.statusBar().addWidget(QLabel("Ready"))
    window.statusBar().addPermanentWidget(QLabel("Demo"))
    return central


class FrameFirstWindow(QMainWindow):
    """The frame painted first, then the skeleton, its rows read on a thread. The
    hook waits for ``built`` while ``is_built`` is False, as it does for PetDesk."""

    built = Signal()
    rows_read = Signal(list)
    is_built = False  # stays False: the hook then looks for no PetDesk status bar

    def __init__(self, read: Callable[[], list[tuple[object, ...]]], *,
                 read_at_once: bool = False) -> None:
        super().__init__()
        self._read = read
        self._exposed = False
        self._view: QTableView | None = None
        self._early: list[tuple[object, ...]] | None = None
        self.rows_read.connect(self._add_rows)
        self._read_at_once = read_at_once
        if read_at_once:  # the thread overlaps the frame's paint as well as the skeleton
            self._start_reading()

    def _start_reading(self) -> None:
        threading.Thread(target=lambda: self.rows_read.emit(self._read()),
                         daemon=True).start()

    def watch_expose(self) -> None:
        handle = self.windowHandle()
        assert handle is not None
        handle.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (not self._exposed and isinstance(watched, QWindow)
                and event.type() == QEvent.Type.Expose and watched.isExposed()):
            self._exposed = True
            # two turns: the hook's own zero timer at this expose runs first
            QTimer.singleShot(0, lambda: QTimer.singleShot(0, self._build))
        return False

    def _build(self) -> None:
        if not self._read_at_once:
            self._start_reading()
        self._view = table([])
        self.setCentralWidget(skeleton(self, self._view))
        self.built.emit()
        if self._early is not None:
            self._add_rows(self._early)

    def _add_rows(self, rows: list[tuple[object, ...]]) -> None:
        if self._view is None:  # read before the skeleton was built
            self._early = rows
            return
        model = self._view.model()
        assert isinstance(model, QStandardItemModel)
        for row in rows:
            model.appendRow([QStandardItem(str(value)) for value in row])


def main(argv: Sequence[str]) -> int:
    mode = argv[1] if len(argv) > 1 else ""
    if mode not in MODES or len(argv) != (3 if mode in WITH_FILE else 2):
        sys.stderr.write(f"usage: floor_window.py {{{'|'.join(MODES)}}} [SQLITE_FILE]\n"
                         "(the file for 'stored' and 'frame-first-stored' only)\n")
        return 2
    app = QApplication(list(argv[:1]))
    if mode.startswith("frame-first"):
        path = argv[2] if mode in WITH_FILE else ""
        first = FrameFirstWindow(lambda: stored_rows(path) if path else fetched_rows(),
                                 read_at_once=not path)
        first.setWindowTitle(f"Floor: {mode}")
        first.resize(1100, 680)
        arm(first)
        first.create()
        first.watch_expose()
        first.show()
        return app.exec()
    window = QMainWindow()
    window.setWindowTitle(f"Floor: {mode}")
    window.resize(1100, 680)  # the size PetDesk opens at
    if mode == "skeleton-httpx-rows":
        import httpx  # noqa: F401 - the floor: what the client needs, as bare_rows.py
        import pydantic  # noqa: F401
    if mode == "stored":
        rows = stored_rows(argv[2])
    elif mode == "skeleton":
        rows = []
    else:
        rows = constant_rows()
    view = table(rows)
    window.setCentralWidget(skeleton(window, view) if mode.startswith("skeleton") else view)
    arm(window)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
