"""The main window's panels: the filter bar, the table with its state overlay and
footer. Widgets only; the window wires them to the controllers."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from petdesk.core.limits import LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN
from petdesk.core.statuses import PetStatus

from .controllers.connection import DEMO
from .pet_model import Column, PetTableModel
from .settings import Environment


class ViewOverlay(QLabel):
    """The empty / loading / error state, drawn over the table's viewport."""

    def __init__(self, viewport: QWidget) -> None:
        super().__init__(viewport)
        self.setObjectName("tableStateOverlay")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setContentsMargins(24, 24, 24, 24)
        self.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.setFont(font)
        viewport.installEventFilter(self)
        self.resize(viewport.size())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and isinstance(watched, QWidget):
            self.resize(watched.size())
        return False


#: Banner colours (background, text) by environment; production uses the palette's.
BANNER_COLOURS = {DEMO: ("#1f5fbf", "#ffffff"),
                  Environment.STAGING.value: ("#f4b400", "#1a1a1a")}


def _escape(text: str) -> str:
    """``text`` for Qt's rich text: ``&``, ``<`` and ``>`` as entities."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class EnvironmentBanner(QLabel):
    """Where the requests go, unmistakably: blue for the demo, yellow for staging.
    Coloured through its palette (a style sheet would be parsed and would restyle the
    label through a style-sheet style)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("environmentBanner")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setMargin(6)

    def show_environment(self, kind: str, label: str, address: str) -> None:
        """``kind``: "demo", "staging" or "production"."""
        if kind == DEMO:
            text = self.tr("<b>DEMO</b> — sample data on this computer; nothing is sent to "
                           "the Pet Store service")
        elif kind == Environment.STAGING.value:
            text = self.tr("<b>STAGING</b> — test environment: %s") % _escape(address)
        else:
            text = self.tr("<b>Production</b> — live data: %s") % _escape(address)
        self.setText(text)
        self.setAccessibleName(self.tr("Environment: %s") % label)
        colours = BANNER_COLOURS.get(kind)
        palette = QPalette()  # nothing set: the window's palette, light or dark
        if colours is not None:
            palette.setColor(QPalette.ColorRole.Window, QColor(colours[0]))
            palette.setColor(QPalette.ColorRole.WindowText, QColor(colours[1]))
        self.setPalette(palette)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Window if colours is not None
                               else QPalette.ColorRole.AlternateBase)


def _labelled(text: str, widget: QWidget) -> QLabel:
    label = QLabel(text)
    label.setBuddy(widget)
    return label


class FilterBar(QWidget):
    """Environment, status filter, page size, Refresh, quick filter, look-up, Add pet."""

    def __init__(self, *, demo: bool, environment: Environment,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("filterBar")
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 8, 8, 4)

        self.environmentCombo = QComboBox()
        self.environmentCombo.setObjectName("environmentCombo")
        self.environmentCombo.setAccessibleName(self.tr("Environment"))
        if demo:
            self.environmentCombo.addItem(self.tr("Demo (sandbox)"), DEMO)
            self.environmentCombo.setEnabled(False)
        else:
            self.environmentCombo.addItem(self.tr("Production"), Environment.PRODUCTION.value)
            self.environmentCombo.addItem(self.tr("Staging"), Environment.STAGING.value)
            self.show_environment(environment)

        self.statusFilter = QComboBox()
        self.statusFilter.setObjectName("statusFilter")
        self.statusFilter.setAccessibleName(self.tr("Status filter"))
        self.statusFilter.addItem(self.tr("All"), "")
        for status in PetStatus:
            self.statusFilter.addItem(status.value, status.value)

        self.limitSpin = QSpinBox()
        self.limitSpin.setObjectName("limitSpin")
        self.limitSpin.setRange(LIMIT_MIN, LIMIT_MAX)
        self.limitSpin.setValue(LIMIT_DEFAULT)
        self.limitSpin.setAccessibleName(self.tr("Page size"))
        self.limitSpin.setToolTip(self.tr("How many pets to load per page (1–100)"))

        self.refreshButton = QPushButton(self.tr("Refresh"))
        self.refreshButton.setObjectName("refreshButton")
        self.refreshButton.setAccessibleName(self.tr("Refresh"))
        self.refreshButton.setIcon(QIcon.fromTheme("view-refresh"))

        self.quickFilterEdit = QLineEdit()
        self.quickFilterEdit.setObjectName("quickFilterEdit")
        self.quickFilterEdit.setPlaceholderText(self.tr("Filter by name (Ctrl+F)"))
        self.quickFilterEdit.setAccessibleName(self.tr("Quick filter by name"))
        self.quickFilterEdit.setClearButtonEnabled(True)
        self.quickFilterEdit.setToolTip(self.tr(
            "Filters the pets loaded in the table. To search every pet by name: "
            "Pets › Find in catalogue… (Ctrl+Shift+F)"))

        self.lookupEdit = QLineEdit()
        self.lookupEdit.setObjectName("lookupEdit")
        self.lookupEdit.setPlaceholderText(self.tr("Look up ID (Ctrl+L)"))
        self.lookupEdit.setAccessibleName(self.tr("Look up a pet by ID"))
        self.lookupEdit.setToolTip(self.tr("Type a pet ID and press Enter"))
        self.lookupEdit.setMaximumWidth(170)

        self.addPetButton = QPushButton(self.tr("Add pet…"))
        self.addPetButton.setObjectName("addPetButton")
        self.addPetButton.setAccessibleName(self.tr("Add pet"))
        self.addPetButton.setIcon(QIcon.fromTheme("list-add"))

        row.addWidget(_labelled(self.tr("&Environment:"), self.environmentCombo))
        row.addWidget(self.environmentCombo)
        row.addSpacing(12)
        row.addWidget(_labelled(self.tr("S&tatus:"), self.statusFilter))
        row.addWidget(self.statusFilter)
        row.addWidget(_labelled(self.tr("&Page size:"), self.limitSpin))
        row.addWidget(self.limitSpin)
        row.addWidget(self.refreshButton)
        row.addSpacing(12)
        row.addWidget(self.quickFilterEdit, 1)
        row.addWidget(self.lookupEdit)
        row.addWidget(self.addPetButton)

    def show_environment(self, environment: Environment) -> None:
        self.environmentCombo.setCurrentIndex(
            self.environmentCombo.findData(environment.value))

    def status(self) -> PetStatus | None:
        value = self.statusFilter.currentData()
        return PetStatus(value) if value else None


class PetTablePanel(QWidget):
    """The table (sorting in the model), its state overlay, the count and Load more."""

    def __init__(self, model: PetTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableView()
        # A viewport made here is a QWidget PySide6 already knows; the one the view
        # makes itself would be typed on first access by walking every QWidget
        # subclass (creating their Python enums) before the first paint.
        viewport = QWidget()
        self.table.setViewport(viewport)
        self.table.setObjectName("petsTable")
        self.table.setAccessibleName(self.tr("Pets"))
        self.table.setModel(model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setSortingEnabled(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(
            self.table.fontMetrics().height() + 10)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.setHighlightSections(False)
        header.resizeSection(Column.ID, 80)
        header.resizeSection(Column.NAME, 260)
        header.resizeSection(Column.CATEGORY, 100)
        header.setSortIndicator(Column.ID, Qt.SortOrder.AscendingOrder)
        self.overlay = ViewOverlay(viewport)

        self.loadMoreButton = QPushButton(self.tr("Load more"))
        self.loadMoreButton.setObjectName("loadMoreButton")
        self.loadMoreButton.setVisible(False)
        self.countLabel = QLabel()
        self.countLabel.setObjectName("countLabel")
        below = QHBoxLayout()
        below.setContentsMargins(0, 4, 0, 0)
        below.addWidget(self.countLabel, 1)
        below.addWidget(self.loadMoreButton)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 8)
        layout.addWidget(self.table, 1)
        layout.addLayout(below)
