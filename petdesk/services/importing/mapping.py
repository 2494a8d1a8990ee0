"""Which column holds what: recognising headers, and a mapping remembered per layout.

Headers are compared *normalised*: case-folded, with everything but letters and digits
removed, so ``Category ID``, ``categoryId``, ``category_id`` and ``CATEGORY-ID`` are one.

Synonyms (decision):

* Name: ``name``, ``animal name``, ``pet name``, ``pet's name``, ``animal``, ``pet``.
* Category ID: ``category id``, ``category``, ``category no``/``number``, ``cat id``.
  ``Species``, ``animal type``, ``type`` and ``kind`` are taken only when no category
  column exists, because they hold words ("Dog") while the service wants a category
  *number*; the mapping's ``category_names`` ("dog" → 1), set by the user once and
  remembered with the layout, turns those words into numbers. The spec says nothing
  about category names, so PetDesk never guesses that number.
* Status: ``status``, ``adoption status``, ``pet status``, ``animal status``,
  ``availability``, ``state``, and PetDesk's export header ``Status
  (available/pending/sold)``.

The **layout key** is a hash of the normalised header row, in order: the same export
from the same shelter software gets the same key whatever the file is called, so the
store can remember the mapping (:meth:`ColumnMapping.to_dict` / ``from_dict``).
"""

from __future__ import annotations

import enum
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.services.importing.errors import MappingError


class Field(enum.StrEnum):
    """A field of ``NewPet``, by its wire name."""

    NAME = "name"
    CATEGORY_ID = "categoryId"
    STATUS = "status"

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {Field.NAME: QT_TRANSLATE_NOOP("Import", "Name"),
           Field.CATEGORY_ID: QT_TRANSLATE_NOOP("Import", "Category ID"),
           Field.STATUS: QT_TRANSLATE_NOOP("Import", "Status")}
REQUIRED = (Field.NAME, Field.CATEGORY_ID)

#: Normalised header → (field, rank); a lower rank wins when several columns match.
SYNONYMS: dict[str, tuple[Field, int]] = {
    **{key: (Field.NAME, 0) for key in ("name", "animalname", "petname", "petsname",
                                        "animalsname", "nameofanimal")},
    **{key: (Field.NAME, 1) for key in ("animal", "pet")},
    **{key: (Field.CATEGORY_ID, 0) for key in ("categoryid", "category", "categoryno",
                                               "categorynumber", "catid", "categoryidnumber")},
    **{key: (Field.CATEGORY_ID, 1) for key in ("species", "animaltype", "type", "kind")},
    **{key: (Field.STATUS, 0) for key in ("status", "adoptionstatus", "petstatus",
                                          "animalstatus",
                                          # PetDesk's own export header
                                          "statusavailablependingsold")},
    **{key: (Field.STATUS, 1) for key in ("availability", "state")},
}

_NOT_ALNUM = re.compile(r"[\W_]+", re.UNICODE)
_FORMAT = 1


def normalize_header(text: str) -> str:
    return _NOT_ALNUM.sub("", text.casefold())


def layout_key(headers: Sequence[str]) -> str:
    """A stable key of a header row: same columns in the same order, same key."""
    normalised = json.dumps([normalize_header(h) for h in headers], ensure_ascii=True)
    return "layout-v1-" + hashlib.sha256(normalised.encode("ascii")).hexdigest()[:32]


@dataclass(frozen=True)
class ColumnMapping:
    """Field → 0-based column index of the header row it was made for.

    ``category_names`` maps case-folded words found in the category column to category
    numbers ("dog" → 1). A mapping is complete when name and category are mapped.
    """

    headers: tuple[str, ...]
    columns: Mapping[Field, int]
    category_names: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for fld, index in self.columns.items():
            if not 0 <= index < len(self.headers):
                raise MappingError(QT_TRANSLATE_NOOP(
                    "Import", "{field} points at a column this file does not have.").format(
                    field=fld.label))
        if len(set(self.columns.values())) != len(self.columns):
            raise MappingError(QT_TRANSLATE_NOOP(
                "Import", "One column cannot hold two different fields."))

    @property
    def layout_key(self) -> str:
        return layout_key(self.headers)

    @property
    def missing(self) -> tuple[Field, ...]:
        """Required fields with no column: the import cannot start until this is empty."""
        return tuple(fld for fld in REQUIRED if fld not in self.columns)

    def with_column(self, fld: Field, index: int | None) -> ColumnMapping:
        """A copy with ``fld`` mapped to column ``index`` (``None``: not imported)."""
        columns = {f: i for f, i in self.columns.items() if f != fld and i != index}
        if index is not None:
            columns[fld] = index
        return ColumnMapping(self.headers, columns, self.category_names)

    def with_category_names(self, names: Mapping[str, int]) -> ColumnMapping:
        return ColumnMapping(self.headers, self.columns,
                             {" ".join(key.split()).casefold(): value
                              for key, value in names.items()})

    def describe(self) -> str:
        """``Name ← “Animal name” · Category ID ← “Species”`` for the preview."""
        return " · ".join(f"{fld.label} ← “{self.headers[i]}”"
                          for fld, i in sorted(self.columns.items(), key=lambda item: item[1]))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able form, for the store (keyed by :attr:`layout_key`)."""
        return {
            "format": _FORMAT,
            "layout": self.layout_key,
            "headers": list(self.headers),
            "columns": {fld.value: index for fld, index in self.columns.items()},
            "category_names": dict(self.category_names),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any],
                  headers: Sequence[str] | None = None) -> ColumnMapping:
        """Rebuild a saved mapping; with ``headers``, refuse it unless the layout matches.

        Raises :class:`MappingError` on anything malformed (a damaged store entry is
        then simply not used).
        """
        try:
            if data["format"] != _FORMAT:
                raise MappingError("This saved column choice is from another PetDesk version.")
            saved = tuple(str(h) for h in data["headers"])
            columns = {Field(str(k)): _index(v) for k, v in dict(data["columns"]).items()}
            names = {str(k): _index(v) for k, v in dict(data.get("category_names", {})).items()}
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, MappingError):
                raise
            raise MappingError("The saved column choice is damaged.") from error
        if headers is not None and layout_key(headers) != layout_key(saved):
            raise MappingError("The saved column choice was made for other columns.")
        return cls(tuple(headers) if headers is not None else saved, columns, names)


def _index(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MappingError("The saved column choice is damaged.")
    return value


def looks_like_header(cells: Sequence[str]) -> bool:
    """Whether a row names at least two of the fields, or the name (a header row, not a
    title line like "Intake, November 2026" or a row of data)."""
    found = {SYNONYMS[key][0] for key in map(normalize_header, cells) if key in SYNONYMS}
    return len(found) >= 2 or Field.NAME in found


@dataclass(frozen=True)
class MappingSuggestion:
    """What :func:`suggest_mapping` found, with notes worth showing the user."""

    mapping: ColumnMapping
    notes: tuple[str, ...]


def suggest_mapping(headers: Sequence[str]) -> MappingSuggestion:
    """Recognise the columns of a header row (see the module docstring for the rules)."""
    best: dict[Field, tuple[int, int]] = {}
    notes: list[str] = []
    for index, header in enumerate(headers):
        match = SYNONYMS.get(normalize_header(header))
        if match is None:
            continue
        fld, rank = match
        current = best.get(fld)
        if current is None or rank < current[0]:
            best[fld] = (rank, index)
        elif rank == current[0]:
            notes.append(QT_TRANSLATE_NOOP(
                "Import", "Both “{first}” and “{second}” look like {field}; using “{first}”."
            ).format(first=headers[current[1]], second=header, field=fld.label))
    columns = {fld: index for fld, (_rank, index) in best.items()}
    if Field.CATEGORY_ID in columns and best[Field.CATEGORY_ID][0] == 1:
        notes.append(QT_TRANSLATE_NOOP(
            "Import", "Category ID is read from “{column}”: say which category number each "
            "of its words means.").format(column=headers[columns[Field.CATEGORY_ID]]))
    mapping = ColumnMapping(tuple(headers), columns)
    notes.extend(QT_TRANSLATE_NOOP("Import", "No column looks like {field}: choose one.").format(
        field=fld.label) for fld in mapping.missing)
    return MappingSuggestion(mapping, tuple(notes))
