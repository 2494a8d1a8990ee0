"""The outbox as the window shows it: plain values, light to import (no httpx, no
pydantic), so the window's controller holds them before the worker loads the rest."""

from __future__ import annotations

from dataclasses import dataclass

from petdesk.storage.rows import OutboxEntry

__all__ = ["OutboxView"]


@dataclass(frozen=True)
class OutboxView:
    """The user's own adds still to send or check (the table's "Waiting to send" rows),
    and how many adds of any kind (imports too) are still to send (the status bar)."""

    entries: tuple[OutboxEntry, ...] = ()
    pending: int = 0
