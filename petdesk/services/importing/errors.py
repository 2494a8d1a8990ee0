"""Errors of bulk intake, each carrying a message written for shelter staff."""

from __future__ import annotations

from typing import Final

from petdesk.core.wording import QT_TRANSLATE_NOOP, Template

#: Why a desk set up for the shared store does not import while it cannot be reached.
SHARED_STORE_NEEDED: Final[Template] = QT_TRANSLATE_NOOP(
    "Import", "The shared store cannot be reached, and an import needs it: it keeps which "
    "rows of each file the desks have added, so that no pet is added twice. Nothing was "
    "queued. Import the file again once the shared store answers.")


class BulkError(Exception):
    """Base class: ``str(error)`` is a complete sentence to show as it is."""


class FileRejected(BulkError):
    """The file cannot be read as a table of pets (wrong kind, damaged, too large)."""


class ImportCancelled(BulkError):
    """The user cancelled reading or checking the file."""

    def __init__(self) -> None:
        super().__init__("Cancelled.")


class MappingError(BulkError, ValueError):
    """A column mapping is incomplete, or a saved one does not fit this file."""


class SharedStoreNeeded(BulkError):
    """The desk is set up for the shared store and works on this computer's store while
    it cannot be reached: an import queued here could add again the rows the shared
    store (this desk or another) already added, so none starts."""

    def __init__(self) -> None:
        super().__init__(SHARED_STORE_NEEDED)
