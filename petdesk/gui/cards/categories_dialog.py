"""File › Categories…: name the service's category ids, import and export them.

:class:`CategoriesPage` is the page (a widget the Settings dialog can host as a
tab); :class:`CategoriesDialog` shows the same page on its own with a Close
button. Adding uses the ID and Name fields (Enter in either adds); renaming is
in place (F2, a double click, or Rename); Remove (or Delete) removes the selected
names. Import… and Export… read and write CSV (UTF-8 with BOM, header
``categoryId,name``) through ``run_io``, never on the GUI thread; their file
dialogs open where ``folders`` says for :attr:`FileKind.CATEGORIES`. Every problem
is said in :attr:`CategoriesPage.messageLabel`, next to the fields, and a failed
add keeps what was typed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QItemSelectionModel, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.cards.categories_model import CategoryColumn, CategoryModel, CategoryPersistence
from petdesk.gui.common.accessibility import make_accessible
from petdesk.gui.common.file_folders import FileFolders, FileKind
from petdesk.gui.common.localize import localized
from petdesk.gui.worker.io_runner import IoRunner, ask_save_path, write_file
from petdesk.services.cards.categories import (
    CategoryError,
    export_csv,
    import_csv,
    parse_category_id,
)

__all__ = ["CategoriesDialog", "CategoriesPage"]

AskPath = Callable[[QWidget, str], Path | None]


def _ask_open_path(parent: QWidget, folder: str) -> Path | None:
    chosen, _ = QFileDialog.getOpenFileName(
        parent, QCoreApplication.translate("CategoriesPage", "Import category names"), folder,
        QCoreApplication.translate("CategoriesPage", "CSV files (*.csv);;All files (*)"))
    return Path(chosen) if chosen else None


def _ask_save_path(parent: QWidget, suggested: str) -> Path | None:
    return ask_save_path(
        parent, QCoreApplication.translate("CategoriesPage", "Export category names"),
        suggested, QCoreApplication.translate("CategoriesPage", "CSV files (*.csv)"), ".csv")


def _read_file(path: Path) -> bytes:
    with path.open("rb") as handle:
        return handle.read(1_000_001)


class CategoriesPage(QWidget):
    """The category names of the current environment, editable."""

    def __init__(self, model: CategoryModel, run_io: IoRunner, folders: FileFolders, *,
                 persistence: CategoryPersistence | None = None,
                 parent: QWidget | None = None, ask_open_path: AskPath = _ask_open_path,
                 ask_save_path: AskPath = _ask_save_path) -> None:
        super().__init__(parent)
        self.setObjectName("categoriesPage")
        self.setAccessibleName(self.tr("Category names"))
        self._model = model
        self._run_io = run_io
        self._folders = folders
        self._ask_open_path = ask_open_path
        self._ask_save_path = ask_save_path
        self._io_busy = False
        self._build()
        model.problem.connect(self._show_problem)
        model.modelReset.connect(self._update_buttons)
        model.rowsInserted.connect(self._update_buttons)
        model.rowsRemoved.connect(self._update_buttons)
        if persistence is not None:
            persistence.failed.connect(self._show_problem)
            persistence.loaded.connect(self._update_buttons)
            self._persistence: CategoryPersistence | None = persistence
        else:
            self._persistence = None
        self._update_buttons()

    # -- construction ----------------------------------------------------------------------

    def _build(self) -> None:
        self.idEdit = QLineEdit()
        self.idEdit.setObjectName("categoryIdEdit")
        self.idEdit.setPlaceholderText(self.tr("ID"))
        self.idEdit.setAccessibleName(self.tr("New category ID"))
        self.idEdit.setMaximumWidth(140)
        self.nameEdit = QLineEdit()
        self.nameEdit.setObjectName("categoryNameEdit")
        self.nameEdit.setPlaceholderText(self.tr("Name, e.g. Dogs"))
        self.nameEdit.setAccessibleName(self.tr("New category name"))
        self.addButton = self._button(self.tr("&Add"), "addButton", self._add)
        self.view = QTableView()
        self.view.setObjectName("categoriesView")
        self.view.setAccessibleName(self.tr("Category names"))
        self.view.setModel(self._model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setSectionResizeMode(
            CategoryColumn.NAME, QHeaderView.ResizeMode.Stretch)
        self.view.selectionModel().selectionChanged.connect(self._update_buttons)
        self.renameButton = self._button(self.tr("&Rename"), "renameButton", self._rename)
        self.removeButton = self._button(self.tr("Re&move"), "removeButton", self._remove)
        self.importButton = self._button(self.tr("&Import…"), "importButton", self._import)
        self.exportButton = self._button(self.tr("&Export…"), "exportButton", self._export)
        delete = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.view)
        delete.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete.activated.connect(self._remove)
        self.messageLabel = QLabel()
        self.messageLabel.setObjectName("messageLabel")
        self.messageLabel.setWordWrap(True)
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        for edit in (self.idEdit, self.nameEdit):
            edit.returnPressed.connect(self._add)
        self._lay_out()

    def _lay_out(self) -> None:
        add_row = QHBoxLayout()
        add_row.addWidget(self.idEdit)
        add_row.addWidget(self.nameEdit, 1)
        add_row.addWidget(self.addButton)
        buttons = QHBoxLayout()
        for button in (self.renameButton, self.removeButton):
            buttons.addWidget(button)
        buttons.addStretch(1)
        for button in (self.importButton, self.exportButton):
            buttons.addWidget(button)
        intro = QLabel(self.tr(
            "The service knows categories only by number. Name them here; the table, "
            "the details and the kennel cards show “Dogs (1)”, or the number alone."))
        intro.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(add_row)
        layout.addWidget(self.messageLabel)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        self.setTabOrder(self.idEdit, self.nameEdit)
        self.setTabOrder(self.nameEdit, self.addButton)
        self.setTabOrder(self.addButton, self.view)

    def _button(self, text: str, name: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setAutoDefault(False)
        button.clicked.connect(slot)
        return button

    # -- state --------------------------------------------------------------------------------

    def _editable(self) -> bool:
        return self._persistence is None or self._persistence.ready

    def _selected_ids(self) -> list[int]:
        rows = {index.row() for index in self.view.selectionModel().selectedRows()}
        return [self._model.category_at(row).id for row in sorted(rows)]

    def _update_buttons(self) -> None:
        editable = self._editable() and not self._io_busy
        selected = len(self._selected_ids())
        for widget in (self.idEdit, self.nameEdit, self.addButton, self.importButton):
            widget.setEnabled(editable)
        self.renameButton.setEnabled(editable and selected == 1)
        self.removeButton.setEnabled(editable and selected > 0)
        self.exportButton.setEnabled(not self._io_busy and self._model.rowCount() > 0)

    def _show_problem(self, text: str) -> None:
        self.messageLabel.setText(text)

    def _say(self, text: str) -> None:
        self.messageLabel.setText(text)

    # -- actions ------------------------------------------------------------------------------

    def _add(self) -> None:
        if not self.addButton.isEnabled():
            return
        try:
            category_id = parse_category_id(self.idEdit.text())
        except CategoryError as error:
            self._show_problem(str(error))
            self.idEdit.setFocus()
            return
        try:
            category = self._model.add(category_id, self.nameEdit.text())
        except CategoryError as error:
            self._show_problem(str(error))
            self.nameEdit.setFocus()
            return
        self.idEdit.clear()
        self.nameEdit.clear()
        self.idEdit.setFocus()
        row = self._model.row_of(category.id)
        self.view.selectionModel().setCurrentIndex(
            self._model.index(row, CategoryColumn.NAME),
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows)
        self._say(localized(QT_TRANSLATE_NOOP("CategoriesPage", "Added {label}.").format(
            label=category.label)))

    def _rename(self) -> None:
        ids = self._selected_ids()
        if len(ids) != 1:
            return
        index = self._model.index(self._model.row_of(ids[0]), CategoryColumn.NAME)
        self.view.setCurrentIndex(index)
        self.view.setFocus()
        self.view.edit(index)

    def _remove(self) -> None:
        if not self.removeButton.isEnabled():
            return
        ids = self._selected_ids()
        if not ids:
            return
        row = self._model.row_of(ids[0])
        removed = [self._model.remove(category_id).label for category_id in ids]
        self._say(localized(QT_TRANSLATE_NOOP("CategoriesPage", "Removed {removed}.").format(
            removed=", ".join(removed))))
        if self._model.rowCount():
            self.view.selectRow(min(row, self._model.rowCount() - 1))
        self.view.setFocus()
        self._update_buttons()

    def _set_io_busy(self, busy: bool) -> None:
        self._io_busy = busy
        self._update_buttons()

    def _import(self) -> None:
        path = self._ask_open_path(self, str(self._folders.folder(FileKind.CATEGORIES)))
        if path is None:
            return
        self._folders.remember(FileKind.CATEGORIES, path)
        self._set_io_busy(True)
        self._say(localized(QT_TRANSLATE_NOOP("CategoriesPage", "Reading {path}…").format(
            path=str(path))))
        self._run_io(lambda: _read_file(path),
                     lambda data: self._on_imported(path, data),
                     lambda error: self._on_io_error(self.tr("%1 could not be read"), path, error))

    def _on_imported(self, path: Path, data: object) -> None:
        self._set_io_busy(False)
        if not isinstance(data, bytes):
            return
        try:
            table = import_csv(self._model.table(), data)
        except CategoryError as error:
            self._show_problem(localized(QT_TRANSLATE_NOOP("CategoriesPage", "{name}: ").format(
                name=path.name)) + str(error))
            return
        before = self._model.table()
        self._model.replace(table)
        changed = sum(1 for c in table if before.name_of(c.id) != c.name)
        self._say(localized(QT_TRANSLATE_NOOP(
            "CategoriesPage",
            "Imported {name}: {changed} names added or changed.").format(
            name=path.name, changed=str(changed))))

    def _export(self) -> None:
        path = self._ask_save_path(
            self, self._folders.suggest(FileKind.CATEGORIES, self.tr("categories.csv")))
        if path is None:
            return
        self._folders.remember(FileKind.CATEGORIES, path)
        data = export_csv(self._model.table())
        count = self._model.rowCount()
        self._set_io_busy(True)
        self._run_io(lambda: write_file(path, data),
                     lambda _result: self._on_exported(path, count),
                     lambda error: self._on_io_error(self.tr("%1 could not be written"),
                                                     path, error))

    def _on_exported(self, path: Path, count: int) -> None:
        self._set_io_busy(False)
        self._say(localized(QT_TRANSLATE_NOOP(
            "CategoriesPage",
            "Exported {count} names to {path}.").format(
            count=str(count), path=str(path))))

    def _on_io_error(self, template: str, path: Path, error: BaseException) -> None:
        self._set_io_busy(False)
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        self._show_problem(template.replace("%1", str(path)) + f": {reason}.")


class CategoriesDialog(QDialog):
    """:class:`CategoriesPage` on its own, with Close; opens with focus on the ID field."""

    def __init__(self, page: CategoriesPage, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("categoriesDialog")
        self.setWindowTitle(self.tr("Category names"))
        self.page = page
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setAutoDefault(False)
        layout = QVBoxLayout(self)
        layout.addWidget(page)
        layout.addWidget(buttons)
        page.idEdit.setFocus()
        self.resize(560, 480)
        make_accessible(self)
