"""Opens Pets › Import… and Pets › Export…, and takes a file dropped on the window.

The dialogs load the spreadsheet readers and writers when first opened, not with the
window. While the desk's shared store cannot be reached no import dialog opens: the
window says why instead (an import needs the shared store, which keeps which rows of
each file the desks have added)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6 import QtWidgets
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QMainWindow, QTableView

from petdesk.core.statuses import PetStatus
from petdesk.gui.cards.categories_model import CategoryModel
from petdesk.gui.common.accessibility import make_accessible
from petdesk.gui.common.file_folders import FileFolders
from petdesk.gui.common.localize import localized
from petdesk.gui.common.plain import plain_box
from petdesk.gui.importing.controller import ImportController
from petdesk.gui.importing.export_dialog import ExportDialog
from petdesk.gui.pets.pet_model import PetTableModel
from petdesk.services.importing.errors import SHARED_STORE_NEEDED

if TYPE_CHECKING:
    from petdesk.gui.importing.import_dialog import ImportDialog

__all__ = ["BulkDialogs"]


def _import_module() -> ModuleType:
    from petdesk.gui.importing import import_dialog  # noqa: PLC0415 - Pets › Import… and drops: the spreadsheet readers load on first use

    return import_dialog


class BulkDialogs(QObject):
    """The import dialog (one per window, kept while it sends) and the export dialog."""

    def __init__(self, window: QMainWindow, controller: ImportController,
                 folders: FileFolders, categories: CategoryModel, model: PetTableModel,
                 table: QTableView, status_filter: Callable[[], PetStatus | None],
                 shared_store_down: Callable[[], bool]) -> None:
        super().__init__(window)
        self._shared_store_down = shared_store_down
        self._folders = folders
        self._window = window
        self._controller = controller
        self._categories = categories
        self._model = model
        self._table = table
        self._status_filter = status_filter
        self.import_dialog: ImportDialog | None = None
        self.export_dialog: ExportDialog | None = None
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    def open_import(self) -> ImportDialog | None:
        """The import dialog, or ``None`` (and the reason shown) while the shared store
        this desk uses cannot be reached."""
        if self._shared_store_down():
            self._say_shared_store_needed()
            return None
        if self.import_dialog is None:
            model = self._model
            dialog: ImportDialog = _import_module().ImportDialog(
                self._controller, self._folders, self._window, categories=self._categories,
                shown=lambda: model.pets)
            self.import_dialog = dialog
        dialog = self.import_dialog
        dialog.show()
        dialog.activateWindow()
        return dialog

    def _say_shared_store_needed(self) -> None:
        QMessageBox = QtWidgets.QMessageBox  # its class is made on first use, after the paint
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Import"),
                          localized(SHARED_STORE_NEEDED), QMessageBox.StandardButton.Ok,
                          self._window)
        box.setObjectName("importNeedsSharedStoreBox")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        make_accessible(plain_box(box))
        box.open()

    def open_export(self) -> ExportDialog:
        if self.export_dialog is not None:
            self.export_dialog.close()
            self.export_dialog.deleteLater()
        selection = self._table.selectionModel().selectedRows()
        pets = [pet for index in selection if (pet := self._model.pet_at(index)) is not None]
        self.export_dialog = ExportDialog(self._controller, self._status_filter(), pets,
                                          self._folders, self._window)
        self.export_dialog.show()
        return self.export_dialog

    def close_all(self) -> None:
        for dialog in (self.import_dialog, self.export_dialog):
            if dialog is not None:
                dialog.close()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and isinstance(event, QDragEnterEvent | QDropEvent):
            path = _import_module().dropped_file(event.mimeData())
            if path is None:
                return False
            event.acceptProposedAction()
            if event.type() == QEvent.Type.Drop and (dialog := self.open_import()):
                dialog.open_file(path)
            return True
        return super().eventFilter(watched, event)
