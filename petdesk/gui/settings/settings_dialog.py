"""Settings: the base URL of each environment, the request timeout and the catalogue's
schedule (never the key) on the General tab; the shared store on its own tab."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QLabel,
    QLineEdit,
    QScrollArea,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from petdesk.core.connection import PRODUCTION_URL, STAGING_URL
from petdesk.core.urls import base_url_problem
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.catalogue.settings_page import CatalogueSettingsBox
from petdesk.gui.common.accessibility import make_accessible
from petdesk.gui.common.localize import localized
from petdesk.gui.common.screen_fit import fit_to_screen
from petdesk.gui.common.translations import LANGUAGE_CHOICES
from petdesk.gui.settings.settings import (
    DEFAULT_TIMEOUT,
    TIMEOUT_RANGE,
    AppSettings,
    CatalogueChoice,
    Environment,
)
from petdesk.gui.settings.shared_store_page import SharedStorePage


class SettingsDialog(QDialog):
    """``in_use``: (environment label, address) the window uses now; ``overridden``:
    that address comes from ``--base-url``, not from these settings."""

    #: OK with a shared store password typed: to be kept in the keyring (never saved
    #: with the settings). Emitted before :attr:`accepted`.
    sharedPasswordEntered = Signal(str)

    def __init__(self, settings: AppSettings, parent: QWidget | None = None, *,
                 in_use: tuple[str, str] | None = None, overridden: bool = False,
                 demo: bool = False, key_in_memory: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.setWindowTitle(self.tr("Settings"))
        self._settings = settings
        self.productionUrlEdit = QLineEdit(settings.base_url(Environment.PRODUCTION))
        self.productionUrlEdit.setObjectName("productionUrlEdit")
        self.productionUrlEdit.setAccessibleName(self.tr("Production address"))
        self.stagingUrlEdit = QLineEdit(settings.base_url(Environment.STAGING))
        self.stagingUrlEdit.setObjectName("stagingUrlEdit")
        self.stagingUrlEdit.setAccessibleName(self.tr("Staging address"))
        self.timeoutSpin = QDoubleSpinBox()
        self.timeoutSpin.setObjectName("timeoutSpin")
        self.timeoutSpin.setAccessibleName(self.tr("Request timeout in seconds"))
        self.timeoutSpin.setRange(*TIMEOUT_RANGE)
        self.timeoutSpin.setDecimals(0)
        self.timeoutSpin.setSuffix(self.tr(" s"))
        self.timeoutSpin.setValue(settings.timeout)
        self.languageCombo = QComboBox()
        self.languageCombo.setObjectName("languageCombo")
        self.languageCombo.setAccessibleName(self.tr("Language"))
        self.languageCombo.addItem(self.tr("System language"), "")
        for code, name in LANGUAGE_CHOICES:  # each language's own name, never translated
            self.languageCombo.addItem(name, code)
        self.languageCombo.setCurrentIndex(max(0, self.languageCombo.findData(settings.language)))
        self.problemLabel = QLabel()
        self.problemLabel.setObjectName("settingsProblem")
        self.problemLabel.setWordWrap(True)
        self.problemLabel.setVisible(False)

        self.inUseLabel = QLabel()
        self.inUseLabel.setObjectName("addressInUse")
        self.inUseLabel.setWordWrap(True)
        self.inUseLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.inUseLabel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        if demo:
            self.inUseLabel.setText(self.tr("In use now: the demo's sample data on this "
                                            "computer. These addresses apply when PetDesk "
                                            "is started without --demo."))
        elif in_use is not None:
            text = localized(QT_TRANSLATE_NOOP("SettingsDialog", "In use now ({label}): {address}")
                             .format(label=in_use[0], address=in_use[1]))
            if overridden:
                text += "\n" + localized(QT_TRANSLATE_NOOP(
                    "SettingsDialog",
                    "PetDesk was started with --base-url, which overrides the {in_use} address "
                    "below until it is started without it.").format(
                    in_use=in_use[0]))
            self.inUseLabel.setText(text)
        self.inUseLabel.setVisible(bool(self.inUseLabel.text()))

        form = QFormLayout()
        form.addRow(self.tr("&Production address:"), self.productionUrlEdit)
        form.addRow(self.tr("&Staging address:"), self.stagingUrlEdit)
        form.addRow(self.tr("Request &timeout:"), self.timeoutSpin)
        form.addRow(self.tr("&Language:"), self.languageCombo)
        self.languageNote = QLabel(self.tr("A new language applies the next time PetDesk starts."))
        self.languageNote.setObjectName("languageNote")
        self.languageNote.setWordWrap(True)
        form.addRow("", self.languageNote)
        if key_in_memory:
            note = QLabel(self.tr("The API key is not a setting: no system keyring works "
                                  "on this computer, so it is kept in memory for this "
                                  "session only (File › API key…)."))
        else:
            note = QLabel(self.tr("The API key is not a setting: it is kept in your system "
                                  "keyring (File › API key…)."))
        note.setObjectName("keyNote")
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel
                                   | QDialogButtonBox.StandardButton.RestoreDefaults)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(
            self._defaults)
        general = QWidget()
        general.setObjectName("generalPage")
        page = QVBoxLayout(general)
        page.addWidget(self.inUseLabel)
        page.addLayout(form)
        page.addWidget(note)
        self.catalogueBox = CatalogueSettingsBox(settings.catalogue)
        page.addWidget(self.catalogueBox)
        self.sharedPage = SharedStorePage(settings.shared_store, demo=demo,
                                          password_in_memory=key_in_memory)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("settingsTabs")
        self.tabs.setAccessibleName(self.tr("Settings pages"))
        general.setAccessibleName(self.tr("General settings"))
        self.sharedPage.setAccessibleName(self.tr("Shared store settings"))
        self.tabs.addTab(_scrolling(general), self.tr("&General"))
        self.tabs.addTab(_scrolling(self.sharedPage), self.tr("Shared st&ore"))
        for stack in self.tabs.findChildren(QStackedWidget):
            stack.setAccessibleName(self.tr("Settings pages"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.problemLabel)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)
        self._pages = (general, self.sharedPage)
        self._fitted = False
        make_accessible(self)
        self.productionUrlEdit.setFocus()  # the first field, not the tabs above it

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._fitted:
            self._fitted = True
            self._fit_pages()

    def _fit_pages(self) -> None:
        """Tall enough for the tallest page's wrapped text at the width shown, as far as
        the screen allows (the pages scroll beyond): a tab widget does not pass its
        pages' height-for-width on, so their wrapped labels would be cut."""
        width = self.tabs.currentWidget().width()
        tallest = max(page.heightForWidth(width) for page in self._pages)
        wanted = tallest + self.tabs.height() - self.tabs.currentWidget().height()
        room = (self.screen().availableGeometry().height()
                - (self.frameGeometry().height() - self.tabs.height()))
        if wanted > self.tabs.height():
            self.tabs.setMinimumHeight(min(wanted, room))
            self.resize(self.width(), self.sizeHint().height())
            fit_to_screen(self)

    def _defaults(self) -> None:
        self.productionUrlEdit.setText(PRODUCTION_URL)
        self.stagingUrlEdit.setText(STAGING_URL)
        self.timeoutSpin.setValue(DEFAULT_TIMEOUT)
        self.catalogueBox.show_choice(CatalogueChoice())

    def accept(self) -> None:
        for label, edit in ((self.tr("Production address"), self.productionUrlEdit),
                            (self.tr("Staging address"), self.stagingUrlEdit)):
            problem = base_url_problem(edit.text())
            if problem:
                self.problemLabel.setText(localized(QT_TRANSLATE_NOOP(
                    "SettingsDialog",
                    "{label}: {problem}").format(
                    label=label, problem=localized(problem))))
                self.problemLabel.setVisible(True)
                self.tabs.setCurrentIndex(0)
                edit.setFocus()
                return
        shared_problem = self.sharedPage.problem()
        if shared_problem:  # said on its page, which scrolls: the buttons stay on screen
            self.problemLabel.setVisible(False)
            self.sharedPage.show_result(shared_problem)
            self.tabs.setCurrentIndex(1)
            self.sharedPage.sharedAddressEdit.setFocus()
            return
        self._settings.set_base_url(Environment.PRODUCTION, self.productionUrlEdit.text())
        self._settings.set_base_url(Environment.STAGING, self.stagingUrlEdit.text())
        self._settings.timeout = self.timeoutSpin.value()
        self._settings.language = str(self.languageCombo.currentData())
        self._settings.catalogue = self.catalogueBox.choice()
        self._settings.shared_store = self.sharedPage.choice()
        self._settings.sync()
        if self.sharedPage.password:
            self.sharedPasswordEntered.emit(self.sharedPage.password)
        super().accept()


def _scrolling(page: QWidget) -> QScrollArea:
    """``page`` in a tab, scrolling where the screen is too short for it."""
    area = QScrollArea()
    area.setAccessibleName(page.accessibleName())
    area.viewport().setAccessibleName(page.accessibleName())
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(page)
    return area
