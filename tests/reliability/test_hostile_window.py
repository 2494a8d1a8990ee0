"""Hostile servers where the user would see them: the real main window.

The client-level table is :mod:`tests.reliability.test_hostile_table`; here the same
scripted servers on 127.0.0.1 (:mod:`tests.reliability.hostile`) answer the real
window, driven by keys and clicks (Esc, F5, Ctrl+Q, the Load more, Add pet and
Details buttons, a click on a row), and each test asserts what is shown: the rows,
the status bar, the form's message, the detail panel, the Details box.

Rows covered: a slow answer while quitting; a 1 byte/s body, Stop, then F5; a
200 MB body and a gzip bomb; a bad IDNA host in ``Link`` and in ``Location``; a
``Link`` loop; an HTML 400; confusable names; a 1 MB name.

Times are real (the servers are real): the bounds asserted are generous multiples
of the goals, and each test prints its figure (``pytest -s``).
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QWidget,
)

from petdesk.gui.main_window import MainWindow
from petdesk.services.keys.keystore import KeyStore, MemoryKeyring
from tests.helpers import ui
from tests.helpers.quitting import quit_during_request
from tests.reliability.app_support import build_window, settings_in
from tests.reliability.conftest import FAST_POLICY, KEY
from tests.reliability.hostile import (
    Behaviour,
    HostileServer,
    Reply,
    Seen,
    error_reply,
    good,
    gzip_bomb,
    gzip_reply,
    huge_body,
    pet_json,
    trickle,
)

PETS = json.dumps([pet_json(1), pet_json(2, "Mia", 2, "pending")]).encode()
BAD_HOST = "https://xn--a.example/v1/pets?cursor=2"
#: The memory one window may grow by.
MEMORY_GOAL = 64 * 1024 * 1024


# -- driving the window as a user does ----------------------------------------------------


def keys() -> KeyStore:
    backend = MemoryKeyring()
    backend.set_password("petdesk", "production", KEY)
    return KeyStore(backend, environ={}, timeout=2.0)


def press(qtbot: Any, window: QWidget, key: Qt.Key) -> None:
    """``key`` on the focused widget of the active window (where a user's key goes)."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5_000)
    QTest.keyClick(QApplication.focusWidget() or window, key)


def click(qtbot: Any, widget: QWidget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def click_row(qtbot: Any, window: MainWindow, row: int) -> None:
    table = ui.table(window)
    rect = table.visualRect(table.model().index(row, 0))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def idle(qtbot: Any, window: MainWindow, timeout: int = 10_000) -> None:
    """Nothing running, as the user sees it: Stop is disabled."""
    stop = window.findChild(QAction, "actionStop")
    qtbot.waitUntil(lambda: not stop.isEnabled(), timeout=timeout)


def names_shown(window: MainWindow) -> list[str]:
    model = ui.table(window).model()
    return [model.index(row, 1).data() for row in range(model.rowCount())]


def ids_shown(window: MainWindow) -> list[int]:
    model = ui.table(window).model()
    return [int(model.index(row, 0).data()) for row in range(model.rowCount())]


def status_text(window: MainWindow) -> str:
    label = window.findChild(QLabel, "statusMessage")
    return label.text() if label is not None else window.statusBar().currentMessage()


def detail_text(window: MainWindow, name: str) -> str:
    label = window.findChild(QLabel, name)
    assert label is not None
    return label.text()


def open_window(qtbot: Any, tmp_path: Path, server: HostileServer,
                timeout: float = 30.0) -> MainWindow:
    return build_window(qtbot, settings_in(tmp_path), keys(), server.base_url,
                        policy=FAST_POLICY, timeout=timeout)


def add_pet(qtbot: Any, window: MainWindow, name: str = "Rex") -> Any:
    click(qtbot, ui.add_button(window))
    qtbot.waitUntil(lambda: ui.add_dialog(window) is not None and ui.add_dialog(window).isVisible(),
                    timeout=5_000)
    dialog = ui.add_dialog(window)
    qtbot.keyClicks(dialog.nameEdit, name)
    qtbot.keyClicks(dialog.categoryIdEdit, "4")
    click(qtbot, dialog.submitButton)
    return dialog


def form_message(dialog: Any) -> str:
    if dialog.formError.isVisibleTo(dialog):
        return str(dialog.formError.text())
    return str(ui.field_error(dialog, "name") or ui.field_error(dialog, "categoryId"))


class RssPeak:
    """The process's resident size, sampled every 5 ms while in use: its growth."""

    def __init__(self) -> None:
        self.start = self.peak = self._rss()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    @staticmethod
    def _rss() -> int:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    def _sample(self) -> None:
        while not self._stop.wait(0.005):
            self.peak = max(self.peak, self._rss())

    def __enter__(self) -> RssPeak:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def growth(self) -> int:
        return self.peak - self.start


@pytest.fixture
def server() -> Iterator[HostileServer]:
    with HostileServer(good) as srv:
        yield srv


# -- a slow answer while quitting ------------------------------------------------------------


class AnswerLater(Behaviour):
    """Touch ``flag`` when the request arrived, then answer correctly after ``delay`` s
    (inside the client's timeout) unless the server stops first."""

    name = "answers after a delay"

    def __init__(self, flag: Path, delay: float) -> None:
        self.flag = flag
        self.delay = delay
        self.answered = threading.Event()

    def run(self, conn: Any, seen: Seen, server: HostileServer) -> bool:
        self.flag.touch()
        if server.stopping.wait(self.delay):
            return False
        self.answered.set()
        return good(seen).run(conn, seen, server)


def test_ctrl_q_while_the_answer_is_12_s_away_exits_0_before_it(
        server: HostileServer, tmp_path: Path) -> None:
    """Was: "QThread: Destroyed while thread is still running", SIGABRT (exit 134)."""
    flag = tmp_path / "request-arrived"
    answer = AnswerLater(flag, 12.0)
    server.script(answer)
    run = quit_during_request(server.base_url, flag, key=KEY)
    assert run.returncode == 0, run.stderr
    assert run.pressed, run.stderr
    assert "QThread" not in run.stderr, run.stderr
    assert not answer.answered.is_set()  # it did not wait for the answer


# -- 1 byte/s, Stop, F5 ------------------------------------------------------------------------


def test_esc_during_a_1_byte_per_s_body_is_back_at_once_and_f5_works(
        qtbot: Any, server: HostileServer, tmp_path: Path) -> None:
    """Was: Stop said "Stopped." but the worker stayed busy; F5 after Stop waited 118 s."""
    server.script(lambda seen: trickle(PETS, 1.0) if seen.method == "GET" else good(seen))
    window = open_window(qtbot, tmp_path, server)
    qtbot.waitUntil(lambda: server.body_bytes_sent >= 2, timeout=10_000)
    stop = window.findChild(QAction, "actionStop")
    assert stop.isEnabled()

    # The body would take two minutes: idle within the wait's 5 s, and the rows of F5
    # within 10 s, happen only if Stop ended the read.
    press(qtbot, window, Qt.Key.Key_Escape)
    idle(qtbot, window, timeout=5_000)
    assert "Stopped" in status_text(window)

    server.behave()
    press(qtbot, window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: ids_shown(window) == [1, 2], timeout=10_000)


# -- 200 MB, gzip bomb ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bomb() -> bytes:
    return gzip_bomb(1024 * 1024 * 1024)


@pytest.mark.parametrize("kind", ["200mb", "gzip-bomb"])
def test_a_huge_answer_is_a_plain_message_and_the_window_lives_on(
        kind: str, qtbot: Any, server: HostileServer, tmp_path: Path,
        request: pytest.FixtureRequest) -> None:
    """Was: all accepted, peak RSS 440 MiB (200 MB) and 2.1 GiB (gzip bomb)."""
    body = huge_body() if kind == "200mb" else gzip_reply(request.getfixturevalue("bomb"))
    server.script(lambda seen: body if seen.method == "GET" else good(seen))
    with RssPeak() as rss:
        window = open_window(qtbot, tmp_path, server)
        qtbot.waitUntil(lambda: server.count("GET") >= 1, timeout=10_000)
        idle(qtbot, window, timeout=60_000)
    print(f"{kind}: RSS growth {rss.growth / 2**20:.1f} MiB")
    assert rss.growth < MEMORY_GOAL
    assert window.isVisible()
    shown = status_text(window) + "\n" + ui.overlay_text(window)
    assert "larger than PetDesk accepts" in shown
    assert "unexpected" not in shown.lower()
    assert "Press F5" in ui.overlay_text(window)  # how to try again

    server.behave()
    press(qtbot, window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: ids_shown(window) == [1, 2], timeout=10_000)


# -- bad IDNA hosts ------------------------------------------------------------------------------


def test_a_link_to_a_bad_idna_host_keeps_the_page_that_arrived(
        qtbot: Any, server: HostileServer, tmp_path: Path) -> None:
    """Was: idna.IDNAError escaped; the page was lost and "Something unexpected" shown."""
    server.script(lambda seen: Reply(200, PETS, [("Link", f'<{BAD_HOST}>; rel="next"')])
                  if seen.method == "GET" else good(seen))
    window = open_window(qtbot, tmp_path, server)
    qtbot.waitUntil(lambda: ids_shown(window) == [1, 2], timeout=10_000)
    idle(qtbot, window)
    assert "unexpected" not in status_text(window).lower()
    assert not ui.load_more_button(window).isVisible()


def test_a_post_redirected_to_a_bad_idna_host_says_may_or_may_not(
        qtbot: Any, server: HostileServer, tmp_path: Path) -> None:
    """Was: the user was told the pet was not added, inviting a duplicate. Now the add
    stays in the outbox, is checked before any resend, and is not sent in a loop."""
    window = open_window(qtbot, tmp_path, server)
    qtbot.waitUntil(lambda: ids_shown(window) == [1, 2], timeout=10_000)
    idle(qtbot, window)
    server.script(lambda seen: Reply(307, headers=[("Location", BAD_HOST)], content_type=None)
                  if seen.method == "POST" else good(seen))
    add_pet(qtbot, window)
    qtbot.waitUntil(lambda: ui.add_dialog(window) is None, timeout=10_000)  # kept in the outbox
    idle(qtbot, window)
    message = status_text(window)
    assert "answer for “Rex” was lost" in message and "was not added" not in message
    model = ui.model(window)
    names = [model.data(model.index(r, 1)) for r in range(model.rowCount())]
    assert "Rex" in names  # its row waits (or is being checked): what was typed is kept
    # Checked before it is sent again, and then a pause: never a loop of POSTs.
    assert server.count("POST") <= 2


# -- a Link loop -----------------------------------------------------------------------------------


def test_a_link_loop_ends_paging_with_a_plain_message_and_no_duplicate_rows(
        qtbot: Any, server: HostileServer, tmp_path: Path) -> None:
    """Was: Load more showed the same rows again, forever."""
    second = f"{server.base_url}/pets?cursor=2"

    def loop(seen: Seen) -> Behaviour:
        if seen.method != "GET":
            return good(seen)
        if "cursor=2" in seen.path:  # page 2 (pets 2 and 3) links to itself
            pets = [pet_json(2, "Mia", 2, "sold"), pet_json(3, "Odin")]
            return Reply(200, json.dumps(pets).encode(), [("Link", f'<{second}>; rel="next"')])
        return Reply(200, PETS, [("Link", f'<{second}>; rel="next"')])

    server.script(loop)
    window = open_window(qtbot, tmp_path, server)
    qtbot.waitUntil(lambda: ids_shown(window) == [1, 2], timeout=10_000)
    idle(qtbot, window)
    assert ui.load_more_button(window).isVisible() and ui.load_more_button(window).isEnabled()

    click(qtbot, ui.load_more_button(window))
    qtbot.waitUntil(lambda: 3 in ids_shown(window), timeout=10_000)
    idle(qtbot, window)
    assert sorted(ids_shown(window)) == [1, 2, 3]  # pet 2 once, as the server last sent it
    model = ui.table(window).model()
    assert model.index(ids_shown(window).index(2), 3).data() == "Sold"
    assert not ui.load_more_button(window).isVisible()
    assert not window.findChild(QAction, "actionLoadMore").isEnabled()
    assert "already shown" in status_text(window)
    assert server.count("GET") == 2


# -- an HTML 400 ---------------------------------------------------------------------------------


HTML = '<a href="https://phish.example/">click</a><b>x</b>'


def test_an_html_400_is_shown_literally_with_no_link(
        qtbot: Any, server: HostileServer, tmp_path: Path) -> None:
    """Was: the Details box rendered it as rich text, with a clickable link."""
    window = open_window(qtbot, tmp_path, server)
    qtbot.waitUntil(lambda: ids_shown(window) == [1, 2], timeout=10_000)
    idle(qtbot, window)
    server.script(lambda seen: error_reply(400, "bad_request", HTML)
                  if seen.method == "POST" else good(seen))
    dialog = add_pet(qtbot, window)
    idle(qtbot, window)
    assert "<a" not in form_message(dialog)
    dialog.reject()

    details = window.findChild(QWidget, "errorDetailsButton")
    assert details is not None and details.isVisible()
    click(qtbot, details)
    # The Details box, not the add form's "Discard this pet?" question (also a message
    # box, asked by the reject above): the order of top-level widgets is not fixed.
    def details_box() -> QMessageBox | None:
        return next((w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox)
                     and w.isVisible() and w.objectName() == "errorDetailsBox"), None)

    qtbot.waitUntil(lambda: details_box() is not None, timeout=5_000)
    box = details_box()
    assert box is not None
    showing = [label for label in box.findChildren(QLabel) if "<a href" in label.text()]
    assert showing, "the server's message is not in the Details box"
    for label in showing:  # shown literally: the tags are text, nothing is a link
        assert label.textFormat() == Qt.TextFormat.PlainText
        assert not label.openExternalLinks()
    assert HTML in box.detailedText()
    box.close()


# -- confusable names, a 1 MB name -----------------------------------------------------------


CONFUSABLE = {1: "\u202egnp.exe", 2: "Re\u200bx", 3: "Rex\x00", 4: "\x1b[31mRex"}
MARKERS = {1: "⟦U+202E⟧gnp.exe", 2: "Re⟦U+200B⟧x", 3: "Rex⟦U+0000⟧", 4: "⟦U+001B⟧[31mRex"}


def _names_reply(names: dict[int, str]) -> Callable[[Seen], Behaviour]:
    body = json.dumps([pet_json(i, name) for i, name in names.items()],
                      ensure_ascii=False).encode()
    return lambda seen: Reply(200, body) if seen.method == "GET" else good(seen)


def test_confusable_names_show_markers_in_the_table_and_the_detail_panel(
        qtbot: Any, server: HostileServer, tmp_path: Path) -> None:
    """Was: shown as sent ("\\u202egnp.exe" read "exe.png"); PetDesk could create such names."""
    server.script(_names_reply(CONFUSABLE))
    window = open_window(qtbot, tmp_path, server)
    qtbot.waitUntil(lambda: len(ids_shown(window)) == 4, timeout=10_000)
    idle(qtbot, window)
    shown = dict(zip(ids_shown(window), names_shown(window), strict=True))
    assert shown == MARKERS

    click_row(qtbot, window, ids_shown(window).index(1))
    assert detail_text(window, "detailName") == MARKERS[1]
    assert "\u202e" not in detail_text(window, "detailTitle")
    note = window.findChild(QLabel, "detailHiddenNote")
    assert note is not None and note.isVisible() and "⟦U+…⟧" in note.text()

    # PetDesk itself refuses to create such a name, and says why next to the field.
    click(qtbot, ui.add_button(window))
    qtbot.waitUntil(lambda: ui.add_dialog(window) is not None, timeout=5_000)
    dialog = ui.add_dialog(window)
    QApplication.clipboard().setText("\u202egnp.exe")  # pasted: no key types an RLO
    dialog.nameEdit.setFocus()
    QTest.keyClick(dialog.nameEdit, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert dialog.nameEdit.text() == "\u202egnp.exe"
    message = ui.field_error(dialog, "name")
    assert "U+202E" in message and "direction override" in message
    assert not dialog.submitButton.isEnabled()
    dialog.reject()


def test_selecting_a_1_mb_name_shows_a_bounded_text_at_once(
        qtbot: Any, server: HostileServer, tmp_path: Path) -> None:
    """Was: selecting the 1 MB name froze the window 3.4 s, laying out all of it; the
    panel and the full-name view now hold bounded texts."""
    huge = "\u202e" + "é" * 1_000_000
    server.script(_names_reply({1: "Rex", 2: huge}))
    window = open_window(qtbot, tmp_path, server)
    qtbot.waitUntil(lambda: len(ids_shown(window)) == 2, timeout=10_000)
    idle(qtbot, window)
    assert all(len(name) <= 200 for name in names_shown(window))

    click_row(qtbot, window, ids_shown(window).index(2))
    QApplication.processEvents()  # the relayout and paint of the panel
    name = detail_text(window, "detailName")
    assert name.startswith("⟦U+202E⟧éé") and len(name.replace("\n", "")) <= 200
    assert len(detail_text(window, "detailTitle")) <= 200

    button = window.findChild(QPushButton, "showFullNameButton")
    assert button is not None and button.isVisible()
    click(qtbot, button)
    QApplication.processEvents()
    view = window.findChild(QPlainTextEdit, "fullNameView")
    assert view is not None and view.isVisible() and view.isReadOnly()
    text = view.toPlainText()
    assert text.startswith("⟦U+202E⟧éé") and 10_000 < len(text) <= 20_500
    assert "1000001 characters" in text


def test_a_page_that_brings_a_looked_up_pet_again_shows_it_once(
        qtbot: Any, server: HostileServer, tmp_path: Path) -> None:
    """Rows are merged by id whatever brought them first: a look-up, then Load more."""
    second = f"{server.base_url}/pets?cursor=2"

    def pages(seen: Seen) -> Behaviour:
        if seen.method == "GET" and seen.path.split("?")[0].endswith("/pets"):
            if "cursor=2" in seen.path:
                return Reply(200, json.dumps([pet_json(3, "Odin", 1, "sold")]).encode())
            return Reply(200, PETS, [("Link", f'<{second}>; rel="next"')])
        return good(seen)  # GET /pets/3: Rex, available

    server.script(pages)
    window = open_window(qtbot, tmp_path, server)
    qtbot.waitUntil(lambda: ids_shown(window) == [1, 2], timeout=10_000)
    idle(qtbot, window)
    ui.lookup_edit(window).setFocus()
    QTest.keyClick(ui.lookup_edit(window), Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(ui.lookup_edit(window), "3")
    QTest.keyClick(ui.lookup_edit(window), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: sorted(ids_shown(window)) == [1, 2, 3], timeout=10_000)
    idle(qtbot, window)

    click(qtbot, ui.load_more_button(window))
    qtbot.waitUntil(lambda: server.count("GET") == 3, timeout=10_000)
    idle(qtbot, window)
    assert sorted(ids_shown(window)) == [1, 2, 3]
    row = ids_shown(window).index(3)
    assert names_shown(window)[row] == "Odin"  # the page's newer copy replaced the row
    assert "3 pets loaded" in ui.count_label(window).text()
