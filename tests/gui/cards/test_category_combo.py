"""The add form's category field, typed into and chosen from with the keyboard."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from petdesk.core.limits import INT64_MAX
from petdesk.gui.cards.categories_model import CategoryModel
from petdesk.gui.cards.category_combo import CategoryCombo
from petdesk.services.cards.categories import DEMO_CATEGORY_NAMES, CategoryError, CategoryTable

# The completer's popup asks the offscreen test platform to raise it and grab the
# keyboard, which that platform cannot do; every other Qt warning still fails.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support raise",
                                       "This plugin does not support grabbing the keyboard")


@pytest.fixture
def combo(qtbot: QtBot) -> CategoryCombo:
    widget = CategoryCombo(CategoryModel(CategoryTable(DEMO_CATEGORY_NAMES)))
    qtbot.addWidget(widget)
    widget.show()
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow)
    widget.setFocus()
    return widget


def items(combo: CategoryCombo) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def test_lists_the_named_categories_and_starts_empty(combo: CategoryCombo) -> None:
    assert items(combo)[:3] == ["Dogs (1)", "Cats (2)", "Rabbits (3)"]
    assert combo.currentText() == ""
    with pytest.raises(CategoryError, match=r"Choose a category or type its number\."):
        combo.category_id()


@pytest.mark.parametrize(("typed", "expected"), [
    ("12", 12), ("2", 2), ("  cats ", 2), ("Small mammals (6)", 6), ("small MAMMALS", 6),
    (str(INT64_MAX), INT64_MAX)])
def test_typed_ids_labels_and_names_give_the_id(
        qtbot: QtBot, combo: CategoryCombo, typed: str, expected: int) -> None:
    qtbot.keyClicks(combo.lineEdit(), typed)
    assert combo.category_id() == expected


@pytest.mark.parametrize(("typed", "message"), [
    ("Hamsters", "No category is called “Hamsters”. Type its number, or name it in "
                 "File › Categories…"),
    ("Hamsters (5)", "No category is called “Hamsters (5)”."),
    ("0", f"The category ID must be between 1 and {INT64_MAX}."),
    (str(INT64_MAX + 1), f"The category ID must be between 1 and {INT64_MAX}."),
])
def test_anything_else_is_refused_and_the_text_stays(
        qtbot: QtBot, combo: CategoryCombo, typed: str, message: str) -> None:
    qtbot.keyClicks(combo.lineEdit(), typed)
    with pytest.raises(CategoryError) as caught:
        combo.category_id()
    assert str(caught.value).startswith(message)
    assert combo.currentText() == typed


def test_typing_part_of_a_name_offers_it_and_enter_takes_it(
        qtbot: QtBot, combo: CategoryCombo) -> None:
    qtbot.keyClicks(combo.lineEdit(), "abb")
    popup = combo.completer().popup()
    qtbot.waitUntil(popup.isVisible)
    assert combo.completer().currentCompletion() == "Rabbits (3)"

    qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)

    assert combo.currentText() == "Rabbits (3)"
    assert combo.category_id() == 3


def test_the_list_follows_renames_and_keeps_what_was_typed(
        qtbot: QtBot) -> None:
    model = CategoryModel(CategoryTable({1: "Dogs"}))
    combo = CategoryCombo(model)
    qtbot.addWidget(combo)
    combo.setEditText("Hund")

    model.rename(1, "Hunde")
    model.add(9, "Ferrets")

    assert items(combo) == ["Hunde (1)", "Ferrets (9)"]
    assert combo.currentText() == "Hund"
    combo.set_category_id(9)
    assert combo.category_id() == 9
    combo.set_category_id(42)
    assert (combo.currentText(), combo.category_id()) == ("42", 42)
    combo.set_category_id(None)
    assert combo.currentText() == ""
