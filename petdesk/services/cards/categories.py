"""Named categories: the shelter's own names for the service's ``categoryId`` values.

The service (spec section 2) knows a category only by its identifier and has no
endpoint that names one, so PetDesk keeps a small table per environment on the
user's machine: ``id -> name``. This module is Qt-free and does no I/O of its own
except through :class:`JsonCategoryFile`, so the UI runs loads and saves on its
worker, never on the GUI thread.

Decisions (the spec is silent):

* An id is a positive int64 (the service accepts any positive ``categoryId``).
* A name is stripped of surrounding white space, is not blank, is at most
  :data:`CATEGORY_NAME_MAX` characters, contains no control or format characters
  (Unicode categories Cc, Cf, Cs, Co, Cn, Zl, Zp: they could hide text or reorder
  it), and is unique ignoring case (``str.casefold``).
* What is shown is ``"Dogs (1)"``, or the bare id (``"1"``) when the id has no name.
* CSV: UTF-8 with a byte-order mark (so spreadsheet programs detect the encoding),
  header ``categoryId,name``. On import a BOM is optional and ``;`` is accepted as the
  delimiter (what spreadsheets write in many European locales). An import is all or
  nothing: every bad line is reported with its line number and nothing changes.
  Imported names replace the names of the same ids; other names stay.
* Persistence is a small JSON file per environment, written atomically (temporary
  file in the same folder, flushed, fsynced, renamed over the old one). A file that
  cannot be read is reported and never overwritten by an empty table.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import tempfile
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Protocol

from petdesk.core import folders
from petdesk.core.limits import INT64_MAX
from petdesk.core.wording import QT_TRANSLATE_NOOP

__all__ = [
    "CATEGORY_COUNT_MAX",
    "CATEGORY_NAME_MAX",
    "CSV_HEADER",
    "CSV_MAX_BYTES",
    "DEMO_CATEGORY_NAMES",
    "Category",
    "CategoryError",
    "CategoryFileError",
    "CategoryImportError",
    "CategoryStore",
    "CategoryTable",
    "CsvLineError",
    "JsonCategoryFile",
    "categories_path",
    "category_label",
    "export_csv",
    "import_csv",
    "load_or_seed",
    "parse_category_id",
    "parse_csv",
    "table_from_json",
    "table_json",
    "validate_category_id",
    "validate_category_name",
]

#: The longest category name accepted.
CATEGORY_NAME_MAX: Final = 60
#: The most categories a table holds (bounds memory and the CSV import).
CATEGORY_COUNT_MAX: Final = 10_000
#: The largest CSV file read.
CSV_MAX_BYTES: Final = 1_000_000
#: The largest JSON file read.
JSON_MAX_BYTES: Final = 2_000_000
CSV_HEADER: Final = ("categoryId", "name")
_FILE_VERSION: Final = 1

# The names matching the sandbox's seed data (``petdesk.sandbox.store.CATEGORIES``);
# demo mode starts with these, in the user's language (marked for translation: the
# window seeds the demo with :func:`petdesk.gui.common.localize.localized_names` of them, as
# long as the user has not edited the demo's names). tests/gui/cards/test_categories.py
# keeps them equal to the sandbox's.
DEMO_CATEGORY_NAMES: Final[Mapping[int, str]] = {
    1: QT_TRANSLATE_NOOP("DemoCategories", "Dogs"),
    2: QT_TRANSLATE_NOOP("DemoCategories", "Cats"),
    3: QT_TRANSLATE_NOOP("DemoCategories", "Rabbits"),
    4: QT_TRANSLATE_NOOP("DemoCategories", "Birds"),
    5: QT_TRANSLATE_NOOP("DemoCategories", "Reptiles"),
    6: QT_TRANSLATE_NOOP("DemoCategories", "Small mammals"),
    7: QT_TRANSLATE_NOOP("DemoCategories", "Fish"),
}

# Control, format, surrogate, private-use, unassigned, line/paragraph separators.
_FORBIDDEN_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_ENVIRONMENT_RE: Final = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


class CategoryError(ValueError):
    """A bad id or name; ``str(error)`` is the sentence shown next to the field."""


class CategoryFileError(OSError):
    """The categories file could not be read or written; ``str()`` says why."""


@dataclass(frozen=True)
class CsvLineError:
    """One bad line of an imported CSV file (``line`` counts from 1, header included)."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"Line {self.line}: {self.message}"


class CategoryImportError(CategoryError):
    """A CSV import that was refused; :attr:`errors` lists every bad line."""

    def __init__(self, errors: list[CsvLineError]) -> None:
        self.errors = errors
        shown = "\n".join(str(e) for e in errors[:20])
        more = f"\n… and {len(errors) - 20} more" if len(errors) > 20 else ""
        super().__init__(f"Nothing was imported:\n{shown}{more}")


@dataclass(frozen=True, order=True)
class Category:
    id: int
    name: str

    @property
    def label(self) -> str:
        return category_label(self.id, self.name)


# -- validation -------------------------------------------------------------------------


def validate_category_id(value: int) -> int:
    """``value`` if it is a positive int64, else :class:`CategoryError`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise CategoryError("The category ID must be a whole number.")
    if not 1 <= value <= INT64_MAX:
        raise CategoryError(f"The category ID must be between 1 and {INT64_MAX}.")
    return value


def parse_category_id(text: str) -> int:
    """The id typed or read as ``text`` (ASCII digits only), else :class:`CategoryError`."""
    stripped = text.strip()
    if not stripped:
        raise CategoryError("Enter a category ID.")
    if not (stripped.isascii() and stripped.isdigit()):
        raise CategoryError("The category ID must be a whole number, like 3.")
    if len(stripped) > 19:
        raise CategoryError(f"The category ID must be between 1 and {INT64_MAX}.")
    return validate_category_id(int(stripped))


def validate_category_name(name: str) -> str:
    """The stripped name if it is acceptable, else :class:`CategoryError`."""
    stripped = name.strip()
    if not stripped:
        raise CategoryError("Enter a name for the category.")
    if len(stripped) > CATEGORY_NAME_MAX:
        raise CategoryError(f"The name is too long (at most {CATEGORY_NAME_MAX} characters).")
    for char in stripped:
        if unicodedata.category(char) in _FORBIDDEN_CATEGORIES:
            code = f"U+{ord(char):04X}"
            raise CategoryError(
                f"The name contains an invisible or control character ({code}); remove it.")
    return stripped


def _folded(text: str) -> str:
    """``text`` without surrounding spaces, case and accents, for matching what is typed."""
    decomposed = unicodedata.normalize("NFKD", " ".join(text.split()).casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _word_starts(name: str) -> list[str]:
    """The folded name from the start of each of its words ("small mammals",
    "mammals")."""
    folded = _folded(name)
    return [folded[match.start():] for match in re.finditer(r"\w+", folded)]


def category_label(category_id: int, name: str | None) -> str:
    """The display rule: ``"Dogs (1)"``, or ``"1"`` when the id has no name."""
    return f"{name} ({category_id})" if name else str(category_id)


# -- the table --------------------------------------------------------------------------


class CategoryTable:
    """The names of one environment's categories, kept valid by every change."""

    def __init__(self, names: Mapping[int, str] | None = None) -> None:
        self._names: dict[int, str] = {}
        self._folded: dict[str, int] = {}
        for category_id, name in (names or {}).items():
            self.add(category_id, name)

    def __len__(self) -> int:
        return len(self._names)

    def __iter__(self) -> Iterator[Category]:
        return iter(self.categories())

    def __contains__(self, category_id: object) -> bool:
        return category_id in self._names

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CategoryTable) and other._names == self._names

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"CategoryTable({self._names!r})"

    def categories(self) -> list[Category]:
        """Every named category, by id."""
        return [Category(i, self._names[i]) for i in sorted(self._names)]

    def as_dict(self) -> dict[int, str]:
        return dict(self._names)

    def name_of(self, category_id: int) -> str | None:
        return self._names.get(category_id)

    def label(self, category_id: int) -> str:
        """What the table, the detail view and the kennel card show for an id."""
        return category_label(category_id, self._names.get(category_id))

    def id_for_name(self, name: str) -> int | None:
        """The id named ``name`` (ignoring case and surrounding spaces), if any."""
        return self._folded.get(name.strip().casefold())

    def matching(self, text: str) -> list[Category]:
        """The categories ``text`` may mean, typed as the start of a name or of one of its
        words, ignoring case and accents ("dog" and "Dogs", "mam" and "Small mammals",
        "vog" and "Vögel"). A whole name matches only its own category."""
        key = _folded(text)
        if not key:
            return []
        exact = self.id_for_name(text)
        if exact is not None:
            return [Category(exact, self._names[exact])]
        return [category for category in self.categories()
                if any(word.startswith(key) for word in _word_starts(category.name))]

    def check_name(self, name: str, *, for_id: int | None = None) -> str:
        """The validated name; raises if it is bad or another id already has it."""
        clean = validate_category_name(name)
        owner = self._folded.get(clean.casefold())
        if owner is not None and owner != for_id:
            raise CategoryError(
                f"Another category ({owner}) is already called “{self._names[owner]}”.")
        return clean

    def add(self, category_id: int, name: str) -> Category:
        validate_category_id(category_id)
        if category_id in self._names:
            raise CategoryError(
                f"Category {category_id} already has a name (“{self._names[category_id]}”).")
        if len(self._names) >= CATEGORY_COUNT_MAX:
            raise CategoryError(f"At most {CATEGORY_COUNT_MAX} categories can be named.")
        clean = self.check_name(name)
        self._names[category_id] = clean
        self._folded[clean.casefold()] = category_id
        return Category(category_id, clean)

    def rename(self, category_id: int, name: str) -> Category:
        old = self._require(category_id)
        clean = self.check_name(name, for_id=category_id)
        del self._folded[old.casefold()]
        self._names[category_id] = clean
        self._folded[clean.casefold()] = category_id
        return Category(category_id, clean)

    def remove(self, category_id: int) -> Category:
        old = self._require(category_id)
        del self._names[category_id]
        del self._folded[old.casefold()]
        return Category(category_id, old)

    def merged(self, rows: Iterable[Category]) -> CategoryTable:
        """A new table: this one with ``rows`` applied (names replaced or added)."""
        names = self.as_dict()
        names.update((row.id, row.name) for row in rows)
        return CategoryTable(names)

    def _require(self, category_id: int) -> str:
        name = self._names.get(category_id)
        if name is None:
            raise CategoryError(f"Category {category_id} has no name.")
        return name


# -- CSV --------------------------------------------------------------------------------


def export_csv(table: CategoryTable) -> bytes:
    """The table as CSV bytes: UTF-8 with BOM, header ``categoryId,name``, CRLF lines."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_HEADER)
    for category in table.categories():
        writer.writerow((category.id, category.name))
    return out.getvalue().encode("utf-8-sig")


def _decode_csv(data: bytes) -> str:
    if len(data) > CSV_MAX_BYTES:
        raise CategoryImportError([CsvLineError(
            1, f"The file is too large (more than {CSV_MAX_BYTES // 1000} kB).")])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise CategoryImportError([CsvLineError(
            line, "The file is not UTF-8 text. Save it as “CSV UTF-8” and try again.")]) from None


def _header_delimiter(first_line: str) -> str:
    for delimiter in (",", ";"):
        cells = [c.strip().strip('"').strip() for c in first_line.split(delimiter)]
        if [c.casefold() for c in cells] == [h.casefold() for h in CSV_HEADER]:
            return delimiter
    raise CategoryImportError([CsvLineError(
        1, f"The first line must be the header “{','.join(CSV_HEADER)}”.")])


def _parse_row(cells: list[str], seen_ids: dict[int, int], seen_names: dict[str, int],
               line: int) -> Category:
    if len(cells) != 2:
        raise CategoryError(f"Expected 2 values (categoryId and name), found {len(cells)}.")
    category_id = parse_category_id(cells[0])
    name = validate_category_name(cells[1])
    if category_id in seen_ids:
        raise CategoryError(
            f"Category {category_id} is already named on line {seen_ids[category_id]}.")
    folded = name.casefold()
    if folded in seen_names:
        raise CategoryError(f"The name “{name}” is already used on line {seen_names[folded]}.")
    seen_ids[category_id] = line
    seen_names[folded] = line
    return Category(category_id, name)


def parse_csv(data: bytes) -> list[tuple[int, Category]]:
    """The rows of a categories CSV file with their line numbers, or
    :class:`CategoryImportError` listing every bad line. Blank lines are skipped."""
    text = _decode_csv(data)
    lines = text.splitlines()
    if not lines:
        raise CategoryImportError([CsvLineError(1, "The file is empty.")])
    delimiter = _header_delimiter(lines[0])
    rows: list[tuple[int, Category]] = []
    errors: list[CsvLineError] = []
    seen_ids: dict[int, int] = {}
    seen_names: dict[str, int] = {}
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        next(reader)
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            try:
                rows.append((line, _parse_row(cells, seen_ids, seen_names, line)))
            except CategoryError as error:
                errors.append(CsvLineError(line, str(error)))
    except csv.Error as error:
        errors.append(CsvLineError(reader.line_num, f"The line is not valid CSV ({error})."))
    if len(rows) > CATEGORY_COUNT_MAX:
        errors.append(CsvLineError(1, f"At most {CATEGORY_COUNT_MAX} categories can be named."))
    if errors:
        raise CategoryImportError(errors)
    return rows


def import_csv(table: CategoryTable, data: bytes) -> CategoryTable:
    """A new table: ``table`` with the CSV's names applied, or
    :class:`CategoryImportError` (also when an imported name is already used by
    another id of ``table``)."""
    rows = parse_csv(data)
    imported = {row.id for _, row in rows}
    errors: list[CsvLineError] = []
    for line, row in rows:
        owner = table.id_for_name(row.name)
        if owner is not None and owner not in imported:
            errors.append(CsvLineError(
                line, f"Category {owner} is already called “{row.name}”."))
    if errors:
        raise CategoryImportError(errors)
    return table.merged(row for _, row in rows)


# -- persistence ------------------------------------------------------------------------


class CategoryStore(Protocol):
    """Where one environment's table is kept. Both methods do I/O: call them off the
    GUI thread. :class:`JsonCategoryFile` is the one used today; the local SQLite
    store can implement the same two methods later."""

    def load(self) -> CategoryTable | None:
        """The saved table, ``None`` when nothing was ever saved, or
        :class:`CategoryFileError`."""

    def save(self, table: CategoryTable) -> None:
        """Replace what is saved (atomically), or :class:`CategoryFileError`."""


def categories_path(environment: str, data_dir: Path | None = None) -> Path:
    """The JSON file of ``environment`` (``production``, ``staging``, ``demo`` …) in
    the platform's data folder (or ``data_dir``)."""
    if not _ENVIRONMENT_RE.fullmatch(environment):
        raise ValueError(f"not an environment name: {environment!r}")
    folder = data_dir or folders.data_dir()
    return folder / f"categories-{environment}.json"


def table_json(table: CategoryTable) -> str:
    """``table`` as the JSON PetDesk keeps it in (a file, or a fact of the store)."""
    return json.dumps({"version": _FILE_VERSION,
                       "categories": [{"id": c.id, "name": c.name} for c in table.categories()]},
                      ensure_ascii=False, indent=1)


def table_from_json(text: str) -> CategoryTable:
    """The table in ``text`` (:func:`table_json`); ValueError when it is not one."""
    return _table_from_json(json.loads(text))


def _table_from_json(raw: object) -> CategoryTable:
    if not isinstance(raw, dict) or raw.get("version") != _FILE_VERSION:
        raise CategoryError("unknown format or version")
    entries = raw.get("categories")
    if not isinstance(entries, list):
        raise CategoryError("no list of categories")
    table = CategoryTable()
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise CategoryError("an entry is not an object with an id and a name")
        category_id: int = entry.get("id", 0)
        table.add(category_id, entry["name"])
    return table


class JsonCategoryFile:
    """A :class:`CategoryStore` in one JSON file, replaced atomically on every save."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __repr__(self) -> str:
        return f"JsonCategoryFile({str(self.path)!r})"

    def load(self) -> CategoryTable | None:
        try:
            with self.path.open("rb") as handle:
                data = handle.read(JSON_MAX_BYTES + 1)
        except FileNotFoundError:
            return None
        except OSError as error:
            raise CategoryFileError(
                f"The category names could not be read from {self.path}: {error.strerror}."
            ) from error
        try:
            if len(data) > JSON_MAX_BYTES:
                raise CategoryError("the file is too large")
            return _table_from_json(json.loads(data.decode("utf-8")))
        except (ValueError, TypeError) as error:
            raise CategoryFileError(
                f"The category names in {self.path} are damaged ({error}). "
                "PetDesk leaves the file as it is; fix or remove it."
            ) from error

    def save(self, table: CategoryTable) -> None:
        data = table_json(table).encode("utf-8")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=".categories-", suffix=".tmp", dir=self.path.parent)
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                    handle.flush()
                    os.fsync(handle.fileno())
                os.replace(temp, self.path)
            except BaseException:
                Path(temp).unlink(missing_ok=True)
                raise
        except OSError as error:
            raise CategoryFileError(
                f"The category names could not be saved to {self.path}: {error.strerror}."
            ) from error


def load_or_seed(store: CategoryStore, seed: Mapping[int, str] | None = None, *,
                 save: bool = True) -> CategoryTable:
    """The saved table; when nothing was saved yet, ``seed`` (e.g.
    :data:`DEMO_CATEGORY_NAMES` in demo mode), saved at once unless ``save`` is
    false, or an empty table."""
    table = store.load()
    if table is not None:
        return table
    table = CategoryTable(seed)
    if seed and save:
        store.save(table)
    return table
