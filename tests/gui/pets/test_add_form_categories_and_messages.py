"""The add form as new staff use it: a category typed as the start of its name and
Tab (completed to the category, then added), a start that fits several names, an
empty name, and messages that show every line of their text in English, German and
Spanish at the window sizes staff use (offscreen, and on a real X server with the keys
it delivers, where the completer's list grabs the keyboard)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from petdesk.gui.main_window import MainWindow
from petdesk.gui.pets.pet_model import Column
from petdesk.gui.settings.settings import AppSettings
from tests.helpers import ui
from tests.helpers.drive import open_add_dialog, type_text
from tests.helpers.windows import open_demo_window

# The category field's completer pops up over the form: the offscreen platform cannot
# raise it or grab the keyboard for it.
popup_warnings = pytest.mark.qt_log_ignore(
    "This plugin does not support (raise|grabbing the keyboard|propagateSizeHints)")


def demo(qtbot: Any, tmp_path: Path, settings: AppSettings,
         monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setenv("PETDESK_DATA_DIR", str(tmp_path / "data" / "PetDesk"))  # this test's names
    window = open_demo_window(qtbot, settings, tmp_path / "demo.sqlite3")
    qtbot.waitUntil(lambda: ui.categories(window).label(1).endswith("(1)"),
                    timeout=5_000)
    return window


@pytest.fixture
def demo_window(qtbot: Any, tmp_path: Path, settings: AppSettings,
                monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    return demo(qtbot, tmp_path, settings, monkeypatch)


def active_form(qtbot: Any, window: MainWindow) -> Any:
    dialog = open_add_dialog(qtbot, window)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=5_000)
    return dialog


def type_into(qtbot: Any, edit: QWidget, text: str) -> None:
    """Click into the field, as a user does, and type."""
    qtbot.mouseClick(edit, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(edit.hasFocus, timeout=5_000)
    qtbot.keyClicks(edit, text)


def press_tab(qtbot: Any) -> None:
    focus = QApplication.focusWidget()
    assert focus is not None
    qtbot.keyClick(focus, Qt.Key.Key_Tab)


@popup_warnings
def test_a_category_typed_as_its_names_start_is_completed_by_tab_and_added(
        qtbot: Any, demo_window: MainWindow) -> None:
    window = demo_window
    dialog = active_form(qtbot, window)
    type_into(qtbot, dialog.nameEdit, "Rex")
    type_into(qtbot, dialog.categoryIdEdit, "dog")
    assert ui.field_error(dialog, "categoryId") == ""
    press_tab(qtbot)
    qtbot.waitUntil(lambda: not dialog.categoryIdEdit.hasFocus(), timeout=5_000)
    assert dialog.categoryIdEdit.text() == "Dogs (1)"  # the user sees which one
    assert ui.field_error(dialog, "categoryId") == ""
    assert dialog.submitButton.isEnabled()
    qtbot.mouseClick(dialog.submitButton, Qt.MouseButton.LeftButton)
    pet = ui.shown_after_add(qtbot, window)
    assert (pet.name, pet.category_id) == ("Rex", 1)


@popup_warnings
def test_a_word_of_the_name_ignoring_case_is_taken_too(
        qtbot: Any, demo_window: MainWindow) -> None:
    dialog = active_form(qtbot, demo_window)
    type_into(qtbot, dialog.nameEdit, "Nibbles")
    type_into(qtbot, dialog.categoryIdEdit, "MAMM")
    press_tab(qtbot)
    qtbot.waitUntil(lambda: dialog.categoryIdEdit.text() == "Small mammals (6)",
                    timeout=5_000)
    assert dialog.submitButton.isEnabled()
    assert dialog.values()["categoryId"] == 6


@popup_warnings
def test_a_start_that_fits_several_categories_names_them(
        qtbot: Any, demo_window: MainWindow) -> None:
    dialog = active_form(qtbot, demo_window)
    type_into(qtbot, dialog.nameEdit, "Spike")
    type_into(qtbot, dialog.categoryIdEdit, "r")
    press_tab(qtbot)
    assert dialog.categoryIdEdit.text() == "r"  # nothing chosen for the user
    assert ui.field_error(dialog, "categoryId") == (
        "“r” fits several categories: Rabbits (3), Reptiles (5). Type more of the name, "
        "or its number.")
    assert not dialog.submitButton.isEnabled()
    type_into(qtbot, dialog.categoryIdEdit, "e")
    press_tab(qtbot)
    qtbot.waitUntil(lambda: dialog.categoryIdEdit.text() == "Reptiles (5)", timeout=5_000)
    assert dialog.submitButton.isEnabled()


@popup_warnings
def test_an_empty_name_says_what_is_missing(qtbot: Any, demo_window: MainWindow) -> None:
    dialog = active_form(qtbot, demo_window)
    assert ui.field_error(dialog, "name") == ""  # nothing flagged before the first edit
    type_into(qtbot, dialog.categoryIdEdit, "2")
    assert ui.field_error(dialog, "name") == "Enter the pet's name."
    assert not dialog.submitButton.isEnabled()
    type_into(qtbot, dialog.nameEdit, "Tom")
    assert ui.field_error(dialog, "name") == ""
    assert dialog.submitButton.isEnabled()
    dialog.nameEdit.selectAll()
    qtbot.keyClick(dialog.nameEdit, Qt.Key.Key_Backspace)
    assert ui.field_error(dialog, "name") == "Enter the pet's name."


def shown_whole(label: QLabel) -> bool:
    """Every line of the label's text fits its height (nothing cut at the top or the
    bottom of the letters)."""
    needed = label.fontMetrics().boundingRect(
        label.contentsRect(), int(Qt.TextFlag.TextWordWrap), label.text())
    return label.contentsRect().height() >= needed.height() and \
        label.contentsRect().width() >= needed.width()


@popup_warnings
@pytest.mark.parametrize("size", [(1100, 680), (800, 500)])
@pytest.mark.parametrize("language", ["en", "de", "es"])
def test_the_forms_messages_show_every_line(
        qtbot: Any, tmp_path: Path, settings: AppSettings, monkeypatch: pytest.MonkeyPatch,
        speak: Callable[[str], None], language: str, size: tuple[int, int]) -> None:
    speak(language)
    window = demo(qtbot, tmp_path, settings, monkeypatch)
    window.resize(*size)
    dialog = active_form(qtbot, window)
    type_into(qtbot, dialog.nameEdit, "  ")
    type_into(qtbot, dialog.categoryIdEdit, "abc")
    labels = [dialog.findChild(QLabel, "nameEditError"),
              dialog.findChild(QLabel, "categoryIdEditError")]
    for label in labels:
        assert label is not None and label.isVisible()
        qtbot.waitUntil(lambda label=label: shown_whole(label), timeout=5_000)
    message = labels[1].text()
    assert "abc" in message and message.endswith(("…", "."))
    # A message of two lines or more (the category's is, in each language) stays whole
    # when the form is made narrower.
    assert labels[1].height() >= 2 * labels[1].fontMetrics().height()
    dialog.resize(dialog.minimumWidth(), dialog.height())
    for label in labels:
        qtbot.waitUntil(lambda label=label: shown_whole(label), timeout=5_000)


def run_form_on_x(tmp_path: Path, screen: str, lang: str, typed: str) -> dict[str, str]:
    """``form_driver.py`` on a private Xvfb of ``screen`` ("800x500"), keys from the X
    server: what the category field showed after Tab, and its message's measures."""
    root = Path(__file__).resolve().parents[3]
    home = tmp_path / f"home-{screen}-{lang}"
    environ = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "LANGUAGE")}
    environ.update(QT_QPA_PLATFORM="xcb", PYTHONPATH=str(root), LANG=lang)
    for name, sub in (("HOME", ""), ("XDG_CONFIG_HOME", ".config"),
                      ("XDG_DATA_HOME", ".local/share"), ("XDG_CACHE_HOME", ".cache"),
                      ("XDG_STATE_HOME", ".local/state"), ("XDG_RUNTIME_DIR", "run")):
        (home / sub).mkdir(parents=True, exist_ok=True, mode=0o700)
        environ[name] = str(home / sub)
    driver = Path(__file__).resolve().parents[2] / "helpers" / "form_driver.py"
    done = subprocess.run(["xvfb-run", "-a", "-s", f"-screen 0 {screen}x24", sys.executable,
                           str(driver), typed], env=environ, capture_output=True, text=True,
                          timeout=90, cwd=str(root), check=False)
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    return dict(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)


needs_x = pytest.mark.skipif(
    shutil.which("xvfb-run") is None or shutil.which("xdotool") is None,
    reason="needs Xvfb and xdotool (apt-get install xvfb xdotool)")


@needs_x
@pytest.mark.parametrize("screen", ["1100x680", "800x500"])
@pytest.mark.parametrize(("lang", "typed", "label"), [
    ("en_US.UTF-8", "dog", "Dogs (1)"), ("de_DE.UTF-8", "hun", "Hunde (1)"),
    ("es_ES.UTF-8", "per", "Perros (1)")])
def test_on_a_real_x_server_tab_completes_and_messages_show_every_line(
        tmp_path: Path, screen: str, lang: str, typed: str, label: str) -> None:
    """The completer's list grabs the keyboard on X11 (not on the offscreen platform):
    Tab still completes the category, and the two-line message is as tall as its
    lines."""
    seen = run_form_on_x(tmp_path, screen, lang, typed)
    assert seen["completed"] == label
    height, needed, text = seen["message"].split(" ", 2)
    assert "abc" in text
    assert int(height) >= int(needed) > 0, seen["message"]


@popup_warnings
def test_a_message_that_goes_leaves_no_blank_lines(qtbot: Any, demo_window: MainWindow) -> None:
    dialog = active_form(qtbot, demo_window)
    height = dialog.height()
    type_into(qtbot, dialog.nameEdit, " ")
    type_into(qtbot, dialog.categoryIdEdit, "abc")
    qtbot.waitUntil(lambda: dialog.height() > height, timeout=5_000)  # room for both
    type_text(qtbot, dialog.categoryIdEdit, "2")  # Ctrl+A, then type over it
    type_text(qtbot, dialog.nameEdit, "Tom")
    assert ui.field_error(dialog, "name") == ui.field_error(dialog, "categoryId") == ""
    qtbot.waitUntil(lambda: dialog.height() == height, timeout=5_000)


def test_a_long_category_name_is_shown_whole_while_name_has_room(
        qtbot: Any, tmp_path: Path, settings: AppSettings, monkeypatch: pytest.MonkeyPatch,
        speak: Callable[[str], None]) -> None:
    speak("es")
    window = demo(qtbot, tmp_path, settings, monkeypatch)
    table = ui.table(window)
    model = table.model()
    qtbot.waitUntil(lambda: model.data(model.index(0, Column.CATEGORY))
                    == "Pequeños mamíferos (6)", timeout=5_000)
    header = table.horizontalHeader()
    need = max(header.sectionSizeHint(Column.CATEGORY), table.sizeHintForColumn(Column.CATEGORY))
    assert header.sectionSize(Column.CATEGORY) >= need
    assert header.sectionSize(Column.NAME) >= table.sizeHintForColumn(Column.NAME)
    assert not table.horizontalScrollBar().isVisible()


@pytest.mark.parametrize(("language", "footer"), [
    ("en", "20 pets loaded · 1 shown by the filter · more available"),
    ("de", "20 Tiere geladen · 1 durch den Filter angezeigt · weitere verfügbar"),
    ("es", "20 animales cargados · 1 mostrado por el filtro · hay más")])
def test_the_footer_counts_one_filtered_pet_in_the_singular(
        qtbot: Any, tmp_path: Path, settings: AppSettings, monkeypatch: pytest.MonkeyPatch,
        speak: Callable[[str], None], language: str, footer: str) -> None:
    speak(language)
    window = demo(qtbot, tmp_path, settings, monkeypatch)
    type_text(qtbot, ui.quick_filter(window), "Biscotti")
    qtbot.waitUntil(lambda: ui.model(window).rowCount() == 1, timeout=5_000)
    assert ui.count_label(window).text() == footer


@popup_warnings
@pytest.mark.parametrize(("language", "missing"), [
    ("en", "Choose a category, or type its name or number."),
    ("de", "Wählen Sie eine Kategorie oder geben Sie ihren Namen oder ihre Nummer ein."),
    ("es", "Elija una categoría o escriba su nombre o número.")])
def test_enter_with_the_category_missing_says_so_and_keeps_the_name(
        qtbot: Any, tmp_path: Path, settings: AppSettings, monkeypatch: pytest.MonkeyPatch,
        speak: Callable[[str], None], language: str, missing: str) -> None:
    """The field takes a listed category, a name or a number: the message says so."""
    speak(language)
    dialog = active_form(qtbot, demo(qtbot, tmp_path, settings, monkeypatch))
    type_into(qtbot, dialog.nameEdit, "Walker")
    assert ui.field_error(dialog, "categoryId") == ""  # not flagged before it is visited
    assert not dialog.submitButton.isEnabled()
    qtbot.keyClick(dialog.nameEdit, Qt.Key.Key_Return)
    assert ui.field_error(dialog, "categoryId") == missing
    assert dialog.isVisible()
    assert dialog.nameEdit.text() == "Walker"
    type_into(qtbot, dialog.categoryIdEdit, "2")
    assert ui.field_error(dialog, "categoryId") == ""
    assert dialog.submitButton.isEnabled()
