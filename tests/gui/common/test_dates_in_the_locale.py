"""A look-up by ID in the user's language: the removal date of the look-up call is
written as the locale writes dates (QLocale), and nothing on that path depends on
the C library's date formats (tests/unit/test_platform_neutral.py checks the source)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QDate, QLocale
from PySide6.QtWidgets import QApplication

from petdesk.core.datafiles import resources_dir
from petdesk.gui.common.translations import install_translations
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.drive import idle, look_up
from tests.helpers.translations import remove_translations

REMOVAL = QDate(2030, 12, 5)  # the spec's and the sandbox's Sunset


@pytest.fixture
def german(qapp: QApplication) -> Iterator[None]:
    """German, as File › Settings › Language (or LANGUAGE=de) makes it at start-up."""
    before = QLocale()
    installed = install_translations(qapp, "de", resources_dir())
    yield
    remove_translations(qapp, installed)
    QLocale.setDefault(before)


@pytest.mark.usefixtures("german")
def test_a_look_up_by_id_shows_the_removal_date_in_the_users_language(
        qtbot: Any, sandbox: Sandbox, make_window: Any) -> None:
    window = make_window(sandbox)
    look_up(qtbot, window, "250")
    idle(qtbot, window)
    assert ui.detail(window).idValue.text() == "250"
    # found() ran to its end: the status line, then the note with the date.
    assert ui.status_bar(window).message.startswith("Tier 250 (")
    note = ui.detail(window).deprecationNote.text()
    german_date = QLocale(QLocale.Language.German).toString(REMOVAL, QLocale.FormatType.LongFormat)
    assert "Dezember 2030" in german_date
    assert german_date in note
    assert "December" not in note
    # The technical text behind Details names the day in ISO 8601, for any locale.
    assert "2030-12-05" in ui.status_bar(window).details
