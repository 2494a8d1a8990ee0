"""File › Categories…: the model (qtmodeltester), persistence through an I/O
runner on another thread, and the page driven by clicks and keys."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from petdesk.gui.cards.categories_dialog import CategoriesDialog, CategoriesPage
from petdesk.gui.cards.categories_model import (
    CATEGORY_ROLE,
    CategoryColumn,
    CategoryModel,
    CategoryPersistence,
)
from petdesk.gui.common.file_folders import FileFolders
from petdesk.services.cards.categories import (
    DEMO_CATEGORY_NAMES,
    Category,
    CategoryTable,
    JsonCategoryFile,
    MemoryCategoryStore,
)
from tests.gui.cards.conftest import ThreadIo


def test_the_model_passes_qtmodeltester_through_every_change(qtmodeltester: object) -> None:
    model = CategoryModel(CategoryTable({2: "Cats", 1: "Dogs"}))
    qtmodeltester.check(model, force_py=True)  # type: ignore[attr-defined]
    model.add(3, "Rabbits")
    model.add(0 + 10, "Fish")
    model.rename(2, "Katzen")
    model.remove(1)
    model.replace(CategoryTable({5: "Reptiles"}))
    qtmodeltester.check(model, force_py=True)  # type: ignore[attr-defined]


def test_the_model_shows_ids_and_names_in_id_order_and_the_domain_object() -> None:
    model = CategoryModel(CategoryTable({7: "Fish", 1: "Dogs"}))
    model.add(3, "Rabbits")

    rows = [(model.index(r, CategoryColumn.ID).data(), model.index(r, CategoryColumn.NAME).data())
            for r in range(model.rowCount())]
    assert rows == [("1", "Dogs"), ("3", "Rabbits"), ("7", "Fish")]
    assert model.index(1, 0).data(CATEGORY_ROLE) == Category(3, "Rabbits")
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Category ID"
    assert model.label(3) == "Rabbits (3)"
    assert model.label(4) == "4"
    assert not model.flags(model.index(0, CategoryColumn.ID)) & Qt.ItemFlag.ItemIsEditable
    assert model.flags(model.index(0, CategoryColumn.NAME)) & Qt.ItemFlag.ItemIsEditable


def test_a_bad_rename_in_place_is_refused_with_a_message(qtbot: QtBot) -> None:
    model = CategoryModel(CategoryTable({1: "Dogs", 2: "Cats"}))
    with qtbot.waitSignal(model.problem) as problem:
        assert not model.setData(model.index(1, CategoryColumn.NAME), "dogs")
    assert problem.args == ["Another category (1) is already called “Dogs”."]
    assert model.name_of(2) == "Cats"


def test_persistence_seeds_loads_and_saves_every_change_off_the_gui_thread(
        qtbot: QtBot, run_io: ThreadIo, tmp_path: Path) -> None:
    store = JsonCategoryFile(tmp_path / "categories-demo.json")
    model = CategoryModel()
    persistence = CategoryPersistence(model, store, run_io)

    with qtbot.waitSignals([persistence.loaded, model.labelsChanged]):
        persistence.load(DEMO_CATEGORY_NAMES)
    assert model.rowCount() == 7
    assert store.load() is None  # the seed is shown; nothing is written before a change

    with qtbot.waitSignal(persistence.saved):
        model.add(8, "Ferrets")
        model.rename(1, "Hunde")
        model.remove(7)
    qtbot.waitUntil(lambda: store.load() == model.table())
    assert store.load().label(1) == "Hunde (1)"  # type: ignore[union-attr]

    again = CategoryModel()
    second = CategoryPersistence(again, store, run_io)
    with qtbot.waitSignal(second.loaded):
        second.load(DEMO_CATEGORY_NAMES)
    assert again.table() == model.table()


def test_a_damaged_file_is_said_and_never_overwritten(
        qtbot: QtBot, run_io: ThreadIo, folders: FileFolders, tmp_path: Path) -> None:
    path = tmp_path / "categories-production.json"
    path.write_bytes(b"{oops")
    model = CategoryModel()
    persistence = CategoryPersistence(model, JsonCategoryFile(path), run_io)

    with qtbot.waitSignal(persistence.failed) as failed:
        persistence.load()
    assert "are damaged" in failed.args[0]
    assert failed.args[0].endswith("Changes to category names are not saved.")

    page = CategoriesPage(model, run_io, folders, persistence=persistence)
    qtbot.addWidget(page)
    assert not page.addButton.isEnabled()
    assert path.read_bytes() == b"{oops"


class Files:
    def __init__(self, path: Path | None) -> None:
        self.path = path

    def ask(self, _parent: QWidget, _suggested: str) -> Path | None:
        return self.path


def open_dialog(qtbot: QtBot, run_io: ThreadIo, folders: FileFolders, table: CategoryTable, *,
                open_path: Path | None = None, save_path: Path | None = None,
                ) -> tuple[CategoriesDialog, CategoriesPage, MemoryCategoryStore]:
    model = CategoryModel()
    store = MemoryCategoryStore(table)
    persistence = CategoryPersistence(model, store, run_io)
    page = CategoriesPage(model, run_io, folders, persistence=persistence,
                          ask_open_path=Files(open_path).ask, ask_save_path=Files(save_path).ask)
    dialog = CategoriesDialog(page)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(persistence.loaded):
        persistence.load()
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    return dialog, page, store


def names(page: CategoriesPage) -> list[tuple[str, str]]:
    model = page.view.model()
    return [(model.index(r, 0).data(), model.index(r, 1).data())
            for r in range(model.rowCount())]


def type_into(qtbot: QtBot, edit: QLineEdit, text: str) -> None:
    edit.setFocus()
    qtbot.keyClicks(edit, text)


def test_add_by_keyboard_with_focus_starting_on_the_id(
        qtbot: QtBot, run_io: ThreadIo, folders: FileFolders) -> None:
    dialog, page, store = open_dialog(qtbot, run_io, folders, CategoryTable({1: "Dogs"}))
    qtbot.waitUntil(page.idEdit.hasFocus)

    qtbot.keyClicks(page.idEdit, "3")
    qtbot.keyClick(page.idEdit, Qt.Key.Key_Tab)
    assert page.nameEdit.hasFocus()
    qtbot.keyClicks(page.nameEdit, "  Rabbits ")
    qtbot.keyClick(page.nameEdit, Qt.Key.Key_Return)

    assert names(page) == [("1", "Dogs"), ("3", "Rabbits")]
    assert page.messageLabel.text() == "Added Rabbits (3)."
    assert page.idEdit.text() == "" and page.nameEdit.text() == ""
    assert dialog.isVisible()
    qtbot.waitUntil(lambda: store.saved == {1: "Dogs", 3: "Rabbits"})


@pytest.mark.parametrize(("typed_id", "typed_name", "message"), [
    ("", "Cats", "Enter a category ID."),
    ("abc", "Cats", "The category ID must be a whole number, like 3."),
    ("2", "", "Enter a name for the category."),
    ("2", "DOGS", "Another category (1) is already called “Dogs”."),
    ("1", "Hounds", "Category 1 already has a name (“Dogs”)."),
])
def test_a_refused_add_says_why_and_keeps_what_was_typed(
        qtbot: QtBot, run_io: ThreadIo, folders: FileFolders, typed_id: str, typed_name: str,
        message: str) -> None:
    _dialog, page, _store = open_dialog(qtbot, run_io, folders, CategoryTable({1: "Dogs"}))
    type_into(qtbot, page.idEdit, typed_id)
    type_into(qtbot, page.nameEdit, typed_name)

    qtbot.mouseClick(page.addButton, Qt.MouseButton.LeftButton)

    assert page.messageLabel.text() == message
    assert (page.idEdit.text(), page.nameEdit.text()) == (typed_id, typed_name)
    assert names(page) == [("1", "Dogs")]


def editor_of(qtbot: QtBot, page: CategoriesPage) -> QLineEdit:
    """The in-place editor the view opened (it has the focus)."""
    qtbot.waitUntil(lambda: isinstance(page.view.viewport().focusWidget(), QLineEdit)
                    and page.view.viewport().focusWidget().hasFocus())
    editor = page.view.viewport().focusWidget()
    assert isinstance(editor, QLineEdit)
    return editor


def test_rename_in_place_with_f2_and_the_rename_button(
        qtbot: QtBot, run_io: ThreadIo, folders: FileFolders) -> None:
    _dialog, page, store = open_dialog(qtbot, run_io, folders,
                                       CategoryTable({1: "Dogs", 2: "Cats"}))
    assert not page.renameButton.isEnabled()
    page.view.setFocus()
    page.view.setCurrentIndex(page.view.model().index(1, CategoryColumn.NAME))
    assert page.renameButton.isEnabled()

    qtbot.keyClick(page.view, Qt.Key.Key_F2)
    editor = editor_of(qtbot, page)
    editor.selectAll()
    qtbot.keyClicks(editor, "Katzen")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    # The delegate commits in the next event-loop turn.
    qtbot.waitUntil(lambda: names(page) == [("1", "Dogs"), ("2", "Katzen")])

    page.view.setCurrentIndex(page.view.model().index(0, CategoryColumn.ID))
    qtbot.mouseClick(page.renameButton, Qt.MouseButton.LeftButton)
    editor = editor_of(qtbot, page)
    editor.selectAll()
    qtbot.keyClicks(editor, "katzen")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.messageLabel.text()
                    == "Another category (2) is already called “Katzen”.")
    assert names(page) == [("1", "Dogs"), ("2", "Katzen")]
    qtbot.waitUntil(lambda: store.saved == {1: "Dogs", 2: "Katzen"})


def test_remove_with_the_button_and_the_delete_key(
        qtbot: QtBot, run_io: ThreadIo, folders: FileFolders) -> None:
    _dialog, page, store = open_dialog(qtbot, run_io, folders, CategoryTable(DEMO_CATEGORY_NAMES))
    page.view.setFocus()
    page.view.selectRow(0)

    qtbot.mouseClick(page.removeButton, Qt.MouseButton.LeftButton)
    assert page.messageLabel.text() == "Removed Dogs (1)."

    assert page.view.hasFocus()
    assert page.view.currentIndex().row() == 0
    qtbot.keyClick(page.view, Qt.Key.Key_Delete)
    assert page.messageLabel.text() == "Removed Cats (2)."
    assert [n for _, n in names(page)][:2] == ["Rabbits", "Birds"]
    assert page.view.currentIndex().data() in ("3", "Rabbits")
    qtbot.waitUntil(lambda: store.saved is not None and 1 not in store.saved
                    and 2 not in store.saved)


def test_export_then_import_on_another_machine(
        qtbot: QtBot, run_io: ThreadIo, folders: FileFolders, tmp_path: Path) -> None:
    csv_path = tmp_path / "shelter.csv"
    _d1, first, _s1 = open_dialog(qtbot, run_io, folders,
                                  CategoryTable({1: "Hunde", 2: "Katzen"}), save_path=csv_path)
    qtbot.mouseClick(first.exportButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: first.messageLabel.text().startswith("Exported"))
    assert first.messageLabel.text() == f"Exported 2 names to {csv_path}."
    assert csv_path.read_bytes() == "\ufeffcategoryId,name\r\n1,Hunde\r\n2,Katzen\r\n".encode()

    _d2, second, store = open_dialog(qtbot, run_io, folders,
                                     CategoryTable({2: "Cats", 9: "Fish"}), open_path=csv_path)
    qtbot.mouseClick(second.importButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: second.messageLabel.text().startswith("Imported"))

    assert second.messageLabel.text() == "Imported shelter.csv: 2 names added or changed."
    assert names(second) == [("1", "Hunde"), ("2", "Katzen"), ("9", "Fish")]
    qtbot.waitUntil(lambda: store.saved == {1: "Hunde", 2: "Katzen", 9: "Fish"})


def test_a_bad_import_lists_the_lines_and_changes_nothing(
        qtbot: QtBot, run_io: ThreadIo, folders: FileFolders, tmp_path: Path) -> None:
    csv_path = tmp_path / "bad.csv"
    csv_path.write_bytes(b"categoryId,name\n1,Dogs\nx,Cats\n")
    _dialog, page, _store = open_dialog(qtbot, run_io, folders, CategoryTable({5: "Reptiles"}),
                                        open_path=csv_path)

    qtbot.mouseClick(page.importButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.messageLabel.text().startswith("bad.csv"))

    assert page.messageLabel.text() == (
        "bad.csv: Nothing was imported:\n"
        "Line 3: The category ID must be a whole number, like 3.")
    assert names(page) == [("5", "Reptiles")]


def test_an_unreadable_import_file_says_so(
        qtbot: QtBot, run_io: ThreadIo, folders: FileFolders, tmp_path: Path) -> None:
    missing = tmp_path / "gone.csv"
    _dialog, page, _store = open_dialog(qtbot, run_io, folders, CategoryTable(), open_path=missing)

    qtbot.mouseClick(page.importButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "could not be read" in page.messageLabel.text())

    assert page.messageLabel.text() == f"{missing} could not be read: No such file or directory."
    assert page.importButton.isEnabled()


def test_escape_closes_the_dialog(qtbot: QtBot, run_io: ThreadIo, folders: FileFolders) -> None:
    dialog, page, _store = open_dialog(qtbot, run_io, folders, CategoryTable())
    assert not page.exportButton.isEnabled()

    qtbot.keyClick(page.idEdit, Qt.Key.Key_Escape)

    assert not dialog.isVisible()


def test_the_model_index_of_a_missing_row_is_invalid() -> None:
    model = CategoryModel()
    assert model.data(QModelIndex()) is None
    assert model.row_of(3) == -1


def test_a_load_or_save_cancelled_by_stop_is_sent_again(qtbot: QtBot, tmp_path: Path) -> None:
    """Stop (Esc) empties the worker's queue: a category load or save in it answers
    RequestCancelled, and the names are neither left unloaded nor unsaved."""
    from petdesk.core.errors import RequestCancelled

    calls: list[str] = []

    def run_io(fn: Any, on_done: Any, on_error: Any) -> None:
        calls.append("io")
        if len(calls) in (1, 3):  # the first load and the first save are stopped
            on_error(RequestCancelled())
        else:
            on_done(fn())

    store = JsonCategoryFile(tmp_path / "categories-production.json")
    model = CategoryModel()
    persistence = CategoryPersistence(model, store, run_io)
    with qtbot.waitSignal(persistence.loaded):
        persistence.load({1: "Dogs"})
    with qtbot.waitSignal(persistence.saved):
        model.add(2, "Cats")
    assert store.load() == CategoryTable({1: "Dogs", 2: "Cats"})
    assert len(calls) == 4
