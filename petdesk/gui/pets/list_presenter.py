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

from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QObject

from petdesk.core.jobs import ListState
from petdesk.core.names import fold_name
from petdesk.core.text import display
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized
from petdesk.gui.common.status_look import status_text
from petdesk.gui.window_state import save_filters

if TYPE_CHECKING:
    from datetime import datetime

    from petdesk.api import Pet, PetLookup
    from petdesk.gui.pets.pet_list import PetListController
    from petdesk.gui.window_contents import Contents


class ListPresenter(QObject):
    """The list's footer, overlay and filters, and the detail panel's pet."""

    def __init__(self, contents: Contents) -> None:
        super().__init__(contents)
        self._c = contents
        #: Per environment: the pets added there this session, and its last refresh.
        self._pinned: dict[str, dict[int, Pet]] = {}
        self._last_refresh: dict[str, datetime | None] = {}
        self._environment = contents.connection.name
        #: The status filter changed since the last page: a shown pet it hides goes.
        self._filter_changed = False
        bar = contents.bar
        bar.statusFilter.currentIndexChanged.connect(self._status_filter_changed)
        bar.quickFilterEdit.textChanged.connect(self._quick_filter)
        contents.table.selectionModel().selectionChanged.connect(self._selection_changed)
        contents.detail.dismissRequested.connect(self._dismiss)
        contents.model.modelReset.connect(self._reselect)

    @property
    def _pets(self) -> PetListController | None:
        return self._c.pets if self._c.has_logic else None

    # -- the footer and the overlay --------------------------------------------------

    def update_list_view(self) -> None:
        """The overlay, the count and Load more: from the list's state, always (before
        the list controller exists, nothing is loaded)."""
        c, pets = self._c, self._pets
        c.countLabel.setText(pets.count_text() if pets is not None else "")
        c.loadMoreButton.setVisible(pets is not None and pets.has_more)
        c.loadMoreButton.setEnabled(pets is None or not pets.loading_more)
        c.actLoadMore.setEnabled(pets is not None and pets.has_more and not pets.loading_more)
        text = "" if c.model.rowCount() else self._empty_text(pets)
        c.overlay.setText(text)
        c.overlay.setVisible(bool(text))

    def _empty_text(self, pets: PetListController | None) -> str:
        c = self._c
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
        if state is ListState.LOADED and c.model.total_count and c.model.name_filter:
            return localized(QT_TRANSLATE_NOOP(
                "ListPresenter",
                "No loaded pet's name contains “{text}”.").format(
                text=c.bar.quickFilterEdit.text().strip()))
        if state is ListState.LOADED and c.model.no_status_filter:
            return self.tr("Every loaded pet has a status.")
        if state is ListState.LOADED:
            status = c.bar.status()
            return (localized(QT_TRANSLATE_NOOP(
                "ListPresenter",
                "No pets with the status “{status}”.").format(
                status=status_text(status))) if status
                    else self.tr("No pets yet. Add one with Ctrl+N."))
        return self.tr("Nothing loaded yet. Press F5 to load the pets.")

    def page_shown(self) -> None:
        c = self._c
        pets = c.pets
        self._last_refresh[self._environment] = pets.last_refresh
        c.statusBar_.set_last_refresh(pets.last_refresh)
        c.statusBar_.show_activity(localized(QT_TRANSLATE_NOOP(
            "ListPresenter",
            "Loaded {count} pets.").format(
            count=c.model.total_count)))
        pet = c.detail.pet
        if pet is not None and not self.select_pet(pet.id, show_detail=False):
            if self._filter_changed and self.hidden_by(pet):
                c.detail.show_pet(None)
            else:
                self._show_outside(pet)
        self._filter_changed = False
        c.window.petsLoaded.emit()

    # -- filters -------------------------------------------------------------------------

    def _status_filter_changed(self, _index: int) -> None:
        c = self._c
        c.model.set_no_status_filter(c.bar.no_status_only())
        self._filter_changed = True
        self._keep_detail()
        c.refresh()

    def _quick_filter(self, text: str) -> None:
        self._c.model.set_name_filter(text)
        self._keep_detail()
        self.update_list_view()

    def _keep_detail(self) -> None:
        """After a filter change: the shown pet stays selected, or the panel is cleared
        when the filters hide it."""
        detail = self._c.detail
        pet = detail.pet
        if pet is not None and not self.select_pet(pet.id, show_detail=False):
            detail.show_pet(None)

    def hidden_by(self, pet: Pet) -> str:
        """Which filter keeps ``pet`` out of the list ("" when none does)."""
        c = self._c
        pets = self._pets
        if pets is not None and not pets.matches(pet):
            return localized(QT_TRANSLATE_NOOP(
                "ListPresenter",
                "Hidden from the list by the {status_filter} filter.").format(
                status_filter=c.bar.status_filter_text()))
        if c.model.no_status_filter and pet.status is not None:
            return localized(QT_TRANSLATE_NOOP(
                "ListPresenter",
                "Hidden from the list by the {status_filter} filter.").format(
                status_filter=c.bar.status_filter_text()))
        if c.model.name_filter and c.model.name_filter not in fold_name(pet.name):
            return localized(QT_TRANSLATE_NOOP(
                "ListPresenter",
                "Hidden from the list by the name filter “{text}”.").format(
                text=c.bar.quickFilterEdit.text().strip()))
        return ""

    # -- selection and the detail panel ---------------------------------------------------

    def select_pet(self, pet_id: int, *, show_detail: bool = True) -> bool:
        c = self._c
        index = c.model.index_of(pet_id)
        if not index.isValid():
            return False
        c.table.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows)
        c.table.scrollTo(index)
        if show_detail:
            self._show(c.model.pet_at(index))
        return True

    def _reselect(self) -> None:
        """After the rows were reset (an add leaving the outbox, a filter): the pet in
        the detail panel is selected again if it is still listed."""
        c = self._c
        pet = c.detail.pet
        if pet is not None and not c.table.selectionModel().hasSelection():
            self.select_pet(pet.id, show_detail=False)

    def _selection_changed(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        indexes = selected.indexes()
        if indexes:
            self._show(self._c.model.pet_at(indexes[0]))

    def _show(self, pet: Pet | None) -> None:
        detail = self._c.detail
        detail.show_pet(pet)
        detail.show_pinned(pet is not None and self._c.model.is_pinned(pet.id))

    def _show_outside(self, pet: Pet) -> None:
        """``pet`` in the detail panel, not selected in the table, with why it is not
        in the list."""
        c = self._c
        c.table.clearSelection()
        self._show(pet)
        c.detail.show_note(self.hidden_by(pet)
                           or self.tr("Not among the pets loaded in the list."))

    def found(self, found: PetLookup) -> None:
        c = self._c
        pet = found.pet
        if not (c.pets.pet_arrived(pet) and self.select_pet(pet.id)):
            self._show_outside(pet)
        c.detail.show_deprecation(found.deprecation)
        c.statusBar_.show_activity(
            localized(QT_TRANSLATE_NOOP("ListPresenter", "Found pet {id} ({name}).").format(
                id=pet.id, name=display(pet.name, 40))),
            found.deprecation.describe())

    def not_found(self, pet_id: int, text: str, exc: BaseException) -> None:
        c = self._c
        c.statusBar_.show_error(exc)
        c.statusBar_.show_activity(text, c.statusBar_.details)
        c.table.clearSelection()
        c.detail.show_absent(pet_id)
        c.detail.show_message(text)

    def invalid_id(self, title: str, message: str) -> None:
        """The look-up box holds no pet ID: the panel says so (no earlier result stays
        there), and the box keeps the text selected to be typed over."""
        c = self._c
        c.statusBar_.show_activity(message)
        c.table.clearSelection()
        c.detail.show_problem(title, message)
        c.bar.lookupEdit.selectAll()

    def added(self, pet: Pet) -> None:
        c = self._c
        c.pets.pin(pet)
        if not (c.pets.pet_arrived(pet) and self.select_pet(pet.id)):
            self._show_outside(pet)
        c.statusBar_.show_activity(localized(QT_TRANSLATE_NOOP(
            "ListPresenter",
            "Added {name} (ID {id}).").format(
            name=display(pet.name, 40), id=pet.id)))

    def _dismiss(self, pet_id: int) -> None:
        c = self._c
        c.pets.unpin(pet_id)
        c.detail.show_pinned(False)
        c.statusBar_.show_activity(localized(QT_TRANSLATE_NOOP(
            "ListPresenter",
            "Pet {pet_id} is no longer kept in the list: the next refresh shows it only if it "
            "belongs there.").format(
            pet_id=pet_id)))

    # -- environments --------------------------------------------------------------------

    def environment_changed(self) -> None:
        """Another environment: its own filters, pinned pets, last refresh and footer."""
        c = self._c
        old, new = self._environment, c.connection.name
        if old == new:
            return
        save_filters(c, old)
        self._environment = new
        settings = c.window.settings
        c.bar.set_filters(settings.environment_status_filter(new),
                          settings.environment_page_size(new))
        c.model.set_no_status_filter(c.bar.no_status_only())
        c.pets.use_pinned(self._pinned.setdefault(new, {}))
        c.statusBar_.set_last_refresh(self._last_refresh.get(new))

    def start(self, pets: PetListController) -> None:
        """The list controller exists: it keeps this environment's pinned pets."""
        pets.use_pinned(self._pinned.setdefault(self._environment, {}))
