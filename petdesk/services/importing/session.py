"""The two worker-thread steps of an import, as the UI and the command line run them.

1. :func:`inspect_file` (worker): open the file, read its header row, recognise the
   columns or recall the mapping remembered for this layout. The GUI thread then shows
   the mapping (``FileLayout.mapping``, ``FileLayout.notes``) for the user to confirm.
2. :func:`preview_file` (worker): read and check every row with the confirmed mapping,
   reporting progress, stopping on cancel. The GUI thread then shows the
   :class:`~petdesk.services.importing.preview.Preview` and records the user's duplicate decisions.

Each step opens the file afresh, so nothing stays open while the user is deciding, and a
file changed in between is noticed (its fingerprint differs).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.services.importing.control import CancelToken, ProgressCallback, no_progress
from petdesk.services.importing.duplicates import EarlierImport, KnownPets
from petdesk.services.importing.errors import FileRejected, MappingError
from petdesk.services.importing.mapping import ColumnMapping, layout_key, suggest_mapping
from petdesk.services.importing.preview import Preview, build_preview
from petdesk.services.importing.readers import open_table
from petdesk.services.importing.table import DEFAULT_LIMITS, ReadLimits, SourceInfo


@dataclass(frozen=True)
class FileLayout:
    info: SourceInfo
    headers: tuple[str, ...]
    #: The mapping to propose: the remembered one for this layout, else the suggestion.
    mapping: ColumnMapping
    #: True when ``mapping`` was remembered from an earlier import of this layout.
    remembered: bool
    notes: tuple[str, ...]

    @property
    def layout_key(self) -> str:
        return layout_key(self.headers)


def inspect_file(path: Path | str, remembered: Mapping[str, Mapping[str, Any]] | None = None,
                 *, sheet: str | None = None, encoding: str | None = None,
                 delimiter: str | None = None,
                 limits: ReadLimits = DEFAULT_LIMITS) -> FileLayout:
    """Step 1. ``remembered``: saved mappings by layout key (``ColumnMapping.to_dict``).

    ``sheet``, ``encoding`` and ``delimiter`` override what is detected, for the user who
    corrects it (``FileLayout.info`` says what was used; step 2 uses the same)."""
    with open_table(path, limits, sheet=sheet, encoding=encoding,
                    delimiter=delimiter) as table:
        headers = table.headers
        info = table.info
    suggestion = suggest_mapping(headers)
    saved = remembered.get(layout_key(headers)) if remembered is not None else None
    if saved is not None:
        try:
            mapping = ColumnMapping.from_dict(saved, headers)
        except MappingError:
            pass  # damaged or stale: propose the suggestion instead
        else:
            return FileLayout(info, headers, mapping, True, ())
    return FileLayout(info, headers, suggestion.mapping, False, suggestion.notes)


def preview_file(layout: FileLayout, mapping: ColumnMapping, known: KnownPets | None = None,
                 *, earlier: EarlierImport | None = None,
                 progress: ProgressCallback = no_progress, cancel: CancelToken | None = None,
                 limits: ReadLimits = DEFAULT_LIMITS) -> Preview:
    """Step 2: check every row of the file inspected in step 1 with ``mapping``;
    ``earlier``: the rows an earlier import of this file added (not sent again)."""
    with open_table(layout.info.path, limits, sheet=layout.info.sheet,
                    encoding=layout.info.encoding, delimiter=layout.info.delimiter) as table:
        if table.info.fingerprint != layout.info.fingerprint:
            raise FileRejected(QT_TRANSLATE_NOOP(
                "Import", "“{file}” changed since it was opened: open it again.").format(
                file=layout.info.path.name))
        return build_preview(table, mapping, known, earlier=earlier, progress=progress,
                             cancel=cancel)
