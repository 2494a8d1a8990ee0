"""Run ``petdesk`` (its real ``main()``) on a real X server against a loopback sandbox,
as on a new computer (no key anywhere), and do what new staff did: type the key into
the dialog that comes up, click Test connection, press Enter where the focus is, then
press F5. Prints ``focus <object name>`` (where Enter went), ``rows <n>`` once the
list shows, and ``asked-again <yes|no>`` after F5; then Ctrl+Q."""

from __future__ import annotations

import sys
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMainWindow

from petdesk.__main__ import main
from petdesk.gui.settings.api_key_dialog import ApiKeyDialog
from petdesk.sandbox import SandboxConfig
from tests.helpers import ui
from tests.helpers.sandbox_server import start_server

KEY = "first-run-key-0123456789"


def shown(kind: type) -> object | None:
    return next((w for w in QApplication.topLevelWidgets()
                 if isinstance(w, kind) and w.isVisible()), None)


def when(ready: Callable[[], object], then: Callable[[object], None]) -> None:
    """``then(value)`` once ``ready()`` gives a value (polled: no sleeps)."""
    value = ready()
    if value:
        then(value)
    else:
        QTimer.singleShot(50, lambda: when(ready, then))


def active(kind: type) -> object | None:
    widget = shown(kind)
    if widget is not None and QApplication.activeWindow() is not widget:
        widget.activateWindow()  # no window manager on Xvfb: the keys need the focus
        return None
    return widget


def type_and_test(dialog: ApiKeyDialog) -> None:
    QTest.keyClicks(dialog.apiKeyEdit, KEY)
    QTest.mouseClick(dialog.testButton, Qt.MouseButton.LeftButton)
    when(lambda: dialog.resultLabel.text().startswith("✔"), lambda _: enter(dialog))


def enter(dialog: ApiKeyDialog) -> None:
    focus = QApplication.focusWidget()
    print(f"focus {focus.objectName() if focus else ''}", flush=True)
    QTest.keyClick(focus or dialog, Qt.Key.Key_Return)
    when(lambda: active(QMainWindow) if shown(ApiKeyDialog) is None else None, listed)


def rows(window: QMainWindow) -> int:
    return int(ui.model(window).rowCount())  # type: ignore[attr-defined]


def idle_or_asked(window: QMainWindow) -> Callable[[], object]:
    stop = ui.action(window, "actionStop")  # type: ignore[attr-defined]
    return lambda: not stop.isEnabled() or shown(ApiKeyDialog)


def listed(window: object) -> None:
    assert isinstance(window, QMainWindow)
    when(idle_or_asked(window), lambda _: refresh(window))


def refresh(window: QMainWindow) -> None:
    print(f"rows {rows(window)}", flush=True)
    if shown(ApiKeyDialog) is None:
        QTest.keyClick(window, Qt.Key.Key_F5)
    QTimer.singleShot(0, lambda: when(idle_or_asked(window), lambda _: finish(window)))


def finish(window: QMainWindow) -> None:
    print(f"asked-again {'yes' if shown(ApiKeyDialog) else 'no'}", flush=True)
    dialog = shown(ApiKeyDialog)
    if isinstance(dialog, ApiKeyDialog):
        dialog.reject()
    QTest.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)


if __name__ == "__main__":
    app = QApplication(sys.argv[:1])
    with start_server(SandboxConfig(api_keys=(KEY,))) as running:
        when(lambda: active(ApiKeyDialog), lambda d: type_and_test(d))  # type: ignore[arg-type]
        sys.exit(main(["--base-url", running.base_url, *sys.argv[1:]]))
