"""The main window's dialogs (add pet, API key, settings, about), each opened at most
once, non-blocking (``open()``), and wired to its controller."""

from __future__ import annotations

import html
from typing import Protocol, runtime_checkable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QDialog, QMainWindow, QMessageBox

from petdesk import API_VERSION, __version__
from petdesk.core.connection import Reach
from petdesk.core.licences import licence_text, notices_text
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.cards.categories_model import CategoryModel
from petdesk.gui.common.accessibility import make_accessible
from petdesk.gui.common.localize import localized
from petdesk.gui.pets.add_pet import AddPetDialog
from petdesk.gui.pets.add_pet_controller import AddPetController
from petdesk.gui.settings.api_key_dialog import ApiKeyDialog
from petdesk.gui.settings.auth import AuthController
from petdesk.gui.settings.connection import ConnectionController
from petdesk.gui.settings.settings import AppSettings
from petdesk.gui.settings.settings_dialog import SettingsDialog
from petdesk.gui.settings.shared_store import SharedStoreController


@runtime_checkable
class _Overridable(Protocol):
    def environment_override(self) -> bool: ...


@runtime_checkable
class _SessionOnly(Protocol):
    @property
    def session_only(self) -> bool: ...


class WindowDialogs(QObject):
    #: The Settings dialog was accepted (the catalogue's schedule may have changed).
    settingsAccepted = Signal()

    def __init__(self, window: QMainWindow, settings: AppSettings, keys: object,
                 connection: ConnectionController, auth: AuthController,
                 shared: SharedStoreController, adder: AddPetController,
                 categories: CategoryModel) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        self._keys = keys
        self._connection = connection
        self._auth = auth
        self._shared = shared
        self._adder = adder
        self.add_dialog: AddPetDialog | None = None
        #: The category names the add form offers.
        self._categories = categories
        self.key_dialog: ApiKeyDialog | None = None
        auth.testDone.connect(self._test_done)
        auth.saveFailed.connect(self._save_failed)
        auth.keySaved.connect(self._key_saved)
        adder.busyChanged.connect(self._add_busy)
        adder.added.connect(self._added)
        adder.queued.connect(self._added)  # safe in the outbox: the form closes
        adder.rejected.connect(self._add_rejected)

    # -- add pet --------------------------------------------------------------------------

    def open_add_pet(self) -> None:
        if self.add_dialog is not None:
            self.add_dialog.raise_()
            self.add_dialog.activateWindow()
            return
        dialog = AddPetDialog(self._window, environment_label=self._connection.label(),
                              categories=self._categories, send_later=self._adder.send_later)
        dialog.submitted.connect(self._adder.submit)
        dialog.finished.connect(self._add_closed)
        self.add_dialog = dialog
        dialog.open()

    def _add_closed(self) -> None:
        dialog, self.add_dialog = self.add_dialog, None
        if dialog is not None:
            dialog.deleteLater()

    def _add_busy(self, busy: bool) -> None:
        if self.add_dialog is not None:
            self.add_dialog.set_busy(busy)

    def _added(self) -> None:
        if self.add_dialog is not None:
            self.add_dialog.accept()

    def _add_rejected(self, message: str, field: object) -> None:
        if self.add_dialog is not None:
            self.add_dialog.show_server_error(message, field if isinstance(field, str) else None)

    # -- API key --------------------------------------------------------------------------

    def open_api_key_dialog(self, reason: str = "") -> None:
        if self.key_dialog is not None:
            self.key_dialog.raise_()
            return
        keys = self._keys
        override = isinstance(keys, _Overridable) and bool(keys.environment_override())
        connection = self._connection
        dialog = ApiKeyDialog(connection.label(), connection.address, self._window,
                              reason=reason, env_override=override, demo=connection.demo)
        dialog.testRequested.connect(self._auth.test_key)
        dialog.saveRequested.connect(self._auth.save_key)
        dialog.finished.connect(self._key_closed)
        self.key_dialog = dialog
        dialog.open()

    def _key_closed(self, result: int) -> None:
        dialog, self.key_dialog = self.key_dialog, None
        if dialog is not None:
            dialog.deleteLater()
        self._auth.dialog_closed(result == QDialog.DialogCode.Accepted)

    def _test_done(self, reach: Reach, message: str) -> None:
        if self.key_dialog is not None:
            self.key_dialog.show_test_result(reach, message)

    def _save_failed(self, message: str) -> None:
        if self.key_dialog is not None:
            self.key_dialog.show_problem(message)

    def _key_saved(self) -> None:
        if self.key_dialog is not None:
            self.key_dialog.accept()

    # -- settings and about ---------------------------------------------------------------

    def open_settings(self) -> None:
        connection = self._connection
        address = connection.address
        overridden = (not connection.demo
                      and address != self._settings.base_url(connection.environment))
        # Read without touching the keyring (the key store's own flag).
        in_memory = isinstance(self._keys, _SessionOnly) and self._keys.session_only
        dialog = SettingsDialog(self._settings, self._window, demo=connection.demo,
                                in_use=(connection.label(), address), overridden=overridden,
                                key_in_memory=in_memory)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        page = dialog.sharedPage
        page.testRequested.connect(self._shared.test)
        self._shared.tested.connect(page.show_result)
        # The password is in the keyring before the store is opened again with it.
        dialog.sharedPasswordEntered.connect(self._shared.keep_password)
        dialog.accepted.connect(self._connection.settings_changed)
        dialog.accepted.connect(self.settingsAccepted)
        dialog.open()

    def show_about(self) -> None:
        box = QMessageBox(self._window)
        box.setObjectName("aboutBox")
        box.setWindowTitle(self.tr("About PetDesk"))
        box.setIconPixmap(self._window.windowIcon().pixmap(64, 64))
        box.setText(localized(QT_TRANSLATE_NOOP(
            "WindowDialogs",
            "<h3>PetDesk {version}</h3>").format(
            version=__version__)))
        box.setInformativeText(localized(QT_TRANSLATE_NOOP(
            "WindowDialogs",
            "A desktop client for the Pet Store service.<br>Pet Store API version "
            "{api_version}.<br><br>Environment: {label}<br>Address: {address}").format(
            api_version=API_VERSION, label=html.escape(self._connection.label()),
            address=html.escape(localized(self._connection.address))))
            + "<br><br>" + self.tr(
                "Free software under the MIT licence. The licence and the notices of the "
                "libraries PetDesk uses (Qt for Python and Qt under the LGPL-3.0 among "
                "them) are in the details."))
        # The legal texts themselves stay in English, as their authors wrote them.
        box.setDetailedText("\n\n".join(t for t in (licence_text(), notices_text()) if t))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        make_accessible(box)
        box.open()

    def close_all(self) -> None:
        if self.add_dialog is not None:
            self.add_dialog.set_busy(False)
            self.add_dialog.discard()  # closing the window: no question about the form
        if self.key_dialog is not None:
            self.key_dialog.set_busy(False)
            self.key_dialog.close()
