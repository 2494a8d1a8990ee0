"""What the window showed is kept, however soon the user quits: the rows of the first
page are on screen, the window is closed at once (Ctrl+Q), and the next start, with
the service unreachable, shows those rows."""

from __future__ import annotations

from typing import Any

from tests.gui.outbox.test_offline_outbox import (
    Switchable,
    names_shown,
    offline_text,
)
from tests.helpers.drive import shortcut


def test_rows_shown_then_quitting_at_once_are_there_offline_next_time(
        qtbot: Any, service: Switchable, make_window: Any, quick_probe: None) -> None:
    first = make_window(service.box, wait=False)
    qtbot.waitUntil(lambda: len(names_shown(first)) == 20, timeout=10_000)
    shown = names_shown(first)
    shortcut(qtbot, first, "Ctrl+Q")  # the user quits as soon as the rows are there
    qtbot.waitUntil(lambda: not first.isVisible(), timeout=5_000)
    service.stop()
    window = make_window(service.box, wait=False)
    qtbot.waitUntil(lambda: offline_text(window).startswith("Offline — showing pets as of "),
                    timeout=10_000)
    assert names_shown(window) == shown
