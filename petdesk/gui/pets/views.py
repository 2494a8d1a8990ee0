"""The main window's panels: the filter bar, the table with its state overlay and
footer. Widgets only; the window wires them to the controllers."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QBoxLayout,
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
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized
from petdesk.gui.common.status_look import status_text
from petdesk.gui.pets.pet_model import Column, PetTableModel
from petdesk.gui.settings.connection import DEMO
from petdesk.gui.settings.settings import Environment

#: The status filter's entry for pets without a status (filtered over the loaded rows:
#: the list API takes a status, and has no way to ask for "none").
NO_STATUS = "none"


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

    def show_environment(self, kind: str, label: str, address: str, *,
                         set_up: bool = True) -> None:
        """``kind``: "demo", "staging" or "production"; ``set_up``: False while the
        address is still the spec's example (never shown as if it were real)."""
        if kind == DEMO:
            text = self.tr("<b>DEMO</b> — sample data on this computer; nothing leaves it")
        elif not set_up and kind == Environment.STAGING.value:
            text = self.tr("<b>STAGING</b> — not set up: enter the service address "
                           "with File › API key…")
        elif not set_up:
            text = self.tr("<b>Production</b> — not set up: enter the service address "
                           "with File › API key…")
        elif kind == Environment.STAGING.value:
            text = localized(QT_TRANSLATE_NOOP(
                "EnvironmentBanner",
                "<b>STAGING</b> — test environment: {address}").format(
                address=_escape(address)))
        else:
            text = localized(QT_TRANSLATE_NOOP(
                "EnvironmentBanner",
                "<b>Production</b> — live data: {address}").format(
                address=_escape(address)))
        self.setText(text)
        self.setAccessibleName(localized(QT_TRANSLATE_NOOP(
            "EnvironmentBanner",
            "Environment: {label}").format(
            label=label)))
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


#: The narrowest the name filter and the look-up field get (they stay usable).
QUICK_FILTER_MIN_WIDTH = 160
LOOKUP_MIN_WIDTH = 120


class FilterBar(QWidget):
    """Environment, status filter, page size, Refresh, quick filter, look-up, Add pet.

    One row when the window is wide enough for every control at its full size, two rows
    (the list's filters, then the name filter, look-up and Add pet) when it is not: the
    bar never asks the window to be wider than its widest group, and never squeezes a
    field until it cannot be used."""

    def __init__(self, *, demo: bool, environment: Environment,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("filterBar")
        self.setAccessibleName(self.tr("Filters and look-up"))

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
            self.statusFilter.addItem(status_text(status), status.value)
        self.statusFilter.addItem(status_text(None), NO_STATUS)

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
            "Filters the pets loaded in the table. With the catalogue on, also counts "
            "the pets of the whole catalogue named like this: Enter shows them in "
            "Find any animal (Ctrl+Shift+F)."))

        self.lookupEdit = QLineEdit()
        self.lookupEdit.setObjectName("lookupEdit")
        self.lookupEdit.setPlaceholderText(self.tr("Look up ID (Ctrl+L)"))
        self.lookupEdit.setAccessibleName(self.tr("Look up a pet by ID"))
        self.lookupEdit.setToolTip(self.tr("Type a pet ID and press Enter"))
        self.lookupEdit.setMaximumWidth(170)
        self.lookupEdit.setMinimumWidth(LOOKUP_MIN_WIDTH)
        self.quickFilterEdit.setMinimumWidth(QUICK_FILTER_MIN_WIDTH)

        self.addPetButton = QPushButton(self.tr("Add pet…"))
        self.addPetButton.setObjectName("addPetButton")
        self.addPetButton.setAccessibleName(self.tr("Add pet"))
        self.addPetButton.setIcon(QIcon.fromTheme("list-add"))

        self._lists = QWidget()
        row = QHBoxLayout(self._lists)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(_labelled(self.tr("&Environment:"), self.environmentCombo))
        row.addWidget(self.environmentCombo)
        row.addSpacing(12)
        row.addWidget(_labelled(self.tr("S&tatus:"), self.statusFilter))
        row.addWidget(self.statusFilter)
        row.addWidget(_labelled(self.tr("Page si&ze:"), self.limitSpin))  # Alt+P: Pets
        row.addWidget(self.limitSpin)
        row.addWidget(self.refreshButton)
        self._finds = QWidget()
        row = QHBoxLayout(self._finds)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.quickFilterEdit, 1)
        row.addWidget(self.lookupEdit)
        row.addWidget(self.addPetButton)
        self._rows = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self._rows.setContentsMargins(8, 8, 8, 4)
        self._rows.setSpacing(12)
        self._rows.addWidget(self._lists, 0, Qt.AlignmentFlag.AlignLeft)
        self._rows.addWidget(self._finds, 1)

    def _one_row_width(self) -> int:
        margins = self._rows.contentsMargins()
        return (self._lists.minimumSizeHint().width() + self._finds.minimumSizeHint().width()
                + self._rows.spacing() + margins.left() + margins.right())

    def minimumSizeHint(self) -> QSize:
        margins = self._rows.contentsMargins()
        width = max(self._lists.minimumSizeHint().width(),
                    self._finds.minimumSizeHint().width()) + margins.left() + margins.right()
        return QSize(width, super().minimumSizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        direction = (QBoxLayout.Direction.LeftToRight
                     if event.size().width() >= self._one_row_width()
                     else QBoxLayout.Direction.TopToBottom)
        if direction != self._rows.direction():
            self._rows.setDirection(direction)
        super().resizeEvent(event)

    def show_environment(self, environment: Environment) -> None:
        self.environmentCombo.setCurrentIndex(
            self.environmentCombo.findData(environment.value))

    def status(self) -> PetStatus | None:
        """The status the list asks the service for (None: every pet)."""
        value = self.statusFilter.currentData()
        return PetStatus(value) if value and value != NO_STATUS else None

    def no_status_only(self) -> bool:
        """"No status" is chosen: the loaded pets without a status are shown."""
        return bool(self.statusFilter.currentData() == NO_STATUS)

    def status_filter_text(self) -> str:
        return self.statusFilter.currentText()

    def set_filters(self, status: str, page_size: int) -> None:
        """Show another environment's filters (no signals: the caller loads the list)."""
        for widget in (self.statusFilter, self.limitSpin):
            widget.blockSignals(True)
        self.statusFilter.setCurrentIndex(max(0, self.statusFilter.findData(status)))
        self.limitSpin.setValue(page_size)
        for widget in (self.statusFilter, self.limitSpin):
            widget.blockSignals(False)

    def filters(self) -> tuple[str, int]:
        return str(self.statusFilter.currentData() or ""), self.limitSpin.value()


#: The least the Name column is narrowed to while its names need more.
NAME_MIN_WIDTH = 120


class PetTablePanel(QWidget):
    """The table (sorting in the model), its state overlay, the count and Load more."""

    def __init__(self, model: PetTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("Pet list"))
        self.table = QTableView()
        # A viewport made here is a QWidget PySide6 already knows; the one the view
        # makes itself would be typed on first access by walking every QWidget
        # subclass (creating their Python enums) before the first paint.
        viewport = QWidget()
        self.table.setViewport(viewport)
        self.table.setObjectName("petsTable")
        self.table.setAccessibleName(self.tr("Pets"))
        self.table.setAccessibleDescription(self.tr(
            "One pet a row: ID, name, category and status. Ctrl+P prints the selected "
            "pets' kennel cards."))
        self.table.setModel(model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; the arrows move in it
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
        header.resizeSection(Column.CATEGORY, 130)
        viewport.installEventFilter(self)
        for signal in (model.modelReset, model.rowsInserted, model.dataChanged):
            signal.connect(self.fit_columns)  # what the columns show may be wider now
        header.setSortIndicator(Column.ID, Qt.SortOrder.AscendingOrder)
        self.overlay = ViewOverlay(viewport)

        self.loadMoreButton = QPushButton(self.tr("Load more"))
        self.loadMoreButton.setObjectName("loadMoreButton")
        self.loadMoreButton.setAccessibleName(self.tr("Load more pets"))
        self.loadMoreButton.setVisible(False)
        self.countLabel = QLabel()
        self.countLabel.setObjectName("countLabel")
        below = QHBoxLayout()
        below.setContentsMargins(0, 4, 0, 0)
        below.addWidget(self.countLabel, 1)
        below.addWidget(self.loadMoreButton)
        #: What the quick filter finds in the whole catalogue: a row of its
        #: own, the table's whole width, so that a long count (German, Spanish) beside
        #: it never squeezes it into a column of single words.
        self.catalogueMatchLabel = QLabel()
        self.catalogueMatchLabel.setObjectName("catalogueMatchLabel")
        self.catalogueMatchLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.catalogueMatchLabel.setVisible(False)
        self.catalogueMatchLabel.setWordWrap(True)  # a long line never widens the window

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 8)
        layout.addWidget(self.table, 1)
        layout.addLayout(below)
        layout.addWidget(self.catalogueMatchLabel)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit_columns()
        return False

    def fit_columns(self) -> None:
        """A narrow table narrows the Name column (down to what its names need, at most
        NAME_MIN_WIDTH), then ID and Category down to what they show, so the Status
        column (the last, stretched) is never cut while Name has room to spare. The
        user's widths stay while there is room. Category first grows to what it shows
        (a long category name, in Spanish say), taking the room from Name."""
        header = self.table.horizontalHeader()
        need = {c: max(header.sectionSizeHint(c), self.table.sizeHintForColumn(c))
                for c in Column}
        if header.sectionSize(Column.CATEGORY) < need[Column.CATEGORY]:
            header.resizeSection(Column.CATEGORY, need[Column.CATEGORY])
        excess = (sum(header.sectionSize(c) for c in (Column.ID, Column.NAME,
                                                      Column.CATEGORY))
                  + need[Column.STATUS] - self.table.viewport().width())
        # The stretched last section never gets narrower than its own size: that is
        # what Status needs, and the stretch gives it any room left.
        if header.sectionSize(Column.STATUS) > need[Column.STATUS]:
            header.resizeSection(Column.STATUS, need[Column.STATUS])
        name_floor = min(NAME_MIN_WIDTH, need[Column.NAME])
        for column, floor in ((Column.NAME, name_floor), (Column.CATEGORY, need[Column.CATEGORY]),
                              (Column.ID, need[Column.ID])):
            if excess <= 0:
                return
            width = header.sectionSize(column)
            narrower = max(floor, width - excess)
            if narrower < width:
                header.resizeSection(column, narrower)
                excess -= width - narrower
