"""Instant start as ``petdesk`` runs it (``deferred=True``): the frame, the contents,
the rows of the last session, then the worker and the controllers. The stored rows
speak the shelter's words from their first paint: the category names are read with
them, not after the worker has started."""

from __future__ import annotations

from typing import Any

from petdesk.core.status_messages import MessageKind
from petdesk.gui.pets.pet_model import Column
from petdesk.services.cards.categories import CategoryTable, JsonCategoryFile, categories_path
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.drive import idle


def category_cells(window: Any) -> list[str]:
    model = ui.model(window)
    return [model.data(model.index(row, Column.CATEGORY)) for row in range(model.rowCount())]


def stored_text(window: Any) -> str:
    return str(ui.status_bar(window).text_of(MessageKind.STORED_ROWS))


def test_the_stored_rows_show_category_names_from_their_first_paint(
        qtbot: Any, loopback: Sandbox, make_window: Any) -> None:
    first = make_window(loopback)
    assert "2" in category_cells(first)  # cats, not named yet
    idle(qtbot, first)  # the page is kept for the next start once it is shown
    first.close()
    # Named since (File › Categories… writes this file; its own tests drive the dialog).
    JsonCategoryFile(categories_path("production")).save(CategoryTable({2: "Cats"}))
    seen: dict[str, list[str]] = {}

    def watch(window: Any) -> None:
        def rows_shown() -> None:
            seen.setdefault("stored rows shown", category_cells(window))

        window.built.connect(lambda: ui.model(window).modelReset.connect(rows_shown))
        window.workerStarted.connect(
            lambda: seen.setdefault("controllers built", category_cells(window)))

    window = make_window(loopback, wait=False, autoload=False, deferred=True, prepare=watch)
    qtbot.waitUntil(lambda: stored_text(window).startswith("As of "), timeout=10_000)
    qtbot.waitUntil(lambda: "controllers built" in seen, timeout=10_000)
    for moment, cells in seen.items():
        assert "Cats (2)" in cells and "2" not in cells, (moment, cells)
    assert "Cats (2)" in category_cells(window)
