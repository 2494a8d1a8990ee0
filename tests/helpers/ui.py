"""The main window's parts as the user meets them, found by object name (or, for the
dialogs, as the open window of their kind): what the tests look at and click.

    from tests.helpers import ui
    ui.table(window).model().rowCount()
"""

from __future__ import annotations

import threading
from typing import TypeVar

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QBoxLayout,
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QWidget,
)

from petdesk.api import Pet
from petdesk.gui.cards.categories_model import CategoryModel
from petdesk.gui.common.status_bar import PetStatusBar
from petdesk.gui.pets.add_pet import AddPetDialog
from petdesk.gui.pets.detail import PetDetail
from petdesk.gui.pets.pet_model import PetTableModel
from petdesk.gui.pets.views import EnvironmentBanner, FilterBar
from petdesk.gui.settings.api_key_dialog import ApiKeyDialog
from petdesk.gui.worker.worker import Worker

T = TypeVar("T", bound=QObject)


def child(window: QWidget, kind: type[T], name: str = "") -> T:
    """The window's one ``kind`` named ``name`` (any ``kind`` when no name is given)."""
    found = window.findChild(kind, name) if name else window.findChild(kind)
    assert found is not None, f"no {kind.__name__} {name!r} in the window"
    return found


def table(window: QWidget) -> QTableView:
    return child(window, QTableView, "petsTable")


def model(window: QWidget) -> PetTableModel:
    found = table(window).model()
    assert isinstance(found, PetTableModel)
    return found


def status_bar(window: QWidget) -> PetStatusBar:
    return child(window, PetStatusBar, "statusBar")


def detail(window: QWidget) -> PetDetail:
    return child(window, PetDetail, "petDetail")


def banner(window: QWidget) -> EnvironmentBanner:
    return child(window, EnvironmentBanner, "environmentBanner")


def filter_bar(window: QWidget) -> FilterBar:
    return child(window, FilterBar, "filterBar")


def environment_combo(window: QWidget) -> QComboBox:
    return child(window, QComboBox, "environmentCombo")


def status_filter(window: QWidget) -> QComboBox:
    return child(window, QComboBox, "statusFilter")


def limit_spin(window: QWidget) -> QSpinBox:
    return child(window, QSpinBox, "limitSpin")


def refresh_button(window: QWidget) -> QPushButton:
    return child(window, QPushButton, "refreshButton")


def quick_filter(window: QWidget) -> QLineEdit:
    return child(window, QLineEdit, "quickFilterEdit")


def lookup_edit(window: QWidget) -> QLineEdit:
    return child(window, QLineEdit, "lookupEdit")


def add_button(window: QWidget) -> QPushButton:
    return child(window, QPushButton, "addPetButton")


def load_more_button(window: QWidget) -> QPushButton:
    return child(window, QPushButton, "loadMoreButton")


def count_label(window: QWidget) -> QLabel:
    return child(window, QLabel, "countLabel")


def splitter(window: QWidget) -> QSplitter:
    return child(window, QSplitter, "mainSplitter")


def action(window: QWidget, name: str) -> QAction:
    return child(window, QAction, name)


def worker(window: QWidget) -> Worker:
    """The window's worker (what runs its requests), once the window has built it."""
    return child(window, Worker)


def overlay_text(window: QWidget) -> str:
    """The sentence shown over the empty table ("" when none is shown)."""
    overlay = child(window, QLabel, "tableStateOverlay")
    return overlay.text() if overlay.isVisibleTo(window) else ""


def selected_pet(window: QWidget) -> Pet | None:
    """The pet of the table's current row."""
    return model(window).pet_at(table(window).currentIndex())


def _open(window: QWidget, kind: type[T]) -> T | None:
    return next((d for d in window.findChildren(kind)
                 if isinstance(d, QWidget) and d.isVisible()), None)


def add_dialog(window: QWidget) -> AddPetDialog | None:
    """The Add pet form while it is open."""
    return _open(window, AddPetDialog)


def key_dialog(window: QWidget) -> ApiKeyDialog | None:
    """The API key dialog while it is open."""
    return _open(window, ApiKeyDialog)


def shown_after_add(qtbot: object, window: QWidget, timeout: int = 10_000) -> Pet:
    """The pet the detail panel shows once the Add pet form closed on its success."""

    def shown() -> bool:
        pet = detail(window).pet
        return add_dialog(window) is None and pet is not None and pet.id > 0

    qtbot.waitUntil(shown, timeout=timeout)  # type: ignore[attr-defined]
    pet = detail(window).pet
    assert pet is not None
    return pet


def categories(window: QWidget) -> CategoryModel:
    """The category names the window shows ("Dogs (1)")."""
    return child(window, CategoryModel)


# Internals a few tests check, read here so that the product keeps no method for them.

def field_error(dialog: QWidget, field: str) -> str:
    """The message shown next to the add form's ``field`` ("name", "categoryId"), or ""."""
    label = child(dialog, QLabel, f"{field}EditError")
    return label.text() if label.isVisibleTo(dialog) else ""


def held_rows(model: object) -> int:
    """The catalogue search model's rows in memory."""
    windows = model._windows  # type: ignore[attr-defined]
    return sum(len(rows) for rows in windows.values())


def two_rows(bar: QWidget) -> bool:
    """Whether the filter bar is laid out in two rows."""
    return bool(bar._rows.direction() == QBoxLayout.Direction.TopToBottom)  # type: ignore[attr-defined]


def worker_thread(worker: object) -> threading.Thread:
    """The worker's thread."""
    thread: threading.Thread = worker._runner.thread  # type: ignore[attr-defined]
    return thread
