"""The import dialog's columns page: what was detected about the file, the sheet of a
workbook with several, the encoding and separator of a CSV to override, which column
holds Name, Category ID and Status, and the category words already named."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized
from petdesk.gui.importing.pages import plain_label
from petdesk.services.importing.mapping import ColumnMapping, Field
from petdesk.services.importing.table import DELIMITER_LABELS, ENCODING_LABELS, FileKind

if TYPE_CHECKING:
    from petdesk.services.importing.session import FileLayout

__all__ = ["ColumnsPage", "ReadChoice", "size_text"]

#: What the user chose to read differently: (sheet, encoding, delimiter); ``None``: as
#: detected.
ReadChoice = tuple[str | None, str | None, str | None]


def size_text(size: int) -> str:
    """``812 bytes``, ``24 kB``, ``3.1 MB``, in the user's language."""
    return QLocale().formattedDataSize(size, 1, QLocale.DataSizeFormat.DataSizeSIFormat)


class ColumnsPage(QWidget):
    """Step 2. :attr:`readAgain` asks for the file to be read with another sheet,
    encoding or separator; the dialog connects ``checkButton`` and ``otherFileButton``."""

    readAgain = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout: FileLayout | None = None
        self._names: dict[str, int] = {}
        self.fileLabel = plain_label("fileLabel")
        self.detectedLabel = plain_label("detectedLabel")
        self.form = form = QFormLayout()
        self.sheetCombo = QComboBox()
        self.sheetCombo.setObjectName("sheetCombo")
        self.sheetCombo.setAccessibleName(self.tr("Sheet"))
        self.encodingCombo = QComboBox()
        self.encodingCombo.setObjectName("encodingCombo")
        self.encodingCombo.setAccessibleName(self.tr("Text encoding"))
        self.encodingCombo.addItem(self.tr("As detected"), None)
        for codec, label in ENCODING_LABELS.items():
            self.encodingCombo.addItem(localized(label), codec)
        self.delimiterCombo = QComboBox()
        self.delimiterCombo.setObjectName("delimiterCombo")
        self.delimiterCombo.setAccessibleName(self.tr("Separator"))
        self.delimiterCombo.addItem(self.tr("As detected"), None)
        for delimiter, label in DELIMITER_LABELS.items():
            shown = localized(label)
            self.delimiterCombo.addItem(shown[:1].upper() + shown[1:], delimiter)
        for combo in (self.sheetCombo, self.encodingCombo, self.delimiterCombo):
            combo.activated.connect(lambda _i: self.readAgain.emit())
        form.addRow(self.tr("Sheet:"), self.sheetCombo)
        form.addRow(self.tr("Text encoding:"), self.encodingCombo)
        form.addRow(self.tr("Separator:"), self.delimiterCombo)
        self.columnCombos: dict[Field, QComboBox] = {}
        for fld in Field:
            combo = QComboBox()
            combo.setObjectName(f"column_{fld.value}")
            combo.activated.connect(lambda _i: self.mapping_changed())
            self.columnCombos[fld] = combo
            form.addRow(localized(QT_TRANSLATE_NOOP("ColumnsPage", "{label} is in:").format(
                label=localized(fld.label))), combo)
        self.notesLabel = plain_label("mappingNotes", wrap=True)
        self.droppedLabel = plain_label("droppedColumns", wrap=True)
        self.wordsLabel = plain_label("namedWordsLabel", wrap=True)
        self.checkButton = QPushButton(self.tr("Check rows"))
        self.checkButton.setObjectName("checkRowsButton")
        self.otherFileButton = QPushButton(self.tr("Other file…"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.otherFileButton)
        buttons.addStretch(1)
        buttons.addWidget(self.checkButton)
        layout = QVBoxLayout(self)
        layout.addWidget(self.fileLabel)
        layout.addWidget(self.detectedLabel)
        layout.addLayout(form)
        layout.addWidget(self.notesLabel)
        layout.addWidget(self.droppedLabel)
        layout.addWidget(self.wordsLabel)
        layout.addStretch(1)
        layout.addLayout(buttons)

    def read_choice(self) -> ReadChoice:
        sheet = self.sheetCombo.currentText() if self.sheetCombo.isEnabled() else None
        encoding = self.encodingCombo.currentData() if self.encodingCombo.isEnabled() else None
        delimiter = (self.delimiterCombo.currentData() if self.delimiterCombo.isEnabled()
                     else None)
        return (sheet or None, encoding, delimiter)

    def reset_choices(self) -> None:
        """Another file: read it as detected, with no category words named yet."""
        self.encodingCombo.setCurrentIndex(0)
        self.delimiterCombo.setCurrentIndex(0)
        self.sheetCombo.clear()
        self._names = {}

    def show_layout(self, layout: FileLayout) -> None:
        self._layout = layout
        info = layout.info
        self.fileLabel.setText(localized(QT_TRANSLATE_NOOP(
            "ColumnsPage",
            "File: {name} ({size})").format(
            name=info.path.name, size=size_text(info.size_bytes))))
        detected = " · ".join(localized(part) for part in info.parts())
        self.detectedLabel.setText(localized(QT_TRANSLATE_NOOP(
            "ColumnsPage",
            "Detected: {detected}").format(
            detected=detected)))
        several = len(info.sheets) > 1
        self.sheetCombo.clear()
        self.sheetCombo.addItems(list(info.sheets))
        self.sheetCombo.setCurrentText(info.sheet or "")
        self.sheetCombo.setEnabled(several)
        self.sheetCombo.setToolTip(localized(QT_TRANSLATE_NOOP(
            "ColumnsPage",
            "This workbook has {sheets} sheets: choose the one with the pets.").format(
            sheets=len(info.sheets)))
                                   if several else "")
        self.form.setRowVisible(self.sheetCombo, several)
        is_csv = info.kind is FileKind.CSV
        for combo in (self.encodingCombo, self.delimiterCombo):  # a CSV's only
            combo.setEnabled(is_csv)
            self.form.setRowVisible(combo, is_csv)
        for fld, combo in self.columnCombos.items():
            combo.clear()
            combo.addItem(self.tr("(not in this file)") if fld is not Field.STATUS
                          else self.tr("(no status)"), None)
            for index, header in enumerate(layout.headers):
                combo.addItem(header or localized(QT_TRANSLATE_NOOP(
                    "ColumnsPage",
                    "column {index}").format(
                    index=index + 1)), index)
            mapped = layout.mapping.columns.get(fld)
            combo.setCurrentIndex(0 if mapped is None else mapped + 1)
        notes = [localized(note) for note in layout.notes]
        if layout.remembered:
            notes.insert(0, self.tr("Columns as you chose them last time for this layout."))
        if several:
            notes.append(localized(QT_TRANSLATE_NOOP(
                "ColumnsPage",
                "This workbook has {sheets} sheets; “{sheet}” is read.").format(
                sheets=len(info.sheets), sheet=info.sheet)))
        self.notesLabel.setText("\n".join(notes))
        self.set_category_names(layout.mapping.category_names)
        self.mapping_changed()
        self.checkButton.setFocus()

    def set_category_names(self, names: Mapping[str, int]) -> None:
        """The category words named so far ("dog" → 1), used when the rows are checked."""
        self._names = dict(names)
        listed = ", ".join(f"“{word}” → {number}" for word, number in sorted(names.items()))
        self.wordsLabel.setText(localized(QT_TRANSLATE_NOOP(
            "ColumnsPage",
            "Category words: {listed}").format(
            listed=listed)) if names else "")
        self.wordsLabel.setVisible(bool(names))

    def mapping(self) -> ColumnMapping | None:
        if self._layout is None:
            return None
        mapping = ColumnMapping(self._layout.headers, {}, self._names)
        for fld, combo in self.columnCombos.items():
            index = combo.currentData()
            if index is not None:
                mapping = mapping.with_column(fld, int(index))
        return mapping

    def mapping_changed(self) -> None:
        mapping = self.mapping()
        if mapping is None:
            return
        for fld, combo in self.columnCombos.items():  # one column, one field
            mapped = mapping.columns.get(fld)
            combo.setCurrentIndex(0 if mapped is None else mapped + 1)
        # The service keeps a name, a category and a status: say which columns are left.
        used = set(mapping.columns.values())
        locale = QLocale()
        dropped = [locale.quoteString(header) for index, header
                   in enumerate(self._layout.headers)
                   if index not in used and header.strip()] if self._layout else []
        self.droppedLabel.setText(localized(QT_TRANSLATE_NOOP(
            "ColumnsPage",
            "Not imported (a pet has only a name, a category and a status): {dropped}.").format(
            dropped=", ".join(dropped))) if dropped else "")
        self.droppedLabel.setVisible(bool(dropped))
        missing = ", ".join(localized(fld.label) for fld in mapping.missing)
        self.checkButton.setEnabled(not missing)
        self.checkButton.setToolTip(localized(QT_TRANSLATE_NOOP(
            "ColumnsPage",
            "Choose the column of {missing} first.").format(
            missing=missing))
                                    if missing else "")
