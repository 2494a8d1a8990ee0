"""The import result report: every row of the file, with the id it was given or why not.

The preview fills in the rows that are not sent (invalid, skipped duplicates) and marks
the rest "Waiting to send"; the sending side then records each outcome with
:meth:`ImportReport.record` as the outbox reports it. It is saved to CSV or xlsx with
:func:`petdesk.services.importing.writers.write_report` (this module stays free of the xlsx library,
so the import can record outcomes without loading it).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, replace

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.services.importing.cells import CellValue
from petdesk.services.importing.preview import Decision, Preview, RowState

# The most ids the summary lists (the report has every one).
_IDS_SHOWN = 10

REPORT_HEADER = ("Row", "Name", "Category ID", "Status", "Result", "Pet ID", "Reason")


class Outcome(enum.StrEnum):
    """The result of a row, as written in the report's "Result" column."""

    ADDED = "Added"
    # Sent by an earlier import of the same file: not sent again (the outbox knows the
    # row by the file's fingerprint and its row number).
    ADDED_EARLIER = "Not sent: added by an earlier import"
    WAITING = "Waiting to send"
    INVALID = "Not sent: invalid"
    SKIPPED_DUPLICATE = "Not sent: possible duplicate"
    REFUSED = "Not sent: refused by the service"
    CANCELLED = "Not sent: cancelled"

    @property
    def final(self) -> bool:
        return self is not Outcome.WAITING


@dataclass(frozen=True)
class RowResult:
    row: int
    name: str
    category: str
    status: str
    outcome: Outcome
    pet_id: int | None = None
    reason: str = ""

    def cells(self) -> tuple[CellValue, ...]:
        return (self.row, self.name, self.category, self.status, self.outcome.value,
                self.pet_id, self.reason)


class ImportReport:
    """Row number → result, in file order."""

    def __init__(self, results: dict[int, RowResult]) -> None:
        self._results = dict(sorted(results.items()))

    @classmethod
    def from_preview(cls, preview: Preview) -> ImportReport:
        results: dict[int, RowResult] = {}
        for row in preview.rows:
            name = row.checked[0] if row.checked is not None else row.name
            if row.added_as is not None:
                outcome, reason = Outcome.ADDED_EARLIER, ""
            elif row.state is RowState.INVALID:
                outcome = Outcome.INVALID
                reason = "; ".join(issue.message for issue in row.issues)
            elif row.duplicate_of is not None and preview.decision(row.number) is Decision.SKIP:
                outcome = Outcome.SKIPPED_DUPLICATE
                reason = f"Possible duplicate: {row.duplicate_of.describe()}."
            else:
                outcome, reason = Outcome.WAITING, ""
            results[row.number] = RowResult(row.number, name, row.category, row.status,
                                            outcome, row.added_as, reason)
        return cls(results)

    def record(self, row: int, outcome: Outcome, *, pet_id: int | None = None,
               reason: str = "") -> RowResult:
        """Record what happened to a sent row (``KeyError`` for a row not in the file)."""
        result = replace(self._results[row], outcome=outcome, pet_id=pet_id, reason=reason)
        self._results[row] = result
        return result

    def __iter__(self) -> Iterator[RowResult]:
        return iter(self._results.values())

    def __len__(self) -> int:
        return len(self._results)

    def get(self, row: int) -> RowResult:
        return self._results[row]

    def count(self, outcome: Outcome) -> int:
        return sum(1 for result in self._results.values() if result.outcome is outcome)

    def summary(self) -> str:
        """``398 added, 9 invalid, 5 skipped as possible duplicates`` (non-zero parts)."""
        return ", ".join(self.summary_parts())

    def ids(self, outcome: Outcome) -> list[int]:
        """The pet ids of the rows with ``outcome``, in file order."""
        return [result.pet_id for result in self._results.values()
                if result.outcome is outcome and result.pet_id is not None]

    def summary_parts(self) -> list[str]:
        """The pieces of :meth:`summary`, each marked for translation. Rows an earlier
        import of the file added are named with their ids, and a run that sent nothing
        says so: "5 added" would claim adds that did not happen now."""
        earlier = self.ids(Outcome.ADDED_EARLIER)
        shown = ", ".join(str(pet_id) for pet_id in earlier[:_IDS_SHOWN])
        if len(earlier) > _IDS_SHOWN:
            shown += ", …"
        words = {
            Outcome.ADDED: QT_TRANSLATE_NOOP("Import", "{count:,} added"),
            Outcome.ADDED_EARLIER: QT_TRANSLATE_NOOP(
                "Import", "{count:,} already added by an earlier import of this file "
                "(IDs {ids})"),
            Outcome.WAITING: QT_TRANSLATE_NOOP("Import", "{count:,} waiting to send"),
            Outcome.INVALID: QT_TRANSLATE_NOOP("Import", "{count:,} invalid"),
            Outcome.SKIPPED_DUPLICATE: QT_TRANSLATE_NOOP(
                "Import", "{count:,} skipped as possible duplicates"),
            Outcome.REFUSED: QT_TRANSLATE_NOOP("Import", "{count:,} refused by the service"),
            Outcome.CANCELLED: QT_TRANSLATE_NOOP("Import", "{count:,} cancelled"),
        }
        parts: list[str] = [words[outcome].format(count=self.count(outcome), ids=shown)
                            if outcome is Outcome.ADDED_EARLIER
                            else words[outcome].format(count=self.count(outcome))
                            for outcome in Outcome if self.count(outcome)]
        sent = sum(self.count(outcome) for outcome in (Outcome.ADDED, Outcome.REFUSED,
                                                       Outcome.WAITING))
        if parts and not sent:
            parts.append(QT_TRANSLATE_NOOP("Import", "nothing sent"))
        return parts or [QT_TRANSLATE_NOOP("Import", "no rows")]
