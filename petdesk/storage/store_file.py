"""Which store file belongs to a connection: the one rule for the window (the outbox,
the stored rows, the catalogue) and ``petdesk import``. Qt-free and light: the instant
start's reader thread calls it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from petdesk.core.connection import DEFAULT_URLS

if TYPE_CHECKING:
    from pathlib import Path

    from petdesk.core.connection import Connection

__all__ = ["DEMO", "store_file"]

DEMO = "demo"


def store_file(connection: Connection, folder: Path | None = None) -> Path:
    """The store file of ``connection`` (the demo keeps its own; a custom address its
    own; ``folder`` instead of the platform data folder)."""
    from petdesk.storage.paths import store_path  # noqa: PLC0415 - platformdirs, likewise

    if connection.environment == DEMO:
        return store_path("production", demo=True, folder=folder)
    default = DEFAULT_URLS.get(connection.environment)
    custom = None if connection.base_url == default else connection.base_url
    return store_path(connection.environment, base_url=custom, folder=folder)
