"""The Activity window's work: the log read on the worker thread (the window opens at
once and fills when the read answers), read again whenever an add is sent while the
window is open, and the export written there too."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from petdesk.core.errors import RequestCancelled
from petdesk.core.jobs import JobKind
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.activity.window import ActivityWindow, export_header, way_words
from petdesk.gui.common.localize import error_text, localized
from petdesk.services.activity.page import ActivityPage

if TYPE_CHECKING:
    from petdesk.gui.common.file_folders import FileFolders
    from petdesk.gui.worker.worker import JobContext, Outcome, Worker
    from petdesk.storage.rows import AddWay

__all__ = ["SHOWN", "ActivityController"]

# The newest lines the window shows (Export… writes every line).
SHOWN: Final = 500
_READ_KEY: Final = "activity-read"


def _newest(ctx: JobContext) -> ActivityPage:
    if not ctx.has_store():
        return ActivityPage()  # nothing was ever added here, and no file is made for looking
    return ctx.session.activity.newest(SHOWN)


def _export(path: Path, header: tuple[str, ...], ways: dict[AddWay, str],
            ctx: JobContext) -> int:
    return ctx.session.activity.export(path, header, ways)


class ActivityController(QObject):
    """Opens the Activity window and keeps it filled; see the module docstring."""

    def __init__(self, worker: Worker, folders: FileFolders, parent: QWidget) -> None:
        super().__init__(parent)
        self._worker = worker
        self._folders = folders
        self._parent = parent
        self.window: ActivityWindow | None = None

    def open(self) -> None:
        """Show the window (raised if open) and read the log."""
        if self.window is None:
            window = ActivityWindow(self._folders, self._parent)
            window.exportTo.connect(self._export)
            window.finished.connect(self._closed)
            self.window = window
            window.show()
        else:
            self.window.raise_()
            self.window.activateWindow()
        self.refresh()

    def refresh(self) -> None:
        """Read the log again if the window is open (an add was sent, or another
        environment's store is in use)."""
        if self.window is not None:
            self._worker.run_task(_newest, self._read, kind=JobKind.IO, key=_READ_KEY)

    def _read(self, outcome: Outcome[Any]) -> None:
        if self.window is None:
            return
        if outcome.value is not None:
            self.window.show_page(outcome.value)
        elif not isinstance(outcome.error, RequestCancelled):
            self.window.show_message(localized(QT_TRANSLATE_NOOP(
                "ActivityController", "The log could not be read: {error}").format(
                error=error_text(outcome.error))))

    def _export(self, path: Path) -> None:
        self._worker.run_task(partial(_export, path, export_header(), way_words()),
                              partial(self._exported, path), kind=JobKind.IO)

    def _exported(self, path: Path, outcome: Outcome[Any]) -> None:
        if self.window is None:
            return
        if outcome.value is not None:
            text = localized(QT_TRANSLATE_NOOP(
                "ActivityController", "Saved {count:,} adds as “{name}”.").format(
                count=outcome.value, name=path.name))
        else:
            text = localized(QT_TRANSLATE_NOOP(
                "ActivityController", "The log could not be saved as “{name}”: {error}").format(
                name=path.name, error=error_text(outcome.error)))
        self.window.show_message(text)

    def _closed(self) -> None:
        if self.window is not None:
            self.window.deleteLater()
            self.window = None

    def close(self) -> None:
        """Closing the main window: the Activity window goes too."""
        if self.window is not None:
            self.window.close()
