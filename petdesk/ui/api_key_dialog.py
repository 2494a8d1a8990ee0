"""The API key dialog (one environment at a time).

The dialog itself does no I/O: "Test connection" and "Save" emit signals and the
main window runs the work on the worker thread, then reports back with
:meth:`ApiKeyDialog.show_test_result` / :meth:`ApiKeyDialog.show_problem`.
The key is stored only in the OS keyring (or, when none works, kept in memory
for this session, which the dialog says plainly).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from .accessibility import make_accessible


class ApiKeyDialog(QDialog):
    """``apiKeyEdit`` (masked, with a show/hide toggle), Test connection, Save."""

    saveRequested = Signal(str)
    testRequested = Signal(str)

    def __init__(self, environment_label: str, parent: QWidget | None = None, *,
                 reason: str = "", env_override: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("apiKeyDialog")
        self.setWindowTitle(self.tr("API key — %s") % environment_label)
        self._busy = False
        #: The key that failed the last Test, and why; saving it asks first.
        self._refused: str | None = None
        self._refused_why = ""
        self.confirmBox: QMessageBox | None = None

        # True whether or not a keyring works (the reason below says when none does).
        intro = QLabel(self.tr(
            "Enter the API key for <b>%s</b>. PetDesk never writes it to a file: it keeps "
            "it in your system keyring, or in memory until you quit when no keyring "
            "works.") % environment_label)
        intro.setObjectName("apiKeyIntro")
        intro.setWordWrap(True)
        self.reasonLabel = QLabel(reason)
        self.reasonLabel.setObjectName("apiKeyReason")
        self.reasonLabel.setWordWrap(True)
        self.reasonLabel.setVisible(bool(reason))

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
        self.testButton.clicked.connect(self._test)
        self.resultLabel = QLabel()
        self.resultLabel.setObjectName("apiKeyResult")
        self.resultLabel.setWordWrap(True)
        self.resultLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.resultLabel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        test_row = QHBoxLayout()
        test_row.addWidget(self.testButton)
        test_row.addWidget(self.resultLabel, 1)

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
        self.saveButton.setEnabled(False)
        self.buttons.accepted.connect(self._save)
        self.buttons.rejected.connect(self.reject)
        self.apiKeyEdit.textChanged.connect(self._changed)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.reasonLabel)
        layout.addLayout(key_row)
        layout.addLayout(test_row)
        layout.addWidget(self.overrideLabel)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(460)
        make_accessible(self)

    def key(self) -> str:
        return self.apiKeyEdit.text().strip()

    def _toggle_visible(self, shown: bool) -> None:
        self.apiKeyEdit.setEchoMode(QLineEdit.EchoMode.Normal if shown
                                    else QLineEdit.EchoMode.Password)
        self.showKeyButton.setText(self.tr("Hide") if shown else self.tr("Show"))
        self.showKeyButton.setAccessibleName(self.tr("Hide the API key") if shown
                                             else self.tr("Show the API key"))

    def _changed(self) -> None:
        has_key = bool(self.key())
        self.saveButton.setEnabled(has_key and not self._busy)
        self.testButton.setEnabled(has_key and not self._busy)
        self.resultLabel.clear()

    def _test(self) -> None:
        if self.key() and not self._busy:
            self.set_busy(True)
            self.resultLabel.setText(self.tr("Testing…"))
            self.testRequested.emit(self.key())

    def _save(self) -> None:
        if not self.key() or self._busy or self.confirmBox is not None:
            return
        if self.key() == self._refused:
            self._confirm_refused_save()
            return
        self._send_save()

    def _send_save(self) -> None:
        self.set_busy(True)
        self.resultLabel.setText(self.tr("Saving…"))
        self.saveRequested.emit(self.key())

    def _confirm_refused_save(self) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Save a key that failed the test?"),
                          self.tr("This key failed the test a moment ago:\n%s\n\n"
                                  "Save it anyway?") % self._refused_why,
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

    def _focus_key(self) -> None:
        self.apiKeyEdit.setFocus(Qt.FocusReason.OtherFocusReason)
        self.apiKeyEdit.selectAll()

    def set_busy(self, busy: bool) -> None:
        self._busy = busy
        has_key = bool(self.key())
        self.saveButton.setEnabled(has_key and not busy)
        self.testButton.setEnabled(has_key and not busy)
        self.apiKeyEdit.setReadOnly(busy)

    def show_test_result(self, ok: bool, message: str) -> None:
        self.set_busy(False)
        self.resultLabel.setText(("✔ " if ok else "✖ ") + message)
        self._refused = None if ok else self.key()
        self._refused_why = "" if ok else message
        if not ok:
            self._focus_key()

    def show_problem(self, message: str) -> None:
        self.set_busy(False)
        self.resultLabel.setText(message)
        self._focus_key()
