"""The window never resizes itself: at 800×500, 1100×680 and 1920×1080,
in every locale PetDesk ships, no label, button or field of the main window and its
dialogs is clipped (its size against its ``sizeHint``), no table column cuts its
contents, and no status-bar text (the rate-limit countdown included) changes the
window's size, or the size saved for the next start.

To check a new translation, add its language to :data:`LOCALES`: a locale whose
``resources/translations/petdesk_<lang>.qm`` is not built yet is skipped.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QSize, QTranslator
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QWidget,
)
from pytestqt.exceptions import TimeoutError as WaitTimedOut

from petdesk.core.status_messages import MessageKind
from petdesk.gui.pets.pet_model import Column
from petdesk.sandbox import FaultKind
from tests.gui.conftest import FakeClock, Sandbox
from tests.helpers import ui
from tests.helpers.drive import open_add_dialog, open_key_dialog, open_settings, shortcut

#: The languages the layout is checked in (the longest translation matters most).
LOCALES = ["en", "de", "es"]
SIZES = [QSize(800, 500), QSize(1100, 680), QSize(1920, 1080)]
TRANSLATIONS = Path(__file__).resolve().parents[3] / "resources" / "translations"


@pytest.fixture(params=LOCALES)
def language(request: pytest.FixtureRequest, qapp: Any) -> Iterator[str]:
    """PetDesk's strings in ``request.param`` while the test runs."""
    lang = request.param
    if lang == "en":
        yield lang
        return
    qm = TRANSLATIONS / f"petdesk_{lang}.qm"
    if not qm.exists():
        pytest.skip(f"no {qm.name} yet")
    translator = QTranslator()
    assert translator.load(str(qm))
    QCoreApplication.installTranslator(translator)
    try:
        yield lang
    finally:
        QCoreApplication.removeTranslator(translator)


def clipped(top: QWidget) -> list[str]:
    """The visible controls of ``top`` narrower or lower than their content needs."""
    found = []
    for widget in top.findChildren(QWidget):
        if not widget.isVisibleTo(top) or isinstance(widget.parent(),
                                                     (QAbstractSpinBox, QComboBox)):
            continue  # a spin box's or a combo's own field: the box is checked
        hint, size = widget.sizeHint(), widget.size()
        if isinstance(widget, QLabel):
            if not widget.text() or widget.wordWrap():
                need = QSize(0, 0) if not widget.text() else widget.minimumSizeHint()
                if widget.wordWrap() and widget.text():
                    need = QSize(0, widget.heightForWidth(size.width()))
            else:
                need = hint
        elif isinstance(widget, (QAbstractButton, QComboBox)):
            need = hint
        elif isinstance(widget, (QLineEdit, QAbstractSpinBox)):
            need = widget.minimumSizeHint().expandedTo(widget.minimumSize())
        else:
            continue
        if size.width() < need.width() or size.height() < need.height():
            text = getattr(widget, "text", lambda: "")() or widget.objectName()
            found.append(f"{type(widget).__name__} {text!r}: {size.width()}×{size.height()}"
                         f" < {need.width()}×{need.height()}")
    return found


def assert_nothing_clipped(qtbot: Any, top: QWidget) -> None:
    """Texts that arrive from the worker (the quota) relay out in posted events: wait
    for them, then say what is still clipped."""
    with contextlib.suppress(WaitTimedOut):  # what is still clipped is said below
        qtbot.waitUntil(lambda: not clipped(top), timeout=2_000)
    assert clipped(top) == []


def columns_cut(window: Any) -> list[str]:
    table, header = ui.table(window), ui.table(window).horizontalHeader()
    return [f"column {column.name}: {header.sectionSize(column)} < "
            f"{table.sizeHintForColumn(column)}"
            for column in (Column.ID, Column.CATEGORY, Column.STATUS)
            if header.sectionSize(column) < min(table.sizeHintForColumn(column), 160)]


def settle(qtbot: Any, window: QWidget, size: QSize) -> None:
    window.resize(size)
    qtbot.waitUntil(lambda: window.size() == size, timeout=5_000)
    qtbot.waitUntil(lambda: not window.layout().geometry().isEmpty(), timeout=5_000)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s.width()}x{s.height()}")
def test_nothing_is_clipped_and_the_window_keeps_its_size(
        qtbot: Any, loopback: Sandbox, make_window: Any, clock: FakeClock,
        language: str, size: QSize) -> None:
    window = make_window(loopback)
    settle(qtbot, window, size)
    assert_nothing_clipped(qtbot, window)
    assert columns_cut(window) == []
    # Too narrow for one row of filters: two rows, every field usable (at 1100 px it
    # depends on the language's words).
    if size.width() in (800, 1920):
        assert ui.two_rows(ui.filter_bar(window)) == (size.width() == 800)

    # The longest status-bar texts: a rate-limit countdown with a queued look-up.
    clock.hold = True
    loopback.app.faults.configure(retry_after_seconds=30)
    loopback.app.faults.fail_next(FaultKind.RATE_LIMIT, 1)
    with qtbot.waitSignal(ui.worker(window).waitStarted, timeout=10_000):
        shortcut(qtbot, window, "F5")
    shortcut(qtbot, window, "Ctrl+L")
    qtbot.keyClicks(ui.lookup_edit(window), "250\r")
    queued = {"en": "queued", "de": "Warteschlange", "es": "en cola"}[language]
    qtbot.waitUntil(lambda: queued in ui.status_bar(window).text_of(MessageKind.WAIT),
                    timeout=5_000)
    ui.status_bar(window).show_activity("A long message " * 30)
    for _ in range(3):  # any relayout the texts would cause happens in posted events
        QCoreApplication.processEvents()
    assert window.size() == size
    assert_nothing_clipped(qtbot, window)
    assert window.size() == size
    clock.release()


def test_the_countdown_never_changes_the_size_saved_for_the_next_start(
        qtbot: Any, loopback: Sandbox, make_window: Any, clock: FakeClock) -> None:
    window = make_window(loopback)
    settle(qtbot, window, QSize(800, 500))
    clock.hold = True
    loopback.app.faults.configure(retry_after_seconds=30)
    loopback.app.faults.fail_next(FaultKind.RATE_LIMIT, 1)
    with qtbot.waitSignal(ui.worker(window).waitStarted, timeout=10_000):
        shortcut(qtbot, window, "F5")
    assert "Rate limited" in ui.status_bar(window).text_of(MessageKind.WAIT)
    assert window.size() == QSize(800, 500)
    clock.release()
    window.close()
    again = make_window(loopback)  # restored from the saved geometry, not widened
    assert again.width() <= 800 and again.height() <= 500


def test_the_dialogs_clip_nothing(qtbot: Any, loopback: Sandbox, make_window: Any,
                                  language: str) -> None:
    window = make_window(loopback)
    for open_dialog in (open_add_dialog, open_key_dialog, open_settings):
        dialog = open_dialog(qtbot, window)
        qtbot.waitUntil(lambda d=dialog: d.isVisible(), timeout=5_000)
        assert_nothing_clipped(qtbot, dialog)
        dialog.reject()
        qtbot.waitUntil(lambda d=dialog: not d.isVisible(), timeout=5_000)
