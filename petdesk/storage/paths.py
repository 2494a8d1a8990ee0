"""Where each environment's store lives: PetDesk's data folder (:mod:`petdesk.core.folders`).

One rule for the window and ``petdesk import``: an import queued by the command line
is finished by the window and the other way round."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from petdesk.core.connection import DEFAULT_URLS, Connection
from petdesk.core.folders import APP_NAME, data_dir

__all__ = ["APP_NAME", "DEMO", "store_file", "store_path"]

DEMO = "demo"
_SAFE = re.compile(r"[^a-z0-9_-]+")


def store_path(environment: str, *, base_url: str | None = None, demo: bool = False,
               folder: Path | None = None) -> Path:
    """The store file of one environment.

    ``production`` → ``<data>/PetDesk/store-production.sqlite3``; the demo gets
    ``store-demo.sqlite3``; a service address set with ``--base-url`` or Settings gets
    a file of its own (``store-production-<8 hex of the address>.sqlite3``), so pets of
    two services never mix. ``folder`` replaces the data folder (tests use tmp_path).
    """
    name = "demo" if demo else _SAFE.sub("_", environment.lower()) or "default"
    if base_url is not None and not demo:
        digest = hashlib.sha256(base_url.strip().rstrip("/").encode("utf-8")).hexdigest()[:8]
        name = f"{name}-{digest}"
    root = folder if folder is not None else data_dir()
    return root / f"store-{name}.sqlite3"


def store_file(connection: Connection, folder: Path | None = None) -> Path:
    """The store file of ``connection`` (the demo keeps its own; a custom address its
    own; ``folder`` instead of the platform data folder)."""
    if connection.environment == DEMO:
        return store_path("production", demo=True, folder=folder)
    default = DEFAULT_URLS.get(connection.environment)
    custom = None if connection.base_url == default else connection.base_url
    return store_path(connection.environment, base_url=custom, folder=folder)
