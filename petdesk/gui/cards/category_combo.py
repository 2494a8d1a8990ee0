"""The add form's category field: a searchable combo box of the named categories
that still accepts any valid id.

The list shows ``"Dogs (1)"`` for every named category (from a
:class:`~petdesk.gui.cards.categories_model.CategoryModel`, refreshed when names change);
typing filters it (anywhere in the text, ignoring case). :meth:`CategoryCombo.category_id`
reads what is shown or typed: a listed label, a bare id (``"12"``, named or not), a
name (``"dogs"``), or the start of one name or of one of its words, ignoring case and
accents (``"dog"``, ``"mam"`` for "Small mammals": what the list offers is what the
field accepts). When the field is left (Tab, a click elsewhere, Enter) such a start is
completed to the category's label, so the user sees which one was taken. A start that
fits several names, or text that fits none, raises
:class:`~petdesk.services.cards.categories.CategoryError` with the sentence to show next to the
field (the names it fits, or how to name a category), and the typed text stays.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QCompleter, QLineEdit, QWidget

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.cards.categories_model import CategoryModel
from petdesk.gui.common.localize import localized
from petdesk.services.cards.categories import CategoryError, parse_category_id

__all__ = ["CategoryCombo"]

# The most names listed when a typed start fits several.
_LISTED_MAX = 5

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

        # Tab or a click elsewhere: the field shows the category it was read as. Not a
        # focus-out event: while the completer's list is open Qt sends none, only this.
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def _focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        if old is None or not (old is self or self.isAncestorOf(old)):
            return
        if new is not None and (new is self or self.isAncestorOf(new)):
            return
        self._complete()

    def _complete(self) -> None:
        """Show the label of the one category a typed start means ("dog" → "Dogs (1)")."""
        text = self.currentText().strip()
        if not text or self.findText(text, Qt.MatchFlag.MatchFixedString) >= 0 or (
                text.isascii() and text.isdigit()):
            return
        found = self._categories.table().matching(text)
        if len(found) == 1:
            completer = self.completer()
            popup = completer.popup() if completer is not None else None
            if popup is not None:
                popup.hide()
            index = self.findData(found[0].id)
            if index >= 0:
                self.setCurrentIndex(index)  # currentIndexChanged: the form checks again
            self.setEditText(found[0].label)

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
        found = self._categories.table().matching(text)
        if len(found) == 1:
            return found[0].id
        if found:
            shown = found[:_LISTED_MAX]
            listed = ", ".join(category.label for category in shown)
            if len(found) > len(shown):
                listed += ", …"
            raise CategoryError(
                localized(QT_TRANSLATE_NOOP(
                    "CategoryCombo",
                    "“{text}” fits several categories: {listed}. Type more of the name, or its "
                    "number.").format(
                    text=text, listed=listed)))
        raise CategoryError(
            localized(QT_TRANSLATE_NOOP(
                "CategoryCombo",
                "No category is called “{text}”. Type its number, or name it in File › "
                "Categories…").format(
                text=text)))
