"""The main window's saved state: layout, columns, sort, and the status filter and page
size of the environment shown (in :class:`.settings.AppSettings`, per environment)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QTableView

from petdesk.gui.pets.pet_model import Column, PetTableModel
from petdesk.gui.pets.views import FilterBar
from petdesk.gui.settings.settings import AppSettings


class WindowState:
    """Reads and writes the window's layout and each environment's filters."""

    def __init__(self, window: QMainWindow, settings: AppSettings, table: QTableView,
                 bar: FilterBar, model: PetTableModel) -> None:
        self._window = window
        self._settings = settings
        self._table = table
        self._bar = bar
        self._model = model

    def restore(self, environment: str) -> None:
        s = self._settings
        if s.window_state is not None:
            self._window.restoreState(s.window_state)
        header = self._table.horizontalHeader()
        if s.header_state is not None:
            header.restoreState(s.header_state)
        column, descending = s.sort
        order = Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder
        self._table.sortByColumn(column if 0 <= column < len(Column) else 0, order)
        self.show_filters(environment)

    def show_filters(self, environment: str) -> None:
        """``environment``'s saved filters, shown in the bar and applied to the rows."""
        s = self._settings
        self._bar.set_filters(s.environment_status_filter(environment),
                              s.environment_page_size(environment))
        self._model.set_no_status_filter(self._bar.no_status_only())

    def save(self, environment: str) -> None:
        s = self._settings
        s.window_state = self._window.saveState()
        header = self._table.horizontalHeader()
        s.header_state = header.saveState()
        s.set_sort(header.sortIndicatorSection(), header.sortIndicatorOrder())
        self.save_filters(environment)

    def save_filters(self, environment: str) -> None:
        """The filters shown now, as ``environment``'s."""
        status, page_size = self._bar.filters()
        self._settings.set_environment_filters(environment, status, page_size)
