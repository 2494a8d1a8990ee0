"""The detail view (``petDetail``): the selected pet, "Refresh from server", copy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFont, QGuiApplication, QPalette, QPixmap
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from .status_look import status_colour, status_icon

if TYPE_CHECKING:
    from petdesk.api import DeprecationInfo, Pet

#: Spec section 4.3 (the same date as petdesk.api.DOCUMENTED_SUNSET, which is not
#: imported here so that the window can show before httpx and pydantic load).
DOCUMENTED_REMOVAL = "5 December 2030"


class PetDetail(QFrame):
    refreshRequested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("petDetail")
        self.setAccessibleName(self.tr("Pet details"))
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumWidth(260)
        self._pet: Pet | None = None

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
        self.statusIcon = QLabel()
        self.statusValue = value_label("detailStatus")
        font = self.statusValue.font()
        font.setWeight(QFont.Weight.DemiBold)
        self.statusValue.setFont(font)
        #: (status, palette) the status row shows, and the icons drawn so far.
        self._status_key: tuple[str | None, int] | None = None
        self._status_pixmaps: dict[tuple[str | None, int], QPixmap] = {}
        status_row = QHBoxLayout()
        status_row.setContentsMargins(0, 0, 0, 0)
        status_row.addWidget(self.statusIcon)
        status_row.addWidget(self.statusValue, 1)

        form = QFormLayout()
        form.addRow(self.tr("ID:"), self.idValue)
        form.addRow(self.tr("Name:"), self.nameValue)
        form.addRow(self.tr("Category ID:"), self.categoryValue)
        form.addRow(self.tr("Status:"), status_row)

        self.refreshButton = QPushButton(self.tr("&Refresh from server"))
        self.refreshButton.setObjectName("refreshDetailButton")
        self.refreshButton.setToolTip(self.tr("GET /pets/{petId} (deprecated call)"))
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

        layout = QVBoxLayout(self)
        layout.addWidget(self.titleLabel)
        layout.addLayout(form)
        layout.addLayout(copy_row)
        layout.addWidget(self.refreshButton)
        layout.addWidget(self.deprecationNote)
        layout.addWidget(self.messageLabel)
        layout.addStretch(1)
        self.show_documented_deprecation()
        self.show_pet(None)

    @property
    def pet(self) -> Pet | None:
        return self._pet

    def show_pet(self, pet: Pet | None) -> None:
        """Show ``pet`` (``None``: nothing selected).

        Showing the pet already shown only checks the status colours (the palette
        may have changed): selecting a pet shows it once through the table's
        current-row signal and once directly, and each change of the labels costs
        a relayout of the panel.
        """
        same = pet is not None and pet is self._pet
        self._pet = pet
        if pet is None:
            for button in (self.refreshButton, self.copyIdButton, self.copyJsonButton):
                button.setEnabled(False)
            self.titleLabel.setText(self.tr("No pet selected"))
            for label in (self.idValue, self.nameValue, self.categoryValue, self.statusValue):
                label.setText("—")
            self.statusIcon.clear()
            self._status_key = None
            return
        self.messageLabel.setVisible(False)
        if not same:
            for button in (self.refreshButton, self.copyIdButton, self.copyJsonButton):
                button.setEnabled(True)
            self.titleLabel.setText(pet.name)
            self.idValue.setText(str(pet.id))
            self.nameValue.setText(pet.name)
            self.categoryValue.setText(str(pet.category_id))
            self.statusValue.setText(str(pet.status) if pet.status else self.tr("No status"))
        self._show_status(pet.status)

    def _show_status(self, status: str | None) -> None:
        """The status icon and colour, redrawn only when the status or palette changes."""
        palette = self.palette()
        key = (status, palette.cacheKey())
        if key == self._status_key:
            return
        self._status_key = key
        pixmap = self._status_pixmaps.get(key)
        if pixmap is None:
            if len(self._status_pixmaps) > 16:  # old palettes
                self._status_pixmaps.clear()
            pixmap = status_icon(status, palette).pixmap(16, 16)
            self._status_pixmaps[key] = pixmap
        self.statusIcon.setPixmap(pixmap)
        text = self.statusValue.palette()
        text.setColor(QPalette.ColorRole.WindowText, status_colour(status, palette))
        self.statusValue.setPalette(text)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._pet is not None:
            self._show_status(self._pet.status)  # light/dark: recolour

    def show_message(self, text: str) -> None:
        self.messageLabel.setText(text)
        self.messageLabel.setVisible(bool(text))

    def show_documented_deprecation(self) -> None:
        self.deprecationNote.setText(self.tr(
            "Note: “Refresh from server” uses a deprecated call that the service "
            "removes on %s.") % DOCUMENTED_REMOVAL)

    def show_deprecation(self, info: DeprecationInfo) -> None:
        text = info.describe()
        if info.source == "server":
            text += " " + self.tr("(Announced by the server.)")
        self.deprecationNote.setText(text)

    def _refresh(self) -> None:
        if self._pet is not None:
            self.refreshRequested.emit(self._pet.id)

    def copy_id(self) -> None:
        if self._pet is not None:
            QGuiApplication.clipboard().setText(str(self._pet.id))

    def copy_json(self) -> None:
        if self._pet is not None:
            import json  # noqa: PLC0415 - on first use, not before the window's first paint

            QGuiApplication.clipboard().setText(
                json.dumps(self._pet.to_wire(), indent=2, ensure_ascii=False))
