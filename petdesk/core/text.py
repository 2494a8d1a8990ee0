"""Names as PetDesk compares them, and what a search box holds (an id or a name).

One folding for the whole app: the table's quick filter and the catalogue mirror's
search (:mod:`petdesk.store`) both call :func:`fold_name`, so "zoe" finds "Zoë" and
"ZOË" in both. Standard library only; cheap to import.
"""

from __future__ import annotations

import unicodedata
from typing import NamedTuple

from .limits import INT64_MAX

__all__ = ["SearchInput", "fold_name", "parse_search"]


def fold_name(name: str) -> str:
    """Case- and accent-folded name: ``casefold`` then the marks of NFKD dropped.

    "Zoë" → "zoe", "STRAßE" → "strasse", "Ｍｏｃｈｉ" (full-width) → "mochi".
    ASCII names (most of them) take a fast path with the same result.
    """
    if name.isascii():
        return name.lower()
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


class SearchInput(NamedTuple):
    """What the user typed in the find box: a pet id, or a name (folded) to search."""

    #: A positive int64: look this pet up by id (``None``: it is a name).
    pet_id: int | None
    #: The text as typed, stripped (what a name search searches for).
    text: str

    @property
    def is_id(self) -> bool:
        return self.pet_id is not None

    @property
    def is_empty(self) -> bool:
        return not self.text


def parse_search(text: str) -> SearchInput:
    """An id when the text is a whole number from 1 to 2**63-1 (ASCII digits, an
    optional ``#`` in front, surrounding spaces and digit-group separators ``,`` ``.``
    ``_`` and spaces allowed: "#1,024" is 1024); anything else is a name.

    "0", "-5" and numbers beyond int64 are names (no pet can have that id, and a
    pet may well be called "007").
    """
    stripped = text.strip()
    digits = stripped.removeprefix("#").strip()
    for separator in (",", ".", "_", " ", "\u00a0", "\u202f"):
        digits = digits.replace(separator, "")
    if not digits or not digits.isascii() or not digits.isdigit() or len(digits) > 19:
        return SearchInput(None, stripped)
    if digits != stripped.removeprefix("#").strip() and not _grouped(stripped):
        return SearchInput(None, stripped)
    value = int(digits)
    if digits.startswith("0") or not 1 <= value <= INT64_MAX:
        return SearchInput(None, stripped)
    return SearchInput(value, stripped)


def _grouped(text: str) -> bool:
    """Separators only between groups of three digits ("1,024", "12 345")."""
    body = text.removeprefix("#").strip()
    parts: list[str] = []
    current = ""
    for ch in body:
        if ch.isdigit():
            current += ch
        else:
            parts.append(current)
            current = ""
    parts.append(current)
    return (len(parts) > 1 and 1 <= len(parts[0]) <= 3
            and all(len(p) == 3 for p in parts[1:]))
