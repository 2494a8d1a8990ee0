"""The catalogue's part of the Settings dialog: whether PetDesk keeps a copy of the
whole catalogue, how often it looks for new pets, and how much of the day's quota it
may use (the user's own requests always come first)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QFormLayout, QGroupBox, QLabel, QSpinBox, QWidget

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized, number
from petdesk.gui.settings.settings import (
    DAILY_QUOTA_RANGE,
    DAY_PERCENT_RANGE,
    UPDATE_MINUTES_RANGE,
    CatalogueChoice,
)

__all__ = ["CatalogueSettingsBox"]


def _spin(name: str, accessible: str, bounds: tuple[int, int], suffix: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setObjectName(name)
    spin.setAccessibleName(accessible)
    spin.setRange(*bounds)
    spin.setSuffix(suffix)
    return spin


class CatalogueSettingsBox(QGroupBox):
    """The "Catalogue" group of the Settings dialog."""

    def __init__(self, choice: CatalogueChoice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("catalogueSettings")
        self.setTitle(self.tr("Catalogue (to find any animal by name)"))
        self.enabledCheck = QCheckBox(self.tr("&Keep a copy of the whole catalogue on "
                                              "this computer"))
        self.enabledCheck.setObjectName("catalogueEnabledCheck")
        self.updateSpin = _spin("catalogueUpdateSpin", self.tr("Look for new pets every"),
                                UPDATE_MINUTES_RANGE, self.tr(" min"))
        self.shareSpin = _spin("catalogueShareSpin",
                               self.tr("Share of the day's requests it may use"),
                               DAY_PERCENT_RANGE, self.tr(" %"))
        self.quotaSpin = _spin("catalogueQuotaSpin", self.tr("Requests a day on your plan"),
                               DAILY_QUOTA_RANGE, "")
        self.quotaSpin.setGroupSeparatorShown(True)
        self.costLabel = QLabel()
        self.costLabel.setObjectName("catalogueCost")
        self.costLabel.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow(self.enabledCheck)
        form.addRow(self.tr("Look for new pets &every:"), self.updateSpin)
        form.addRow(self.tr("Use at &most:"), self.shareSpin)
        form.addRow(self.tr("Requests a &day on your plan:"), self.quotaSpin)
        form.addRow(self.costLabel)
        for spin in (self.updateSpin, self.shareSpin, self.quotaSpin):
            spin.valueChanged.connect(self._explain)
        self.enabledCheck.toggled.connect(self._explain)
        self.show_choice(choice)

    def show_choice(self, choice: CatalogueChoice) -> None:
        self.enabledCheck.setChecked(choice.enabled)
        self.updateSpin.setValue(choice.update_minutes)
        self.shareSpin.setValue(choice.day_percent)
        self.quotaSpin.setValue(choice.daily_quota)
        self._explain()

    def choice(self) -> CatalogueChoice:
        return CatalogueChoice(self.enabledCheck.isChecked(), self.updateSpin.value(),
                               self.shareSpin.value(), self.quotaSpin.value())

    def _explain(self) -> None:
        choice = self.choice()
        for spin in (self.updateSpin, self.shareSpin, self.quotaSpin):
            spin.setEnabled(choice.enabled)
        if not choice.enabled:
            self.costLabel.setText(self.tr(
                "Off: PetDesk sends no requests for the catalogue. Finding a pet by "
                "name searches only what was already downloaded."))
            return
        allowance = max(1, choice.daily_quota * choice.day_percent // 100)
        updates = 24 * 60 // choice.update_minutes
        self.costLabel.setText(localized(QT_TRANSLATE_NOOP(
            "CatalogueSettingsBox",
            "Downloading the catalogue takes one request per 100 pets. Then each check for new "
            "pets costs one or two requests ({updates} checks a day), and every page is read "
            "again once a day. The catalogue never uses more than {allowance} requests a day, "
            "and never the requests kept for your own work.").format(
            updates=number(updates), allowance=number(allowance))))
