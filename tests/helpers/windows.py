"""The demo window as the user first sees it: built, shown, its first page of pets loaded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from petdesk.gui.app import LaunchConfig, build_main_window
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.settings import AppSettings


def open_demo_window(qtbot: Any, settings: AppSettings, demo_db: Path | str) -> MainWindow:
    """``petdesk --demo`` on ``demo_db`` (``":memory:"`` or a file), shown, with the
    first page of pets in the table."""
    window = build_main_window(LaunchConfig(demo=True), settings=settings, demo_db=demo_db)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        window.show()
    return window
