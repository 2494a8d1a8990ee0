"""Import pacing: 1,000 rows sent through the outbox to a sandbox on loopback at the Pro
plan's 300 a minute, in a shortened window of the same ratio (50 per 10 seconds).

    .venv/bin/python tests/benchmarks/bench_import.py [--quick] [--rows N] [--baseline]

What runs is what ``petdesk import`` runs (in this process, so the budget's "lend the
reserve before the reset" span can be shortened with the window: 5 s of a minute is
0.83 s of 10 s): the file is read and checked, queued in the outbox of a store on disk
(WAL, synchronous=FULL), and sent by ``OutboxSender`` with the import budget and the
client's gate. Figures:

* time from the start of the import to the last pet sent, against the plan's minimum
  (rows × 10 s / 50): goal ≤ 1.03x;
* 429 answers the sandbox sent (its own counter): goal 0 (the sandbox sends rate
  headers on every answer);
* duplicates: pets on the server by name, each must be there exactly once.

``--baseline`` also times a bare loop of ``create_pet`` with the same client and gate
(no store, no budget) in the same run, for comparison. Also a group of run.py
(``run(quick)`` returns the figures).
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent))

from common import Figure  # noqa: E402

from petdesk.api import NewPet, PetStoreClient  # noqa: E402
from petdesk.bulk.eta import PLANS  # noqa: E402
from petdesk.bulk.headless import ExitStatus, add_import_arguments, run_import  # noqa: E402
from petdesk.bulk.outbox import (  # noqa: E402
    OutboxImportQueue,
    batch_for_file,
    import_budget_for,
    known_pets,
)
from petdesk.bulk.writers import write_table  # noqa: E402
from petdesk.core.clock import SystemClock  # noqa: E402
from petdesk.sandbox import SandboxConfig, Store, start_server  # noqa: E402
from petdesk.store import OutboxSender, open_store  # noqa: E402
from petdesk.store.remote import ClientRemote  # noqa: E402

KEY = "bench-import-key-0123456789"
PER_WINDOW = 50
WINDOW = 10
#: The budget's 5 s of a 60 s window, scaled to the shortened window.
LEND_WITHIN = 5.0 * WINDOW / 60


def _sandbox() -> tuple[object, Store]:
    store = Store(None, seed_count=0)
    server = start_server(SandboxConfig(api_keys=(KEY,), requests_per_window=PER_WINDOW,
                                        window_seconds=WINDOW, requests_per_day=1_000_000),
                          store=store)
    return server, store


def _write_file(folder: Path, rows: int) -> Path:
    path = folder / "intake.csv"
    write_table(path, ("Animal name", "Category ID", "Status"),
               ((f"Bench {i}", 1 + i % 7, "available") for i in range(rows)))
    return path


def import_run(rows: int) -> dict[str, float]:
    server, sandbox_store = _sandbox()
    clock = SystemClock()
    try:
        with tempfile.TemporaryDirectory() as tmp, \
                PetStoreClient(server.base_url, KEY) as client:  # type: ignore[attr-defined]
            source = _write_file(Path(tmp), rows)
            store = open_store(Path(tmp) / "store.sqlite3", "production").store
            budget = import_budget_for(client, clock, lend_within=LEND_WITHIN)
            sender = OutboxSender(store, ClientRemote(client, budget, links=store), budget,
                                  clock)
            queue = OutboxImportQueue(store, clock, drive=sender.step,
                                      reading=lambda: client.rate_limit)
            parser = argparse.ArgumentParser()
            add_import_arguments(parser)
            err = io.StringIO()
            started = time.perf_counter()
            status = run_import(parser.parse_args([str(source)]), queue=queue,
                                known=known_pets(store, batch_for_file(source)),
                                plan=PLANS["pro"], err=err, now=lambda: datetime.now(UTC))
            took = time.perf_counter() - started
            sender.close()
            store.close()
        assert status is ExitStatus.OK, err.getvalue()[-2000:]
        names = Counter(p.name for p in sandbox_store.all_pets())
        counters = server.app.counters(KEY)  # type: ignore[attr-defined]
        return {"seconds": took, "rate_limited": counters.rate_limited,
                "requests": counters.requests,
                "duplicates": sum(n - 1 for n in names.values()),
                "missing": sum(1 for i in range(rows) if names[f"Bench {i}"] == 0)}
    finally:
        server.stop()  # type: ignore[attr-defined]
        sandbox_store.close()


def bare_run(rows: int) -> float:
    """The same creates in a bare loop of the client (its gate alone paces them)."""
    server, sandbox_store = _sandbox()
    try:
        with PetStoreClient(server.base_url, KEY) as client:  # type: ignore[attr-defined]
            started = time.perf_counter()
            for i in range(rows):
                client.create_pet(NewPet(name=f"Bare {i}", category_id=1))
            return time.perf_counter() - started
    finally:
        server.stop()  # type: ignore[attr-defined]
        sandbox_store.close()


def run(quick: bool, rows: int | None = None, baseline: bool = False) -> list[Figure]:
    count = rows or (200 if quick else 1_000)
    minimum = count * WINDOW / PER_WINDOW
    result = import_run(count)
    details: dict[str, float] = dict(result)
    if baseline:
        details["bare_client_seconds"] = bare_run(count)
    ratio = result["seconds"] / minimum
    return [Figure(
        key="import_pacing", title=f"Import of {count:,} rows at 50 per 10 s (Pro's rate)",
        petdesk=result["seconds"], baseline=minimum, unit="s",
        goal="≤ 1.03x the plan's minimum, 0 429s, 0 duplicates",
        met=ratio <= 1.03 and result["rate_limited"] == 0 and result["duplicates"] == 0
        and result["missing"] == 0,
        ratio=ratio, details=details,
        note="baseline: the plan's minimum time (rows × 10 s / 50)")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="200 rows instead of 1,000")
    parser.add_argument("--rows", type=int)
    parser.add_argument("--baseline", action="store_true",
                        help="also time a bare loop of creates with the client")
    args = parser.parse_args(argv)
    print(f"{'figure':<44} {'PetDesk':>9} {'minimum':>9} {'ratio':>6} "
          f"{'429s':>5} {'dupl.':>5} {'goal':>4}")
    for figure in run(args.quick, args.rows, args.baseline):
        d = figure.details
        print(f"{figure.title:<44} {figure.petdesk:>8.1f}s {figure.baseline:>8.1f}s "
              f"{figure.ratio:>5.3f}x {int(d['rate_limited']):>5} {int(d['duplicates']):>5} "
              f"{'met' if figure.met else 'NOT met':>4}")
        print(f"  requests {int(d['requests'])}, missing {int(d['missing'])}"
              + (f", bare client loop {d['bare_client_seconds']:.1f} s"
                 if "bare_client_seconds" in d else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
