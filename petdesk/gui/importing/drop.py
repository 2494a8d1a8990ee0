"""A file dragged onto the window or the import dialog: the one PetDesk can import."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData

from petdesk.services.importing.formats import SUFFIXES

__all__ = ["dropped_file"]


def dropped_file(mime: QMimeData) -> Path | None:
    """The one local file a drag carries, when PetDesk can import it."""
    urls = mime.urls() if mime.hasUrls() else []
    if len(urls) != 1 or not urls[0].isLocalFile():
        return None
    path = Path(urls[0].toLocalFile())
    return path if path.suffix.lower() in SUFFIXES else None
