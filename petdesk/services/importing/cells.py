"""Cell text rules shared by the readers and the writers.

**Formula injection** (decision). A spreadsheet program opening a CSV evaluates a cell
that begins with ``=``, ``+``, ``-`` or ``@`` (and some read a leading tab or carriage
return the same way) as a formula: a pet named ``=HYPERLINK(...)`` must stay a name.
CSV exports therefore prefix such a cell with an apostrophe (OWASP's advice), and also a
cell that already begins with an apostrophe, so the escape is reversible: the CSV reader
removes exactly one leading apostrophe when it is followed by one of those characters.
Export then import gives back the very same names. xlsx exports need no prefix: every
text is written as a typed string cell, which spreadsheet programs never evaluate.
"""

from __future__ import annotations

import datetime as dt
import math
import re

#: A cell to write: text, a whole number, or nothing.
CellValue = str | int | None

#: First characters that make a spreadsheet evaluate a CSV cell, and the escape itself.
_TRIGGERS = frozenset("=+-@\t\r'")

#: Characters XML 1.0 (so xlsx) cannot hold: C0 controls other than tab, LF, CR.
_XML_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def neutralise_formula(text: str) -> str:
    """The CSV form of a text cell: ``=1+1`` → ``'=1+1``; anything else unchanged."""
    return "'" + text if text[:1] in _TRIGGERS else text


def restore_formula_escape(text: str) -> str:
    """Undo :func:`neutralise_formula` (CSV import only)."""
    if text[:1] == "'" and text[1:2] in _TRIGGERS:
        return text[1:]
    return text


def xml_safe(text: str) -> str:
    """Replace the control characters an xlsx cannot store with U+FFFD (shown as �)."""
    return _XML_ILLEGAL.sub("\ufffd", text)


def cell_text(value: object) -> str:
    """A spreadsheet cell value as the text PetDesk checks.

    Whole numbers stored as floats (every number in a spreadsheet is a float) lose the
    ``.0``: a category typed as ``3`` reads ``3``, not ``3.0``. Dates read as ISO dates.
    """
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer() and abs(value) < 1e19:
            return str(int(value))
        return repr(value)
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    return str(value)
