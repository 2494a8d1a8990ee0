"""``petdesk import`` / ``petdesk export`` entry points, with a stand-in for the outbox."""

from __future__ import annotations

import argparse
import io
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from petdesk.api.models import Pet
from petdesk.api.ratelimit import RateLimitSnapshot
from petdesk.services.importing.duplicates import KnownPets
from petdesk.services.importing.eta import PLANS
from petdesk.services.importing.headless import (
    ExitStatus,
    SendEvent,
    add_export_arguments,
    add_import_arguments,
    run_export,
    run_import,
)
from petdesk.services.importing.mapping import layout_key
from petdesk.services.importing.preview import PlannedPet
from petdesk.services.importing.readers import open_table
from petdesk.services.importing.report import Outcome
from tests.unit.services.importing.files import write_csv, write_xlsx

NOW = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)


class DictQueue:
    """Keeps queued pets by key and 'sends' them in order: ids from 1001."""

    def __init__(self, refuse: frozenset[str] = frozenset()) -> None:
        self.items: dict[str, PlannedPet] = {}
        self.refuse = refuse

    def enqueue_import(self, items: Sequence[PlannedPet]) -> int:
        new = [item for item in items if item.key not in self.items]
        self.items.update((item.key, item) for item in new)
        return len(new)

    def follow(self, keys: Sequence[str]) -> Iterator[SendEvent]:
        for number, key in enumerate(keys, start=1001):
            if self.items[key].pet.name in self.refuse:
                yield SendEvent(key, Outcome.REFUSED, reason="The service refused it.")
            else:
                yield SendEvent(key, Outcome.ADDED, pet_id=number)


def _args(kind: str, *argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog=f"petdesk {kind}")
    (add_import_arguments if kind == "import" else add_export_arguments)(parser)
    return parser.parse_args(list(argv))


def _import(queue: DictQueue | None, *argv: str,
            memory: dict[str, Any] | None = None) -> tuple[ExitStatus, str]:
    err = io.StringIO()
    status = run_import(_args("import", *argv), queue=queue, known=KnownPets(),
                        plan=PLANS["free"], err=err, now=lambda: NOW, memory=memory)
    return status, err.getvalue()


def test_an_import_queues_follows_and_reports(tmp_path: Path) -> None:
    source = write_xlsx(tmp_path / "intake.xlsx", [["Pet name", "Category", "Status"],
                                                   ["Rex", 1, "Available"], ["Mia", 2, ""]])
    queue = DictQueue()
    status, err = _import(queue, str(source), "--report", str(tmp_path / "result.csv"))
    assert status is ExitStatus.OK
    assert "2 rows: 2 ready, 0 invalid, 0 possible duplicates" in err
    assert "Queued 2 pets (0 were already queued)." in err
    assert "1 of 2 · less than a minute left at 60 a minute" in err
    assert err.endswith("2 added\n")
    with open_table(tmp_path / "result.csv") as table:
        assert [(r.cells[0], r.cells[5]) for r in table.rows()] == [("2", "1001"), ("3", "1002")]
    status, err = _import(queue, str(source))
    assert "Queued 0 pets (2 were already queued)." in err


def test_invalid_rows_and_refusals_make_a_partial_exit(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "in.csv", [["Name", "Category"], ["Rex", 1], ["", 2],
                                             ["Long", 3]])
    status, err = _import(DictQueue(refuse=frozenset({"Long"})), str(source))
    assert status is ExitStatus.PARTIAL
    assert "Row 3, Name (column A): Name must not be blank" in err
    assert err.endswith("1 added, 1 invalid, 1 refused by the service\n")


def test_a_dry_run_sends_nothing(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "in.csv", [["Name", "Category"], ["Rex", 1]])
    queue = DictQueue()
    status, err = _import(queue, str(source), "--dry-run")
    assert status is ExitStatus.OK
    assert queue.items == {}
    assert "1 waiting to send" in err


def test_columns_and_category_words_from_the_command_line(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "in.csv", [["Called", "Species"], ["Rex", "Dog"]])
    memory: dict[str, Any] = {}
    status, err = _import(DictQueue(), str(source), "--column", "name=called",
                          "--category-name", "dog=4", memory=memory)
    assert status is ExitStatus.OK, err
    saved = memory[layout_key(["Called", "Species"])]
    assert saved["columns"] == {"name": 0, "categoryId": 1}
    assert saved["category_names"] == {"dog": 4}
    queue = DictQueue()
    status, err = _import(queue, str(source), memory=memory)  # remembered
    assert status is ExitStatus.OK, err
    assert [item.pet.category_id for item in queue.items.values()] == [4]


@pytest.mark.parametrize(("argv", "message"), [
    (["--column", "colour=Called"], "no field “colour”"),
    (["--column", "name=Nope"], "this file has no column “Nope”"),
    (["--column", "name"], "must look like KEY=VALUE"),
    (["--category-name", "dog=four"], "“four” is not a category number"),
])
def test_bad_options_fail_with_a_message(tmp_path: Path, argv: list[str], message: str) -> None:
    source = write_csv(tmp_path / "in.csv", [["Called", "Species"], ["Rex", "1"]])
    status, err = _import(DictQueue(), str(source), *argv)
    assert status is ExitStatus.FAILED
    assert message in err


def test_an_unmapped_file_fails_and_lists_the_columns(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "in.csv", [["Called", "Colour"], ["Rex", "red"]])
    status, err = _import(DictQueue(), str(source))
    assert status is ExitStatus.FAILED
    assert err == ("petdesk import: No column for Name and Category ID: name it with "
                   "--column (the columns are: Called, Colour).\n")


def test_an_unreadable_file_fails(tmp_path: Path) -> None:
    status, err = _import(DictQueue(), str(tmp_path / "missing.csv"))
    assert status is ExitStatus.FAILED
    assert err == "petdesk import: “missing.csv” no longer exists.\n"


def test_no_outbox_fails_rather_than_dropping_pets(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "in.csv", [["Name", "Category"], ["Rex", 1]])
    status, err = _import(None, str(source))
    assert status is ExitStatus.FAILED
    assert "the outbox is not available" in err


def test_export_walks_every_page(tmp_path: Path) -> None:
    pages = [[Pet(id=i, name=f"P{i}", categoryId=1) for i in range(start, start + 100)]
             for start in range(1, 1_201, 100)]
    err = io.StringIO()
    out = tmp_path / "all.xlsx"
    assert run_export(_args("export", "-o", str(out)), pages, err) is ExitStatus.OK
    assert err.getvalue().endswith(f"Exported 1,200 pets to {out}\n")
    with open_table(out) as table:
        assert sum(1 for _ in table.rows()) == 1_200


def test_export_reports_a_failure(tmp_path: Path) -> None:
    def pages() -> Iterator[list[Pet]]:
        yield [Pet(id=1, name="Rex", categoryId=1)]
        raise OSError("disk full")

    err = io.StringIO()
    status = run_export(_args("export", "-o", str(tmp_path / "x.csv")), pages(), err)
    assert status is ExitStatus.FAILED
    assert err.getvalue() == "petdesk export: disk full\n"
    assert list(tmp_path.iterdir()) == []


def test_the_eta_follows_the_live_headers_and_a_report_error_fails(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "in.csv", [["Name", "Category"]] +
                       [[f"P{i}", 1] for i in range(400)])
    snapshot = RateLimitSnapshot(limit=300, remaining=200, reset=NOW, observed_at=NOW)

    class PacedQueue(DictQueue):
        def follow(self, keys: Sequence[str]) -> Iterator[SendEvent]:
            for event in super().follow(keys):
                yield SendEvent(event.key, event.outcome, event.pet_id, rate_limit=snapshot)

    status, err = _import(PacedQueue(), str(source), "--report",
                          str(tmp_path / "missing" / "report.csv"))
    assert "100 of 400 · about 1 min left at 300 a minute" in err
    assert status is ExitStatus.FAILED
    assert "the report could not be saved" in err
