"""Crash handling: an unhandled exception ends in a dialog and a log entry, never a
silent death.

:func:`install` sets three hooks and returns the :class:`CrashHandler`:

* ``sys.excepthook`` — PySide6 hands every exception that escapes a slot, a timer
  callback or a virtual method to it. The handler logs the traceback (logger
  ``petdesk.crash``, level CRITICAL, the key redacted) and shows a
  :class:`~petdesk.gui.common.crash_dialog.CrashDialog` ("PetDesk ran into a problem",
  the details, **Copy details**, Close). The app keeps running: open forms keep what was typed.
* ``threading.excepthook`` — an exception that ends a Python thread is logged and
  reported through the same dialog (queued to the GUI thread).
* ``qInstallMessageHandler`` — Qt's own warnings, criticals and fatals go to the
  log (logger ``petdesk.qt``) instead of vanishing on stderr; the previous
  handler is still called, so test tools that watch Qt messages keep working.

The text shown and logged goes through :class:`~petdesk.services.redaction.RedactingFilter`
when one is given (it knows the keys loaded this session), else through a
bearer-token scrub. At most one dialog is open at a time; later crashes are
appended to it. The hooks stay for the life of the process.
"""

from __future__ import annotations

import logging
import re
import sys
import threading
import traceback
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QMessageLogContext,
    QObject,
    QTimer,
    QtMsgType,
    Signal,
    qInstallMessageHandler,
)
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from petdesk.gui.common.crash_dialog import CrashDialog
    from petdesk.services.redaction import RedactingFilter

__all__ = ["CrashHandler", "install"]

log = logging.getLogger("petdesk.crash")
qt_log = logging.getLogger("petdesk.qt")

_BEARER = re.compile(r"(?i)(bearer\s+)[^\s\"',;]+")
_QT_LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}

ParentLike = QWidget | Callable[[], QWidget | None] | None


class _Relay(QObject):
    """Carries reports from any thread to the GUI thread, where ``deliver`` shows
    them from the event loop, never from inside the failing code."""

    report = Signal(str)

    def __init__(self, deliver: Callable[[str], None]) -> None:
        super().__init__()
        self._deliver = deliver
        # Auto connection: queued when emitted from another thread. Emitted on the
        # GUI thread it runs at once, and _received defers it to the event loop.
        self.report.connect(self._received)

    def _received(self, details: str) -> None:
        QTimer.singleShot(0, lambda: self._deliver(details))


class CrashHandler:
    """The installed hooks; see :func:`install`."""

    def __init__(self, parent: ParentLike = None,
                 redactor: RedactingFilter | None = None) -> None:
        self._parent = parent
        self._redactor = redactor
        self._relay = _Relay(self._show)
        self._dialog: CrashDialog | None = None
        self._showing = False
        self._previous_excepthook: Callable[..., Any] | None = None
        self._previous_qt_handler: Any = None
        self._installed = False

    # -- hooks --------------------------------------------------------------------------

    def install(self) -> CrashHandler:
        if self._installed:
            return self
        self._previous_excepthook = sys.excepthook
        sys.excepthook = self.excepthook
        threading.excepthook = self.threading_excepthook
        self._previous_qt_handler = qInstallMessageHandler(self.qt_message)
        self._installed = True
        return self

    def excepthook(self, exc_type: type[BaseException], exc: BaseException,
                   tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            (self._previous_excepthook or sys.__excepthook__)(exc_type, exc, tb)
            return
        self.report(exc_type, exc, tb)

    def threading_excepthook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit or args.exc_value is None:
            return
        name = args.thread.name if args.thread is not None else "?"
        self.report(args.exc_type, args.exc_value, args.exc_traceback,
                    where=f"in thread {name}")

    def qt_message(self, mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
        level = _QT_LEVELS.get(mode, logging.WARNING)
        qt_log.log(level, "Qt: %s", self.redact(message))
        previous = self._previous_qt_handler
        if previous is not None:
            previous(mode, context, message)

    # -- reporting ----------------------------------------------------------------------

    def redact(self, text: str) -> str:
        if self._redactor is not None:
            return self._redactor.redact(text)
        return _BEARER.sub(r"\1***", text)

    def report(self, exc_type: type[BaseException], exc: BaseException,
               tb: TracebackType | None, *, where: str = "") -> str:
        """Log the exception and show it; returns the (redacted) details."""
        try:
            text = "".join(traceback.format_exception(exc_type, exc, tb))
        except Exception:  # pragma: no cover - a broken __str__ in the exception
            text = f"{exc_type.__name__} (its message could not be shown)\n"
        details = self.redact(f"Unhandled exception {where}".rstrip() + ":\n" + text)
        log.critical("%s", details)
        self._relay.report.emit(details)
        return details

    def _show(self, details: str) -> None:
        if self._showing:
            return
        self._showing = True
        try:
            if self._dialog is not None:
                self._dialog.append(details)
                self._dialog.raise_()
                return
            from petdesk.gui.common.crash_dialog import CrashDialog  # noqa: PLC0415 - the crash dialog, when an error is first shown

            parent = self._parent() if callable(self._parent) else self._parent
            dialog = CrashDialog(details, parent)
            dialog.destroyed.connect(self._dialog_gone)
            self._dialog = dialog
            dialog.show()
        except Exception:  # never let the crash dialog itself crash the app
            log.exception("could not show the crash dialog")
        finally:
            self._showing = False

    def _dialog_gone(self) -> None:
        self._dialog = None

    @property
    def dialog(self) -> CrashDialog | None:
        return self._dialog


def install(parent: ParentLike = None,
            redactor: RedactingFilter | None = None) -> CrashHandler:
    """Install the crash hooks. ``parent`` is the main window (or a callable that
    returns the widget to parent the dialog on); ``redactor`` scrubs the key."""
    return CrashHandler(parent, redactor).install()
