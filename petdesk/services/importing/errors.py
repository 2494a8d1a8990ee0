"""Errors of bulk intake, each carrying a message written for shelter staff."""

from __future__ import annotations


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
