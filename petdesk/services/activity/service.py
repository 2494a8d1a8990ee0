"""The activity log on the worker thread (Qt-free): the newest lines for the window, and
the whole log written as CSV.

The window passes the words (the header, the way of each add) already in the user's
language; the times are written as ISO 8601 in this computer's time zone, so a
spreadsheet sorts them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Final

from petdesk.services.activity.page import ActivityPage
from petdesk.services.importing.cells import CellValue
from petdesk.services.importing.writers import ExportFormat, write_table
from petdesk.storage.repositories import ActivityRepository
from petdesk.storage.rows import ActivityEntry, AddWay

__all__ = ["ActivityService"]

#: Lines read at a time while exporting.
_EXPORT_CHUNK: Final = 1_000


class ActivityService:
    """The activity log of one store, for the window."""

    def __init__(self, activity: ActivityRepository) -> None:
        self._activity = activity

    def newest(self, limit: int) -> ActivityPage:
        """At most ``limit`` lines, newest first, and the log's size."""
        return ActivityPage(tuple(self._activity.entries(limit=limit)),
                            self._activity.count())

    def export(self, path: Path, header: Sequence[str], ways: Mapping[AddWay, str]) -> int:
        """Write the whole log, newest first, as CSV (UTF-8 with a BOM, like the
        other exports) to ``path``; how many lines were written. ``header``: the six
        column titles (when, pet id, name, desk, user, how)."""
        rows = (_row(entry, ways) for entry in self._every_entry())
        return write_table(path, header, rows, ExportFormat.CSV)

    def _every_entry(self) -> Iterator[ActivityEntry]:
        offset = 0
        while chunk := self._activity.entries(limit=_EXPORT_CHUNK, offset=offset):
            yield from chunk
            offset += len(chunk)


def _row(entry: ActivityEntry, ways: Mapping[AddWay, str]) -> tuple[CellValue, ...]:
    when = datetime.fromtimestamp(entry.added_at).astimezone().isoformat(timespec="seconds")
    return (when, entry.pet_id, entry.name, entry.desk.name, entry.desk.user,
            ways[entry.way])
