"""Name the category words of an import file: "Dog" → Dogs (1), "Cat" → 2.

The service knows a category only by its number (spec section 2). A file exported from
other shelter software often says "Dog" or "Cat" instead; the preview lists those words
(:attr:`petdesk.services.importing.preview.Preview.category_words`) and this dialog lets the user
say
which category each one means, choosing among the named categories of File ›
Categories… or typing a number. A word whose name matches a named category
(ignoring case, and a plural "s") is proposed already. The answers go into the column
mapping (``ColumnMapping.category_names``), remembered with the file's layout.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.cards.categories_model import CategoryModel
from petdesk.gui.cards.category_combo import CategoryCombo
from petdesk.gui.common.localize import localized, number
from petdesk.gui.importing.pages import plain_label
from petdesk.services.cards.categories import CategoryError

__all__ = ["CategoryWordsDialog", "guess_category"]

WORD, ROWS, CATEGORY = range(3)


def guess_category(word: str, categories: CategoryModel) -> int | None:
    """The named category ``word`` most likely means: the same name ignoring case, or
    the same but for a plural "s" ("dog" and "Dogs")."""
    table = categories.table()
    key = word.casefold()
    for candidate in (key, key + "s", key.removesuffix("s")):
        if candidate and (found := table.id_for_name(candidate)) is not None:
            return found
    return None


class CategoryWordsDialog(QDialog):
    """One row per word (with how many rows hold it); :meth:`names` after ``accept``."""

    def __init__(self, words: Mapping[str, int], known: Mapping[str, int],
                 categories: CategoryModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("categoryWordsDialog")
        self.setWindowTitle(self.tr("Category words"))
        self.resize(560, 420)
        self._words = list(words)
        self._known = dict(known)
        intro = QLabel(self.tr(
            "The service knows categories by number. Say which category each word of the "
            "file means; leave a word empty to leave its rows out. PetDesk remembers "
            "your answers for files with the same columns."))
        intro.setWordWrap(True)
        self.table = QTableWidget(len(self._words), 3)
        self.table.setObjectName("categoryWordsTable")
        self.table.setHorizontalHeaderLabels([self.tr("Word in the file"), self.tr("Rows"),
                                              self.tr("Category")])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(
            CATEGORY, QHeaderView.ResizeMode.Stretch)
        self.combos: list[CategoryCombo] = []
        for row, word in enumerate(self._words):
            for column, text in ((WORD, word), (ROWS, number(words[word]))):
                item = QTableWidgetItem(text)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                self.table.setItem(row, column, item)
            combo = CategoryCombo(categories, self.table)
            combo.set_category_id(known.get(word, guess_category(word, categories)))
            self.table.setCellWidget(row, CATEGORY, combo)
            self.combos.append(combo)
        self.errorLabel = plain_label("categoryWordsError", wrap=True)
        self.errorLabel.setStyleSheet("color: #b00020;")
        self.errorLabel.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(self.tr("Check rows again"))
        ok.setObjectName("categoryWordsOk")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.errorLabel)
        layout.addWidget(self.buttons)
        self._names: dict[str, int] = {}

    def accept(self) -> None:
        names = dict(self._known)
        for word, combo in zip(self._words, self.combos, strict=True):
            if not combo.currentText().strip():
                names.pop(word, None)
                continue
            try:
                names[word] = combo.category_id()
            except CategoryError as error:
                self.errorLabel.setText(localized(QT_TRANSLATE_NOOP(
                    "CategoryWordsDialog",
                    "“{word}”: {error}").format(
                    word=word, error=error)))
                self.errorLabel.show()
                combo.setFocus()
                return
        self._names = names
        super().accept()

    def names(self) -> dict[str, int]:
        """Every word named (those named before included): word → category number."""
        return dict(self._names)
