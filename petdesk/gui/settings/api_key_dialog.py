"""The one dialog for reaching the service: its address and the API key, together.

It opens by itself on the first start (no key yet) and whenever the service refuses
the key, and from File › API key…; so the address in use is always in sight and can
be changed where the key is entered. It says plainly when the address is still the
example from the service's documentation.

The dialog itself does no I/O: "Test connection" and "Save" emit signals, the
:class:`~.controllers.auth.AuthController` runs the work on the worker thread and the
main window reports back with :meth:`ApiKeyDialog.show_test_result` /
:meth:`ApiKeyDialog.show_problem`. A pair that passes the test is kept at once (see
the controller), so after a test nothing the user does next can lose it; Save is the
default button, and the focus goes to it after a test that worked, so Enter finishes.
The key is stored only in the OS keyring (or, when none works, kept in memory for this
session, which the dialog says plainly).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from petdesk.core.connection import Reach, is_placeholder
from petdesk.core.urls import base_url_problem
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.accessibility import make_accessible
from petdesk.gui.common.localize import localized


class ApiKeyDialog(QDialog):
    """``addressEdit``, ``apiKeyEdit`` (masked, with a show/hide toggle), Test
    connection, Save. ``address``: the one in use now; ``demo``: no address to set."""

    #: Save: the address and the key (empty: keep the saved key).
    saveRequested = Signal(str, str)
    #: Test connection: the address and the key (empty: the saved key).
    testRequested = Signal(str, str)

    def __init__(self, environment_label: str, address: str, parent: QWidget | None = None,
                 *, reason: str = "", env_override: bool = False, demo: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("apiKeyDialog")
        self.setWindowTitle(localized(QT_TRANSLATE_NOOP(
            "ApiKeyDialog",
            "Service address and API key — {environment_label}").format(
            environment_label=environment_label)))
        self._busy = False
        self._demo = demo
        self._initial_address = address.strip()
        #: The (address, key) that failed the last Test, and why; saving it asks first.
        self._refused: tuple[str, str] | None = None
        self._refused_why = ""
        #: The (address, key) that passed a Test: already kept.
        self._kept: tuple[str, str] | None = None
        self.confirmBox: QMessageBox | None = None

        self.reasonLabel = QLabel(reason)
        self.reasonLabel.setObjectName("apiKeyReason")
        self.reasonLabel.setWordWrap(True)
        self.reasonLabel.setVisible(bool(reason))

        self.addressEdit = QLineEdit(address)
        self.addressEdit.setObjectName("addressEdit")
        self.addressEdit.setAccessibleName(self.tr("Service address"))
        self.addressEdit.setPlaceholderText("https://…/v1")
        self.addressNote = QLabel()
        self.addressNote.setObjectName("addressNote")
        self.addressNote.setWordWrap(True)
        self.addressNote.setTextFormat(Qt.TextFormat.PlainText)

        # True whether or not a keyring works (the reason above says when none does).
        intro = QLabel(localized(QT_TRANSLATE_NOOP(
            "ApiKeyDialog",
            "Enter the API key for <b>{environment_label}</b>. PetDesk never writes it to a "
            "file: it keeps it in your system keyring, or in memory until you quit when no "
            "keyring works.").format(
            environment_label=environment_label)))
        intro.setObjectName("apiKeyIntro")
        intro.setWordWrap(True)

        self.apiKeyEdit = QLineEdit()
        self.apiKeyEdit.setObjectName("apiKeyEdit")
        self.apiKeyEdit.setEchoMode(QLineEdit.EchoMode.Password)
        self.apiKeyEdit.setAccessibleName(self.tr("API key"))
        self.apiKeyEdit.setPlaceholderText(self.tr("Paste the API key here"))
        self.apiKeyEdit.setInputMethodHints(Qt.InputMethodHint.ImhSensitiveData
                                            | Qt.InputMethodHint.ImhNoPredictiveText)
        self.showKeyButton = QToolButton()
        self.showKeyButton.setObjectName("showKeyButton")
        self.showKeyButton.setCheckable(True)
        self.showKeyButton.setText(self.tr("Show"))
        self.showKeyButton.setAccessibleName(self.tr("Show the API key"))
        self.showKeyButton.toggled.connect(self._toggle_visible)
        key_row = QHBoxLayout()
        key_row.addWidget(self.apiKeyEdit, 1)
        key_row.addWidget(self.showKeyButton)

        self.testButton = QPushButton(self.tr("&Test connection"))
        self.testButton.setObjectName("testConnectionButton")
        self.testButton.setAutoDefault(False)  # Enter in the fields means Save
        self.testButton.clicked.connect(self._test)
        self.resultLabel = QLabel()
        self.resultLabel.setObjectName("apiKeyResult")
        self.resultLabel.setWordWrap(True)
        self.resultLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.resultLabel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        test_row = QHBoxLayout()
        test_row.addWidget(self.testButton, 0, Qt.AlignmentFlag.AlignTop)
        test_row.addWidget(self.resultLabel, 1, Qt.AlignmentFlag.AlignTop)

        self.overrideLabel = QLabel(self.tr(
            "PETDESK_API_KEY is set in the environment: PetDesk uses that key and "
            "never stores it. A key saved here is used once it is unset."))
        self.overrideLabel.setObjectName("apiKeyOverride")
        self.overrideLabel.setWordWrap(True)
        self.overrideLabel.setVisible(env_override)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.saveButton = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.saveButton.setObjectName("saveKeyButton")
        self.saveButton.setDefault(True)
        self.cancelButton = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self._save)
        self.buttons.rejected.connect(self.reject)
        self.apiKeyEdit.textChanged.connect(self._changed)
        self.addressEdit.textChanged.connect(self._changed)

        layout = QVBoxLayout(self)
        layout.addWidget(self.reasonLabel)
        address_form = QFormLayout()
        address_form.addRow(self.tr("Service &address:"), self.addressEdit)
        layout.addLayout(address_form)
        layout.addWidget(self.addressNote)
        if demo:
            self.addressEdit.setReadOnly(True)
            self.addressEdit.setVisible(False)
            address_label = address_form.labelForField(self.addressEdit)
            if address_label is not None:
                address_label.setVisible(False)
        layout.addWidget(intro)
        layout.addLayout(key_row)
        layout.addLayout(test_row)
        layout.addWidget(self.overrideLabel)
        layout.addStretch(1)  # room the notes leave when hidden goes here, not between rows
        layout.addWidget(self.buttons)
        self.setMinimumWidth(460)
        make_accessible(self)
        self._changed()
        # Where the work is: the address while it is not one PetDesk can reach.
        first = self.addressEdit if self._address_needs_work() else self.apiKeyEdit
        first.setFocus(Qt.FocusReason.OtherFocusReason)

    def key(self) -> str:
        return self.apiKeyEdit.text().strip()

    def address(self) -> str:
        return self.addressEdit.text().strip()

    def _pair(self) -> tuple[str, str]:
        return self.address(), self.key()

    def _address_needs_work(self) -> bool:
        return not self._demo and (is_placeholder(self.address())
                                   or base_url_problem(self.address()) is not None)

    def _toggle_visible(self, shown: bool) -> None:
        self.apiKeyEdit.setEchoMode(QLineEdit.EchoMode.Normal if shown
                                    else QLineEdit.EchoMode.Password)
        self.showKeyButton.setText(self.tr("Hide") if shown else self.tr("Show"))
        self.showKeyButton.setAccessibleName(self.tr("Hide the API key") if shown
                                             else self.tr("Show the API key"))

    def _address_usable(self) -> bool:
        return self._demo or base_url_problem(self.address()) is None

    def _changed(self) -> None:
        self._show_address_note()
        self._enable()
        self.resultLabel.clear()

    def _show_address_note(self) -> None:
        problem = None if self._demo else base_url_problem(self.address())
        if problem is not None:
            note = localized(problem)
        elif not self._demo and is_placeholder(self.address()):
            note = self.tr(
                "This is the example address from the Pet Store service's documentation, "
                "not a real service: PetDesk is not set up yet. Enter the address your "
                "shelter was given for its Pet Store service.")
        else:
            note = ""
        self.addressNote.setText(note)
        self.addressNote.setVisible(bool(note))

    def _enable(self) -> None:
        usable = self._address_usable() and not self._busy
        changed = bool(self.key()) or self.address() != self._initial_address
        self.testButton.setEnabled(usable)
        self.saveButton.setEnabled(usable and (changed or self._kept is not None))

    def _test(self) -> None:
        if not self._address_usable() or self._busy:
            return
        # The focus stays in a field while the test runs: the Test button is disabled
        # meanwhile, and the focus must not fall on Cancel for the next Enter.
        self._focus_key(select=False)
        self.set_busy(True)
        self.resultLabel.setText(self.tr("Testing…"))
        self.testRequested.emit(self.address(), self.key())

    def _save(self) -> None:
        if self._busy or self.confirmBox is not None or not self.saveButton.isEnabled():
            return
        if self._kept is not None and (self._pair() == self._kept
                                       or (not self.key() and self.address() == self._kept[0])):
            self.accept()  # this pair is kept already
            return
        if self._pair() == self._refused:
            self._confirm_refused_save()
            return
        self._send_save()

    def _send_save(self) -> None:
        self.set_busy(True)
        self.resultLabel.setText(self.tr("Saving…"))
        self.saveRequested.emit(self.address(), self.key())

    def _confirm_refused_save(self) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Save a key that failed the test?"),
                          localized(QT_TRANSLATE_NOOP(
                              "ApiKeyDialog",
                              "This key failed the test a moment ago:\n{refused_why}\n\nSave it "
                              "anyway?").format(
                              refused_why=self._refused_why)),
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel,
                          self)
        box.setObjectName("confirmRefusedKey")
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.finished.connect(self._refused_save_answered)
        self.confirmBox = box
        make_accessible(box)
        box.open()

    def _refused_save_answered(self, result: int) -> None:
        box, self.confirmBox = self.confirmBox, None
        if box is not None:
            box.deleteLater()
        if result == QMessageBox.StandardButton.Save.value:
            self._send_save()
        else:
            self._focus_key()

    def _focus_key(self, *, select: bool = True) -> None:
        self.apiKeyEdit.setFocus(Qt.FocusReason.OtherFocusReason)
        if select:
            self.apiKeyEdit.selectAll()

    def set_busy(self, busy: bool) -> None:
        self._busy = busy
        self._enable()
        self.apiKeyEdit.setReadOnly(busy)
        self.addressEdit.setReadOnly(busy or self._demo)

    def show_test_result(self, reach: Reach, message: str) -> None:
        self.set_busy(False)
        ok = reach is Reach.WORKS
        self.resultLabel.setText(("✔ " if ok else "✖ ") + message)
        if ok:
            self._kept = self._pair()
            self._refused = None
            self._refused_why = ""
            # Kept already: closing this dialog any way loses nothing, so it is "Close".
            self.cancelButton.setText(self.tr("Close"))
            self._enable()
            self.saveButton.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        self._refused = self._pair()
        self._refused_why = message
        if reach in (Reach.NO_SUCH_ADDRESS, Reach.NO_NETWORK, Reach.NOT_THE_SERVICE):
            self.addressEdit.setFocus(Qt.FocusReason.OtherFocusReason)
            self.addressEdit.selectAll()
        else:
            self._focus_key()

    def show_problem(self, message: str) -> None:
        self.set_busy(False)
        self.resultLabel.setText(message)
        self._focus_key()
