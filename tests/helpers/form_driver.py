"""Run ``petdesk --demo`` (its real ``main()``) on a real X server and use the add form
as a user does, with keys the X server delivers (``xdotool``): Ctrl+N, a name, the
start of a category's name and Tab; then "abc" as the category. Prints
``completed <text>`` (what the category field shows after Tab) and
``message <height> <needed> <text>`` (the category's message label: its height and
the height its wrapped text needs). Then the form is discarded and the app quits."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QMainWindow, QTableView

from petdesk.__main__ import main

TYPED = sys.argv[1]
_TIMEOUT_TICKS = 200  # 10 s of 50 ms polls per step


def xdotool(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True)


def top(kind: type) -> object | None:
    return next((w for w in QApplication.topLevelWidgets()
                 if isinstance(w, kind) and w.isVisible()), None)


def when(ready: Callable[[], object], then: Callable[[object], None], ticks: int = 0) -> None:
    found = ready()
    if found:
        then(found)
    elif ticks > _TIMEOUT_TICKS:
        print("timeout", flush=True)
        QApplication.exit(3)
    else:
        QTimer.singleShot(50, lambda: when(ready, then, ticks + 1))


def active(kind: type) -> Callable[[], object]:
    def check() -> object:
        widget = top(kind)
        if widget is None:
            return None
        if QApplication.activeWindow() is not widget:
            widget.activateWindow()  # type: ignore[attr-defined]  # no window manager
            return None
        return widget

    return check


def rows_shown() -> object:
    """The main window, active, once it shows its first rows (as a user waits for)."""
    window = active(QMainWindow)()
    table = window.findChild(QTableView, "petsTable") if isinstance(window, QMainWindow) else None
    return window if table is not None and table.model().rowCount() > 0 else None


def form_open(window: object) -> None:
    xdotool("key", "ctrl+n")
    when(active(QDialog), type_start)


def type_start(dialog: object) -> None:
    xdotool("type", "--delay", "40", "Rex")
    xdotool("key", "Tab")
    xdotool("type", "--delay", "60", TYPED)
    QTimer.singleShot(400, lambda: press_tab(dialog))


def press_tab(dialog: object) -> None:
    xdotool("key", "Tab")
    edit = dialog.categoryIdEdit  # type: ignore[attr-defined]
    # Completed at once, or never: what the field shows once the focus moved on.
    when(lambda: not edit.hasFocus() and edit,
         lambda _e: QTimer.singleShot(200, lambda: completed(dialog)))


def completed(dialog: object) -> None:
    edit = dialog.categoryIdEdit  # type: ignore[attr-defined]
    print(f"completed {edit.text()}", flush=True)
    edit.setFocus()
    xdotool("key", "ctrl+a")
    xdotool("type", "--delay", "60", "abc")
    label = dialog.findChild(QLabel, "categoryIdEditError")  # type: ignore[attr-defined]
    QTimer.singleShot(500, lambda: measure(dialog, label))


def measure(dialog: object, label: QLabel) -> None:
    rect = label.contentsRect()
    needed = label.fontMetrics().boundingRect(rect, int(Qt.TextFlag.TextWordWrap),
                                              label.text())
    print(f"message {rect.height()} {needed.height()} {label.text()}", flush=True)
    dialog.discard()  # type: ignore[attr-defined]
    window = top(QMainWindow)
    if window is not None:
        window.close()  # type: ignore[attr-defined]
    QTimer.singleShot(5_000, lambda: QApplication.exit(0))  # the window closed: done


if __name__ == "__main__":
    app = QApplication(sys.argv[:1])
    QTimer.singleShot(0, lambda: when(rows_shown, form_open))
    QTimer.singleShot(60_000, lambda: (print("watchdog", flush=True), QApplication.exit(4)))
    sys.exit(main(["--demo"]))
