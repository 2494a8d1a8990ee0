"""The main window's saved state: layout, columns, sort, the status filter and the page
size (in :class:`.settings.AppSettings`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .pet_model import Column

if TYPE_CHECKING:
    from .window_contents import Contents


def restore_window_state(c: Contents) -> None:
    s = c.window.settings
    if s.window_state is not None:
        c.window.restoreState(s.window_state)
    header = c.table.horizontalHeader()
    if s.header_state is not None:
        header.restoreState(s.header_state)
    column, order = s.sort
    c.table.sortByColumn(column if 0 <= column < len(Column) else 0, order)
    c.bar.statusFilter.setCurrentIndex(max(0, c.bar.statusFilter.findData(s.status_filter)))
    c.bar.limitSpin.setValue(s.page_size)


def save_window_state(c: Contents) -> None:
    s = c.window.settings
    s.window_state = c.window.saveState()
    header = c.table.horizontalHeader()
    s.header_state = header.saveState()
    s.set_sort(header.sortIndicatorSection(), header.sortIndicatorOrder())
    s.status_filter = str(c.bar.statusFilter.currentData() or "")
    s.page_size = c.bar.limitSpin.value()
    c.connection.save()
