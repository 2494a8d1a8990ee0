"""Names as PetDesk compares them, and what a search box holds (an id or a name).

One folding for the whole app: the table's quick filter and the catalogue mirror's
search (:mod:`petdesk.storage`) both call :func:`fold_name`, so "zoe" finds "Zoë" and
"ZOË" in both. Standard library only; cheap to import.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from petdesk.core.limits import INT64_MAX

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


_ID_PREFIX = re.compile(r"^(?:id\s*[:#]?|#)\s*", re.IGNORECASE)
_GROUPED = re.compile(r"^\d{1,3}(?:[,._ \u00a0\u202f]\d{3})+$")


def parse_search(text: str) -> SearchInput:
    """An id when the text is a whole number from 1 to 2**63-1 in ASCII digits; else
    a name.

    Also read as ids: a ``#`` or ``ID``/``ID:`` in front (as printed on kennel cards:
    "ID: 42"), leading zeros ("0042", as the look-up box accepts), and thousands
    separators between groups of three ("1,024", "12 345"). "0", "-5", "1.5" and
    numbers beyond int64 are names (no pet can have that id).
    """
    stripped = text.strip()
    body = _ID_PREFIX.sub("", stripped, count=1)
    if _GROUPED.match(body):
        body = re.sub(r"\D", "", body)
    if not body or not body.isascii() or not body.isdigit() or len(body) > 25:
        return SearchInput(None, stripped)
    value = int(body)
    if not 1 <= value <= INT64_MAX:
        return SearchInput(None, stripped)
    return SearchInput(value, stripped)
