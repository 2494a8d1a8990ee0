"""The detail view (``petDetail``): one pet, or a clear state ("No pet selected", "No
pet with ID 99999"), never a pet under a message about another; refresh, copy, and
for a pet added this session, Dismiss."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from itertools import pairwise
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFont, QGuiApplication, QPalette, QPixmap
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from petdesk.core.text import DISPLAY_LIMIT, display, has_hidden
from petdesk.gui.common.localize import long_date
from petdesk.gui.common.status_look import status_colour, status_icon, status_text, waiting_icon
from petdesk.services.pets.local_rows import WaitingRow

if TYPE_CHECKING:
    from petdesk.api import DeprecationInfo, Pet

#: Spec section 4.3 (the same date as petdesk.api.DOCUMENTED_SUNSET, which is not
#: imported here so that the window can show before httpx and pydantic load).
DOCUMENTED_REMOVAL = date(2030, 12, 5)
#: Characters of a name in the panel's title (the Name row shows DISPLAY_LIMIT).
TITLE_LIMIT = 60
#: Characters of a name "Show full name" shows at most (with markers; a name from a
#: hostile server can be megabytes long, and laying out all of it takes seconds).
FULL_NAME_LIMIT = 20_000


def breakable(text: str, run: int) -> str:
    """``text`` with a line break inside every run of more than ``run`` characters
    without a space: a word-wrapped QLabel breaks only at spaces, so a long name
    without one would be cut off at the panel's edge. For the labels only; "Show
    full name" and the copy actions give the name exactly."""
    words = text.split(" ")
    if all(len(word) <= run for word in words):
        return text
    return " ".join("\n".join(word[i:i + run] for i in range(0, len(word), run)) or word
                    for word in words)


class PetDetail(QFrame):
    refreshRequested = Signal(int)
    #: "Dismiss" on a pet added this session: it need not stay in the list.
    dismissRequested = Signal(int)
    #: A copy action put the shown pet on the clipboard: the confirmation to show.
    copied = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("petDetail")
        self.setAccessibleName(self.tr("Pet details"))
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumWidth(260)
        self._pet: Pet | None = None
        #: The category's text for an id ("Dogs (1)"): set_category_label().
        self.category_label: Callable[[int], str] = str

        self.titleLabel = QLabel(self.tr("No pet selected"))
        self.titleLabel.setObjectName("detailTitle")
        font = self.titleLabel.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.titleLabel.setFont(font)
        self.titleLabel.setWordWrap(True)
        self.titleLabel.setTextFormat(Qt.TextFormat.PlainText)

        def value_label(name: str) -> QLabel:
            label = QLabel("—")
            label.setObjectName(name)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setWordWrap(True)
            return label

        self.idValue = value_label("detailId")
        self.nameValue = value_label("detailName")
        self.categoryValue = value_label("detailCategory")
        self.hiddenNote = QLabel(self.tr(
            "This name contains hidden or direction-changing characters, shown as "
            "⟦U+…⟧ markers: it is not what it may look like elsewhere."))
        self.hiddenNote.setObjectName("detailHiddenNote")
        self.hiddenNote.setWordWrap(True)
        self.hiddenNote.setTextFormat(Qt.TextFormat.PlainText)
        self.hiddenNote.setVisible(False)
        self.fullNameButton = QPushButton(self.tr("Show full &name"))  # Alt+F: File
        self.fullNameButton.setObjectName("showFullNameButton")
        self.fullNameButton.setCheckable(True)
        self.fullNameButton.setVisible(False)
        self.fullNameButton.toggled.connect(self._show_full_name)
        self.fullNameView = QPlainTextEdit()
        self.fullNameView.setObjectName("fullNameView")
        self.fullNameView.setAccessibleName(self.tr("Full name"))
        self.fullNameView.setReadOnly(True)
        self.fullNameView.setVisible(False)
        self.statusIcon = QLabel()
        self.statusIcon.setObjectName("detailStatusIcon")
        self.statusIcon.setAccessibleName(self.tr("Status icon"))
        self.statusValue = value_label("detailStatus")
        font = self.statusValue.font()
        font.setWeight(QFont.Weight.DemiBold)
        self.statusValue.setFont(font)
        #: (status, palette) the status row shows, and the icons drawn so far.
        self._status_key: tuple[str | None, int, bool] | None = None
        self._status_pixmaps: dict[tuple[str | None, int, bool], QPixmap] = {}
        status_row = QHBoxLayout()
        status_row.setContentsMargins(0, 0, 0, 0)
        status_row.addWidget(self.statusIcon)
        status_row.addWidget(self.statusValue, 1)

        form = QFormLayout()
        form.addRow(self.tr("ID:"), self.idValue)
        form.addRow(self.tr("Name:"), self.nameValue)
        form.addRow("", self.hiddenNote)
        form.addRow("", self.fullNameButton)
        form.addRow(self.fullNameView)
        form.addRow(self.tr("Category:"), self.categoryValue)
        form.addRow(self.tr("Status:"), status_row)

        self.refreshButton = QPushButton(self.tr("&Refresh this pet"))
        self.refreshButton.setObjectName("refreshDetailButton")
        self.refreshButton.setToolTip(self.tr("Look this pet up again for its latest details"))
        self.refreshButton.clicked.connect(self._refresh)
        self.copyIdButton = QPushButton(self.tr("Copy &ID"))
        self.copyIdButton.setObjectName("copyIdButton")
        self.copyIdButton.clicked.connect(self.copy_id)
        self.copyJsonButton = QPushButton(self.tr("Copy as &JSON"))
        self.copyJsonButton.setObjectName("copyJsonButton")
        self.copyJsonButton.clicked.connect(self.copy_json)
        copy_row = QHBoxLayout()
        copy_row.addWidget(self.copyIdButton)
        copy_row.addWidget(self.copyJsonButton)

        self.deprecationNote = QLabel()
        self.deprecationNote.setObjectName("deprecationNote")
        self.deprecationNote.setWordWrap(True)
        self.deprecationNote.setTextFormat(Qt.TextFormat.PlainText)
        self.deprecationNote.setFrameShape(QFrame.Shape.StyledPanel)
        self.deprecationNote.setSizePolicy(QSizePolicy.Policy.Preferred,
                                           QSizePolicy.Policy.Minimum)
        self.deprecationNote.setContentsMargins(6, 4, 6, 4)
        self.messageLabel = QLabel()
        self.messageLabel.setObjectName("detailMessage")
        self.messageLabel.setWordWrap(True)
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setVisible(False)
        #: About the shown pet and the list: "Not in the list: hidden by …".
        self.noteLabel = QLabel()
        self.noteLabel.setObjectName("detailNote")
        self.noteLabel.setWordWrap(True)
        self.noteLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.noteLabel.setVisible(False)
        self.pinnedLabel = QLabel(self.tr("Added this session: it stays in the list "
                                          "until you dismiss it."))
        self.pinnedLabel.setObjectName("detailPinned")
        self.pinnedLabel.setWordWrap(True)
        self.pinnedLabel.setVisible(False)
        self.dismissButton = QPushButton(self.tr("&Dismiss from the list"))
        self.dismissButton.setObjectName("dismissPinnedButton")
        self.dismissButton.setToolTip(self.tr("Let the next refresh show the list "
                                              "without this pet unless it belongs there"))
        self.dismissButton.setVisible(False)
        self.dismissButton.clicked.connect(self._dismiss)

        layout = QVBoxLayout(self)
        layout.addWidget(self.titleLabel)
        layout.addWidget(self.noteLabel)
        layout.addLayout(form)
        layout.addWidget(self.pinnedLabel)
        layout.addWidget(self.dismissButton)
        layout.addLayout(copy_row)
        layout.addWidget(self.refreshButton)
        layout.addWidget(self.deprecationNote)
        layout.addWidget(self.messageLabel)
        layout.addStretch(1)
        order = (self.fullNameButton, self.fullNameView, self.copyIdButton,
                 self.copyJsonButton, self.refreshButton)  # Tab goes as they are shown
        for first, second in pairwise(order):
            QWidget.setTabOrder(first, second)
        self.show_documented_deprecation()
        self.show_pet(None)

    @property
    def pet(self) -> Pet | None:
        return self._pet

    def set_category_label(self, label: Callable[[int], str]) -> None:
        """Show categories as ``label(category_id)`` from now on (the shown pet too)."""
        self.category_label = label
        if self._pet is not None:
            self.categoryValue.setText(label(self._pet.category_id))

    def show_pet(self, pet: Pet | None) -> None:
        """Show ``pet`` (``None``: nothing selected).

        Showing the pet already shown only checks the status colours (the palette
        may have changed): selecting a pet shows it once through the table's
        current-row signal and once directly, and each change of the labels costs
        a relayout of the panel.
        """
        same = pet is not None and pet is self._pet
        if not same:
            self.show_note("")
            self.show_pinned(False)
        self._pet = pet
        if pet is None:
            self._clear(self.tr("No pet selected"))
            return
        self.messageLabel.setVisible(False)
        if not same:
            for button in (self.refreshButton, self.copyIdButton, self.copyJsonButton):
                button.setEnabled(True)
            self.titleLabel.setText(breakable(display(pet.name, TITLE_LIMIT), 18))
            waiting = isinstance(pet, WaitingRow)  # not on the service yet: no ID, no status
            self.idValue.setText("—" if waiting else str(pet.id))
            self._show_name(pet.name)
            self.categoryValue.setText(self.category_label(pet.category_id))
            status = pet.text if isinstance(pet, WaitingRow) else status_text(pet.status)
            self.statusValue.setText(status)
            self.statusIcon.setAccessibleName(self.tr("Status: %s") % status)
        self._show_status(pet)

    def _clear(self, title: str) -> None:
        for button in (self.refreshButton, self.copyIdButton, self.copyJsonButton):
            button.setEnabled(False)
        self.titleLabel.setText(title)
        for label in (self.idValue, self.nameValue, self.categoryValue, self.statusValue):
            label.setText("—")
        self._show_name("")
        self.statusIcon.clear()
        self.statusValue.setPalette(self.palette())  # no status colour for "—"
        self._status_key = None

    def show_absent(self, pet_id: int) -> None:
        """No pet with this ID: nothing of any other pet is shown, nothing to copy."""
        self.show_pet(None)
        self._clear(self.tr("No pet with ID %d") % pet_id)

    def show_problem(self, title: str, message: str) -> None:
        """A look-up that could not be made (not a pet ID): nothing of any pet is
        shown, and why."""
        self.show_pet(None)
        self._clear(title)
        self.show_message(message)

    def show_note(self, text: str) -> None:
        """A note about the shown pet and the list ("" hides it)."""
        self.noteLabel.setText(text)
        self.noteLabel.setVisible(bool(text))

    @property
    def note(self) -> str:
        return self.noteLabel.text() if self.noteLabel.isVisibleTo(self) else ""

    def show_pinned(self, pinned: bool) -> None:
        """The shown pet was added this session and is kept in the list."""
        self.pinnedLabel.setVisible(pinned)
        self.dismissButton.setVisible(pinned)

    def _dismiss(self) -> None:
        if self._pet is not None:
            self.dismissRequested.emit(self._pet.id)

    def _show_name(self, name: str) -> None:
        """The Name row: markers for hidden characters, elided; the full text on demand.

        Bounded whatever the name's length: ``display`` takes time proportional to
        what it keeps, and the hidden-character check reads what "Show full name"
        would show at most."""
        self.nameValue.setText(breakable(display(name), 24) if name else "—")
        self.hiddenNote.setVisible(has_hidden(name[:FULL_NAME_LIMIT]))
        long = len(name) > DISPLAY_LIMIT
        self.fullNameButton.setChecked(False)
        self.fullNameButton.setVisible(long)
        self.fullNameView.clear()

    def _show_full_name(self, shown: bool) -> None:
        self.fullNameButton.setText(self.tr("Hide full &name") if shown
                                    else self.tr("Show full &name"))
        name = self._pet.name if self._pet is not None else ""
        if shown and name:
            text = display(name, FULL_NAME_LIMIT)
            if len(name) > FULL_NAME_LIMIT:
                text += "\n\n" + self.tr("(The name has %d characters; the first %d are "
                                          "shown.)") % (len(name), FULL_NAME_LIMIT)
            self.fullNameView.setPlainText(text)
        else:
            self.fullNameView.clear()
        self.fullNameView.setVisible(shown)

    def _show_status(self, pet: Pet) -> None:
        """The status icon and colour, redrawn only when the status or palette changes
        (an add waiting to be sent: a clock, in the text's colour)."""
        palette = self.palette()
        waiting = isinstance(pet, WaitingRow)
        status = pet.status
        key = (status, palette.cacheKey(), waiting)
        if key == self._status_key:
            return
        self._status_key = key
        pixmap = self._status_pixmaps.get(key)
        if pixmap is None:
            if len(self._status_pixmaps) > 16:  # old palettes
                self._status_pixmaps.clear()
            icon = waiting_icon(palette) if waiting else status_icon(status, palette)
            pixmap = icon.pixmap(16, 16)
            self._status_pixmaps[key] = pixmap
        self.statusIcon.setPixmap(pixmap)
        text = self.statusValue.palette()
        text.setColor(QPalette.ColorRole.WindowText, palette.color(
            QPalette.ColorRole.WindowText) if waiting else status_colour(status, palette))
        self.statusValue.setPalette(text)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._pet is not None:
            self._show_status(self._pet)  # light/dark: recolour

    def show_message(self, text: str) -> None:
        self.messageLabel.setText(text)
        self.messageLabel.setVisible(bool(text))

    def show_documented_deprecation(self) -> None:
        self._show_removal(DOCUMENTED_REMOVAL)

    def _show_removal(self, day: date | None) -> None:
        """The deprecation in staff words (the technical text is in Details)."""
        when = long_date(day) if day is not None else ""
        self.deprecationNote.setText(
            self.tr("Looking up a pet by its ID will stop working on %s.") % when if when
            else self.tr("Looking up a pet by its ID will stop working on a date not "
                         "yet announced."))

    def show_deprecation(self, info: DeprecationInfo) -> None:
        self._show_removal(info.sunset.date() if info.sunset else None)
        text = self.deprecationNote.text()
        if info.source == "server":
            text += " " + self.tr("(Announced by the Pet Store service.)")
        self.deprecationNote.setText(text)

    def _refresh(self) -> None:
        if self._pet is not None:
            self.refreshRequested.emit(self._pet.id)

    def copy_id(self) -> None:
        if self._pet is not None:
            QGuiApplication.clipboard().setText(str(self._pet.id))
            self.copied.emit(self.tr("Copied ID %d.") % self._pet.id)

    def copy_json(self) -> None:
        if self._pet is not None:
            QGuiApplication.clipboard().setText(
                json.dumps(self._pet.to_wire(), indent=2, ensure_ascii=False))
            self.copied.emit(self.tr("Copied %s as JSON.") % display(self._pet.name, 40))
