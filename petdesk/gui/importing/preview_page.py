"""The import dialog's preview page: every row checked, the message at the cell, the
possible duplicates to decide on (per row, or all at once), the category words to name,
the totals, and Send."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QIcon
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized, number
from petdesk.gui.importing.pages import plain_label
from petdesk.services.importing.mapping import Field
from petdesk.services.importing.preview import Decision

if TYPE_CHECKING:
    from petdesk.services.importing.preview import Preview, PreviewRow

__all__ = ["PreviewModel", "PreviewPage"]

#: The preview's columns.
ROW, NAME, CATEGORY, STATUS, RESULT, ADD = range(6)
HEADERS: Final = (QT_TRANSLATE_NOOP("PreviewModel", "Row"),
                  QT_TRANSLATE_NOOP("PreviewModel", "Name"),
                  QT_TRANSLATE_NOOP("PreviewModel", "Category ID"),
                  QT_TRANSLATE_NOOP("PreviewModel", "Status"),
                  QT_TRANSLATE_NOOP("PreviewModel", "Check"),
                  QT_TRANSLATE_NOOP("PreviewModel", "Add anyway"))
FIELD_COLUMNS: Final = {Field.NAME: NAME, Field.CATEGORY_ID: CATEGORY, Field.STATUS: STATUS}
#: The invalid rows listed under the table (all are in the table and the report).
LISTED_ISSUES: Final = 50
#: Category words named in the line above the buttons (all are in the words dialog).
LISTED_WORDS: Final = 5
#: Ids of rows added by an earlier import named above the buttons (all are in the table).
LISTED_IDS: Final = 10


class PreviewModel(QAbstractTableModel):
    """The preview's rows; the Add-anyway column decides for a possible duplicate."""

    def __init__(self, preview: Preview, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.preview = preview
        self._rows = preview.rows
        self._bad = QBrush(QColor(255, 205, 205))
        self._dup = QBrush(QColor(255, 240, 190))
        self._warning_icon: QIcon | None = None

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return localized(HEADERS[section])
        return None

    def row_at(self, index: QModelIndex | QPersistentModelIndex) -> PreviewRow:
        return self._rows[index.row()]

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = self._rows[index.row()], index.column()
        issues = [localized(issue.message) for issue in row.issues
                  if FIELD_COLUMNS.get(issue.field) == column]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return "\n".join(issues) or None
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._background(row, column, issues)
        if role == Qt.ItemDataRole.DecorationRole and (
                issues or (column == RESULT and row.issues)):
            return self._warning()  # an invalid cell: never said by its colour alone
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return "\n".join(issues) or None
        if role == Qt.ItemDataRole.CheckStateRole and column == ADD and row.duplicate_of:
            decided = self.preview.decision(row.number) is Decision.IMPORT
            return Qt.CheckState.Checked if decided else Qt.CheckState.Unchecked
        return None

    def _warning(self) -> QIcon:
        if self._warning_icon is None:
            self._warning_icon = QApplication.style().standardIcon(
                QStyle.StandardPixmap.SP_MessageBoxWarning)
        return self._warning_icon

    def _background(self, row: PreviewRow, column: int, issues: list[str]) -> QBrush | None:
        if issues:
            return self._bad
        if row.duplicate_of is not None and column == RESULT:
            return self._dup
        return None

    def _text(self, row: PreviewRow, column: int) -> str:
        if column == ROW:
            return str(row.number)
        if column in (NAME, CATEGORY, STATUS):
            return (row.name, row.category, row.status)[column - NAME]
        if column == RESULT:
            if row.added_as is not None:
                return localized(QT_TRANSLATE_NOOP(
                    "PreviewModel",
                    "Added by an earlier import (ID {added_as})").format(
                    added_as=row.added_as))
            if row.issues:
                return "; ".join(localized(issue.message) for issue in row.issues)
            if row.duplicate_of is not None:
                return localized(QT_TRANSLATE_NOOP(
                    "PreviewModel",
                    "Possible duplicate: {pet}").format(
                    pet=localized(row.duplicate_of.describe())))
            return self.tr("Ready")
        return ""

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and index.column() == ADD and self.row_at(index).duplicate_of:
            flags |= Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled
        return flags

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or index.column() != ADD:
            return False
        row = self.row_at(index)
        if row.duplicate_of is None:
            return False
        add = Qt.CheckState(value) == Qt.CheckState.Checked
        self.preview.decide(row.number, Decision.IMPORT if add else Decision.SKIP)
        self.dataChanged.emit(index, index, [role])
        return True

    def decide_all(self, add: bool) -> None:
        self.preview.decide_all_duplicates(Decision.IMPORT if add else Decision.SKIP)
        if self._rows:
            self.dataChanged.emit(self.index(0, ADD), self.index(len(self._rows) - 1, ADD))


class PreviewPage(QWidget):
    """Step 3. The dialog connects the buttons (``sendButton``, ``backButton``,
    ``wordsButton``) and calls :meth:`show_preview` and :meth:`update_totals`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model: PreviewModel | None = None
        self.totalsLabel = QLabel()
        self.totalsLabel.setObjectName("totalsLabel")
        font = self.totalsLabel.font()
        font.setBold(True)
        self.totalsLabel.setFont(font)
        self.previewTable = QTableView()
        self.previewTable.setObjectName("previewTable")
        self.previewTable.setAccessibleName(self.tr("Rows of the file"))
        self.previewTable.verticalHeader().hide()
        self.previewTable.setWordWrap(False)
        self.issuesLabel = plain_label("issuesLabel", wrap=True)
        self.issuesLabel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.wordsLabel = plain_label("categoryWordsLabel", wrap=True)
        self.wordsButton = QPushButton(self.tr("Name the category words…"))
        self.wordsButton.setObjectName("categoryWordsButton")
        self.duplicatesLabel = plain_label("duplicatesLabel", wrap=True)
        self.addedEarlierLabel = plain_label("addedEarlierLabel", wrap=True)
        self.addAllButton = QPushButton(self.tr("Add all duplicates anyway"))
        self.addAllButton.setObjectName("addAllDuplicatesButton")
        self.addAllButton.clicked.connect(lambda: self._decide_all(True))
        self.skipAllButton = QPushButton(self.tr("Skip all duplicates"))
        self.skipAllButton.setObjectName("skipAllDuplicatesButton")
        self.skipAllButton.clicked.connect(lambda: self._decide_all(False))
        self.sendButton = QPushButton(self.tr("Send"))
        self.sendButton.setObjectName("sendButton")
        self.backButton = QPushButton(self.tr("Back to columns"))
        words = QHBoxLayout()
        words.addWidget(self.wordsLabel, 1)
        words.addWidget(self.wordsButton)
        duplicates = QHBoxLayout()
        duplicates.addWidget(self.duplicatesLabel, 1)
        duplicates.addWidget(self.skipAllButton)
        duplicates.addWidget(self.addAllButton)
        buttons = QHBoxLayout()
        buttons.addWidget(self.backButton)
        buttons.addStretch(1)
        buttons.addWidget(self.sendButton)
        layout = QVBoxLayout(self)
        layout.addWidget(self.totalsLabel)
        layout.addWidget(self.previewTable, 1)
        layout.addWidget(self.issuesLabel)
        layout.addLayout(words)
        layout.addLayout(duplicates)
        layout.addWidget(self.addedEarlierLabel)
        layout.addLayout(buttons)

    def show_preview(self, preview: Preview) -> None:
        old = self.model
        self.model = PreviewModel(preview, self)
        self.previewTable.setModel(self.model)
        if old is not None:
            old.deleteLater()
        header = self.previewTable.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        for column, width in ((ROW, 50), (NAME, 180), (CATEGORY, 90), (STATUS, 90),
                              (ADD, 90)):
            self.previewTable.setColumnWidth(column, width)
        header.setSectionResizeMode(RESULT, QHeaderView.ResizeMode.Stretch)
        issues = preview.issues
        lines = [localized(issue.describe()) for issue in issues[:LISTED_ISSUES]]
        if len(issues) > LISTED_ISSUES:
            lines.append(localized(QT_TRANSLATE_NOOP(
                "PreviewPage",
                "… and {issues} more (all are in the table and the report).").format(
                issues=len(issues) - LISTED_ISSUES)))
        self.issuesLabel.setText(
            self.tr("Left out (invalid):\n") + "\n".join(lines) if lines else "")
        self.issuesLabel.setVisible(bool(lines))
        self._show_words(preview)
        duplicates = len(preview.duplicate_rows)
        text = (self.tr("1 row looks like a pet already known or a row above it: tick "
                        "“Add anyway” to send it.") if duplicates == 1 else
                localized(QT_TRANSLATE_NOOP(
                    "PreviewPage",
                    "{duplicates} rows look like pets already known or rows above them: tick "
                    "“Add anyway” for each one to send, or decide for all of them.").format(
                    duplicates=duplicates)))
        self.duplicatesLabel.setText(text if duplicates else "")
        for widget in (self.duplicatesLabel, self.addAllButton, self.skipAllButton):
            widget.setVisible(bool(duplicates))

    def _show_words(self, preview: Preview) -> None:
        words = preview.category_words
        if words:
            listed = ", ".join(f"“{word}” ({count:,})" for word, count
                               in list(words.items())[:LISTED_WORDS])
            more = len(words) - LISTED_WORDS
            if more > 0:
                listed += localized(QT_TRANSLATE_NOOP("PreviewPage", " and {more} more").format(
                    more=more))
            rows = sum(words.values())
            template = (
                QT_TRANSLATE_NOOP(
                    "PreviewPage", "1 row gives its category as a word, not a number: {words}.")
                if rows == 1 else QT_TRANSLATE_NOOP(
                    "PreviewPage",
                    "{rows} rows give their category as a word, not a number: {words}."))
            text = localized(template.format(rows=number(rows), words=listed))
            self.wordsLabel.setText(text + " " + self.tr(
                "Say which category each word means, and the rows are checked again."))
        self.wordsLabel.setVisible(bool(words))
        self.wordsButton.setVisible(bool(words))

    def update_totals(self, other_import_sending: bool) -> None:
        if self.model is None:
            return
        preview = self.model.preview
        totals = preview.totals
        self.totalsLabel.setText(localized(totals.describe()))
        earlier = self._added_earlier_text(preview, nothing_to_send=not totals.to_send)
        self.addedEarlierLabel.setText(earlier)
        self.addedEarlierLabel.setVisible(bool(earlier))
        if not totals.to_send:
            self.sendButton.setText(self.tr("Nothing to send"))
        else:
            self.sendButton.setText(localized(QT_TRANSLATE_NOOP(
                "PreviewPage",
                "Send {to_send} pets").format(
                to_send=number(totals.to_send)))
                                    if totals.to_send != 1 else self.tr("Send 1 pet"))
        self.sendButton.setEnabled(totals.to_send > 0 and not other_import_sending)
        self.sendButton.setToolTip(self.tr("Another import is being sent: wait for it to "
                                           "finish, or cancel it.")
                                   if other_import_sending else earlier)

    def _added_earlier_text(self, preview: Preview, *, nothing_to_send: bool) -> str:
        """The rows an earlier import of this file added, with their ids, and that they
        are not sent again (or that nothing is to send at all)."""
        rows = preview.added_earlier_rows
        if not rows:
            return ""
        ids = ", ".join(str(row.added_as) for row in rows[:LISTED_IDS])
        if len(rows) > LISTED_IDS:
            ids += ", …"
        if len(rows) == 1:
            template = (QT_TRANSLATE_NOOP(
                "PreviewPage", "1 row was already added by an earlier import of this file "
                "(ID {ids}) — nothing to send.") if nothing_to_send else QT_TRANSLATE_NOOP(
                "PreviewPage", "1 row was already added by an earlier import of this file "
                "(ID {ids}): it is not sent again."))
        else:
            template = (QT_TRANSLATE_NOOP(
                "PreviewPage", "{rows} rows were already added by an earlier import of this "
                "file (IDs {ids}) — nothing to send.") if nothing_to_send else QT_TRANSLATE_NOOP(
                "PreviewPage", "{rows} rows were already added by an earlier import of this "
                "file (IDs {ids}): they are not sent again."))
        return localized(template.format(rows=number(len(rows)), ids=ids))

    def _decide_all(self, add: bool) -> None:
        if self.model is not None:
            self.model.decide_all(add)
