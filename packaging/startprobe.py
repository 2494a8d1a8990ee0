"""Start-up probe for the frozen bundles: report when the first window is exposed.

Used by the PyInstaller entry scripts (``packaging/petdesk_entry.py`` and the bare
baseline ``packaging/baseline/bare_window.py``) so that both bundles are measured
the same way. Inactive unless ``PETDESK_EXIT_AFTER_SHOW`` is set:

* ``PETDESK_EXIT_AFTER_SHOW=1`` prints ``PETDESK_FIRST_WINDOW <time_ns> <title>`` on
  stdout when the first top-level window receives its first Expose event, then
  exits at once (status 0) without tearing anything down;
* any other value is a file path the line is appended to (a windowed Windows build
  has no stdout).

``time_ns`` is ``time.time_ns()`` (wall clock), so the measuring process, which
notes the same clock just before it spawns the bundle, gets start-to-first-window
without pipe or teardown latency.

How: the ``QApplication`` class in ``PySide6.QtWidgets`` is replaced by a subclass
that installs an application-wide event filter in its constructor. The entry
script calls :func:`install` before the application imports Qt names.
"""

from __future__ import annotations

import os
import sys
import time

ENV = "PETDESK_EXIT_AFTER_SHOW"
MARKER = "PETDESK_FIRST_WINDOW"


def install() -> bool:
    """Activate the probe when ``PETDESK_EXIT_AFTER_SHOW`` is set; True if active."""
    target = os.environ.get(ENV)
    if not target:
        return False

    from PySide6 import QtCore, QtGui, QtWidgets

    def report(window: QtGui.QWindow) -> None:
        line = f"{MARKER} {time.time_ns()} {window.title() or type(window).__name__}\n"
        if target in ("1", "-", "stdout"):
            if sys.stdout is not None:
                sys.stdout.write(line)
                sys.stdout.flush()
        else:
            with open(target, "a", encoding="utf-8") as fh:
                fh.write(line)
        os._exit(0)

    class _FirstExpose(QtCore.QObject):
        def eventFilter(self, obj: QtCore.QObject, event: QtCore.QEvent) -> bool:
            if (
                event.type() == QtCore.QEvent.Type.Expose
                and isinstance(obj, QtGui.QWindow)
                and obj.isTopLevel()
                and obj.isExposed()
            ):
                report(obj)
            return False

    base = QtWidgets.QApplication

    class ProbedApplication(base):  # type: ignore[misc,valid-type]
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)
            self._petdesk_first_expose = _FirstExpose(self)
            self.installEventFilter(self._petdesk_first_expose)

    ProbedApplication.__name__ = ProbedApplication.__qualname__ = base.__name__
    QtWidgets.QApplication = ProbedApplication  # type: ignore[misc]
    return True
