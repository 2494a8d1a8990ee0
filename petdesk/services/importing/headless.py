"""What ``petdesk import FILE`` and ``petdesk export -o FILE`` run, without Qt.

The command-line front end (``petdesk/__main__.py``) parses its sub-command with the
parsers built here, opens the key store, the client and the local store, and calls
:func:`run_import` / :func:`run_export` with them. Progress goes to ``stderr``, one
line per step; the exit status says how it went (:class:`ExitStatus`).

The import hands its rows to an :class:`ImportQueue`:
:class:`petdesk.services.importing.outbox.OutboxImportQueue` implements it on the outbox of the
local
store; :mod:`petdesk.cli.commands` wires it for ``petdesk import``.
"""

from __future__ import annotations

import argparse
import contextlib
import enum
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Protocol, TextIO

from petdesk.api.models import Pet
from petdesk.api.paging import PetPage
from petdesk.api.ratelimit import RateLimitSnapshot
from petdesk.core.errors import PetStoreError, RequestCancelled
from petdesk.core.limits import LIMIT_MAX
from petdesk.core.statuses import PetStatus
from petdesk.services.importing.control import (
    CancelToken,
    ProgressCallback,
    StepProgress,
    no_progress,
)
from petdesk.services.importing.duplicates import EarlierImport, KnownPets
from petdesk.services.importing.errors import BulkError, ImportCancelled, MappingError
from petdesk.services.importing.eta import Plan, describe, estimate, format_clock
from petdesk.services.importing.mapping import (
    ColumnMapping,
    Field,
    layout_key,
    normalize_header,
    suggest_mapping,
)
from petdesk.services.importing.preview import Decision, PlannedPet, Preview, build_preview
from petdesk.services.importing.readers import open_table
from petdesk.services.importing.report import ImportReport, Outcome
from petdesk.services.importing.writers import export_pets, write_report


class ExitStatus(enum.IntEnum):
    OK = 0
    #: The file could not be read, the mapping is incomplete, or the run was cancelled.
    FAILED = 1
    #: Everything sendable was sent, but some rows were invalid, skipped or refused.
    PARTIAL = 3


@dataclass(frozen=True)
class SendEvent:
    """One row's final outcome, as the outbox reports it."""

    key: str
    outcome: Outcome
    pet_id: int | None = None
    reason: str = ""
    #: The rate-limit headers of the response, for the ETA (``None`` when unknown).
    rate_limit: RateLimitSnapshot | None = None


@dataclass(frozen=True)
class QueueWait:
    """Sending must wait ``seconds`` (the rate limit, the day's quota, no connection)."""

    seconds: float
    #: Why, in plain words (the sender's or the service's message).
    reason: str
    rate_limit: RateLimitSnapshot | None = None
    #: The API key is missing or refused: nothing more is sent until it is fixed.
    key_problem: bool = False
    #: Not the pace of the import but a problem worth saying (no connection).
    problem: bool = False


#: Waits up to this long are the pace of the import (a minute window); a longer one
#: (the day's quota, a ban) is said, and ``--no-wait`` stops there. The in-app limit
#: of the client (:attr:`petdesk.api.RequestPolicy.max_auto_wait`).
LONG_WAIT = 120.0


class ImportQueue(Protocol):
    """What the import needs from the outbox
    (:class:`petdesk.services.importing.outbox.OutboxImportQueue`)."""

    def enqueue_import(self, items: Sequence[PlannedPet]) -> int:
        """Durably queue the pets in one transaction, skipping any key already queued
        (sent or not); return how many were new."""

    def follow(self, keys: Sequence[str]) -> Iterator[SendEvent | QueueWait]:
        """Yield each key's final outcome as the sender reaches it (keys already final
        first), and a :class:`QueueWait` before each wait, until all are final; blocks
        between events. A follow that stops early (``--no-wait`` at the day's quota, a
        refused key) ends with an ``Outcome.WAITING`` event for each key left."""


class MappingMemory(Protocol):
    """Remembered mappings, by layout key (the store keeps them; a dict works too)."""

    def get(self, key: str) -> Mapping[str, Any] | None: ...

    def __setitem__(self, key: str, value: dict[str, Any]) -> None: ...


def add_import_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="CSV, xlsx, ods or xls file of pets")
    parser.add_argument("--sheet", help="the worksheet to read (default: the first)")
    parser.add_argument("--encoding", help="CSV text encoding (default: detected)")
    parser.add_argument("--delimiter", choices=[",", ";", "tab", "|"],
                        help="CSV delimiter (default: detected)")
    parser.add_argument("--column", action="append", default=[], metavar="FIELD=HEADER",
                        help="read FIELD (name, categoryId, status) from the column HEADER")
    parser.add_argument("--category-name", action="append", default=[], metavar="WORD=ID",
                        help="read the word WORD in the category column as category ID")
    parser.add_argument("--duplicates", choices=[d.value for d in Decision],
                        default=Decision.SKIP.value,
                        help="what to do with possible duplicates (default: skip)")
    parser.add_argument("--report", type=Path, help="save the result report (CSV or xlsx)")
    parser.add_argument("--dry-run", action="store_true",
                        help="check the file and print the preview; send nothing")
    parser.add_argument("--no-wait", action="store_true",
                        help="send what can go now; when the day's quota is used up, leave "
                             "the rest queued (PetDesk sends it when it next runs) and exit "
                             "with status 3")


def add_export_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--status", choices=["available", "pending", "sold"])
    parser.add_argument("-o", "--output", type=Path, required=True,
                        help="file to write: .xlsx, or CSV for any other name")


def _pairs(values: Sequence[str], what: str) -> list[tuple[str, str]]:
    pairs = []
    for value in values:
        key, sep, rest = value.partition("=")
        if not sep or not key.strip() or not rest.strip():
            raise MappingError(f"{what} must look like KEY=VALUE, not “{value}”.")
        pairs.append((key.strip(), rest.strip()))
    return pairs


def mapping_from_arguments(headers: Sequence[str], columns: Sequence[str],
                           category_names: Sequence[str],
                           memory: MappingMemory | None = None) -> ColumnMapping:
    """The remembered mapping for this layout, else the suggestion, then the options."""
    mapping = suggest_mapping(headers).mapping
    saved = memory.get(layout_key(headers)) if memory is not None else None
    if saved is not None:
        with contextlib.suppress(MappingError):  # stale or damaged: use the suggestion
            mapping = ColumnMapping.from_dict(saved, headers)
    normalised = [normalize_header(h) for h in headers]
    for field_name, header in _pairs(columns, "--column"):
        try:
            fld = Field(field_name)
        except ValueError:
            raise MappingError(f"--column: no field “{field_name}” "
                               "(use name, categoryId or status).") from None
        if normalize_header(header) not in normalised:
            raise MappingError(f"--column: this file has no column “{header}”.")
        mapping = mapping.with_column(fld, normalised.index(normalize_header(header)))
    names = dict(mapping.category_names)
    for word, number in _pairs(category_names, "--category-name"):
        if not number.isdigit():
            raise MappingError(f"--category-name: “{number}” is not a category number.")
        names[word] = int(number)
    return mapping.with_category_names(names)


def _print_preview(preview: Preview, err: TextIO, limit: int = 20) -> None:
    err.write(f"{preview.info.path.name}: {preview.info.describe()}\n")
    err.write(f"Columns: {preview.mapping.describe()}\n")
    for issue in preview.issues[:limit]:
        err.write(f"  {issue.describe()}\n")
    if len(preview.issues) > limit:
        err.write(f"  … and {len(preview.issues) - limit:,} more problems\n")
    for row in preview.duplicate_rows[:limit]:
        assert row.duplicate_of is not None
        err.write(f"  Row {row.number}: possible duplicate, {row.duplicate_of.describe()}\n")
    err.write(preview.summary() + "\n")


def prepare_import(args: argparse.Namespace, known: KnownPets, err: TextIO, *,
                   memory: MappingMemory | None = None,
                   cancel: CancelToken | None = None,
                   earlier: EarlierImport | None = None) -> Preview:
    """Read, map and check the file; print the preview to ``err``. ``earlier``: the
    rows an earlier import of this file added (not sent again).

    Raises :class:`~petdesk.services.importing.errors.BulkError` (the message is for the user).
    """
    delimiter = "\t" if args.delimiter == "tab" else args.delimiter
    with open_table(args.file, sheet=args.sheet, encoding=args.encoding,
                    delimiter=delimiter) as table:
        mapping = mapping_from_arguments(table.headers, args.column, args.category_name,
                                         memory)
        if mapping.missing:
            labels = " and ".join(f.label for f in mapping.missing)
            raise MappingError(f"No column for {labels}: name it with --column "
                               f"(the columns are: {', '.join(table.headers)}).")

        def report(step: StepProgress) -> None:
            err.write(f"Checked {step.rows:,} rows ({step.fraction:.0%})\n")

        preview = build_preview(table, mapping, known, earlier=earlier, progress=report,
                                cancel=cancel, chunk=10_000)
    preview.decide_all_duplicates(Decision(args.duplicates))
    if memory is not None:
        memory[mapping.layout_key] = mapping.to_dict()
    _print_preview(preview, err)
    return preview


def run_import(args: argparse.Namespace, *, queue: ImportQueue | None, known: KnownPets,
               plan: Plan, err: TextIO, now: Callable[[], datetime],
               memory: MappingMemory | None = None,
               earlier: EarlierImport | None = None) -> ExitStatus:
    """``petdesk import``: preview, queue every sendable row, follow them to the end.
    The rows an earlier import of the file added (``earlier``) are not sent again; the
    run is still OK when every row is added, now or then."""
    try:
        preview = prepare_import(args, known, err, memory=memory, earlier=earlier)
    except BulkError as error:
        err.write(f"petdesk import: {error}\n")
        return ExitStatus.FAILED
    report = ImportReport.from_preview(preview)
    planned = preview.to_send()
    if not args.dry_run and planned:
        if queue is None:
            err.write("petdesk import: the outbox is not available.\n")
            return ExitStatus.FAILED
        added = queue.enqueue_import(planned)
        err.write(f"Queued {added:,} pets ({len(planned) - added:,} were already queued).\n")
        follow_import(queue, planned, report, plan, err, now)
    if args.report is not None:
        try:
            write_report(report, args.report)
        except OSError as error:
            err.write(f"petdesk import: the report could not be saved ({error}).\n")
            return ExitStatus.FAILED
        err.write(f"Report saved to {args.report}\n")
    err.write(report.summary() + "\n")
    if args.dry_run:
        return ExitStatus.OK if not preview.invalid_rows else ExitStatus.PARTIAL
    final_ok = report.count(Outcome.ADDED) + report.count(Outcome.ADDED_EARLIER) == len(report)
    return ExitStatus.OK if final_ok else ExitStatus.PARTIAL


def follow_import(queue: ImportQueue, planned: Sequence[PlannedPet], report: ImportReport,
                  plan: Plan, err: TextIO, now: Callable[[], datetime]) -> None:
    """Record each row's outcome in ``report`` as the queue reaches it, with a progress
    line per pet sent and a plain sentence before a long wait."""
    rows = {item.key: item.row for item in planned}
    snapshot: RateLimitSnapshot | None = None
    done = 0
    for item in queue.follow(list(rows)):
        snapshot = item.rate_limit or snapshot
        if isinstance(item, QueueWait):
            if item.seconds > LONG_WAIT or item.key_problem or item.problem:
                err.write(wait_text(item, done, len(planned), plan, now()) + "\n")
            continue
        report.record(rows[item.key], item.outcome, pet_id=item.pet_id, reason=item.reason)
        if item.outcome.final:
            done += 1
            moment = now()
            err.write(describe(estimate(done, len(planned), plan, snapshot, now=moment),
                               now=moment) + "\n")


def wait_text(wait: QueueWait, done: int, total: int, plan: Plan, now: datetime) -> str:
    """``900 of 1,398 · today's quota is used up: the other 498 wait for tomorrow, from
    00:00 UTC`` when the headers show the day's window; else when and why it waits."""
    head = f"{done:,} of {total:,}"
    if wait.key_problem:
        return f"{head} · sending stopped: {wait.reason}"
    snapshot = wait.rate_limit
    if snapshot is not None and snapshot.reset is not None and \
            (snapshot.reset - snapshot.observed_at).total_seconds() > LONG_WAIT:
        return describe(estimate(done, total, plan, snapshot, now=now, day_left=0), now=now)
    until = now + timedelta(seconds=wait.seconds)
    return f"{head} · waiting until {format_clock(until)}: {wait.reason}"


class PageSource(Protocol):
    """What an export needs of the client: :meth:`PetStoreClient.iter_pages`."""

    def iter_pages(self, limit: int = ..., status: PetStatus | None = None, *,
                   cancel: CancelToken | None = None) -> Iterator[PetPage]: ...


def query_pages(client: PageSource, status: PetStatus | None, *,
                cancel: CancelToken | None = None) -> Iterator[list[Pet]]:
    """Every page of a query, following next links (paced by the client's own gate), as
    lists of pets: what :func:`run_export` and the UI's Export… write. Pages of 100, the
    largest the spec allows, so the quota is spent on as few requests as possible."""
    for page in client.iter_pages(LIMIT_MAX, status, cancel=cancel):
        yield page.pets


def export_query(client: PageSource, path: Path | str, status: PetStatus | None = None, *,
                 progress: ProgressCallback = no_progress,
                 cancel: CancelToken | None = None) -> int:
    """The UI's "Export…" of the current query's complete list (worker thread)."""
    pets = (pet for page in query_pages(client, status, cancel=cancel) for pet in page)
    try:
        return export_pets(path, pets, progress=progress, cancel=cancel)
    except RequestCancelled as cancelled:  # cancelled during a page request
        raise ImportCancelled from cancelled


def run_export(args: argparse.Namespace, pages: Iterable[Sequence[Pet]], err: TextIO,
               cancel: CancelToken | None = None) -> ExitStatus:
    """``petdesk export``: write every pet of ``pages`` (:func:`query_pages`).

    A failure of the page walk (no connection, key refused) or of the disk is printed
    and fails the command; the output file is then left as it was."""

    def pets() -> Iterator[Pet]:
        for page in pages:
            yield from page

    def report(step: StepProgress) -> None:
        err.write(f"Exported {step.rows:,} pets\n")

    try:
        count = export_pets(args.output, pets(), progress=report, cancel=cancel)
    except (BulkError, OSError, PetStoreError) as error:
        err.write(f"petdesk export: {error}\n")
        return ExitStatus.FAILED
    err.write(f"Exported {count:,} pets to {args.output}\n")
    return ExitStatus.OK
