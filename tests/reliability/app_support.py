"""Helpers for driving the real main window in the reliability tests."""

from __future__ import annotations

import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QWidget,
)

from petdesk.api import PetStoreClient, RequestListener, RequestPolicy
from petdesk.api.shared import SharedQuota
from petdesk.core.clock import Clock
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.settings import AppSettings, CatalogueChoice, Environment
from petdesk.gui.worker.worker import Connection
from tests.conftest import TEST_HOME
from tests.helpers import ui

#: Quick retries; server-announced waits still rule.
UI_POLICY = RequestPolicy(backoff_base=0.02, backoff_cap=0.1, poll_interval=0.01,
                          default_retry_after=1.0, max_auto_wait=10.0)


def factory(base_url: str, policy: RequestPolicy = UI_POLICY, timeout: float | None = None,
            made: list[PetStoreClient] | None = None) -> Any:
    default = policy

    def make(connection: Connection, key: str, listener: RequestListener,
             clock: Clock, *, policy: RequestPolicy | None = None,
                 shared_quota: SharedQuota | None = None) -> PetStoreClient:
        client = PetStoreClient(base_url, key, timeout=timeout or connection.timeout,
                                listener=listener, policy=policy or default, clock=clock,
                                shared_quota=shared_quota)
        if made is not None:
            made.append(client)
        return client

    return make


def settings_in(directory: Path) -> AppSettings:
    """Private settings; the catalogue off (its background fill would add requests to
    the counts these tests check; tests/ui/test_catalogue_*.py test it)."""
    settings = AppSettings(QSettings(str(directory / "petdesk.ini"), QSettings.Format.IniFormat))
    settings.catalogue = CatalogueChoice(enabled=False)
    return settings


def build_window(qtbot: Any, settings: AppSettings, keys: Any, base_url: str, *,
                 policy: RequestPolicy = UI_POLICY, timeout: float | None = None,
                 **kwargs: Any) -> MainWindow:
    window = MainWindow(settings, keys, factory(base_url, policy, timeout),
                        environment=Environment.PRODUCTION, base_url=base_url, **kwargs)
    qtbot.addWidget(window)
    window.show()
    return window


# -- what the user can see --------------------------------------------------------------------


def visible_texts(extra: Iterable[QWidget] = ()) -> list[tuple[str, str]]:
    """Every piece of text any live widget offers a person: (widget name, text)."""
    texts: list[tuple[str, str]] = []
    widgets = list(QApplication.allWidgets()) + list(extra)
    for widget in widgets:
        name = widget.objectName() or type(widget).__name__
        values = [widget.toolTip(), widget.windowTitle(), widget.statusTip(),
                  widget.whatsThis(), widget.accessibleName(), widget.accessibleDescription()]
        if isinstance(widget, QLabel | QAbstractButton):
            values.append(widget.text())
        if isinstance(widget, QLineEdit):
            values.append(widget.placeholderText())
            if widget.objectName() != "apiKeyEdit":  # where the user types the key
                values.append(widget.text())
        if isinstance(widget, QComboBox):
            values += [widget.itemText(i) for i in range(widget.count())]
        if isinstance(widget, QMessageBox):
            values += [widget.text(), widget.informativeText(), widget.detailedText()]
        texts += [(name, v) for v in values if v]
    clip = QApplication.clipboard().text()
    if clip:
        texts.append(("clipboard", clip))
    return texts


def assert_not_shown(secrets: Iterable[str], window: MainWindow | None = None) -> None:
    shown = visible_texts()
    if window is not None:
        shown += [("statusBar.message", ui.status_bar(window).message),
                  ("statusBar.details", ui.status_bar(window).details),
                  ("statusBar.currentMessage", ui.status_bar(window).currentMessage()),
                  ("overlay", ui.overlay_text(window))]
    for secret in secrets:
        leaks = [(name, text) for name, text in shown if secret in text]
        assert not leaks, f"a key is shown to the user: {leaks}"


def files_containing(secrets: Iterable[str], root: Path = TEST_HOME) -> list[str]:
    """Files under ``root`` whose bytes contain any secret (UTF-8, UTF-16 or Latin-1)."""
    needles = []
    for secret in secrets:
        needles += [secret.encode("utf-8"), secret.encode("utf-16-le"),
                    secret.encode("latin-1", "ignore")]
    found = []
    for path in root.rglob("*"):
        if not path.is_file() or path.is_symlink():
            continue
        try:
            data = path.read_bytes()
        except OSError:
            continue
        if any(n and n in data for n in needles):
            found.append(str(path))
    return found


# -- responsiveness ------------------------------------------------------------------------------


def elapsed_since(t0: float) -> float:
    return time.monotonic() - t0
