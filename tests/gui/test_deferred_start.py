"""Progressive start-up: ``petdesk`` shows its main window's frame first, builds the
contents in the first event-loop turn after the first paint, and the worker with the
controllers once the contents are painted or first used (``MainWindow(deferred=True)``,
used only by :func:`petdesk.gui.app.run`)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox, QWidget

from petdesk.gui.app import LaunchConfig, build_main_window
from petdesk.gui.importing import controller as importing_controller
from petdesk.gui.main_window import MainWindow
from petdesk.gui.outbox import controller as outbox_controller
from petdesk.gui.settings.settings import AppSettings
from petdesk.gui.worker.worker import Worker
from tests.helpers import ui
from tests.helpers.drive import visible_dialog

#: The contents' named widgets (every one must exist once the window is built).
CONTENT_NAMES = ("environmentBanner", "filterBar", "environmentCombo", "statusFilter",
                 "limitSpin", "refreshButton", "quickFilterEdit", "lookupEdit",
                 "addPetButton", "petsTable", "tableStateOverlay", "loadMoreButton",
                 "countLabel", "petDetail", "mainSplitter")


def _settings(tmp_path: Path) -> AppSettings:
    return AppSettings(QSettings(str(tmp_path / "petdesk.ini"), QSettings.Format.IniFormat))


def _deferred_window(qtbot: Any, tmp_path: Path) -> MainWindow:
    window = build_main_window(LaunchConfig(demo=True), settings=_settings(tmp_path),
                               demo_db=":memory:", deferred=True)
    qtbot.addWidget(window)
    return window


def _missing(window: MainWindow) -> list[str]:
    return [name for name in CONTENT_NAMES if window.findChild(QObject, name) is None]


class _FirstExpose(QObject):
    """Runs ``fn`` in the event-loop turn right after the window's first Expose, before
    the window's own start-up (filters installed later run first)."""

    def __init__(self, window: MainWindow, fn: Any) -> None:
        super().__init__(window)
        self._fn = fn
        self.built_then: bool | None = None
        handle = window.windowHandle()
        assert handle is not None
        handle.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Expose:
            watched.removeEventFilter(self)
            self.built_then = self.parent().is_built  # type: ignore[attr-defined]
            QTimer.singleShot(0, self._fn)
        return False


def test_build_main_window_builds_everything_by_default(qtbot, tmp_path: Path) -> None:
    window = build_main_window(LaunchConfig(demo=True), settings=_settings(tmp_path),
                               demo_db=":memory:", autoload=False)
    qtbot.addWidget(window)
    assert window.is_built
    assert _missing(window) == []
    assert ui.worker(window) is not None and ui.status_bar(window) is not None


def test_deferred_window_shows_its_frame_first_then_completes(qtbot, tmp_path: Path) -> None:
    window = _deferred_window(qtbot, tmp_path)
    assert not window.is_built
    assert window.findChild(QWidget, "petsTable") is None
    assert "Demo" in window.windowTitle()
    window.show()
    probe = _FirstExpose(window, lambda: None)
    with qtbot.waitSignal(window.built, timeout=10_000):
        pass
    assert probe.built_then is False  # exposed (painted) before the contents existed
    assert window.is_built
    assert _missing(window) == []
    assert window.centralWidget() is ui.splitter(window).parentWidget()
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        pass
    assert ui.model(window).rowCount() == 20
    window.close()
    assert ui.worker(window).closed


def test_ensure_built_completes_a_deferred_window_at_once(qtbot, tmp_path: Path) -> None:
    window = _deferred_window(qtbot, tmp_path)
    built: list[bool] = []
    window.built.connect(lambda: built.append(True))
    window.ensure_built()
    window.ensure_built()  # idempotent
    assert built == [True]
    assert _missing(window) == []
    window.close()
    assert ui.worker(window).closed


def test_closing_during_the_loading_phase(qtbot, tmp_path: Path) -> None:
    settings = _settings(tmp_path)
    settings.header_state = QByteArray(b"kept")  # only the geometry may change
    settings.status_filter = "sold"
    settings.sync()
    window = build_main_window(LaunchConfig(demo=True), settings=settings,
                               demo_db=":memory:", deferred=True)
    qtbot.addWidget(window)
    window.show()
    built_after_start_up: list[bool] = []

    def close_then_look() -> None:
        window.close()
        # Queued behind the window's own start-up (queued by the same first Expose, after
        # this close): it sees what that start-up left.
        QTimer.singleShot(0, lambda: built_after_start_up.append(window.is_built))

    probe = _FirstExpose(window, close_then_look)  # closed in the turn the build would use
    qtbot.waitUntil(lambda: built_after_start_up != [], timeout=5_000)
    assert probe.built_then is False
    assert not window.isVisible()
    assert built_after_start_up == [False]  # the start-up queued behind the close did nothing
    assert not window.is_built
    assert window.findChild(QWidget, "petsTable") is None
    again = AppSettings(QSettings(str(tmp_path / "petdesk.ini"), QSettings.Format.IniFormat))
    assert again.geometry is not None
    assert again.header_state == QByteArray(b"kept")
    assert again.status_filter == "sold"
    # Built afterwards (say, by a tool), it loads nothing and its worker is stopped.
    window.ensure_built()
    assert _missing(window) == []
    assert ui.worker(window).closed
    assert not ui.worker_thread(ui.worker(window)).is_alive()


def test_closing_before_the_first_page_looks_again_at_nothing(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The outbox's and the import's start-up looks wait (background work) until the first
    # page is painted; closing before it answers them with RequestCancelled, which must
    # not schedule their "look again" on the stopped worker (a RuntimeError in the event
    # loop: the crash dialog at quit). The look again comes at once here, not a second
    # later, so a timer started after the close comes after it.
    monkeypatch.setattr(importing_controller, "LOOK_AGAIN_MS", 0)
    monkeypatch.setattr(outbox_controller, "LOOK_AGAIN_MS", 0)
    window = build_main_window(LaunchConfig(demo=True), settings=_settings(tmp_path),
                               demo_db=":memory:")
    qtbot.addWidget(window)
    assert window.is_built and not ui.worker(window).closed
    window.close()
    assert ui.worker(window).closed
    later = QTimer(window, singleShot=True, interval=0)
    with qtbot.waitSignal(later.timeout, timeout=10_000):
        later.start()


def test_contents_never_painted_still_start_loading(qtbot, tmp_path: Path) -> None:
    # The worker waits for the contents' first paint, but not forever: a window hidden
    # (say, minimised to the tray) right after it appeared never paints its contents.
    window = _deferred_window(qtbot, tmp_path)
    window.show()
    _FirstExpose(window, window.hide)  # before the contents are built
    with qtbot.waitSignal(window.petsLoaded, timeout=5_000):
        pass
    assert window.is_built and not window.isVisible()
    assert ui.model(window).rowCount() == 20
    window.close()


def test_an_action_used_before_the_worker_exists_is_carried_out(qtbot,
                                                                  tmp_path: Path) -> None:
    # The worker, the controllers and the dialogs come after the contents' first paint;
    # an action triggered as soon as the contents exist builds them on the spot.
    window = _deferred_window(qtbot, tmp_path)
    seen: list[bool] = []

    def at_once() -> None:
        seen.append(window.findChild(Worker) is not None)
        action = window.findChild(QAction, "actionAbout")
        assert action is not None
        action.trigger()  # Help › About PetDesk

    window.built.connect(at_once)
    loaded: list[bool] = []
    window.petsLoaded.connect(lambda: loaded.append(True))
    window.show()
    box = visible_dialog(qtbot, QMessageBox)
    assert seen == [False]
    assert "PetDesk" in box.text()
    box.close()
    qtbot.waitUntil(lambda: bool(loaded), timeout=10_000)  # the list loads as usual
    assert ui.model(window).rowCount() == 20
    window.close()


RUN_SCRIPT = textwrap.dedent("""
    import sys
    from PySide6 import QtCore
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication
    from petdesk.gui import app as appmod
    from petdesk.gui import main_window

    # Background work waits for the first page's paint, or at most SETTLE_LATEST_MS
    # after the worker started (a first page that is slow to come: no answer yet, or
    # a loaded machine). That bound is a matter of the machine's speed, not of order:
    # it is set out of reach here, so that what is checked is the order.
    main_window.SETTLE_LATEST_MS = 600_000

    NAMES = {names!r}
    # The network stack is the worker's: the frame's paint does without it, and without
    # the date and record machinery the status bar's messages use.
    LATER = ("httpx", "pydantic", "datetime", "dataclasses")
    MODE = sys.argv[1]
    original = appmod.build_main_window
    report = []

    class Probe(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Expose and watched is self.window.windowHandle():
                QApplication.instance().removeEventFilter(self)  # the first one only
                report.append(("exposed", self.window.is_built))
                report.append(("loaded before the frame", sorted(
                    m for m in LATER if m in sys.modules)))
                # PySide6 creates Qt's namespace (some 90 enums) on first use: the
                # frame's paint does without it, the contents need it.
                report.append(("Qt namespace before the frame", "Qt" in vars(QtCore)))
            return False

    def patched(*args, **kwargs):
        window = original(*args, **kwargs)
        report.append(("constructed", window.is_built))
        probe = Probe(window)
        probe.window = window
        QApplication.instance().installEventFilter(probe)
        if MODE == "close":
            QTimer.singleShot(0, window.close)  # before the build can run
            return window

        def built():
            missing = [n for n in NAMES if window.findChild(QObject, n) is None]
            report.append(("built", missing))

        def loaded():
            # What the demo's first page does without: the outbox, import and catalogue
            # work (background, after it is painted), a network transport, the OS
            # keyring and the sandbox's HTTP server.
            report.append(("loaded with the first page", sorted(
                m for m in ("openpyxl", "petdesk.services.importing.readers",
                            "petdesk.services.worker.session",
                            "petdesk.services.catalogue.service", "httpcore", "truststore",
                            "keyring", "http.server")
                if m in sys.modules)))
            QApplication.instance().exit(0)

        window.built.connect(built)
        window.settled.connect(lambda: report.append(("settled",)))  # after the page
        window.petsLoaded.connect(loaded)
        return window

    appmod.build_main_window = patched
    code = appmod.run(appmod.LaunchConfig(demo=True))
    print("REPORT", report, flush=True)
    sys.exit(code)
""").format(names=CONTENT_NAMES)


def _run(mode: str, tmp_path: Path) -> tuple[str, subprocess.CompletedProcess[str]]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_STATE_HOME": str(tmp_path / "state"),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("PETDESK_BENCH_EXIT_AFTER", None)
    result = subprocess.run([sys.executable, "-c", RUN_SCRIPT, mode], capture_output=True,
                            text=True, env=env, timeout=60)
    lines = [line for line in result.stdout.splitlines() if line.startswith("REPORT ")]
    return (lines[-1] if lines else ""), result


def test_run_paints_the_frame_then_builds_the_contents(tmp_path: Path) -> None:
    """...and shows the demo's first page before any background work (the outbox, an
    unfinished import, the catalogue) and without a network transport."""
    report, result = _run("full", tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert report == ("REPORT [('constructed', False), ('exposed', False), "
                      "('loaded before the frame', []), "
                      "('Qt namespace before the frame', False), ('built', []), "
                      "('loaded with the first page', [])]"), result.stdout + result.stderr


def test_run_closed_during_the_loading_phase_exits_cleanly(tmp_path: Path) -> None:
    report, result = _run("close", tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert report.startswith("REPORT [('constructed', False)"), result.stdout + result.stderr
    assert "built" not in report
    assert "Traceback" not in result.stderr and "QThread" not in result.stderr, result.stderr
