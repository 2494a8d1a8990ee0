"""Find any animal (Pets › Find in catalogue…, Ctrl+Shift+F): one box that takes a
name or an id, over the whole catalogue mirrored on this computer.

* An id (``1042``, ``#1042``, ``ID: 1042``; :func:`petdesk.core.names.parse_search`)
  goes to the window's look-up by ID (the service answers, fresh).
* A name searches the catalogue as it is typed, with the folding of the table's quick
  filter (case and accents: "zoe" finds "Zoë"). The results list every match, lazily
  (:class:`~petdesk.gui.catalogue.search_model.CatalogueResultsModel`), in the order chosen
  (newest first by default, or by any column), with a line saying how fresh the
  catalogue is. Enter (or a double click) opens the pet's detail in the window.

The dialog is not modal: an agent keeps it open beside the window while on the phone.
Its own catalogue line shows the fill and offers Update now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from petdesk.core.names import parse_search
from petdesk.gui.catalogue.search_model import COLUMNS, CatalogueResultsModel, Fetch
from petdesk.gui.common.accessibility import make_accessible
from petdesk.gui.common.localize import localized
from petdesk.gui.common.sort_arrow import point_sort_arrows
from petdesk.services.catalogue.wording import search_note
from petdesk.storage.rows import MirrorQuery, MirrorSort

if TYPE_CHECKING:
    from petdesk.core.clock import Clock
    from petdesk.services.catalogue.engine import ResultWindow

__all__ = ["ORDERS", "CatalogueDialog"]

#: Typing pauses this long before a search runs.
TYPING_MS: Final = 150

#: The orders offered (sort, descending), named in :meth:`CatalogueDialog._order_names`;
#: the first is the default.
ORDERS: Final = (
    (MirrorSort.ID, True),
    (MirrorSort.ID, False),
    (MirrorSort.NAME, False),
    (MirrorSort.NAME, True),
    (MirrorSort.CATEGORY, False),
    (MirrorSort.STATUS, False),
)


class CatalogueDialog(QDialog):
    """See the module docstring."""

    #: Open the detail of this pet (an id typed, or a result chosen).
    petChosen = Signal(int)
    #: The user asked for an update of the catalogue.
    updateRequested = Signal()

    def __init__(self, fetch: Fetch, clock: Clock, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("catalogueDialog")
        self.setWindowTitle(self.tr("Find any animal"))
        self._clock = clock
        self.model = CatalogueResultsModel(fetch, self)
        self.model.on_window(self._window_read)

        self.searchEdit = QLineEdit()
        self.searchEdit.setObjectName("catalogueSearchEdit")
        self.searchEdit.setPlaceholderText(self.tr("Name or ID, e.g. Mochi or 1042"))
        self.searchEdit.setAccessibleName(self.tr("Find a pet by name or ID"))
        self.searchEdit.setClearButtonEnabled(True)
        self.orderCombo = QComboBox()
        self.orderCombo.setObjectName("catalogueOrderCombo")
        self.orderCombo.setAccessibleName(self.tr("Order of the results"))
        for text, choice in zip(self._order_names(), ORDERS, strict=True):
            self.orderCombo.addItem(text, choice)

        self.resultsView = QTableView()
        self.resultsView.setObjectName("catalogueResults")
        self.resultsView.setAccessibleName(self.tr("Pets found"))
        self.resultsView.setModel(self.model)
        self.resultsView.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.resultsView.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.resultsView.setWordWrap(False)
        self.resultsView.verticalHeader().setVisible(False)
        self.resultsView.setSortingEnabled(True)
        header = self.resultsView.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.resizeSection(0, 80)
        header.resizeSection(1, 220)
        header.setSortIndicator(0, Qt.SortOrder.DescendingOrder)
        point_sort_arrows(header)

        self.noteLabel = QLabel()
        self.noteLabel.setObjectName("catalogueNote")
        self.noteLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.noteLabel.setWordWrap(True)
        self.catalogueLabel = QLabel()
        self.catalogueLabel.setObjectName("catalogueLine")
        self.catalogueLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.catalogueLabel.setWordWrap(True)
        self.updateButton = QPushButton(self.tr("Update now"))
        self.updateButton.setObjectName("catalogueUpdateButton")
        self.updateButton.setToolTip(self.tr("Look for new pets now (Ctrl+Shift+U)"))
        self.closeButton = QPushButton(self.tr("Close"))
        self.closeButton.setObjectName("catalogueCloseButton")
        self.closeButton.setAutoDefault(False)
        self.updateButton.setAutoDefault(False)

        top = QHBoxLayout()
        find = QLabel(self.tr("&Find:"))
        find.setBuddy(self.searchEdit)
        top.addWidget(find)
        top.addWidget(self.searchEdit, 1)
        order = QLabel(self.tr("&Order:"))
        order.setBuddy(self.orderCombo)
        top.addWidget(order)
        top.addWidget(self.orderCombo)
        bottom = QHBoxLayout()
        bottom.addWidget(self.catalogueLabel, 1)
        bottom.addWidget(self.updateButton)
        bottom.addWidget(self.closeButton)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.resultsView, 1)
        layout.addWidget(self.noteLabel)
        layout.addLayout(bottom)
        self.resize(640, 420)
        make_accessible(self)

        self._typing = QTimer(self)
        self._typing.setSingleShot(True)
        self._typing.setInterval(TYPING_MS)
        self._typing.timeout.connect(self.search)
        self.searchEdit.textChanged.connect(lambda _t: self._typing.start())
        self.searchEdit.returnPressed.connect(self._enter_in_box)
        self.model.searchStarted.connect(self._searching)
        self.model.searchFailed.connect(self._not_searched)
        self.orderCombo.activated.connect(self._order_chosen)
        header.sortIndicatorChanged.connect(self._header_sorted)
        self.resultsView.activated.connect(lambda index: self._choose(index.row()))
        self.resultsView.installEventFilter(self)
        self.updateButton.clicked.connect(self.updateRequested)
        self.closeButton.clicked.connect(self.close)

    def _order_names(self) -> tuple[str, ...]:
        return (self.tr("Newest first"), self.tr("Oldest first"), self.tr("Name, A to Z"),
                self.tr("Name, Z to A"), self.tr("Category"), self.tr("Status"))

    # -- searching -----------------------------------------------------------------------

    def search(self) -> None:
        """Search the catalogue for the text typed (an id searches nothing: Enter
        looks it up), in the order shown."""
        self._typing.stop()
        typed = parse_search(self.searchEdit.text())
        text = "" if typed.is_id else typed.text
        sort, descending = self.orderCombo.currentData()
        self.model.set_query(MirrorQuery(text, sort, descending))

    def show_order(self, sort: MirrorSort, descending: bool) -> None:
        """Show the results in this order (View › Newest first…)."""
        self.resultsView.horizontalHeader().setSortIndicator(
            COLUMNS.index(sort),
            Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder)

    def _order_chosen(self, index: int) -> None:
        sort, descending = self.orderCombo.itemData(index)
        self.show_order(sort, descending)

    def _header_sorted(self, column: int, order: Qt.SortOrder) -> None:
        """A click on a column's header: the combo shows that order (the model sorts
        itself: the view calls its ``sort``)."""
        wanted = (COLUMNS[column], order == Qt.SortOrder.DescendingOrder)
        found = next((i for i in range(self.orderCombo.count())
                      if tuple(self.orderCombo.itemData(i)) == wanted), -1)
        if found < 0:
            name = self.model.headerData(column, Qt.Orientation.Horizontal)
            self.orderCombo.addItem(self.tr("%s, reversed") % name, wanted)
            found = self.orderCombo.count() - 1
        self.orderCombo.setCurrentIndex(found)

    def _window_read(self, window: ResultWindow) -> None:
        self.noteLabel.setText(localized(search_note(
            window.count, window.query.text, window.status, self._clock.time())))
        if window.offset == 0 and window.count and not self.resultsView.currentIndex().isValid():
            self.resultsView.selectRow(0)

    def _searching(self) -> None:
        """A new search: until its answer, the note says so (never what an earlier
        search found)."""
        if self.model.rowCount() == 0:
            self.noteLabel.setText(self.tr("Searching the catalogue…"))

    def _not_searched(self) -> None:
        self.noteLabel.setText(self.tr("The search was stopped. Press Enter to search "
                                       "again."))

    def set_catalogue_line(self, text: str) -> None:
        self.catalogueLabel.setText(text)

    # -- choosing ------------------------------------------------------------------------

    def _enter_in_box(self) -> None:
        typed = parse_search(self.searchEdit.text())
        if typed.pet_id is not None:
            self.petChosen.emit(typed.pet_id)
            return
        if self._typing.isActive() or not (self.model.rowCount() or self.model.searching):
            self.search()  # before the pause, or after a stopped search: search now
            return
        self._choose(max(0, self.resultsView.currentIndex().row()))

    def _choose(self, row: int) -> None:
        pet = self.model.pet(row)
        if pet is not None:
            self.petChosen.emit(pet.id)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched is self.resultsView and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)):
            self._choose(self.resultsView.currentIndex().row())
            return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Enter in the search box must not close the dialog (QDialog's default button).
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()
            return
        super().keyPressEvent(event)
