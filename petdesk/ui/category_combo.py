"""The add form's category field: a searchable combo box of the named categories
that still accepts any valid id.

The list shows ``"Dogs (1)"`` for every named category (from a
:class:`~petdesk.ui.categories_model.CategoryModel`, refreshed when names change);
typing filters it (anywhere in the text, ignoring case). :meth:`CategoryCombo.category_id`
reads what is shown or typed: a listed label, a bare id (``"12"``, named or not) or
a name (``"dogs"``); anything else raises
:class:`~petdesk.core.categories.CategoryError` with the sentence to show next to
the field, and the typed text stays.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QCompleter, QLineEdit, QWidget

from petdesk.core.categories import CategoryError, parse_category_id

from .categories_model import CategoryModel

__all__ = ["CategoryCombo"]

class CategoryCombo(QComboBox):
    """Editable combo box of named categories; any positive int64 id is accepted."""

    def __init__(self, model: CategoryModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("categoryCombo")
        editor = QLineEdit(self)
        editor.setPlaceholderText(self.tr("Category name or number"))
        self.setLineEdit(editor)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.setAccessibleName(self.tr("Category"))
        self.setAccessibleDescription(self.tr("Choose a named category or type its number"))
        completer = QCompleter(self.model(), self)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.setCompleter(completer)
        self._categories = model
        model.labelsChanged.connect(self._refill)
        self._refill()

    def _refill(self) -> None:
        text = self.currentText()
        self.blockSignals(True)
        self.clear()
        for category in self._categories.table():
            self.addItem(category.label, category.id)
        self.setCurrentIndex(-1)
        self.setEditText(text)
        self.blockSignals(False)

    def set_category_id(self, category_id: int | None) -> None:
        """Show ``category_id`` (its label), or nothing."""
        if category_id is None:
            self.setCurrentIndex(-1)
            self.setEditText("")
            return
        index = self.findData(category_id)
        if index >= 0:
            self.setCurrentIndex(index)
        else:
            self.setEditText(self._categories.label(category_id))

    def category_id(self) -> int:
        """The id chosen or typed, or :class:`CategoryError` saying what is wrong."""
        text = self.currentText().strip()
        if not text:
            raise CategoryError(self.tr("Choose a category or type its number."))
        index = self.findText(text, Qt.MatchFlag.MatchFixedString)
        if index >= 0:
            return int(self.itemData(index))
        if text.isascii() and text.isdigit():
            return parse_category_id(text)
        named = self._categories.table().id_for_name(text)
        if named is not None:
            return named
        raise CategoryError(
            self.tr("No category is called “%1”. Type its number, or name it in "
                    "File › Categories…").replace("%1", text))
