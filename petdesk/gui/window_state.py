"""The main window's saved state: layout, columns, sort, and the status filter and page
size of the environment shown (in :class:`.settings.AppSettings`, per environment)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from petdesk.gui.pets.pet_model import Column

if TYPE_CHECKING:
    from petdesk.gui.window_contents import Contents


def restore_window_state(c: Contents) -> None:
    s = c.window.settings
    if s.window_state is not None:
        c.window.restoreState(s.window_state)
    header = c.table.horizontalHeader()
    if s.header_state is not None:
        header.restoreState(s.header_state)
    column, descending = s.sort
    order = Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder
    c.table.sortByColumn(column if 0 <= column < len(Column) else 0, order)
    env = c.connection.name
    c.bar.set_filters(s.environment_status_filter(env), s.environment_page_size(env))
    c.model.set_no_status_filter(c.bar.no_status_only())


def save_window_state(c: Contents) -> None:
    s = c.window.settings
    s.window_state = c.window.saveState()
    header = c.table.horizontalHeader()
    s.header_state = header.saveState()
    s.set_sort(header.sortIndicatorSection(), header.sortIndicatorOrder())
    save_filters(c, c.connection.name)
    c.connection.save()


def save_filters(c: Contents, environment: str) -> None:
    """The filters shown now, as ``environment``'s."""
    status, page_size = c.bar.filters()
    c.window.settings.set_environment_filters(environment, status, page_size)
