"""Opens Pets › Import… and Pets › Export…, and takes a file dropped on the window.

The dialogs load the spreadsheet readers when first opened, not with the window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QDragEnterEvent, QDropEvent

from petdesk.gui.importing.drop import dropped_file

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow

    from petdesk.gui.common.file_folders import FileFolders
    from petdesk.gui.importing.controller import ImportController
    from petdesk.gui.importing.export_dialog import ExportDialog
    from petdesk.gui.importing.import_dialog import ImportDialog
    from petdesk.gui.window_contents import Contents

__all__ = ["BulkDialogs"]


class BulkDialogs(QObject):
    """The import dialog (one per window, kept while it sends) and the export dialog."""

    def __init__(self, window: QMainWindow, controller: ImportController,
                 contents: Contents, folders: FileFolders) -> None:
        super().__init__(contents)
        self._folders = folders
        self._window = window
        self._controller = controller
        self._contents = contents
        self.import_dialog: ImportDialog | None = None
        self.export_dialog: ExportDialog | None = None
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    def open_import(self) -> ImportDialog:
        if self.import_dialog is None:
            from petdesk.gui.importing.import_dialog import ImportDialog  # noqa: PLC0415 - the import feature, when first opened

            contents = self._contents
            self.import_dialog = ImportDialog(self._controller, self._folders, self._window,
                                              categories=contents.cards.categories,
                                              shown=lambda: contents.model.pets)
        dialog = self.import_dialog
        dialog.show()
        dialog.activateWindow()
        return dialog

    def open_export(self) -> ExportDialog:
        from petdesk.gui.importing.export_dialog import ExportDialog  # noqa: PLC0415 - the export feature, when first opened

        if self.export_dialog is not None:
            self.export_dialog.close()
            self.export_dialog.deleteLater()
        contents = self._contents
        selection = contents.table.selectionModel().selectedRows()
        pets = [pet for index in selection if (pet := contents.model.pet_at(index)) is not None]
        self.export_dialog = ExportDialog(self._controller, contents.bar.status(), pets,
                                          self._folders, self._window)
        self.export_dialog.show()
        return self.export_dialog

    def close_all(self) -> None:
        for dialog in (self.import_dialog, self.export_dialog):
            if dialog is not None:
                dialog.close()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and isinstance(event, QDragEnterEvent | QDropEvent):
            path = dropped_file(event.mimeData())
            if path is None:
                return False
            event.acceptProposedAction()
            if event.type() == QEvent.Type.Drop:
                self.open_import().open_file(path)
            return True
        return super().eventFilter(watched, event)
