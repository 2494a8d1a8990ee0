"""File › Settings… › Shared store: the PostgreSQL address, its password, Test connection and
"Use the shared store".

The page does no I/O: Test connection emits :attr:`SharedStorePage.testRequested`, the
:class:`~.shared_store.SharedStoreController` signs in on the worker thread and the
answer comes back through :meth:`SharedStorePage.show_result`. The password is never
put in the settings: the dialog hands it to the controller, which keeps it in the
system keyring (or, when none works, in memory for this session).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from petdesk.gui.common.localize import localized
from petdesk.gui.settings.settings import SharedStoreChoice
from petdesk.services.shared.address import address_problem

PLACEHOLDER = "postgresql://petdesk@db.shelter.lan:5432/petdesk?sslmode=verify-full"


class SharedStorePage(QWidget):
    """``sharedAddressEdit``, ``sharedPasswordEdit`` (masked), ``sharedTestButton``,
    ``sharedResultLabel``, ``sharedStoreCheck``."""

    #: Test connection: the address and the password typed (empty: the saved one).
    testRequested = Signal(str, str)

    def __init__(self, choice: SharedStoreChoice, *, demo: bool = False,
                 password_in_memory: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sharedStorePage")
        intro = QLabel(self.tr(
            "Several desks can share one store on a PostgreSQL server: one catalogue and "
            "one outbox for all of them. Whoever runs the server gives you its address and "
            "a password."))
        intro.setWordWrap(True)
        self.sharedAddressEdit = QLineEdit(choice.address)
        self.sharedAddressEdit.setObjectName("sharedAddressEdit")
        self.sharedAddressEdit.setAccessibleName(self.tr("Shared store address"))
        self.sharedAddressEdit.setPlaceholderText(PLACEHOLDER)
        self.sharedPasswordEdit = QLineEdit()
        self.sharedPasswordEdit.setObjectName("sharedPasswordEdit")
        self.sharedPasswordEdit.setAccessibleName(self.tr("Shared store password"))
        self.sharedPasswordEdit.setEchoMode(QLineEdit.EchoMode.Password)
        self.sharedPasswordEdit.setPlaceholderText(self.tr("Empty: keep the saved password"))
        self.sharedTestButton = QPushButton(self.tr("Test co&nnection"))
        self.sharedTestButton.setObjectName("sharedTestButton")
        self.sharedTestButton.setAutoDefault(False)
        self.sharedTestButton.clicked.connect(self._test)
        self.sharedResultLabel = QLabel()
        self.sharedResultLabel.setObjectName("sharedResultLabel")
        self.sharedResultLabel.setWordWrap(True)
        self.sharedResultLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.sharedResultLabel.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sharedStoreCheck = QCheckBox(self.tr("&Use the shared store on this computer"))
        self.sharedStoreCheck.setObjectName("sharedStoreCheck")
        self.sharedStoreCheck.setChecked(choice.enabled)
        if password_in_memory:
            note = QLabel(self.tr("No system keyring works on this computer, so PetDesk "
                                  "keeps the password in memory until it closes."))
        else:
            note = QLabel(self.tr("The password is kept in your system keyring, never in "
                                  "PetDesk's settings."))
        note.setObjectName("sharedPasswordNote")
        note.setWordWrap(True)
        when_down = QLabel(self.tr(
            "When the shared store cannot be reached, this computer keeps working on its "
            "own data: pets you add wait here and move to the shared store once it is "
            "back, but files cannot be imported until then."))
        when_down.setObjectName("sharedOutageNote")
        when_down.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("&Address:"), self.sharedAddressEdit)
        form.addRow(self.tr("Pass&word:"), self.sharedPasswordEdit)
        form.addRow("", note)
        test_row = QHBoxLayout()
        test_row.addWidget(self.sharedTestButton)
        test_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addLayout(test_row)
        layout.addWidget(self.sharedResultLabel)
        layout.addWidget(self.sharedStoreCheck)
        layout.addWidget(when_down)
        layout.addStretch(1)
        if demo:
            self.sharedStoreCheck.setEnabled(False)
            self.sharedResultLabel.setText(self.tr(
                "The demo always uses its sample data on this computer."))

    @property
    def password(self) -> str:
        return self.sharedPasswordEdit.text()

    def choice(self) -> SharedStoreChoice:
        return SharedStoreChoice(self.sharedAddressEdit.text().strip(),
                                 self.sharedStoreCheck.isChecked())

    def problem(self) -> str | None:
        """Why the page cannot be saved as it is (in the user's language), else ``None``.
        An empty address is fine while the shared store is not used."""
        choice = self.choice()
        if not choice.address and not choice.enabled:
            return None
        if not choice.address:
            return self.tr("Type the shared store's address, or turn off “Use the shared "
                           "store”.")
        problem = address_problem(choice.address)
        return localized(problem) if problem else None

    def _test(self) -> None:
        problem = self.problem() if self.choice().address else self.tr(
            "Type the shared store's address first.")
        if problem:
            self.show_result(problem)
            self.sharedAddressEdit.setFocus()
            return
        self.sharedTestButton.setEnabled(False)
        self.sharedResultLabel.setText(self.tr("Testing the connection…"))
        self.testRequested.emit(self.choice().address, self.password)

    def show_result(self, text: str) -> None:
        self.sharedTestButton.setEnabled(True)
        self.sharedResultLabel.setText(text)
