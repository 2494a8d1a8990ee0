"""One read of the activity log, as the window shows it. Apart from the service, so
that the window's code does not load the export's writers (a spreadsheet library)
before the first page."""

from __future__ import annotations

from dataclasses import dataclass

from petdesk.storage.rows import ActivityEntry

__all__ = ["ActivityPage"]


@dataclass(frozen=True)
class ActivityPage:
    """The newest lines of the log and how many it holds in all."""

    entries: tuple[ActivityEntry, ...] = ()
    total: int = 0
