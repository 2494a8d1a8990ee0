"""Showing text from a server safely: visible markers for hidden characters, eliding.

Qt-free and dependency-free. Names come from the service as sent; some read as
something they are not. ``"\\u202egnp.exe"`` *displays* as "exe.png" (U+202E,
RIGHT-TO-LEFT OVERRIDE, reverses what follows), a zero-width space makes two
names that look the same differ, and NUL or ESC can cut or garble a line.

:func:`visible` replaces every such character with a marker that names its code
point, ``⟦U+202E⟧``: the brackets (U+27E6, U+27E7) do not occur in ordinary
names, the code point is what a support agent can search for, and the marker
contains no character that changes text direction. Marked are:

* control characters (Unicode category Cc): C0 incl. NUL, TAB, LF and ESC, DEL,
  and C1;
* format characters (Cf): bidi embeddings, overrides and isolates (U+202A–202E,
  U+2066–2069), marks (U+200E, U+200F, U+061C), zero-width space, joiner and
  non-joiner (U+200B–200D), word joiner and invisible operators (U+2060–2064),
  the byte-order mark (U+FEFF), soft hyphen (U+00AD), tag characters, ...;
* line and paragraph separators (Zl, Zp), surrogates (Cs), private-use (Co) and
  unassigned code points (Cn);
* letters that render as nothing: the Hangul fillers (U+115F, U+1160, U+3164,
  U+FFA0).

Ordinary spaces and right-to-left scripts (Arabic, Hebrew) are left alone: they
are what they look like.

:func:`elide` shortens a long name for display in time proportional to the
length kept (never to the length of the name), and :func:`display` does both,
in that order, so a 1 MB name costs no more than a short one. The UI shows
``display(name)`` in tables and panels and offers the full :func:`visible` text
on demand (selectable), never rich text.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["DISPLAY_LIMIT", "ELLIPSIS", "display", "elide", "has_hidden", "marker", "visible"]

#: How many characters of a name :func:`display` keeps by default.
DISPLAY_LIMIT = 200
ELLIPSIS = "\u2026"

_MARKED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")
#: Candidates: everything but printable ASCII. Which of them are marked is decided
#: per character (the categories cover all of Unicode; a class listing them would be
#: slow to build at import).
_CANDIDATE = re.compile(r"[^\x20-\x7e]")


def marker(ch: str) -> str:
    """The visible stand-in of one hidden character: ``⟦U+202E⟧``."""
    return f"\u27e6U+{ord(ch):04X}\u27e7"


def _is_hidden(ch: str) -> bool:
    return unicodedata.category(ch) in _MARKED_CATEGORIES or ch in _FILLERS


def _mark(match: re.Match[str]) -> str:
    ch = match.group()
    return marker(ch) if _is_hidden(ch) else ch


def visible(text: str) -> str:
    """``text`` with every hidden or direction-changing character shown as a marker."""
    if text.isascii() and text.isprintable():
        return text
    return _CANDIDATE.sub(_mark, text)


def has_hidden(text: str) -> bool:
    """True when :func:`visible` would change ``text`` (for a warning next to it)."""
    if text.isascii() and text.isprintable():
        return False
    return any(_is_hidden(m.group()) for m in _CANDIDATE.finditer(text))


def elide(text: str, limit: int) -> str:
    """At most ``limit`` characters: ``text`` itself, or its start and ``…``.

    Time is proportional to ``limit``, not to ``len(text)``.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    if len(text) <= limit:
        return text
    return text[: limit - 1] + ELLIPSIS


def display(text: str, limit: int = DISPLAY_LIMIT) -> str:
    """``text`` for a table cell or label: markers made visible, at most ``limit``
    characters (markers included), in time proportional to ``limit``."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    shown = visible(text[: limit + 1])
    if len(shown) <= limit and len(text) <= limit:
        return shown
    cut = shown[: limit - 1]
    opened = cut.rfind("\u27e6")
    if opened > cut.rfind("\u27e7"):  # never half a marker
        cut = cut[:opened]
    return cut + ELLIPSIS
