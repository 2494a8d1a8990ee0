"""The Activity window (View › Activity log…, Ctrl+Shift+A): who added which animal,
from which desk, when, and how it was sent, newest first; Export… writes the log as
CSV.

The window shows what :class:`~petdesk.gui.activity.controller.ActivityController`
reads on the worker thread, and hands it the export to write there. It is not modal:
it stays open beside the main window and follows the adds as they are sent."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QDateTime,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from petdesk.core.text import display
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.accessibility import make_accessible
from petdesk.gui.common.file_folders import FileFolders, FileKind
from petdesk.gui.common.localize import localized
from petdesk.gui.worker.io_runner import ask_save_path
from petdesk.services.activity.page import ActivityPage
from petdesk.storage.rows import ActivityEntry, AddWay

__all__ = ["ActivityModel", "ActivityWindow", "export_header", "way_words"]

#: Called by this name, lupdate reads the strings: translate("ActivityWindow", "...").
translate = QCoreApplication.translate

_HEADERS: Final = (
    QT_TRANSLATE_NOOP("ActivityWindow", "When"),
    QT_TRANSLATE_NOOP("ActivityWindow", "Animal"),
    QT_TRANSLATE_NOOP("ActivityWindow", "Desk"),
    QT_TRANSLATE_NOOP("ActivityWindow", "User"),
    QT_TRANSLATE_NOOP("ActivityWindow", "How"),
)
_WAYS: Final = {
    AddWay.AT_ONCE: QT_TRANSLATE_NOOP("ActivityWindow", "at once"),
    AddWay.OUTBOX: QT_TRANSLATE_NOOP("ActivityWindow", "from the outbox"),
    AddWay.IMPORT: QT_TRANSLATE_NOOP("ActivityWindow", "by an import"),
}


def way_words() -> dict[AddWay, str]:
    """How each add was sent, in the user's language."""
    return {way: localized(words) for way, words in _WAYS.items()}


def when_text(added_at: float, locale: QLocale | None = None) -> str:
    """The date and time in this computer's time zone, in the locale's short format
    (``27.11.26 20:56``); without a language (the C locale, whose short format reads
    ``27 11 2026``) as ``2026-11-27 20:56``."""
    locale = locale or QLocale()
    moment = QDateTime.fromSecsSinceEpoch(round(added_at))
    if locale.language() == QLocale.Language.C:
        return locale.toString(moment, "yyyy-MM-dd HH:mm")
    return locale.toString(moment, QLocale.FormatType.ShortFormat)


def export_header() -> tuple[str, ...]:
    """The export's column titles, in the user's language."""
    return (translate("ActivityWindow", "When"), translate("ActivityWindow", "Pet ID"),
            translate("ActivityWindow", "Name"), translate("ActivityWindow", "Desk"),
            translate("ActivityWindow", "User"), translate("ActivityWindow", "How"))


class ActivityModel(QAbstractTableModel):
    """The log's lines as the table shows them: one row per add, newest first."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: tuple[tuple[str, ...], ...] = ()

    def set_entries(self, entries: tuple[ActivityEntry, ...]) -> None:
        self.beginResetModel()
        ways, unknown = way_words(), translate("ActivityWindow", "unknown")
        self._rows = tuple(
            (when_text(e.added_at),
             localized(QT_TRANSLATE_NOOP("ActivityWindow", "{name} (ID {id})").format(
                 name=display(e.name, 60), id=e.pet_id)),
             display(e.desk.name, 60) or unknown, display(e.desk.user, 60) or unknown,
             ways[e.way])
            for e in entries)
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(_HEADERS)

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> str | None:
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole,
                                               Qt.ItemDataRole.ToolTipRole):
            return None
        return self._rows[index.row()][index.column()]

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> str | None:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return localized(_HEADERS[section])
        return None


class ActivityWindow(QDialog):
    """See the module docstring."""

    #: The user chose where to save the export.
    exportTo = Signal(Path)

    def __init__(self, folders: FileFolders, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("activityWindow")
        self.setWindowTitle(self.tr("Activity log"))
        self._folders = folders
        self.model = ActivityModel(self)

        self.summaryLabel = QLabel()
        self.summaryLabel.setObjectName("activitySummary")
        self.summaryLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.summaryLabel.setWordWrap(True)
        self.table = QTableView()
        self.table.setObjectName("activityTable")
        self.table.setAccessibleName(self.tr("Adds, newest first"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate((140, 190, 130, 90)):
            header.resizeSection(column, width)
        self.messageLabel = QLabel()
        self.messageLabel.setObjectName("activityMessage")
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setWordWrap(True)
        self.exportButton = QPushButton(self.tr("&Export…"))
        self.exportButton.setObjectName("activityExportButton")
        self.exportButton.setToolTip(self.tr("Save the whole log as a CSV file"))
        self.closeButton = QPushButton(self.tr("Close"))
        self.closeButton.setObjectName("activityCloseButton")
        for button in (self.exportButton, self.closeButton):
            button.setAutoDefault(False)

        bottom = QHBoxLayout()
        bottom.addWidget(self.messageLabel, 1)
        bottom.addWidget(self.exportButton)
        bottom.addWidget(self.closeButton)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summaryLabel)
        layout.addWidget(self.table, 1)
        layout.addLayout(bottom)
        self.resize(720, 400)
        make_accessible(self)

        self.exportButton.clicked.connect(self._export_clicked)
        self.closeButton.clicked.connect(self.close)
        self.show_loading()

    def show_loading(self) -> None:
        if not self.model.rowCount():
            self.summaryLabel.setText(self.tr("Reading the log…"))

    def show_page(self, page: ActivityPage) -> None:
        """The newest lines of the log, and how many there are."""
        self.model.set_entries(page.entries)
        shown, total = len(page.entries), page.total
        if not total:
            text = self.tr("No adds have been sent from this store yet.")
        elif shown < total:
            text = localized(QT_TRANSLATE_NOOP(
                "ActivityWindow",
                "The newest {shown:,} of {total:,} adds. Export… saves them all.").format(
                shown=shown, total=total))
        elif total == 1:
            text = self.tr("1 add.")
        else:
            text = localized(QT_TRANSLATE_NOOP("ActivityWindow", "{total:,} adds.").format(
                total=total))
        self.summaryLabel.setText(text)
        self.exportButton.setEnabled(total > 0)

    def show_message(self, text: str) -> None:
        """What the last export did (or why the log could not be read)."""
        self.messageLabel.setText(text)

    def _export_clicked(self) -> None:
        path = ask_save_path(
            self, self.tr("Export the activity log"),
            self._folders.suggest(FileKind.EXPORT, self.tr("activity-log.csv")),
            self.tr("CSV files (*.csv)"), ".csv")
        if path is not None:
            self._folders.remember(FileKind.EXPORT, path)
            self.messageLabel.setText(self.tr("Saving…"))
            self.exportTo.emit(path)
