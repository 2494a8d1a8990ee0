"""The preview: every row checked with the client's ``NewPet`` rules, duplicates flagged.

Rules (decisions):

* A row is checked exactly as the Add dialog checks a pet: the cells are turned into
  ``name`` / ``categoryId`` / ``status`` and validated by :class:`petdesk.api.models.NewPet`
  (``model_validate`` per row: within about 10 % of one ``TypeAdapter`` over the batch,
  measured in tests/benchmarks/RESULTS-bulk.md, and it keeps each row's errors its own).
  Before that, text cells are read the way staff type them: the category as a whole
  number (``3``, ``+3``, ``3.0``) or a word the mapping knows ("Dog" → 1); the status as
  ``available``, ``pending`` or ``sold`` in any case, empty meaning no status.
* Every problem is a :class:`CellIssue` (row, field, column, message in staff words);
  a row with any issue is invalid and is not sent.
* Completely blank rows are skipped and not counted.
* A **possible duplicate** is a valid row with the same name (case and spacing ignored),
  category and status as a pet already known (``KnownPets``: the service's pets, or the
  outbox's), or else as an earlier valid row of the file. The user decides per row
  or for all (:class:`Decision`); the default is to skip it, because a pet added twice
  can never be removed from PetDesk (the service has no delete).
* A row that an **earlier import of the same file** already added (the outbox holds
  its key, ``import:<fingerprint>:row:<n>``, as sent: ``EarlierImport``) is not
  sent again, whatever it is now: the preview says so, with the id it was given, and
  does not count it among the rows to send. Both are in
  :mod:`petdesk.services.importing.duplicates`.

Build it with :func:`build_preview` on a worker thread; it reports progress every
``chunk`` rows and stops (raising :class:`ImportCancelled`) soon after a cancel.
"""

from __future__ import annotations

import enum
import re
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, overload

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from petdesk.api.models import NewPet
from petdesk.core.limits import INT64_MAX, NAME_MAX_LENGTH
from petdesk.core.statuses import PetStatus
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.services.importing.control import (
    CancelToken,
    ProgressCallback,
    StepProgress,
    no_progress,
    raise_if_cancelled,
)
from petdesk.services.importing.duplicates import DuplicateOf, EarlierImport, KnownPets, pet_key
from petdesk.services.importing.errors import MappingError
from petdesk.services.importing.mapping import ColumnMapping, Field
from petdesk.services.importing.table import RawRow, SourceInfo, Table

_DISPLAY_CHARS = 200
_QUOTE_CHARS = 40
_WHOLE_NUMBER = re.compile(r"^([+-]?)0*(\d{1,40})(?:\.0*)?$")
_STATUSES = {status.value: status for status in PetStatus}


class RowState(enum.StrEnum):
    READY = "ready"
    INVALID = "invalid"
    DUPLICATE = "possible duplicate"
    ADDED_EARLIER = "added by an earlier import"


class Decision(enum.StrEnum):
    """What to do with a possible duplicate."""

    SKIP = "skip"
    IMPORT = "import"


@dataclass(frozen=True)
class CellIssue:
    row: int
    field: Field
    #: The column as staff see it: ``Category ID (column C)``.
    column: str
    message: str

    def describe(self) -> str:
        return QT_TRANSLATE_NOOP("Import", "Row {row}, {column}: {message}").format(
            row=self.row, column=self.column, message=self.message)


#: A valid row's values: name (as NewPet normalised it), category id, status (its wire
#: value). Plain values only, so the garbage collector can stop tracking the row.
CheckedPet = tuple[str, int, str | None]


class PreviewRow(NamedTuple):
    number: int
    #: The cells as in the file (shortened for display).
    name: str
    category: str
    status: str
    #: What ``NewPet`` validation produced (name, categoryId, status); ``None`` when the
    #: row is invalid. Plain values, not the model: 100,000 kept models and their sets
    #: would make the garbage collector a third of the preview's time.
    checked: CheckedPet | None
    issues: tuple[CellIssue, ...] = ()
    duplicate_of: DuplicateOf | None = None
    #: The id an earlier import of this file gave the row (it is not sent again).
    added_as: int | None = None

    @property
    def state(self) -> RowState:
        if self.added_as is not None:
            return RowState.ADDED_EARLIER
        if self.checked is None:
            return RowState.INVALID
        return RowState.DUPLICATE if self.duplicate_of is not None else RowState.READY

    @property
    def pet(self) -> NewPet | None:
        """The pet to send (validated again from the checked values), or ``None``."""
        if self.checked is None:
            return None
        name, category_id, status = self.checked
        return NewPet.model_validate({"name": name, "categoryId": category_id,
                                      "status": status})


class PreviewRows(Sequence[PreviewRow]):
    """The rows of a preview, kept as plain tuples and handed out as :class:`PreviewRow`.

    Why (measured, tests/benchmarks/RESULTS.md): CPython's cyclic garbage collector
    stops tracking a plain tuple of plain values, but never a named tuple. 100,000
    tracked rows made each full collection while the preview grew hold the GIL for
    30-110 ms, and the window froze that long; plain tuples are collected in no time.
    """

    def __init__(self, rows: Iterable[tuple[Any, ...]]) -> None:
        self._rows = [tuple(row) for row in rows]

    @classmethod
    def adopt(cls, plain: list[tuple[Any, ...]]) -> PreviewRows:
        """Rows already kept as plain tuples (this list is taken, not copied)."""
        rows = cls(())
        rows._rows = plain
        return rows

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> PreviewRow: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[PreviewRow]: ...

    def __getitem__(self, index: int | slice) -> PreviewRow | Sequence[PreviewRow]:
        if isinstance(index, slice):
            return [PreviewRow._make(row) for row in self._rows[index]]
        return PreviewRow._make(self._rows[index])

    def __iter__(self) -> Iterator[PreviewRow]:
        return map(PreviewRow._make, self._rows)


@dataclass(frozen=True)
class PlannedPet:
    """A row that will be sent: its row number, the pet, and a key unique to this file
    and row (the outbox refuses a key it already holds, so importing the same file again
    after a crash queues nothing twice)."""

    row: int
    pet: NewPet
    key: str


@dataclass(frozen=True)
class Totals:
    rows: int
    ready: int
    invalid: int
    duplicates: int
    #: Possible duplicates the user chose to add anyway.
    duplicates_to_add: int
    #: Rows an earlier import of this file added: not sent again.
    added_earlier: int = 0

    @property
    def to_send(self) -> int:
        return self.ready + self.duplicates_to_add

    def describe(self) -> str:
        """``412 rows: 398 ready, 9 invalid, 5 possible duplicates`` (and, when an
        earlier import of the file added some, ``, 19 already added by an earlier
        import of this file``)."""
        counts = self._describe_counts()
        if not self.added_earlier:
            return counts
        return QT_TRANSLATE_NOOP(
            "Import", "{counts}, {earlier:,} already added by an earlier import of this "
            "file").format(counts=counts, earlier=self.added_earlier)

    def _describe_counts(self) -> str:
        rows = (QT_TRANSLATE_NOOP("Import", "1 row") if self.rows == 1 else
                QT_TRANSLATE_NOOP("Import", "{count:,} rows").format(count=self.rows))
        duplicates = (
            QT_TRANSLATE_NOOP("Import", "1 possible duplicate") if self.duplicates == 1 else
            QT_TRANSLATE_NOOP("Import", "{count:,} possible duplicates").format(
                count=self.duplicates))
        if self.duplicates_to_add:
            return QT_TRANSLATE_NOOP(
                "Import", "{rows}: {ready:,} ready, {invalid:,} invalid, {duplicates} "
                "({to_add:,} to add anyway)").format(
                rows=rows, ready=self.ready, invalid=self.invalid, duplicates=duplicates,
                to_add=self.duplicates_to_add)
        return QT_TRANSLATE_NOOP(
            "Import", "{rows}: {ready:,} ready, {invalid:,} invalid, {duplicates}").format(
            rows=rows, ready=self.ready, invalid=self.invalid, duplicates=duplicates)


@dataclass(frozen=True)
class Problem:
    """Why a cell cannot be read, worded to follow the field's label."""

    message: str


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _quoted(text: str) -> str:
    """The cell's text, shortened, for a sentence that quotes it (the sentence holds the
    quotation marks of its language)."""
    return _short(text.strip(), _QUOTE_CHARS)


def parse_category(text: str, names: dict[str, int] | None = None) -> int | Problem:
    """The category number in a cell, or the message saying why there is none."""
    stripped = text.strip()
    if not stripped:
        return Problem(QT_TRANSLATE_NOOP("Import", "is missing"))
    match = _WHOLE_NUMBER.match(stripped)
    if match is None:
        word = " ".join(stripped.split()).casefold()
        if names and word in names:
            return names[word]
        if names is not None:
            return Problem(QT_TRANSLATE_NOOP(
                "Import", "must be a whole number like 3 or a word set under Category names, "
                "not “{value}”").format(value=_quoted(stripped)))
        return Problem(QT_TRANSLATE_NOOP(
            "Import", "must be a whole number like 3, not “{value}”").format(
            value=_quoted(stripped)))
    sign, digits = match.groups()
    if len(digits) > 19:
        return Problem(QT_TRANSLATE_NOOP("Import", "must be at most {max:,}").format(
            max=INT64_MAX))
    return -int(digits) if sign == "-" else int(digits)


def parse_status(text: str) -> PetStatus | Problem | None:
    """The status in a cell (``None``: empty), or the message saying why it is not one."""
    key = text.strip().casefold()
    if not key:
        return None
    status = _STATUSES.get(key)
    if status is None:
        return Problem(QT_TRANSLATE_NOOP(
            "Import", "must be available, pending or sold (or empty), not “{value}”").format(
            value=_quoted(text)))
    return status


_PYDANTIC_MESSAGES = {
    "greater_than_equal": QT_TRANSLATE_NOOP("Import", "must be 1 or more"),
    "less_than_equal": QT_TRANSLATE_NOOP("Import", "must be at most {max:,}").format(
        max=INT64_MAX),
    "string_too_long": QT_TRANSLATE_NOOP("Import", "must be at most {max} characters").format(
        max=NAME_MAX_LENGTH),
}


def _staff_message(detail: ErrorDetails) -> str:
    if detail["type"] in _PYDANTIC_MESSAGES:
        return _PYDANTIC_MESSAGES[detail["type"]]
    error = detail.get("ctx", {}).get("error")
    if isinstance(error, ValueError) and error.args and isinstance(error.args[0], str):
        return error.args[0]  # NewPet's own sentence, marked for translation
    return detail["msg"].removeprefix("Value error, ")


class RowChecker:
    """Checks one row at a time against a mapping (no state besides the mapping)."""

    def __init__(self, mapping: ColumnMapping, column_names: dict[Field, str]) -> None:
        self._name = mapping.columns.get(Field.NAME)
        self._category = mapping.columns.get(Field.CATEGORY_ID)
        self._status = mapping.columns.get(Field.STATUS)
        self._names = dict(mapping.category_names) if Field.CATEGORY_ID in mapping.columns else {}
        self._columns = column_names

    @staticmethod
    def _cell(cells: tuple[str, ...], index: int | None) -> str:
        return cells[index] if index is not None and index < len(cells) else ""

    def check(self, raw: RawRow) -> PreviewRow:
        name = self._cell(raw.cells, self._name)
        category_text = self._cell(raw.cells, self._category)
        status_text = self._cell(raw.cells, self._status)
        issues: list[CellIssue] = []
        category = parse_category(category_text, self._names or None)
        status = parse_status(status_text)
        if isinstance(category, Problem):
            issues.append(self._issue(raw.number, Field.CATEGORY_ID, category.message))
        if isinstance(status, Problem):
            issues.append(self._issue(raw.number, Field.STATUS, status.message))
        data = {"name": name,
                "categoryId": 1 if isinstance(category, Problem) else category,
                "status": None if isinstance(status, Problem) else status}
        pet: NewPet | None = None
        try:
            pet = NewPet.model_validate(data)
        except ValidationError as error:
            for detail in error.errors(include_url=False, include_input=False):
                fld = Field(str(detail["loc"][0])) if detail["loc"] else Field.NAME
                issues.append(self._issue(raw.number, fld, _staff_message(detail)))
        checked = None if issues or pet is None else (
            pet.name, pet.category_id, pet.status.value if pet.status is not None else None)
        return PreviewRow(raw.number, _short(name, _DISPLAY_CHARS),
                          _short(category_text, _DISPLAY_CHARS),
                          _short(status_text, _DISPLAY_CHARS), checked, tuple(issues))

    def _issue(self, row: int, fld: Field, message: str) -> CellIssue:
        return CellIssue(row, fld, self._columns.get(fld, fld.label),
                         QT_TRANSLATE_NOOP("Import", "{field} {problem}").format(
                             field=fld.label, problem=message))


class Tally:
    """Where each row number is, and the invalid and possibly duplicate rows, counted as
    the rows are checked (on the worker: the GUI thread never walks every row)."""

    def __init__(self) -> None:
        #: Row number -> index in the preview's rows (ints only: not tracked by gc).
        self.numbers: dict[int, int] = {}
        self.invalid: list[PreviewRow] = []
        self.duplicates: list[PreviewRow] = []
        self.added_earlier: list[PreviewRow] = []

    def add(self, row: PreviewRow) -> None:
        self.numbers[row.number] = len(self.numbers)
        if row.added_as is not None:
            self.added_earlier.append(row)
        elif row.checked is None:
            self.invalid.append(row)
        elif row.duplicate_of is not None:
            self.duplicates.append(row)


class Preview:
    """The checked file, and the user's decisions on possible duplicates.

    Built on the worker thread, then handed to the GUI thread, which alone calls
    :meth:`decide` afterwards. The tallies (invalid rows, possible duplicates, issues,
    category words) are made once, here, on the worker: the GUI thread never walks a
    100,000-row preview.
    """

    def __init__(self, info: SourceInfo, mapping: ColumnMapping,
                 rows: Iterable[PreviewRow], tally: Tally | None = None) -> None:
        self.info = info
        self.mapping = mapping
        self.rows = rows if isinstance(rows, PreviewRows) else PreviewRows(rows)
        if tally is None:
            tally = Tally()
            for row in self.rows:
                tally.add(row)
        self._by_number = tally.numbers
        self._decisions: dict[int, Decision] = {}
        self._to_add = 0
        self.invalid_rows = tuple(tally.invalid)
        self.duplicate_rows = tuple(tally.duplicates)
        #: Rows an earlier import of this file added (not sent again).
        self.added_earlier_rows = tuple(tally.added_earlier)
        self.issues = tuple(issue for row in self.invalid_rows for issue in row.issues)
        self.category_words = category_words(self.invalid_rows)

    def row(self, number: int) -> PreviewRow:
        return self.rows[self._by_number[number]]

    def decision(self, number: int) -> Decision:
        return self._decisions.get(number, Decision.SKIP)

    def decide(self, number: int, decision: Decision) -> None:
        """Decide for one possible duplicate (``KeyError``/``ValueError`` for other rows)."""
        if self.row(number).state is not RowState.DUPLICATE:
            raise ValueError(f"row {number} is not a possible duplicate")
        before = self.decision(number)
        self._decisions[number] = decision
        self._to_add += (decision is Decision.IMPORT) - (before is Decision.IMPORT)

    def decide_all_duplicates(self, decision: Decision) -> None:
        for row in self.duplicate_rows:
            self._decisions[row.number] = decision
        self._to_add = len(self.duplicate_rows) if decision is Decision.IMPORT else 0

    @property
    def totals(self) -> Totals:
        invalid, duplicates = len(self.invalid_rows), len(self.duplicate_rows)
        earlier = len(self.added_earlier_rows)
        return Totals(len(self.rows), len(self.rows) - invalid - duplicates - earlier,
                      invalid, duplicates, self._to_add, earlier)

    def summary(self) -> str:
        return self.totals.describe()

    def to_send(self) -> list[PlannedPet]:
        """The pets to queue, in file order: ready rows and duplicates to add anyway
        (never a row an earlier import of the file added)."""
        prefix = import_batch(self.info.fingerprint) + "row:"
        planned = []
        for row in self.rows:
            pet = row.pet
            if pet is not None and row.added_as is None and (
                    row.duplicate_of is None or self.decision(row.number) is Decision.IMPORT):
                planned.append(PlannedPet(row.number, pet, prefix + str(row.number)))
        return planned


#: The most distinct category words a preview lists (the rest are counted together).
CATEGORY_WORDS_MAX = 200


def category_words(rows: Iterable[PreviewRow]) -> dict[str, int]:
    """The words (not numbers) that stopped rows' categories, case-folded, with how many
    rows hold each, most frequent first: what the user may name categories for
    ("Dog" → 1). At most :data:`CATEGORY_WORDS_MAX` words."""
    counts: dict[str, int] = {}
    for row in rows:
        word = " ".join(row.category.split()).casefold()
        if not word or _WHOLE_NUMBER.match(word) or not any(
                issue.field is Field.CATEGORY_ID for issue in row.issues):
            continue
        counts[word] = counts.get(word, 0) + 1
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return dict(ranked[:CATEGORY_WORDS_MAX])


def import_batch(fingerprint: str) -> str:
    """The origin prefix of every row queued from the file with this fingerprint (its
    keys are ``<prefix>row:<n>``): one import batch, paused or cancelled as one."""
    return f"import:{fingerprint[:32]}:"


class PreviewBuilder:
    """Incremental form of :func:`build_preview`: :meth:`add` rows, then :meth:`finish`."""

    def __init__(self, table: Table, mapping: ColumnMapping, known: KnownPets | None,
                 earlier: EarlierImport | None = None) -> None:
        if mapping.missing:
            if len(mapping.missing) == 1:
                raise MappingError(QT_TRANSLATE_NOOP(
                    "Import", "Choose the column that holds {field}.").format(
                    field=mapping.missing[0].label))
            raise MappingError(QT_TRANSLATE_NOOP(
                "Import", "Choose the columns that hold {first} and {second}.").format(
                first=mapping.missing[0].label, second=mapping.missing[1].label))
        names = {fld: table.column_name(index) for fld, index in mapping.columns.items()}
        self._table = table
        self._mapping = mapping
        self._checker = RowChecker(mapping, names)
        self._known = known if known is not None else KnownPets()
        self._earlier = earlier if earlier is not None else EarlierImport()
        self._seen: dict[str, int] = {}
        self._rows: list[tuple[Any, ...]] = []
        self._tally = Tally()

    def add(self, raw: RawRow) -> PreviewRow:
        row = self._checker.check(raw)
        added_as = self._earlier.added_as(row.number)
        if added_as is not None:
            # Sent before: what it is now (invalid, a duplicate) does not matter, it is
            # not sent again. A later row with its values is still "same as row n".
            if row.checked is not None:
                self._seen.setdefault(pet_key(*row.checked), row.number)
            row = row._replace(added_as=added_as)
        elif row.checked is not None:
            key = pet_key(*row.checked)
            earlier = self._seen.setdefault(key, row.number)
            # A pet already in the service says more than "same as row 12".
            duplicate = self._known.match_key(key) or (
                DuplicateOf(row=earlier) if earlier != row.number else None)
            if duplicate is not None:
                row = row._replace(duplicate_of=duplicate)
        self._rows.append(tuple(row))
        self._tally.add(row)
        return row

    @property
    def count(self) -> int:
        return len(self._rows)

    def finish(self) -> Preview:
        return Preview(self._table.info, self._mapping, PreviewRows.adopt(self._rows),
                       self._tally)


#: Rows checked between two offers of the GIL to other threads (about 1 ms of work):
#: a thread that only computes otherwise keeps it until the interpreter's switch
#: interval forces it out, and the window's event loop waits that long for each event.
YIELD_EVERY: Final = 128


def build_preview(table: Table, mapping: ColumnMapping, known: KnownPets | None = None, *,
                  earlier: EarlierImport | None = None,
                  progress: ProgressCallback = no_progress, cancel: CancelToken | None = None,
                  chunk: int = 2_000) -> Preview:
    """Read the rest of ``table`` and check every row (worker thread). ``earlier``: the
    rows an earlier import of this file added, which are not sent again.

    Raises :class:`~petdesk.services.importing.errors.FileRejected` when the file breaks a bound
    midway, :class:`~petdesk.services.importing.errors.ImportCancelled` after ``cancel``.
    """
    builder = PreviewBuilder(table, mapping, known, earlier)
    for raw in table.rows():
        builder.add(raw)
        if builder.count % YIELD_EVERY == 0:
            time.sleep(0)  # offer the GIL: a waiting GUI thread takes it now
        if builder.count % chunk == 0:
            raise_if_cancelled(cancel)
            progress(StepProgress(builder.count, table.fraction_read()))
    progress(StepProgress(builder.count, 1.0))
    return builder.finish()
