"""What the window shows of the list and of one pet, kept true.

* The footer says what is loaded and what the filters show ("21 pets loaded · 2 shown
  by the filter"), after every page, add, look-up, filter change, error and switch.
* The detail panel shows the selected pet, a pet looked up or added, or a clear state
  ("No pet selected", "No pet with ID 99999"). It follows the *selection*, never the
  table's current cell alone: a click on a column header sorts, and selects nothing.
* Rows obey the filters. A pet looked up or added that a filter hides is not put in
  the table: it is shown in the detail panel with a note saying which filter hides it
  ("Hidden from the list by the Sold filter."), and the filters stay as the user set
  them. A filter that hides the shown pet clears the panel.
* Pets added in this session are pinned: kept in the list through refreshes (in bold,
  "Added this session") until dismissed in the detail panel.
* Filters, page size, last refresh time, pinned pets and the footer belong to the
  environment they were set in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QObject
from PySide6.QtGui import QAction

from petdesk.core.jobs import ListState
from petdesk.core.names import fold_name
from petdesk.core.text import display
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized
from petdesk.gui.common.status_bar import PetStatusBar
from petdesk.gui.common.status_look import status_text
from petdesk.gui.pets.detail import PetDetail
from petdesk.gui.pets.pet_model import PetTableModel
from petdesk.gui.pets.views import FilterBar, PetTablePanel
from petdesk.gui.settings.connection import ConnectionController
from petdesk.gui.window_state import WindowState

if TYPE_CHECKING:
    from datetime import datetime

    from petdesk.api import Pet, PetLookup
    from petdesk.gui.pets.pet_list import PetListController


class ListPresenter(QObject):
    """The list's footer, overlay and filters, and the detail panel's pet."""

    def __init__(self, bar: FilterBar, panel: PetTablePanel, model: PetTableModel,
                 detail: PetDetail, status: PetStatusBar, load_more: QAction,
                 state: WindowState, connection: ConnectionController,
                 refresh: Callable[[], None], shown: Callable[[], None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bar = bar
        self._panel = panel
        self._table = panel.table
        self._model = model
        self._detail = detail
        self._status = status
        self._load_more = load_more
        self._state = state
        self._connection = connection
        self._refresh = refresh
        #: Called after a page is shown and the detail panel follows it.
        self._shown = shown
        #: The list controller, once the window's controllers exist (:meth:`start`).
        self._pets: PetListController | None = None
        #: Per environment: the pets added there this session, and its last refresh.
        self._pinned: dict[str, dict[int, Pet]] = {}
        self._last_refresh: dict[str, datetime | None] = {}
        self._environment = connection.name
        #: The status filter changed since the last page: a shown pet it hides goes.
        self._filter_changed = False
        bar.statusFilter.currentIndexChanged.connect(self._status_filter_changed)
        bar.quickFilterEdit.textChanged.connect(self._quick_filter)
        self._table.selectionModel().selectionChanged.connect(self._selection_changed)
        detail.dismissRequested.connect(self._dismiss)
        model.modelReset.connect(self._reselect)

    def _list(self) -> PetListController:
        assert self._pets is not None, "the list controller is not built yet"
        return self._pets

    # -- the footer and the overlay --------------------------------------------------

    def update_list_view(self) -> None:
        """The overlay, the count and Load more: from the list's state, always (before
        the list controller exists, nothing is loaded)."""
        pets = self._pets
        panel = self._panel
        panel.countLabel.setText(pets.count_text() if pets is not None else "")
        panel.loadMoreButton.setVisible(pets is not None and pets.has_more)
        panel.loadMoreButton.setEnabled(pets is None or not pets.loading_more)
        self._load_more.setEnabled(pets is not None and pets.has_more and not pets.loading_more)
        text = "" if self._model.rowCount() else self._empty_text(pets)
        panel.overlay.setText(text)
        panel.overlay.setVisible(bool(text))

    def _empty_text(self, pets: PetListController | None) -> str:
        if pets is None:
            return self.tr("Nothing loaded yet. Press F5 to load the pets.")
        state = pets.state
        if state is ListState.LOADING:
            return self.tr("Loading pets…")
        if state is ListState.ERROR:
            return localized(QT_TRANSLATE_NOOP(
                "ListPresenter",
                "Could not load the pets.\n{error}\nPress F5 to try again.").format(
                error=pets.error_text))
        if state is ListState.NO_KEY:
            return localized(QT_TRANSLATE_NOOP(
                "ListPresenter",
                "No pets shown: {error}\nUse File › API key… to enter a key.").format(
                error=pets.error_text))
        if state is ListState.LOADED and self._model.total_count and self._model.name_filter:
            return localized(QT_TRANSLATE_NOOP(
                "ListPresenter",
                "No loaded pet's name contains “{text}”.").format(
                text=self._bar.quickFilterEdit.text().strip()))
        if state is ListState.LOADED and self._model.no_status_filter:
            return self.tr("Every loaded pet has a status.")
        if state is ListState.LOADED:
            status = self._bar.status()
            return (localized(QT_TRANSLATE_NOOP(
                "ListPresenter",
                "No pets with the status “{status}”.").format(
                status=status_text(status))) if status
                    else self.tr("No pets yet. Add one with Ctrl+N."))
        return self.tr("Nothing loaded yet. Press F5 to load the pets.")

    def page_shown(self) -> None:
        pets = self._list()
        self._last_refresh[self._environment] = pets.last_refresh
        self._status.set_last_refresh(pets.last_refresh)
        self._status.show_activity(localized(QT_TRANSLATE_NOOP(
            "ListPresenter",
            "Loaded {count} pets.").format(
            count=self._model.total_count)))
        pet = self._detail.pet
        if pet is not None and not self.select_pet(pet.id, show_detail=False):
            if self._filter_changed and self.hidden_by(pet):
                self._detail.show_pet(None)
            else:
                self._show_outside(pet)
        self._filter_changed = False
        self._shown()

    # -- filters -------------------------------------------------------------------------

    def _status_filter_changed(self, _index: int) -> None:
        self._model.set_no_status_filter(self._bar.no_status_only())
        self._filter_changed = True
        self._keep_detail()
        self._refresh()

    def _quick_filter(self, text: str) -> None:
        self._model.set_name_filter(text)
        self._keep_detail()
        self.update_list_view()

    def _keep_detail(self) -> None:
        """After a filter change: the shown pet stays selected, or the panel is cleared
        when the filters hide it."""
        detail = self._detail
        pet = detail.pet
        if pet is not None and not self.select_pet(pet.id, show_detail=False):
            detail.show_pet(None)

    def hidden_by(self, pet: Pet) -> str:
        """Which filter keeps ``pet`` out of the list ("" when none does)."""
        pets = self._pets
        if pets is not None and not pets.matches(pet):
            return localized(QT_TRANSLATE_NOOP(
                "ListPresenter",
                "Hidden from the list by the {status_filter} filter.").format(
                status_filter=self._bar.status_filter_text()))
        if self._model.no_status_filter and pet.status is not None:
            return localized(QT_TRANSLATE_NOOP(
                "ListPresenter",
                "Hidden from the list by the {status_filter} filter.").format(
                status_filter=self._bar.status_filter_text()))
        if self._model.name_filter and self._model.name_filter not in fold_name(pet.name):
            return localized(QT_TRANSLATE_NOOP(
                "ListPresenter",
                "Hidden from the list by the name filter “{text}”.").format(
                text=self._bar.quickFilterEdit.text().strip()))
        return ""

    # -- selection and the detail panel ---------------------------------------------------

    def select_pet(self, pet_id: int, *, show_detail: bool = True) -> bool:
        index = self._model.index_of(pet_id)
        if not index.isValid():
            return False
        self._table.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows)
        self._table.scrollTo(index)
        if show_detail:
            self._show(self._model.pet_at(index))
        return True

    def _reselect(self) -> None:
        """After the rows were reset (an add leaving the outbox, a filter): the pet in
        the detail panel is selected again if it is still listed."""
        pet = self._detail.pet
        if pet is not None and not self._table.selectionModel().hasSelection():
            self.select_pet(pet.id, show_detail=False)

    def _selection_changed(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        indexes = selected.indexes()
        if indexes:
            self._show(self._model.pet_at(indexes[0]))

    def _show(self, pet: Pet | None) -> None:
        detail = self._detail
        detail.show_pet(pet)
        detail.show_pinned(pet is not None and self._model.is_pinned(pet.id))

    def _show_outside(self, pet: Pet) -> None:
        """``pet`` in the detail panel, not selected in the table, with why it is not
        in the list."""
        self._table.clearSelection()
        self._show(pet)
        self._detail.show_note(self.hidden_by(pet)
                           or self.tr("Not among the pets loaded in the list."))

    def found(self, found: PetLookup) -> None:
        pet = found.pet
        if not (self._list().pet_arrived(pet) and self.select_pet(pet.id)):
            self._show_outside(pet)
        self._detail.show_deprecation(found.deprecation)
        self._status.show_activity(
            localized(QT_TRANSLATE_NOOP("ListPresenter", "Found pet {id} ({name}).").format(
                id=pet.id, name=display(pet.name, 40))),
            found.deprecation.describe())

    def not_found(self, pet_id: int, text: str, exc: BaseException) -> None:
        self._status.show_error(exc)
        self._status.show_activity(text, self._status.details)
        self._table.clearSelection()
        self._detail.show_absent(pet_id)
        self._detail.show_message(text)

    def invalid_id(self, title: str, message: str) -> None:
        """The look-up box holds no pet ID: the panel says so (no earlier result stays
        there), and the box keeps the text selected to be typed over."""
        self._status.show_activity(message)
        self._table.clearSelection()
        self._detail.show_problem(title, message)
        self._bar.lookupEdit.selectAll()

    def added(self, pet: Pet) -> None:
        self._list().pin(pet)
        if not (self._list().pet_arrived(pet) and self.select_pet(pet.id)):
            self._show_outside(pet)
        self._status.show_activity(localized(QT_TRANSLATE_NOOP(
            "ListPresenter",
            "Added {name} (ID {id}).").format(
            name=display(pet.name, 40), id=pet.id)))

    def _dismiss(self, pet_id: int) -> None:
        self._list().unpin(pet_id)
        self._detail.show_pinned(False)
        self._status.show_activity(localized(QT_TRANSLATE_NOOP(
            "ListPresenter",
            "Pet {pet_id} is no longer kept in the list: the next refresh shows it only if it "
            "belongs there.").format(
            pet_id=pet_id)))

    # -- environments --------------------------------------------------------------------

    def environment_changed(self) -> None:
        """Another environment: its own filters, pinned pets, last refresh and footer."""
        old, new = self._environment, self._connection.name
        if old == new:
            return
        self._state.save_filters(old)
        self._environment = new
        self._state.show_filters(new)
        self._list().use_pinned(self._pinned.setdefault(new, {}))
        self._status.set_last_refresh(self._last_refresh.get(new))

    def start(self, pets: PetListController) -> None:
        """The list controller exists: it keeps this environment's pinned pets."""
        self._pets = pets
        pets.use_pinned(self._pinned.setdefault(self._environment, {}))
