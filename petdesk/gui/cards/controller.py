"""Category names and kennel cards in the main window: File › Categories… and
Pets › Print kennel cards… (Ctrl+P).

* One :class:`~petdesk.gui.cards.categories_model.CategoryModel` per window: its
  :meth:`~petdesk.gui.cards.categories_model.CategoryModel.label` ("Dogs (1)") is what the
  pets table, the detail panel, the add form and the cards show.
* The names are kept per environment (``categories-<environment>.json``, see
  :func:`petdesk.services.cards.categories.categories_path`), loaded and saved on the worker
  (``run_io``); the demo starts with the sandbox's seed names. Switching environment
  loads that environment's names.
* The kennel-card modules (QtPrintSupport, segno) load when Ctrl+P is first used,
  never at start-up.
* The cards are for the selected rows of the table, in the table's order; with no
  row selected, for the pet the detail panel shows (one looked up that a filter keeps
  out of the list, say), else the table's current row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDialog, QTableView, QWidget

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.cards.categories_dialog import CategoriesDialog, CategoriesPage
from petdesk.gui.cards.categories_model import CategoryModel, CategoryPersistence
from petdesk.gui.common.file_folders import FileFolders, FileKind
from petdesk.gui.common.localize import localized, localized_names
from petdesk.gui.common.status_look import status_text
from petdesk.gui.worker.io_runner import IoRunner
from petdesk.services.cards.categories import (
    DEMO_CATEGORY_NAMES,
    CategoryStore,
    CategoryTable,
    JsonCategoryFile,
    categories_path,
)
from petdesk.services.cards.shared_names import StoreCategories
from petdesk.storage.repositories import MetaRepository

if TYPE_CHECKING:
    from petdesk.api import Pet
    from petdesk.gui.pets.pet_model import PetTableModel
    from petdesk.gui.settings.connection import ConnectionController

__all__ = ["CardsAndCategories"]


class CardsAndCategories(QObject):
    """The window's category names and the two dialogs that use them."""

    def __init__(self, parent: QWidget, table: QTableView, pets: PetTableModel,
                 connection: ConnectionController, run_io: IoRunner,
                 say: Callable[[str], None], shown: Callable[[], Pet | None],
                 folders: FileFolders, *, data_dir: Path | None = None,
                 initial: CategoryTable | None = None,
                 shared_meta: Callable[[], MetaRepository] | None = None) -> None:
        """``shared_meta``: the current store's facts (asked for on the worker), where
        the names are kept while the desk uses a shared store."""
        super().__init__(parent)
        self._parent = parent
        self._table = table
        self._pets = pets
        #: The pet the detail panel shows (``None``: none).
        self._shown = shown
        self._connection = connection
        self._run_io = run_io
        self._say = say
        self._folders = folders
        self._data_dir = data_dir
        self._shared_meta = shared_meta
        self.categories = CategoryModel(parent=self)
        self._persistence: CategoryPersistence | None = None
        self.categories_dialog: QDialog | None = None
        self.card_dialog: QDialog | None = None
        #: The names already read at start (instant start), shown until the load.
        self._initial = initial
        self.load()

    # -- category names -------------------------------------------------------------------

    def load(self) -> None:
        """Show the names of the current environment (after a switch: the new one's)."""
        if self.categories_dialog is not None:
            self.categories_dialog.close()
        if self._persistence is not None:
            self._persistence.close()
            self._persistence.deleteLater()
        initial, self._initial = self._initial, None
        self.categories.replace(initial or CategoryTable(), notify=False)
        own = JsonCategoryFile(categories_path(self._connection.name, self._data_dir))
        shared = self._shared_meta if self._connection.in_use.shared_store else None
        store: CategoryStore = own if shared is None else StoreCategories(shared, own)
        persistence = CategoryPersistence(self.categories, store, self._run_io, parent=self)
        persistence.failed.connect(self._say)
        self._persistence = persistence
        persistence.load(localized_names(DEMO_CATEGORY_NAMES) if self._connection.demo
                         else None)

    def open_categories(self) -> None:
        """File › Categories…: the names of this environment, editable."""
        if self.categories_dialog is not None:
            self.categories_dialog.raise_()
            self.categories_dialog.activateWindow()
            return
        page = CategoriesPage(self.categories, self._run_io, self._folders,
                              persistence=self._persistence)
        dialog = CategoriesDialog(page, self._parent)
        dialog.setWindowTitle(localized(QT_TRANSLATE_NOOP(
            "CardsAndCategories",
            "Category names — {label}").format(
            label=self._connection.label())))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(self._categories_closed)
        self.categories_dialog = dialog
        dialog.open()

    def _categories_closed(self) -> None:
        self.categories_dialog = None

    # -- kennel cards ---------------------------------------------------------------------

    def selected_pets(self) -> list[Pet]:
        """The selected rows' pets in table order; with none selected, the pet the
        detail panel shows, else the current row's pet."""
        rows = sorted({i.row() for i in self._table.selectionModel().selectedRows()})
        if rows:
            return [self._pets.pet(row) for row in rows]
        shown = self._shown()
        if shown is not None:
            return [shown]
        current = self._table.currentIndex()
        return [self._pets.pet(current.row())] if current.isValid() else []

    def _cards_saved(self, path: str) -> None:
        self._folders.remember(FileKind.CARDS, Path(path))
        self._say(localized(QT_TRANSLATE_NOOP(
            "CardsAndCategories",
            "Kennel cards saved to {path}.").format(
            path=path)))

    def print_cards(self) -> None:
        """Pets › Print kennel cards… (Ctrl+P): preview, print or save as PDF."""
        if self.card_dialog is not None:
            self.card_dialog.raise_()
            self.card_dialog.activateWindow()
            return
        pets: Sequence[Pet] = self.selected_pets()
        if not pets:
            self._say(self.tr("Select a pet first: its kennel card is printed."))
            return
        from petdesk.gui.cards import kennel_card_dialog  # noqa: PLC0415 - Pets › Print kennel cards…: QtPrintSupport and segno load on first use

        cards_for_pets = kennel_card_dialog.cards_for_pets
        cards = cards_for_pets(pets, self.categories.label, status_text)
        folder = self._folders.folder(FileKind.CARDS)
        unnamed = self._unnamed(pets)
        dialog = kennel_card_dialog.KennelCardDialog(
            cards, self._run_io, unnamed=unnamed, parent=self._parent, save_folder=folder)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.nameCategories.connect(self.open_categories)

        def renamed() -> None:  # named meanwhile (File › Categories…): the cards say so
            dialog.set_cards(cards_for_pets(pets, self.categories.label, status_text),
                             self._unnamed(pets))

        self.categories.labelsChanged.connect(renamed)
        dialog.finished.connect(lambda _result: self.categories.labelsChanged.disconnect(renamed))
        dialog.saved.connect(self._cards_saved)
        dialog.printed.connect(lambda: self._say(self.tr("Kennel cards sent to the printer.")))
        dialog.finished.connect(self._card_dialog_closed)
        self.card_dialog = dialog
        dialog.open()

    def _unnamed(self, pets: Sequence[Pet]) -> list[int]:
        """The categories of ``pets`` that have no name (their cards show the number)."""
        table = self.categories.table()
        return sorted({pet.category_id for pet in pets
                       if table.name_of(pet.category_id) is None})

    def _card_dialog_closed(self) -> None:
        self.card_dialog = None

    def close_all(self) -> None:
        for dialog in (self.categories_dialog, self.card_dialog):
            if dialog is not None:
                dialog.close()
