"""Benchmark hook (test-side): report start-up milestones on stdout and exit.

Installed by ``tests/benchmarks/launch_petdesk.py`` (PetDesk) and by the bare
baseline ``tests/benchmarks/bare_window.py``, so both are measured the same way;
PetDesk itself carries no hook. Does nothing unless ``PETDESK_BENCH_EXIT_AFTER`` is
set:

* ``window``: when the main window's first Expose event has been handled (the
  window painted), print ``PETDESK_BENCH window <time.monotonic()> rss=<bytes>``
  and exit at once.
* ``first-data``: the same line, then ``PETDESK_BENCH contents <time.monotonic()>
  rss=<bytes>`` when the table view (``petsTable``) first painted (the whole
  window is there: PetDesk builds its contents after the first paint, see
  :class:`petdesk.gui.main_window.MainWindow` ``deferred``), then, when it has
  painted with rows in it, ``PETDESK_BENCH first-data <time.monotonic()>
  rss=<bytes> rows=<n>`` and exit. Rows of the last session painted before the fresh
  ones (instant start: the status bar says "As of 09:42 — refreshing…") are
  reported once as ``PETDESK_BENCH stored-data …``; *first-data* is fresh rows only.
* ``stored-data``: as ``first-data``, but exit after the *stored-data* line (or after
  *first-data* when nothing was stored).

The table's milestones (*contents*, *stored-data*, *first-data*) carry the time the
paint ended: the first event the application dispatches after the table's Paint (other
than the rest of the window's Paints), not the time the report's zero timer runs. An
event filter the app installs on the viewport after the probe's runs before it, so the
app's own zero timers queued at that paint come first; they are not painting.

``time.monotonic()`` is system-wide on Linux, so the benchmark subtracts the value
it took just before starting the process. Only PySide6 and the standard library
are imported; the filter is removed as soon as its milestone is reported.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

ENV = "PETDESK_BENCH_EXIT_AFTER"
MODES = ("window", "first-data", "stored-data")
#: How the hook ends the process (a profiling driver may wrap it to save its output).
exit_now = os._exit


def _rss() -> int:
    try:
        with open("/proc/self/statm", "rb") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        import resource  # not Linux: the peak instead

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


def _say(event: str, extra: str = "", stamp: tuple[float, int] | None = None) -> None:
    now, rss = stamp if stamp is not None else (time.monotonic(), _rss())
    sys.stdout.write(f"PETDESK_BENCH {event} {now:.6f} rss={rss}{extra}\n")
    sys.stdout.flush()


def _main_window() -> Any:
    from PySide6.QtWidgets import QApplication, QMainWindow

    return next((w for w in QApplication.topLevelWidgets() if isinstance(w, QMainWindow)),
                None)


def install(window: Any = None) -> bool:
    """Arm the hook for ``window`` (a QWidget, before it is shown; default: the first
    QMainWindow shown); True if armed. A QApplication must exist."""
    mode = os.environ.get(ENV, "")
    if mode not in MODES:
        return False
    from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer
    from PySide6.QtGui import QWindow
    from PySide6.QtWidgets import QAbstractItemView

    app = QCoreApplication.instance()
    assert app is not None

    def finish() -> None:
        sys.stdout.flush()
        exit_now(0)

    class _Stamp(QObject):
        """The end of a paint of the table: the first event the application dispatches
        after it that is not a Paint (the rest of the window's repaint). The report
        then waits for its zero timer, but carries this time: whatever the app queued
        for after the paint (its filters on the viewport run before the probe's, being
        installed later) is not counted as painting."""

        def __init__(self) -> None:
            super().__init__()
            self.waiting: list[Any] = []
            self.stamp: tuple[float, int] | None = None

        def after_paint(self, report: Any) -> None:
            if not self.waiting:
                self.stamp = None
                app.installEventFilter(self)
                QTimer.singleShot(0, lambda: None)  # an event after the paint, even when idle
            self.waiting.append(report)

        def eventFilter(self, obj: QObject, event: QEvent) -> bool:
            if self.waiting and event.type() != QEvent.Type.Paint:
                app.removeEventFilter(self)
                stamp = (time.monotonic(), _rss())
                for report in self.waiting:
                    QTimer.singleShot(0, lambda report=report: report(stamp))
                self.waiting = []
            return False

    stamper = _Stamp()
    stamper.setParent(app)

    class _Probe(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.view: Any = None
            self.contents = False
            self.stored = False

        def exposed(self) -> None:
            _say("window")
            if mode == "window":
                finish()
            if getattr(window, "is_built", True) is False:  # contents still to come
                window.built.connect(self.watch_table)
            else:
                self.watch_table()

        def watch_table(self) -> None:
            self.view = window.findChild(QAbstractItemView, "petsTable")
            if self.view is None:
                _say("first-data", " rows=-1 no-petsTable")
                finish()
            self.view.viewport().installEventFilter(self)
            model = self.view.model()
            if model is not None and model.rowCount() > 0:
                self.view.viewport().update()  # painted with rows already: once more

        def painted(self, stamp: tuple[float, int]) -> None:
            _say("first-data", f" rows={self.view.model().rowCount()}", stamp)
            finish()

        def stored_painted(self, stamp: tuple[float, int]) -> None:
            _say("stored-data", f" rows={self.view.model().rowCount()}", stamp)
            if mode == "stored-data":
                finish()

        def stored_shown(self) -> bool:
            if not getattr(window, "is_built", False):  # a baseline, or contents to come
                return False
            from petdesk.core.status_messages import MessageKind

            if not getattr(window, "is_built", False):  # a bare window: no stored rows
                return False
            return bool(window.statusBar().text_of(MessageKind.STORED_ROWS))

        def eventFilter(self, obj: QObject, event: QEvent) -> bool:
            nonlocal window
            kind = event.type()
            if kind == QEvent.Type.Expose and window is None:
                window = _main_window()
            if (kind == QEvent.Type.Expose and isinstance(obj, QWindow)
                    and window is not None and obj is window.windowHandle()
                    and obj.isExposed()):
                app.removeEventFilter(self)
                QTimer.singleShot(0, self.exposed)  # after the expose is handled (painted)
            elif (kind == QEvent.Type.Paint and self.view is not None
                  and obj is self.view.viewport()):
                if not self.contents:
                    self.contents = True
                    stamper.after_paint(lambda stamp: _say("contents", "", stamp))
                if self.view.model() is not None and self.view.model().rowCount() > 0:
                    if self.stored_shown():
                        if not self.stored:
                            self.stored = True
                            stamper.after_paint(self.stored_painted)
                    else:
                        obj.removeEventFilter(self)
                        stamper.after_paint(self.painted)
            return False

    probe = _Probe()
    probe.setParent(app)
    app.installEventFilter(probe)
    return True
