"""The add-pet form: live validation with the very rules of :class:`~petdesk.api.NewPet`.

* Before the first edit nothing is flagged; from the first edit on, every change
  runs ``NewPet.model_validate`` on the form's values and shows each problem
  next to its field. Submit is enabled only while the values are valid.
* Submitting emits :attr:`AddPetDialog.submitted` with the :class:`NewPet`; the
  window runs one job and calls :meth:`AddPetDialog.set_busy`. While busy the
  submit button is disabled (double submission is impossible) and the fields
  are read-only, never cleared.
* A server 400 is shown next to the field it names (:attr:`BadRequestError.field`,
  the wire name), any other failure above the buttons; what was typed stays.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from petdesk.api import INT64_MAX, NAME_MAX_LENGTH, NewPet, PetStatus
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.cards.categories_model import CategoryModel
from petdesk.gui.cards.category_combo import CategoryCombo
from petdesk.gui.common.accessibility import make_accessible
from petdesk.gui.common.localize import error_text, localized
from petdesk.gui.common.status_look import status_text
from petdesk.services.cards.categories import CategoryError

_WHOLE = re.compile(r"^\s*([+-]?)(\d+)\s*$")
#: The code point NewPet names in its message: "(found U+202E)".
_FOUND = re.compile(r"\(found (U\+[0-9A-F]{4,6})\)")


class _MessageLabel(QLabel):
    """A word-wrapped message that is always as tall as its lines need.

    A layout gives a wrapped label the height of its size hint, not the height its
    width needs (a top-level dialog's layout ignores height-for-width): a two-line
    message was cut at the top and bottom of its letters. Its minimum height follows
    the lines at its present width."""

    def setText(self, text: str) -> None:
        super().setText(text)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        needed = self.heightForWidth(self.width()) if self.text() else 0
        if needed != self.minimumHeight():
            self.setMinimumHeight(max(0, needed))


def _error_label(buddy: QWidget) -> QLabel:
    label = _MessageLabel()
    label.setObjectName(f"{buddy.objectName()}Error")
    label.setWordWrap(True)
    label.setVisible(False)
    label.setTextFormat(Qt.TextFormat.PlainText)
    palette = label.palette()
    dark = palette.color(QPalette.ColorRole.Window).lightness() < 128
    palette.setColor(QPalette.ColorRole.WindowText, Qt.GlobalColor.red if dark
                     else Qt.GlobalColor.darkRed)
    label.setPalette(palette)
    return label


class AddPetDialog(QDialog):
    """Dialog with ``nameEdit``, ``categoryCombo`` (its text field ``categoryIdEdit``),
    ``statusCombo``, ``submitButton``.

    The category is a listed label ("Dogs (1)"), a name ("dogs") of ``categories``, or
    any whole number (checked by :class:`NewPet`'s rules)."""

    submitted = Signal(object)  # NewPet

    FIELDS = ("name", "categoryId")

    def __init__(self, parent: QWidget | None = None, *, environment_label: str = "",
                 categories: CategoryModel | None = None,
                 send_later: Callable[[NewPet], None] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("addPetDialog")
        self.setWindowTitle(self.tr("Add pet"))
        self._busy = False
        #: Closing without asking (the window is quitting, or the user chose Discard).
        self._discarding = False
        self.confirmBox: QMessageBox | None = None
        #: Where an unsent pet can be kept (the outbox): closing then also offers
        #: "Send later", which hands it the form's pet.
        self._send_later = send_later
        self._touched: set[str] = set()
        self._server_errors: dict[str, str] = {}

        self.nameEdit = QLineEdit()
        self.nameEdit.setObjectName("nameEdit")
        self.nameEdit.setPlaceholderText(self.tr("e.g. Bella"))
        self.nameEdit.setAccessibleName(self.tr("Name"))
        self.nameEdit.setMaxLength(NAME_MAX_LENGTH * 4)  # room to show the "too long" message
        self.categoryCombo = CategoryCombo(categories or CategoryModel(parent=self))
        edit = self.categoryCombo.lineEdit()
        assert edit is not None  # CategoryCombo is editable
        self.categoryIdEdit: QLineEdit = edit
        self.categoryIdEdit.setObjectName("categoryIdEdit")
        self.categoryIdEdit.setAccessibleName(self.tr("Category"))
        self.statusCombo = QComboBox()
        self.statusCombo.setObjectName("statusCombo")
        self.statusCombo.setAccessibleName(self.tr("Status"))
        # The words the table, the detail panel and the status filter use.
        self.statusCombo.addItem(status_text(None), None)
        for status in (PetStatus.AVAILABLE, PetStatus.PENDING, PetStatus.SOLD):
            self.statusCombo.addItem(status_text(status), status.value)

        self._errors = {
            "name": _error_label(self.nameEdit),
            "categoryId": _error_label(self.categoryIdEdit),
        }
        self.formError = _error_label(self)
        self.formError.setObjectName("formError")
        self.formError.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        name_label = QLabel(self.tr("&Name:"))
        name_label.setBuddy(self.nameEdit)
        form.addRow(name_label, self.nameEdit)
        form.addRow("", self._errors["name"])
        cat_label = QLabel(self.tr("&Category:"))
        cat_label.setBuddy(self.categoryCombo)
        form.addRow(cat_label, self.categoryCombo)
        form.addRow("", self._errors["categoryId"])
        status_label = QLabel(self.tr("&Status:"))
        status_label.setBuddy(self.statusCombo)
        form.addRow(status_label, self.statusCombo)

        self.submitButton = QPushButton(self.tr("&Add pet"))
        self.submitButton.setObjectName("submitButton")
        self.submitButton.setDefault(True)
        self.submitButton.setEnabled(False)
        self.submitButton.setAccessibleName(self.tr("Add pet"))
        buttons = QDialogButtonBox()
        buttons.addButton(self.submitButton, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel).setObjectName("cancelButton")
        self.submitButton.clicked.connect(self._submit)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        if environment_label:
            where = QLabel(localized(QT_TRANSLATE_NOOP(
                "AddPetDialog",
                "The pet is added to <b>{environment_label}</b>.").format(
                environment_label=environment_label)))
            where.setObjectName("addPetEnvironment")
            layout.addWidget(where)
        layout.addLayout(form)
        layout.addWidget(self.formError)
        layout.addWidget(buttons)
        self.setMinimumWidth(420)
        make_accessible(self)

        self.nameEdit.textEdited.connect(lambda _t: self._edited("name"))
        self.categoryIdEdit.textEdited.connect(lambda _t: self._edited("categoryId"))
        self.categoryCombo.activated.connect(lambda _i: self._edited("categoryId"))
        # Leaving the field completes a typed start ("dog" → "Dogs (1)"): check it again.
        self.categoryCombo.currentIndexChanged.connect(lambda _i: self.revalidate())
        self.statusCombo.activated.connect(lambda _i: self._edited("status"))

    # -- values and validation ------------------------------------------------------------

    def _named_category(self) -> tuple[int | None, str | None]:
        """``(id, None)`` for a listed label or a name, ``(None, message)`` for other
        text while names exist, ``(None, None)`` for a number or when none is named
        (then NewPet's rules speak)."""
        raw = self.categoryIdEdit.text()
        if not raw.strip() or _WHOLE.match(raw):
            return None, None
        try:
            return self.categoryCombo.category_id(), None
        except CategoryError as exc:
            return None, (error_text(exc) if self.categoryCombo.count() else None)

    def values(self) -> dict[str, Any]:
        """The form's values in wire names, as NewPet.model_validate gets them."""
        raw_id = self.categoryIdEdit.text()
        category: Any
        named, _problem = self._named_category()
        if named is not None:
            category = named
        elif not raw_id.strip():
            category = None
        elif match := _WHOLE.match(raw_id):
            sign, digits = match.groups()
            significant = digits.lstrip("0")
            # More than 19 digits is beyond int64 anyway, and int() refuses over 4,300
            # (a pasted blob used to raise ValueError in this slot).
            category = INT64_MAX + 1 if len(significant) > 19 else int(significant or "0")
            if sign == "-":  # "-5": say "must be 1 or more", not "must be a whole number"
                category = -category
        else:
            category = raw_id
        data: dict[str, Any] = {"name": self.nameEdit.text()}
        if category is not None:
            data["categoryId"] = category
        status = self.statusCombo.currentData()
        if status:
            data["status"] = status
        return data

    def validate(self) -> tuple[NewPet | None, dict[str, str]]:
        """``(new_pet, {})`` when valid, else ``(None, {wire field: message})``."""
        _named, category_problem = self._named_category()
        problems: dict[str, str] = {}
        if category_problem:
            problems["categoryId"] = category_problem
        try:
            pet = NewPet.model_validate(self.values())
        except ValidationError as exc:
            for err in exc.errors():
                field = str(err["loc"][0]) if err["loc"] else ""
                field = "categoryId" if field in ("category_id", "categoryId") else field
                problems.setdefault(field, self._message(field, err))
            return None, problems
        return (None, problems) if problems else (pet, {})

    def _message(self, field: str, err: Any) -> str:
        kind = err.get("type", "")
        if field == "name":
            return self._name_message(kind, str(err.get("msg", "")))
        if field == "categoryId":
            return self._category_message(kind)
        if field == "status":
            return self.tr("Choose a status from the list.")
        return str(err.get("msg", ""))

    def _name_message(self, kind: str, text: str) -> str:
        if kind == "missing" or not self.nameEdit.text():
            return self.tr("Enter the pet's name.")
        if "blank" in text:
            return self.tr("Enter a name (not just spaces).")
        if "at most" in text or kind == "string_too_long":
            return localized(QT_TRANSLATE_NOOP(
                "AddPetDialog",
                "The name is too long: at most {limit} characters.").format(
                limit=NAME_MAX_LENGTH))
        if "control" in text:
            return self.tr("The name contains characters that cannot be used "
                           "(tabs or line breaks).")
        if "invisible formatting" in text:
            found = _FOUND.search(text)
            return localized(QT_TRANSLATE_NOOP(
                "AddPetDialog",
                "Remove the invisible character {character} (a direction override or zero-width "
                "space).").format(
                character=found.group(1) if found else ""))
        return self.tr("This name cannot be used.")

    def _category_message(self, kind: str) -> str:
        if kind == "missing":
            return self.tr("Choose a category, or type its name or number.")
        if kind == "greater_than_equal":
            return self.tr("The category ID must be 1 or more.")
        if kind == "less_than_equal":
            return localized(QT_TRANSLATE_NOOP(
                "AddPetDialog",
                "The category ID is too large (at most {limit}).").format(
                limit=INT64_MAX))
        return self.tr("The category ID must be a whole number, like 3.")

    def _edited(self, field: str) -> None:
        self._touched.add(field)
        self._server_errors.pop(field, None)
        if field != "status":
            self.formError.setVisible(False)
        self.revalidate()

    def revalidate(self) -> bool:
        """Refresh the inline messages and the submit button; return validity."""
        pet, problems = self.validate()
        shown_before = sum(label.isVisibleTo(self) for label in self._errors.values())
        for field, label in self._errors.items():
            message = self._server_errors.get(field)
            # From the first edit on, an empty name says so at once: a greyed-out Add
            # alone does not tell what is missing.
            if message is None and (field in self._touched or (
                    field == "name" and self._touched and not self.nameEdit.text())):
                message = problems.get(field)
            label.setText(message or "")
            label.setVisible(bool(message))
            edit = self.nameEdit if field == "name" else self.categoryIdEdit
            edit.setProperty("invalid", bool(message))
            edit.setAccessibleDescription(message or "")
        if sum(label.isVisibleTo(self) for label in self._errors.values()) < shown_before:
            QTimer.singleShot(0, self._fit_height)  # a message went: no blank lines left
        # A field the server refused must be changed before sending again.
        self.submitButton.setEnabled(pet is not None and not self._busy
                                     and not self._server_errors)
        return pet is not None

    def _fit_height(self) -> None:
        """As tall as the fields and the messages shown (it grows by itself for a new
        message; a message that went would leave its lines blank)."""
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.resize(self.width(), self.minimumSizeHint().height())

    # -- submission -----------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Enter with a field still missing: the greyed-out default button would let it
        # pass unanswered, so it says what is missing, as a click on Add would. Not
        # while a field the server refused waits to be changed (sending it again is
        # what the greyed-out button prevents).
        if (event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and not self.submitButton.isEnabled() and not self._busy
                and not self._server_errors):
            event.accept()
            self._submit()
            return
        super().keyPressEvent(event)

    def _submit(self) -> None:
        if self._busy:
            return
        self._touched.update(self.FIELDS)
        pet, _problems = self.validate()
        if pet is None:
            self.revalidate()
            return
        self.formError.setVisible(False)
        self.set_busy(True)
        self.submitted.emit(pet)

    @property
    def busy(self) -> bool:
        return self._busy

    def set_busy(self, busy: bool) -> None:
        self._busy = busy
        for edit in (self.nameEdit, self.categoryIdEdit):
            edit.setReadOnly(busy)
        self.statusCombo.setEnabled(not busy)
        self.submitButton.setText(self.tr("Adding…") if busy else self.tr("&Add pet"))
        self.revalidate()

    def show_server_error(self, message: str, field: str | None) -> None:
        """A failure: at the field when it is known, else above the buttons."""
        self.set_busy(False)
        if field in self._errors:
            assert field is not None
            self._server_errors[field] = message
            self.revalidate()
            edit = self.nameEdit if field == "name" else self.categoryIdEdit
            edit.setFocus()
        else:
            self.formError.setText(message)
            self.formError.setVisible(True)
            # Enter tries again; never Cancel, which would throw the form away.
            (self.submitButton if self.submitButton.isEnabled() else self.nameEdit).setFocus()

    # -- closing ---------------------------------------------------------------------------

    def has_unsent_input(self) -> bool:
        """Something typed or chosen that was not added."""
        return bool(self.nameEdit.text().strip() or self.categoryIdEdit.text().strip()
                    or self.statusCombo.currentIndex() > 0)

    def reject(self) -> None:
        """Esc, Cancel and the close button: a form with unsent input asks first."""
        if self._busy:
            return  # the request is in flight: its outcome must be seen
        if self._discarding or not self.has_unsent_input():
            super().reject()
        elif self.confirmBox is None:
            self._ask_before_closing()

    def discard(self) -> None:
        """Close without asking (the window is closing)."""
        self._discarding = True
        super().reject()

    def _ask_before_closing(self) -> None:
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Discard this pet?"),
                          self.tr("This pet has not been added. Keep editing it, or discard "
                                  "what you typed?"), QMessageBox.StandardButton.NoButton,
                          self)
        box.setObjectName("confirmDiscardPet")
        keep = box.addButton(self.tr("&Keep editing"), QMessageBox.ButtonRole.RejectRole)
        keep.setObjectName("keepEditingButton")
        discard = box.addButton(self.tr("&Discard"), QMessageBox.ButtonRole.DestructiveRole)
        discard.setObjectName("discardButton")
        pet, _problems = self.validate()
        if self._send_later is not None and pet is not None:
            later = box.addButton(self.tr("Send &later"), QMessageBox.ButtonRole.AcceptRole)
            later.setObjectName("sendLaterButton")
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        box.finished.connect(lambda _result: self._closing_answered(box, pet))
        self.confirmBox = box
        box.open()

    def _closing_answered(self, box: QMessageBox, pet: NewPet | None) -> None:
        self.confirmBox = None
        clicked = box.clickedButton()
        name = clicked.objectName() if clicked is not None else ""
        box.deleteLater()
        if name == "discardButton":
            self.discard()
        elif name == "sendLaterButton" and pet is not None and self._send_later is not None:
            self._send_later(pet)
            self.discard()
        else:
            self.nameEdit.setFocus()
