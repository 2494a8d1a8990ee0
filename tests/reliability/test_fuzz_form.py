"""Bad input into the real add-pet form, offscreen with pytest-qt.

Text goes in through the widget API as a paste would (``selectAll`` + ``insert``,
which emits ``textEdited`` like typing). After every edit:

* no exception escapes a slot (pytest-qt fails the test if one does);
* ``submitButton`` is enabled exactly when the typed values make a valid
  request — judged here by an oracle written from the contract, not by the
  form's own code;
* each invalid field shows a *specific* message next to it (one of the known
  sentences, matching what is wrong), and a valid field shows none;
* what was typed is still there (the form never clears or rewrites input).
"""

from __future__ import annotations

import re
import string
import unicodedata
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QLineEdit

from petdesk.api import INT64_MAX, NAME_MAX_LENGTH
from petdesk.gui.pets.add_pet import AddPetDialog
from tests.helpers import ui

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

RTL = "\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627"
names = st.one_of(
    st.text(max_size=120),
    st.text(alphabet=st.sampled_from(list(" \t\u00a0\u2003\u3000")), max_size=6),
    st.sampled_from(["Rex", RTL, "\u202eevil\u202c", "🐶🐱🦜", "👩‍👩‍👧‍👦", "x" * 10_240,
                     " " * 10_240, "Zoë", "名前", "a\tb", "\u0007bell", "e\u0301"]),
)
category_texts = st.one_of(
    st.integers(-(2**80), 2**80).map(str),
    st.text(alphabet=string.digits + " +-.,e_", max_size=30),
    st.sampled_from(["", " ", "0", "007", "+3", "-2", "-0", "1.0", "1.5", "1e3",
                     str(INT64_MAX), str(INT64_MAX + 1), "9" * 10_240, "0" * 5_000 + "7",
                     "١٢", "３", "NaN", "one", "½", "²", "0x10"]),
    st.text(max_size=12),
)

# The sentences the form may show, by what is wrong.
NAME_MESSAGES = {
    "blank": ("Enter the pet's name.", "Enter a name (not just spaces)."),
    "long": (f"The name is too long: at most {NAME_MAX_LENGTH} characters.",),
    "control": ("The name contains characters that cannot be used (tabs or line breaks).",),
    # Invisible format characters (Unicode category Cf): refused by NewPet; the form names the
    # first one's code point (FORMAT_MESSAGE).
    "format": (),
}
FORMAT_MESSAGE = re.compile(
    r"Remove the invisible character U\+[0-9A-F]{4,6} \(a direction override or "
    r"zero-width space\)\.")
CATEGORY_MESSAGES = {
    "blank": ("Choose a category, or type its name or number.",),
    "small": ("The category ID must be 1 or more.",),
    "large": (f"The category ID is too large (at most {INT64_MAX}).",),
    "nan": ("The category ID must be a whole number, like 3.",),
}
_WHOLE = re.compile(r"^\s*([+-]?)(\d+)\s*$")


def name_problem(text: str) -> str | None:
    """The contract's view of a name (spec: a string; PetDesk: 1..100 after trimming)."""
    stripped = text.strip()
    if not stripped:
        return "blank"
    if any(unicodedata.category(ch) == "Cc" for ch in stripped):
        return "control" if len(stripped) <= NAME_MAX_LENGTH else None  # either is fair
    if any(unicodedata.category(ch) == "Cf" for ch in stripped):
        return "format" if len(stripped) <= NAME_MAX_LENGTH else None
    if len(stripped) > NAME_MAX_LENGTH:
        return "long"
    return None


def category_problem(text: str) -> str | None:
    """categoryId: a positive int64, typed as a whole number (leading zeros and + are fine)."""
    if not text.strip():
        return "blank"
    match = _WHOLE.match(text)
    if not match:
        return "nan"
    sign, digits = match.groups()
    significant = digits.lstrip("0")
    if sign == "-":
        return "small"  # -0 included: the ID must be 1 or more
    if len(significant) > 19:
        return "large"
    value = int(significant or "0")
    if value < 1:
        return "small"
    if value > INT64_MAX:
        return "large"
    return None


def paste(edit: QLineEdit, text: str) -> None:
    """Replace the field's content as a user's paste would (emits textEdited)."""
    edit.selectAll()
    edit.insert(text)


@pytest.fixture
def dialog(qtbot: Any) -> AddPetDialog:
    form = AddPetDialog(environment_label="Staging")
    qtbot.addWidget(form)
    form.show()
    return form


def _check(dialog: AddPetDialog, name_text: str, category_text: str) -> None:
    shown_name = dialog.nameEdit.text()
    # The widget may cap a pasted 10 kB name (maxLength) but must keep the rest as typed.
    assert name_text.startswith(shown_name) or shown_name == name_text
    assert len(shown_name) >= min(len(name_text), NAME_MAX_LENGTH + 1)
    assert dialog.categoryIdEdit.text() == category_text

    n_problem = name_problem(shown_name)
    c_problem = category_problem(category_text)
    ok = n_problem is None and c_problem is None
    assert dialog.submitButton.isEnabled() == ok, (shown_name[:40], category_text[:40])

    name_msg = ui.field_error(dialog, "name")
    cat_msg = ui.field_error(dialog, "categoryId")
    if n_problem is None:
        assert name_msg == "", name_msg
    elif n_problem == "control" and len(shown_name.strip()) > NAME_MAX_LENGTH:
        assert name_msg in NAME_MESSAGES["control"] + NAME_MESSAGES["long"]
    elif n_problem == "format":
        assert FORMAT_MESSAGE.fullmatch(name_msg), name_msg
    else:
        assert name_msg in NAME_MESSAGES[n_problem], (n_problem, name_msg)
    if c_problem is None:
        assert cat_msg == "", cat_msg
    else:
        assert cat_msg in CATEGORY_MESSAGES[c_problem], (category_text[:40], c_problem, cat_msg)


@FUZZ
@given(name=names, category=category_texts)
@example(name="Rex", category="9" * 10_240)
@example(name="Rex", category="0" * 5_000 + "7")
@example(name="Rex", category="-5")
@example(name=" " * 10_240, category="+007")
@example(name=RTL, category=str(INT64_MAX))
def test_form_accepts_only_valid_input_and_names_the_problem(dialog: AddPetDialog, name: str,
                                                            category: str) -> None:
    paste(dialog.nameEdit, name)
    paste(dialog.categoryIdEdit, category)
    _check(dialog, name, category)
    # Editing only the other field keeps both messages right.
    paste(dialog.nameEdit, "Bella")
    _check(dialog, "Bella", category)


def test_valid_input_submits_once_and_the_form_keeps_it(qtbot: Any,
                                                       dialog: AddPetDialog) -> None:
    sent: list[Any] = []
    dialog.submitted.connect(sent.append)
    paste(dialog.nameEdit, f"  {RTL} 🐶  ")
    paste(dialog.categoryIdEdit, " +007 ")
    assert dialog.submitButton.isEnabled()
    dialog.submitButton.click()
    dialog.submitButton.click()  # a double click: still one request
    assert len(sent) == 1
    assert sent[0].name == f"{RTL} 🐶" and sent[0].category_id == 7
    assert dialog.nameEdit.text() == f"  {RTL} 🐶  "  # kept while busy
    assert not dialog.submitButton.isEnabled()
