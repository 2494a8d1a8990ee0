"""Crash handling: an exception that escapes a slot, or ends a thread,
ends in a dialog with "Copy details" and a log entry (key redacted); Qt's own warnings
reach the log. pytest-qt normally captures exceptions in slots itself, so these tests
opt out of that (``qt_no_exception_capture``) to let the app's hook see them."""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QTimer, qInstallMessageHandler, qWarning
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from petdesk.gui.common.crash import CrashHandler, install
from petdesk.gui.common.crash_dialog import CrashDialog
from petdesk.services.redaction import RedactingFilter

KEY = "pk-crash-Quoll-77e1d2c3b4a5"


class Boom(RuntimeError):
    pass


@pytest.fixture
def window(qtbot: Any) -> QWidget:
    widget = QWidget()
    widget.setObjectName("fakeMainWindow")
    qtbot.addWidget(widget)
    widget.show()
    return widget


@pytest.fixture
def handler(window: QWidget, caplog: pytest.LogCaptureFixture) -> Iterator[CrashHandler]:
    caplog.set_level(logging.DEBUG)
    redactor = RedactingFilter()
    redactor.add_secret(KEY)
    qt_handler = qInstallMessageHandler(None)  # read the current handler, and put it back
    qInstallMessageHandler(qt_handler)
    hooks = (sys.excepthook, threading.excepthook)
    yield install(window, redactor=redactor)
    sys.excepthook, threading.excepthook = hooks
    qInstallMessageHandler(qt_handler)
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, CrashDialog):
            widget.close()


def crash_dialog() -> CrashDialog | None:
    found = [w for w in QApplication.topLevelWidgets()
             if isinstance(w, CrashDialog) and w.isVisible()]
    return found[0] if found else None


def crash_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "petdesk.crash"]


@pytest.mark.qt_no_exception_capture
def test_exception_in_a_slot_shows_the_dialog_and_is_logged(
        qtbot: Any, handler: CrashHandler, window: QWidget,
        caplog: pytest.LogCaptureFixture) -> None:
    form = QLineEdit(window)
    form.setText("half-typed name")

    def slot() -> None:
        raise Boom(f"request failed with Authorization: Bearer {KEY}")

    QTimer.singleShot(0, slot)
    qtbot.waitUntil(lambda: crash_dialog() is not None, timeout=5_000)
    dialog = crash_dialog()
    assert dialog is not None
    assert dialog.parent() is window
    details = dialog.details
    assert "Traceback" in details and "Boom" in details and "in slot" in details
    assert KEY not in details  # redacted
    assert dialog.copyButton.text().replace("&", "") == "Copy details"
    dialog.copyButton.click()
    assert QApplication.clipboard().text() == details
    records = crash_records(caplog)
    assert len(records) == 1 and records[0].levelno == logging.CRITICAL
    assert "Boom" in records[0].getMessage() and KEY not in records[0].getMessage()
    assert form.text() == "half-typed name"  # the app lives on, input kept
    assert window.isVisible()


@pytest.mark.qt_no_exception_capture
@pytest.mark.qt_log_ignore("This plugin does not support raise",  # offscreen platform only
                          "This plugin does not support propagateSizeHints")
def test_a_second_crash_is_added_to_the_open_dialog(qtbot: Any, handler: CrashHandler) -> None:
    def first() -> None:
        raise Boom("first")

    def second() -> None:
        raise ValueError("second")

    QTimer.singleShot(0, first)
    qtbot.waitUntil(lambda: crash_dialog() is not None, timeout=5_000)
    QTimer.singleShot(0, second)
    qtbot.waitUntil(lambda: "second" in crash_dialog().details, timeout=5_000)  # type: ignore[union-attr]
    assert len([w for w in QApplication.topLevelWidgets() if isinstance(w, CrashDialog)]) == 1


def test_exception_ending_a_thread_is_reported_on_the_gui_thread(
        qtbot: Any, handler: CrashHandler, caplog: pytest.LogCaptureFixture) -> None:
    def work() -> None:
        raise Boom("worker blew up")

    thread = threading.Thread(target=work, name="doomed-helper")
    thread.start()
    thread.join(5)
    qtbot.waitUntil(lambda: crash_dialog() is not None, timeout=5_000)
    assert "in thread doomed-helper" in crash_dialog().details  # type: ignore[union-attr]
    assert any("worker blew up" in r.getMessage() for r in crash_records(caplog))


@pytest.mark.qt_log_ignore("petdesk crash test: a Qt warning",
                          "This plugin does not support propagateSizeHints")
def test_qt_warnings_go_to_the_log(handler: CrashHandler,
                                   caplog: pytest.LogCaptureFixture) -> None:
    qWarning(f"petdesk crash test: a Qt warning about Bearer {KEY}")
    records = [r for r in caplog.records if r.name == "petdesk.qt"]
    assert len(records) == 1 and records[0].levelno == logging.WARNING
    assert "a Qt warning" in records[0].getMessage()
    assert KEY not in records[0].getMessage()
