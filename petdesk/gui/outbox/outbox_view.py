"""What the user sees of the outbox: "Waiting to send" rows in the pets table, the count
in the status bar, and Edit / Cancel on a waiting row (its context menu, or the
Menu key), the edit reusing the add form.

The rows are :class:`~petdesk.services.pets.local_rows.WaitingRow` values in the table's own
model: a new list (a refresh, another query) replaces the model's rows, so they are put
back after every reset. An add that leaves the outbox created becomes an ordinary row
(the window adds the pet the service returned).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelectionModel, QObject, QPoint, Qt
from PySide6.QtWidgets import QMenu, QMessageBox, QTableView, QWidget

from petdesk.core.status_messages import MessageKind
from petdesk.core.text import display
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized
from petdesk.gui.pets.add_pet import AddPetDialog
from petdesk.services.outbox.wording import outbox_count_message, outbox_row_with_desk
from petdesk.services.pets.local_rows import WaitingRow
from petdesk.storage.rows import Draft, OutboxEntry

if TYPE_CHECKING:
    from petdesk.api import NewPet
    from petdesk.gui.cards.categories_model import CategoryModel
    from petdesk.gui.common.status_bar import PetStatusBar
    from petdesk.gui.outbox.controller import OutboxController
    from petdesk.gui.pets.pet_model import PetTableModel
    from petdesk.services.outbox.view import OutboxView


class OutboxRows(QObject):
    """Keeps the table's waiting rows and the status bar's count in step with the outbox,
    and offers Edit and Cancel on a waiting row."""

    def __init__(self, outbox: OutboxController, model: PetTableModel, table: QTableView,
                 status: PetStatusBar, categories: CategoryModel | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._outbox = outbox
        self._model = model
        self._table = table
        self._categories = categories
        self._status = status
        self._rows: dict[int, WaitingRow] = {}
        #: The add the user just made, whose row is to be selected once it is shown.
        self._reveal: int | None = None
        self._putting_back = False
        self.menu: QMenu | None = None
        self.edit_dialog: AddPetDialog | None = None
        outbox.changed.connect(self.show)
        model.modelReset.connect(self._put_back)
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        table.customContextMenuRequested.connect(self._context_menu)

    # -- rows and count -------------------------------------------------------------------

    def row_for(self, entry: OutboxEntry) -> WaitingRow:
        text = localized(outbox_row_with_desk(entry))
        return WaitingRow(-entry.local_id, entry.name, entry.category_id, entry.status, text,
                          entry.local_id, entry.state.editable, entry.candidates)

    def show(self, view: OutboxView) -> None:
        rows = {row.id: row for row in map(self.row_for, view.entries)}
        gone = [pet_id for pet_id in self._rows if pet_id not in rows]
        changed = [row for row in rows.values() if self._rows.get(row.id) != row]
        self._rows = rows
        self._model.remove_ids(gone)  # a reset: the rows still waiting are put back
        for row in changed:
            self._model.upsert_pet(row)  # type: ignore[arg-type]
        self._show_count(view.pending)
        self._reveal_now()

    def _show_count(self, count: int) -> None:
        message = outbox_count_message(count)
        if message is None:
            self._status.clear(MessageKind.OUTBOX)
        else:
            self._status.show_message(message)

    def reveal(self, local_id: int) -> None:
        """The add the user just made waits: its row is selected and scrolled to (the
        detail panel follows the selection), now or as soon as it is shown."""
        self._reveal = local_id
        self._reveal_now()

    def _reveal_now(self) -> None:
        if self._reveal is None or -self._reveal not in self._rows:
            return
        index = self._model.index_of(-self._reveal)
        self._reveal = None
        if index.isValid():
            self._table.selectionModel().setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
            self._table.scrollTo(index)

    @property
    def rows(self) -> list[WaitingRow]:
        return list(self._rows.values())

    def _put_back(self) -> None:
        if self._putting_back or not self._rows:
            return
        self._putting_back = True
        try:
            for row in self._rows.values():
                self._model.upsert_pet(row)  # type: ignore[arg-type]
        finally:
            self._putting_back = False

    # -- edit and cancel ------------------------------------------------------------------

    def _context_menu(self, pos: QPoint) -> None:
        row = self._model.pet_at(self._table.indexAt(pos))
        if not isinstance(row, WaitingRow):
            return
        menu = QMenu(self._table)
        menu.setObjectName("outboxMenu")
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        edit = menu.addAction(self.tr("&Edit waiting add…"))
        edit.setObjectName("actionEditWaiting")
        cancel = menu.addAction(self.tr("&Cancel this add"))
        cancel.setObjectName("actionCancelWaiting")
        edit.setEnabled(row.editable)
        cancel.setEnabled(row.editable or bool(row.candidates))
        if row.candidates:
            self._decision_actions(menu, row)
        edit.triggered.connect(lambda: self.open_edit(row))
        cancel.triggered.connect(lambda: self.ask_cancel(row))
        self.menu = menu
        menu.popup(self._table.viewport().mapToGlobal(pos))

    def _decision_actions(self, menu: QMenu, row: WaitingRow) -> None:
        """The answer was lost and several pets match: the user says which it is."""
        menu.addSeparator()
        for pet_id in row.candidates:
            chosen = menu.addAction(localized(QT_TRANSLATE_NOOP(
                "OutboxRows",
                "It was added: it is ID {pet_id}").format(
                pet_id=pet_id)))
            chosen.setObjectName(f"actionIsPet{pet_id}")
            chosen.triggered.connect(
                lambda _checked=False, pet=pet_id: self._outbox.settle(row.local_id, pet))
        again = menu.addAction(self.tr("None of these: send it again"))
        again.setObjectName("actionSendAgain")
        again.triggered.connect(lambda: self._outbox.settle(row.local_id, None))

    def open_edit(self, row: WaitingRow) -> None:
        """The add form, filled in with the waiting add; saving changes it in the outbox."""
        if self.edit_dialog is not None:
            self.edit_dialog.close()
        window = self._table.window()
        dialog = AddPetDialog(window, categories=self._categories)
        dialog.setWindowTitle(self.tr("Change a waiting add"))
        dialog.nameEdit.setText(row.name)
        dialog.categoryIdEdit.setText(str(row.category_id))
        dialog.statusCombo.setCurrentIndex(max(0, dialog.statusCombo.findData(
            row.status.value if row.status is not None else None)))
        dialog.submitButton.setText(self.tr("&Save"))
        dialog.revalidate()
        dialog.submitted.connect(lambda pet: self._edited(dialog, row.local_id, pet))
        dialog.finished.connect(dialog.deleteLater)
        self.edit_dialog = dialog
        dialog.open()

    def _edited(self, dialog: AddPetDialog, local_id: int, pet: NewPet) -> None:
        self._outbox.edit(local_id, Draft(pet.name, pet.category_id, pet.status))
        dialog.set_busy(False)
        dialog.accept()
        if self.edit_dialog is dialog:
            self.edit_dialog = None

    def ask_cancel(self, row: WaitingRow) -> None:
        """Ask, then take the add out of the outbox (it is never sent)."""
        parent: QWidget = self._table.window()
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Cancel this add?"),
                          localized(QT_TRANSLATE_NOOP(
                              "OutboxRows",
                              "“{name}” has not been sent yet. Cancel it? It will not be "
                              "added.").format(
                              name=display(row.name, 60))),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          parent)
        box.setObjectName("cancelWaitingBox")
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setDefaultButton(QMessageBox.StandardButton.No)

        def answered(result: int) -> None:
            if result == QMessageBox.StandardButton.Yes:
                self._outbox.cancel(row.local_id)
            box.deleteLater()

        box.finished.connect(answered)
        box.open()
