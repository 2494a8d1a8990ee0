"""Where each kind of file dialog opens: the folder last used for that kind of file,
else the user's Documents folder (never the program's own folder, which is where a
dialog given no folder opens)."""

from __future__ import annotations

import enum
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from petdesk.gui.settings.settings import AppSettings

__all__ = ["FileFolders", "FileKind"]


class FileKind(enum.StrEnum):
    """The kinds of file PetDesk asks for, each with its own last folder."""

    IMPORT = "import"
    EXPORT = "export"
    REPORT = "report"
    CARDS = "cards"
    CATEGORIES = "categories"


class FileFolders:
    """The last folder of each :class:`FileKind`, kept in the settings."""

    def __init__(self, settings: AppSettings) -> None:
        self._settings = settings

    def folder(self, kind: FileKind) -> Path:
        """The last folder of ``kind``, else Documents, else the home folder: the first
        of them that exists. Qt names Documents even on a new account that has none,
        and a dialog given a missing folder opens in the program's own."""
        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation)
        candidates = (self._settings.file_folder(kind.value),
                      Path(documents) if documents else None)
        return next((folder for folder in candidates if folder is not None and folder.is_dir()),
                    Path.home())

    def suggest(self, kind: FileKind, name: str) -> str:
        """``name`` in :meth:`folder`: what a save dialog starts with."""
        return str(self.folder(kind) / name)

    def remember(self, kind: FileKind, chosen: Path) -> None:
        """``chosen`` (a file) was picked: its folder is where ``kind`` opens next."""
        self._settings.set_file_folder(kind.value, chosen.parent)
