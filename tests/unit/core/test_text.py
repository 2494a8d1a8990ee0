"""petdesk.core.text: hidden characters made visible, long names elided in O(limit)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from petdesk.core import text as text_module
from petdesk.core.text import ELLIPSIS, display, elide, has_hidden, marker, visible

HIDDEN = ["\u202e", "\u202d", "\u2066", "\u2069", "\u200e", "\u200f", "\u061c", "\u200b",
          "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\x00", "\x1b", "\x7f", "\x85",
          "\t", "\n", "\u2028", "\u2029", "\U000e0041", "\ue000", "\udcff", "\u3164"]
MARKED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}

any_text = st.text(alphabet=st.characters(codec=None, min_codepoint=0,
                                          max_codepoint=0x10FFFF), max_size=60)
tricky_text = st.lists(st.sampled_from(HIDDEN) | st.sampled_from(list("ab⟦⟧ éשع😀"))
                       | st.characters(), max_size=40).map("".join)


def test_a_right_to_left_override_no_longer_reads_as_a_harmless_name() -> None:
    shown = visible("\u202egnp.exe")
    assert shown == "⟦U+202E⟧gnp.exe"
    assert "\u202e" not in shown


@pytest.mark.parametrize("ch", HIDDEN)
def test_every_kind_of_hidden_character_gets_a_marker(ch: str) -> None:
    assert visible(f"Rex{ch}") == "Rex" + marker(ch)
    assert has_hidden(f"Rex{ch}")


@pytest.mark.parametrize("name", ["Rex", "Zoë", "Ünal", "שלום", "مرحبا", "Fluffy 😀",
                                  "Mr. Whiskers (2)", "犬"])
def test_ordinary_names_are_left_alone(name: str) -> None:
    assert visible(name) == name
    assert not has_hidden(name)
    assert display(name) == name


@settings(max_examples=300)
@given(st.one_of(any_text, tricky_text))
@example("\u202egnp.exe")
@example("\x00\x1b[31m")
def test_visible_leaves_no_hidden_character_and_changes_nothing_else(name: str) -> None:
    shown = visible(name)
    assert not any(unicodedata.category(c) in MARKED for c in shown)
    assert has_hidden(name) == (shown != name)
    # Removing the markers of the hidden characters gives back the visible ones.
    assert shown.count("\u27e6U+") >= sum(unicodedata.category(c) in MARKED for c in name)


@settings(max_examples=300)
@given(st.one_of(any_text, tricky_text), st.integers(1, 80))
def test_display_is_visible_and_never_longer_than_the_limit(name: str, limit: int) -> None:
    shown = display(name, limit)
    assert len(shown) <= limit
    assert not any(unicodedata.category(c) in MARKED for c in shown)
    full = visible(name)
    if shown.endswith(ELLIPSIS) and full != shown:
        assert full.startswith(shown[:-1])
    else:
        assert shown == full


@given(st.text(max_size=200), st.integers(1, 100))
def test_elide_keeps_the_start_and_marks_the_cut(name: str, limit: int) -> None:
    shown = elide(name, limit)
    assert len(shown) <= limit
    if len(name) <= limit:
        assert shown == name
    else:
        assert shown == name[: limit - 1] + ELLIPSIS


def test_display_never_cuts_a_marker_in_half() -> None:
    assert display("ab\u202ecd", 5) == "ab" + ELLIPSIS


def test_a_one_megabyte_name_costs_what_the_limit_costs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """O(limit): the work (marking) only ever sees limit + 1 characters."""
    seen: list[int] = []
    real = text_module.visible

    def counting(text: str) -> str:
        seen.append(len(text))
        return real(text)

    monkeypatch.setattr(text_module, "visible", counting)
    huge = ("\u202eA\u200b" * 400_000)[:1_000_000]
    shown = text_module.display(huge, 200)
    assert len(shown) <= 200 and shown.endswith(ELLIPSIS)
    assert seen == [201]


def test_limits_below_one_are_refused() -> None:
    with pytest.raises(ValueError):
        elide("x", 0)
    with pytest.raises(ValueError):
        display("x", 0)
