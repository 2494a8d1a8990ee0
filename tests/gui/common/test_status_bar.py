"""The status bar (``statusBar``): one message area whose messages are shown whole or
in their short form, most important first, never cut; the rest in the Details popup.

The window is driven as the messages were found: the service stopped with an add
waiting, a rate-limit wait with a look-up queued behind it, the quota's window over
while offline; at 800×500 and 1100×680, in English, German and Spanish, on the
offscreen platform and (:func:`test_the_status_line_on_a_real_x_server`) under Xvfb.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QLocale, QObject, QSize, Qt
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QMessageBox

from petdesk.core.datafiles import resources_dir
from petdesk.core.status_messages import SEPARATOR, MessageKind, StatusMessage, fit
from petdesk.gui.common.status_bar import PetStatusBar
from petdesk.gui.common.translations import install_translations
from petdesk.gui.pets.pet_model import Column
from petdesk.gui.settings.settings import AppSettings, CatalogueChoice
from petdesk.sandbox import FaultKind
from petdesk.services.desk import this_desk
from tests.gui.conftest import API_KEY, FakeClock, Sandbox
from tests.helpers import ui
from tests.helpers.drive import idle, open_key_dialog, shortcut
from tests.helpers.outbox_driver import Switchable, add_pet
from tests.helpers.translations import remove_translations

LANGUAGES = ("en", "de", "es")
SIZES = (QSize(800, 500), QSize(1100, 680))
#: Under Xvfb (the child pytest of test_the_status_line_on_a_real_x_server).
ON_X = os.environ.get("PETDESK_STATUS_ON_X") == "1"


class _LayoutRequests(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def test_busy_on_and_off_moves_and_relays_out_nothing(qtbot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    bar = PetStatusBar()
    window.setStatusBar(bar)
    window.setCentralWidget(QLabel("table"))
    window.resize(900, 200)
    window.show()
    qtbot.waitExposed(window)
    bar.show_activity("Ready")
    QApplication.processEvents()
    message, height = bar.messageLabel.geometry(), bar.height()
    requests = _LayoutRequests()
    window.installEventFilter(requests)
    bar.installEventFilter(requests)
    for busy in (True, False, True):
        bar.set_busy(busy)
        QApplication.processEvents()
        assert bar.busyIndicator.isVisibleTo(window) is busy
        assert bar.stopButton.isVisibleTo(window) is busy
        assert bar.messageLabel.geometry() == message and bar.height() == height
    assert requests.count == 0


def test_messages_fit_most_important_first_whole_where_there_is_room() -> None:
    def width(text: str) -> int:
        return len(text)

    key = StatusMessage(MessageKind.KEY_REFUSED, "The API key was not accepted.", "Key refused")
    outbox = StatusMessage(MessageKind.OUTBOX, "1 add waiting to send", "1 waiting")
    quota = StatusMessage(MessageKind.QUOTA, "Quota: 5/60 left · resets 13:04:00", "Quota: 5/60")
    messages = [quota, outbox, key]  # in any order
    whole = fit(messages, 500, width)
    assert whole.texts == (key.text, outbox.text, quota.text) and not whole.hidden
    narrow = fit(messages, len(key.text + SEPARATOR + outbox.brief + SEPARATOR + "Quota"),
                 width)
    assert narrow.texts == (key.text, outbox.brief) and narrow.hidden == (quota,)
    assert narrow.shortened
    assert fit(messages, 3, width).texts == ()  # nothing is ever cut


# -- the real window -----------------------------------------------------------------------

@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The window's language (and locale) from its start, as at start-up."""
    before = QLocale()
    installed = install_translations(qapp, request.param, resources_dir())
    yield request.param
    remove_translations(qapp, installed)
    QLocale.setDefault(before)


def resize(qtbot: Any, window: Any, size: QSize) -> None:
    window.resize(size)
    qtbot.waitUntil(lambda: window.size() == size, timeout=5_000)
    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: bar.messageLabel.width() > 0, timeout=5_000)


def assert_nothing_cut(bar: PetStatusBar) -> None:
    """Every message the line shows is whole or in its short form and fits the width
    the line has, as QFontMetrics measures it; the others are counted on Details…;
    nothing is in a tooltip."""
    label = bar.messageLabel
    line = label.text()
    width = label.fontMetrics().horizontalAdvance(line)
    assert width <= label.contentsRect().width(), (line, width, label.contentsRect().width())
    pieces = line.split(SEPARATOR) if line else []
    messages = bar.messages
    for piece, message in zip(pieces, messages, strict=False):
        assert piece in (message.text, message.brief), (piece, message)
    left_out = messages[len(pieces):]  # in the popup
    assert label.toolTip() == ""
    button = bar.detailsButton
    if left_out:
        assert button.isVisible() and str(len(left_out)) in button.text()
    if button.isVisible():
        assert button.width() >= button.sizeHint().width()  # its own text is not cut


def shown(bar: PetStatusBar, kind: MessageKind) -> bool:
    message = next(m for m in bar.messages if m.kind is kind)
    pieces = bar.messageLabel.text().split(SEPARATOR)
    return message.text in pieces or message.brief in pieces


def open_details(qtbot: Any, bar: PetStatusBar) -> QMessageBox:
    qtbot.mouseClick(bar.detailsButton, Qt.MouseButton.LeftButton)
    box: list[QMessageBox] = []
    qtbot.waitUntil(lambda: bool(box.extend(
        w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox)
        and w.isVisible() and w.objectName() == "errorDetailsBox") or box), timeout=5_000)
    return box[0]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s.width()}x{s.height()}")
def test_offline_with_an_add_waiting_the_line_says_both_whole_or_short(
        qtbot: Any, service: Switchable, make_window: Any, language: str,
        size: QSize) -> None:
    window = make_window(service.box)
    resize(qtbot, window, size)
    bar = ui.status_bar(window)
    service.stop()
    add_pet(qtbot, window, "Quillon")
    shortcut(qtbot, window, "F5")  # the refresh finds the service unreachable
    qtbot.waitUntil(lambda: bool(bar.text_of(MessageKind.OFFLINE)), timeout=10_000)
    idle(qtbot, window)
    kinds = [m.kind for m in bar.messages]
    assert kinds[:2] == [MessageKind.OFFLINE, MessageKind.ACTIVITY]
    assert MessageKind.OUTBOX in kinds and MessageKind.QUOTA in kinds
    assert_nothing_cut(bar)
    # What blocks the user and the add waiting are on the line at any width.
    assert shown(bar, MessageKind.OFFLINE) and shown(bar, MessageKind.OUTBOX)
    if size.width() == 1100:
        assert bar.text_of(MessageKind.OFFLINE) in bar.messageLabel.text()  # with its time
    box = open_details(qtbot, bar)
    for message in bar.messages:  # every message in full
        assert message.text in box.text()
    qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not box.isVisible(), timeout=5_000)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s.width()}x{s.height()}")
def test_a_rate_limit_wait_shows_its_countdown_on_the_line(
        qtbot: Any, loopback: Sandbox, make_window: Any, clock: FakeClock, language: str,
        size: QSize) -> None:
    window = make_window(loopback)
    resize(qtbot, window, size)
    bar = ui.status_bar(window)
    clock.hold = True
    loopback.app.faults.configure(retry_after_seconds=30)
    loopback.app.faults.fail_next(FaultKind.RATE_LIMIT, 1)
    with qtbot.waitSignal(ui.worker(window).waitStarted, timeout=10_000):
        shortcut(qtbot, window, "F5")
    shortcut(qtbot, window, "Ctrl+L")
    qtbot.keyClicks(ui.lookup_edit(window), "250\r")  # queued behind the wait
    qtbot.waitUntil(lambda: "250" in bar.text_of(MessageKind.WAIT), timeout=5_000)
    assert bar.messages[0].kind is MessageKind.WAIT
    assert_nothing_cut(bar)
    assert re.search(r"\b3\d s\b", bar.messageLabel.text().split(SEPARATOR)[0])  # the countdown
    clock.release()
    qtbot.waitUntil(lambda: not bar.text_of(MessageKind.WAIT), timeout=10_000)


def test_a_quota_past_its_reset_time_no_longer_claims_its_figures(
        qtbot: Any, service: Switchable, make_window: Any, clock: FakeClock,
        language: str) -> None:
    window = make_window(service.box)
    bar = ui.status_bar(window)
    quota = bar.text_of(MessageKind.QUOTA)
    reset = re.search(r"(\d{1,2}:\d\d:\d\d)", quota)
    assert reset is not None, quota
    assert re.search(r"\d+/\d+", quota)
    if language == "en":
        assert re.search(r"\d:\d\d:\d\d\s?[AP]M", quota)  # the locale's time of day
    else:
        assert "AM" not in quota and "PM" not in quota
    assert re.search(r"\d\d?:\d\d:\d\d", bar.text_of(MessageKind.REFRESHED))
    service.stop()
    shortcut(qtbot, window, "F5")  # offline: no answer brings new figures
    qtbot.waitUntil(lambda: bool(bar.text_of(MessageKind.OFFLINE)), timeout=10_000)
    assert re.search(r"\d+/\d+", bar.text_of(MessageKind.QUOTA))  # still in its window
    clock.advance(120)  # past the reset time
    qtbot.waitUntil(lambda: not re.search(r"\d+/\d+", bar.text_of(MessageKind.QUOTA)),
                    timeout=5_000)
    assert reset.group(1) in bar.text_of(MessageKind.QUOTA)  # when the new window began
    assert_nothing_cut(bar)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s.width()}x{s.height()}")
def test_the_catalogue_line_is_whole_or_short_never_cut(
        qtbot: Any, loopback: Sandbox, make_window: Any, settings: AppSettings,
        language: str, size: QSize) -> None:
    settings.catalogue = CatalogueChoice(enabled=True)
    window = make_window(loopback)
    resize(qtbot, window, size)
    bar = ui.status_bar(window)
    word = {"en": "pets", "de": "Tiere", "es": "animales"}[language]
    qtbot.waitUntil(lambda: f" {word}" in bar.text_of(MessageKind.CATALOGUE), timeout=20_000)
    idle(qtbot, window)
    assert_nothing_cut(bar)
    assert shown(bar, MessageKind.CATALOGUE)  # at 800 px too, in its short form


def test_a_refused_key_is_the_first_message_until_a_key_works(
        qtbot: Any, loopback: Sandbox, make_window: Any, keyring_backend: Any) -> None:
    keyring_backend.set_password("petdesk", "production", "wrong-key-123")
    window = make_window(loopback, wait=False)
    qtbot.waitUntil(lambda: ui.key_dialog(window) is not None, timeout=10_000)
    resize(qtbot, window, QSize(800, 500))
    qtbot.keyClick(ui.key_dialog(window), Qt.Key.Key_Escape)  # no key now
    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: bool(bar.text_of(MessageKind.KEY_REFUSED)), timeout=10_000)
    assert bar.messages[0].kind is MessageKind.KEY_REFUSED
    assert "not accepted" in bar.text_of(MessageKind.KEY_REFUSED)
    assert shown(bar, MessageKind.KEY_REFUSED)
    assert_nothing_cut(bar)
    dialog = open_key_dialog(qtbot, window)
    qtbot.keyClicks(dialog.apiKeyEdit, API_KEY)
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        qtbot.mouseClick(dialog.saveButton, Qt.MouseButton.LeftButton)
    assert bar.text_of(MessageKind.KEY_REFUSED) == ""


# -- quitting with adds waiting -------------------------------------------------------------

def quit_box(qtbot: Any) -> QMessageBox:
    found: list[QMessageBox] = []

    def shown_now() -> bool:
        found[:] = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox)
                    and w.isVisible() and w.objectName() == "quitWithAddsBox"]
        return bool(found)

    qtbot.waitUntil(shown_now, timeout=5_000)
    return found[0]


class _ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong),
                ("send_event", ctypes.c_int), ("display", ctypes.c_void_p),
                ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]


class _XEvent(ctypes.Union):
    _fields_ = [("xclient", _ClientMessage), ("pad", ctypes.c_long * 24)]


def click_close_button(window: Any) -> None:
    """What a window manager does when its close button is clicked: WM_DELETE_WINDOW
    sent to the window (xcb only)."""
    x11 = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XInternAtom.restype = ctypes.c_ulong
    x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long,
                               ctypes.POINTER(_XEvent)]
    x11.XFlush.argtypes = x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(None)
    event = _XEvent()
    event.xclient.type = 33  # ClientMessage
    event.xclient.window = int(window.winId())
    event.xclient.message_type = x11.XInternAtom(display, b"WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data[0] = x11.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
    x11.XSendEvent(display, event.xclient.window, 0, 0, ctypes.byref(event))
    x11.XFlush(display)
    x11.XCloseDisplay(display)


def answer(qtbot: Any, box: QMessageBox, button: str) -> None:
    qtbot.mouseClick(box.findChild(QObject, button), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not box.isVisible(), timeout=5_000)


def assert_sent_at_the_next_start(qtbot: Any, service: Switchable, make_window: Any,
                                  name: str) -> None:
    service.start()
    again = make_window(service.box)  # kept, and sent at the next start
    qtbot.waitUntil(lambda: service.names().count(name) == 1, timeout=10_000)
    qtbot.waitUntil(lambda: not ui.status_bar(again).text_of(MessageKind.OUTBOX), timeout=10_000)


def test_ctrl_q_with_an_add_waiting_says_it_is_kept_and_quits_or_stays(
        qtbot: Any, service: Switchable, make_window: Any) -> None:
    window = make_window(service.box)
    service.stop()
    add_pet(qtbot, window, "Staybert")
    shortcut(qtbot, window, "Ctrl+Q")
    box = quit_box(qtbot)
    assert box.text() == ("1 add is waiting to be sent. PetDesk keeps it and sends it the "
                          "next time it starts.")
    answer(qtbot, box, "stayButton")
    assert window.isVisible()
    shortcut(qtbot, window, "Ctrl+Q")
    answer(qtbot, quit_box(qtbot), "quitButton")
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5_000)
    assert_sent_at_the_next_start(qtbot, service, make_window, "Staybert")


@pytest.mark.skipif(not ON_X, reason="a window manager's close button needs X (run by "
                    "test_the_status_line_on_a_real_x_server)")
def test_the_close_button_with_an_add_waiting_says_it_is_kept_and_quits_or_stays(
        qtbot: Any, service: Switchable, make_window: Any) -> None:
    window = make_window(service.box)
    service.stop()
    add_pet(qtbot, window, "Closebert")
    click_close_button(window)
    box = quit_box(qtbot)
    assert box.text() == ("1 add is waiting to be sent. PetDesk keeps it and sends it the "
                          "next time it starts.")
    answer(qtbot, box, "stayButton")
    assert window.isVisible()
    click_close_button(window)
    box = quit_box(qtbot)
    qtbot.mouseClick(box.findChild(QObject, "quitButton"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5_000)
    assert_sent_at_the_next_start(qtbot, service, make_window, "Closebert")


def test_quitting_with_nothing_waiting_asks_nothing(
        qtbot: Any, loopback: Sandbox, make_window: Any) -> None:
    window = make_window(loopback)
    shortcut(qtbot, window, "Ctrl+Q")
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5_000)


# -- an add made offline ------------------------------------------------------------------

def test_an_add_made_offline_is_selected_shown_with_its_own_icon_and_counted(
        qtbot: Any, service: Switchable, make_window: Any) -> None:
    window = make_window(service.box)
    resize(qtbot, window, QSize(800, 500))
    table, model = ui.table(window), ui.model(window)
    table.sortByColumn(Column.NAME, Qt.SortOrder.AscendingOrder)  # "Zzyzx" goes last
    service.stop()
    add_pet(qtbot, window, "Zzyzx Waits")
    row = next(r for r in range(model.rowCount())
               if model.data(model.index(r, Column.NAME)) == "Zzyzx Waits")
    index = model.index(row, Column.STATUS)
    qtbot.waitUntil(lambda: [i.row() for i in table.selectionModel().selectedRows()] == [row],
                    timeout=5_000)
    assert table.viewport().rect().contains(table.visualRect(index))  # scrolled to
    detail = ui.detail(window)
    assert detail.nameValue.text() == "Zzyzx Waits"
    assert detail.idValue.text() == "—"
    # The waiting add names the desk and user that typed it.
    desk = this_desk()
    assert detail.statusValue.text() == f"Waiting to send · {desk.name} ({desk.user})"
    available = next(r for r in range(model.rowCount())
                     if model.data(model.index(r, Column.STATUS)) == "Available")
    icon = model.data(index, Qt.ItemDataRole.DecorationRole)
    check = model.data(model.index(available, Column.STATUS), Qt.ItemDataRole.DecorationRole)
    assert model.data(index) == f"Waiting to send · {desk.name} ({desk.user})"
    assert icon.pixmap(16).toImage() != check.pixmap(16).toImage()  # its own shape
    assert model.data(index, Qt.ItemDataRole.ForegroundRole) is None  # no status colour
    assert "not on the service yet" in model.data(index, Qt.ItemDataRole.ToolTipRole)
    shortcut(qtbot, window, "Ctrl+F")
    qtbot.keyClicks(ui.quick_filter(window), "Zzyzx")
    qtbot.waitUntil(lambda: model.rowCount() == 1, timeout=5_000)
    assert ui.count_label(window).text() == (
        "20 pets loaded · 1 shown by the filter · more available")


# -- the same under a real X server -----------------------------------------------------------

@pytest.mark.skipif(ON_X or shutil.which("xvfb-run") is None,
                    reason="runs under Xvfb itself, or needs xvfb-run")
def test_the_status_line_on_a_real_x_server(tmp_path: Path) -> None:
    """The line's tests again with the xcb platform on Xvfb: real fonts and metrics."""
    root = Path(__file__).resolve().parents[3]
    environ = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    environ.update(PETDESK_TEST_PLATFORM="xcb", PETDESK_STATUS_ON_X="1", HOME=str(tmp_path),
                   XDG_CONFIG_HOME=str(tmp_path / ".config"),
                   XDG_DATA_HOME=str(tmp_path / ".local" / "share"))
    tests = [f"{__file__}::{name}" for name in (
        "test_offline_with_an_add_waiting_the_line_says_both_whole_or_short",
        "test_a_rate_limit_wait_shows_its_countdown_on_the_line",
        "test_a_refused_key_is_the_first_message_until_a_key_works",
        "test_the_catalogue_line_is_whole_or_short_never_cut",
        "test_ctrl_q_with_an_add_waiting_says_it_is_kept_and_quits_or_stays",
        "test_the_close_button_with_an_add_waiting_says_it_is_kept_and_quits_or_stays")]
    done = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", sys.executable, "-m", "pytest",
         "-q", "-x", "-p", "no:cacheprovider", *tests],
        env=environ, capture_output=True, text=True, timeout=540, cwd=str(root), check=False)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout


def test_an_add_held_back_by_a_rate_limit_says_why_in_the_users_language(
        qtbot: Any, loopback: Sandbox, make_window: Any, clock: FakeClock,
        language: str) -> None:
    window = make_window(loopback)
    loopback.app.faults.configure(retry_after_seconds=30)
    loopback.app.faults.fail_next(FaultKind.RATE_LIMIT, 10)
    add_pet(qtbot, window, "Quillon")
    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: "Quillon" in bar.message, timeout=10_000)
    why = {"en": "the service asked PetDesk to wait",
           "de": "der Dienst lässt PetDesk warten",
           "es": "el servicio pide a PetDesk que espere"}[language]
    assert f": {why}. " in bar.message
