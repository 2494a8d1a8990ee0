"""Render the main window with data to a PNG, offscreen, by the app itself.

    python -m petdesk.gui.common.screenshot resources/screenshots/main-window.png

Uses the demo (in-process sandbox, a throw-away in-memory database, private
settings): loads a page, selects a pet and refreshes it from the server so the
detail view shows the server's deprecation note, then saves ``window.grab()``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QEventLoop, QSettings, QTimer, SignalInstance
from PySide6.QtWidgets import QPushButton, QTableView

from petdesk.gui.app import LaunchConfig, build_main_window, create_application
from petdesk.gui.settings.settings import AppSettings
from petdesk.gui.worker.worker import Worker


def render(path: Path, *, width: int = 1100, height: int = 640) -> Path:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = create_application(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        settings = AppSettings(QSettings(str(Path(tmp) / "shot.ini"), QSettings.Format.IniFormat))
        settings.page_size = 25
        window = build_main_window(LaunchConfig(demo=True), settings=settings,
                                   demo_db=":memory:")
        window.resize(width, height)

        def wait(signal: SignalInstance, ms: int = 10_000) -> None:
            loop = QEventLoop()
            signal.connect(loop.quit)
            QTimer.singleShot(ms, loop.quit)
            loop.exec()

        window.show()
        wait(window.petsLoaded)
        table = window.findChild(QTableView, "petsTable")
        refresh = window.findChild(QPushButton, "refreshDetailButton")
        worker = window.findChild(Worker)
        assert table is not None
        assert refresh is not None
        assert worker is not None
        table.selectRow(5)
        refresh.click()
        wait(worker.finished)
        app.processEvents()
        path.parent.mkdir(parents=True, exist_ok=True)
        if not window.grab().save(str(path)):
            raise OSError(f"could not write {path}")
        window.close()
    return path


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0] if args else "resources/screenshots/main-window.png")
    print(render(target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
