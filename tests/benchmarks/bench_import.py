"""Import pacing: 1,000 rows sent through the outbox to a sandbox on loopback at the Pro
plan's rate (300 a minute), against the plan's minimum time and a bare client loop.

    .venv/bin/python tests/benchmarks/bench_import.py [--quick] [--rows N]

What runs is what ``petdesk import`` runs, in this process (so the budget's "lend the
reserve before the reset" span follows a shortened window): the file is read and
checked, queued in the outbox of a store on disk (WAL, synchronous=FULL), and sent by
``OutboxSender`` with the import budget and the client's gate.

The full run uses the plan's own window (300 per 60 s); ``--quick`` a shortened one of
the same ratio (60 per 12 s, the budget's 5 s of lending scaled to 1 s) and 200 rows.

**The plan's minimum time** (the reference of the goal), exactly: the sandbox counts
in fixed windows of ``W`` seconds starting at multiples of ``W`` (Unix time), ``Q``
requests each, and the gate lets a window's requests go at once. A run that starts at
``t0`` with a fresh quota can send its ``i``-th request (0-based) no earlier than the
start of window ``floor(t0 / W) + floor(i / Q)``, so ``N`` requests end no earlier than

    minimum(N) = (floor(t0 / W) + ceil(N / Q) - 1) * W - t0        (N > Q; else 0)

The run waits for a window to begin before it starts (``t0`` is ~20 ms after the
boundary, and measured), so ``minimum(1,000) = 3 * 60 s = 180 s`` less that offset.
The time of a request itself is not in the minimum: it is PetDesk's (and the
sandbox's) cost. Figures:

* time from the start of the import (file read included) to the last pet sent,
  against ``minimum(N)``: goal <= 1.03x; the **baseline, measured in the same run**, is
  a bare loop of ``create_pet`` with the same client and gate (no file, no store, no
  budget), started the same way: what the plan allows a client that does nothing else;
* 429 answers the sandbox sent (its own counter, both runs): goal 0 (the sandbox sends
  rate headers on every answer);
* duplicates: pets on the server by name, each must be there exactly once.

Also a group of run.py (``run(quick)`` returns the figures).
"""

from __future__ import annotations

import argparse
import io
import math
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent))

from common import Figure  # noqa: E402

from petdesk.api import NewPet, PetStoreClient  # noqa: E402
from petdesk.core.clock import SystemClock  # noqa: E402
from petdesk.sandbox import SandboxConfig, Store  # noqa: E402
from petdesk.services.importing.eta import PLANS  # noqa: E402
from petdesk.services.importing.headless import (  # noqa: E402
    ExitStatus,
    add_import_arguments,
    run_import,
)
from petdesk.services.importing.outbox import (  # noqa: E402
    LEND_WITHIN,
    OutboxImportQueue,
    batch_for_file,
    import_budget_for,
    known_pets,
)
from petdesk.services.importing.writers import write_table  # noqa: E402
from petdesk.services.outbox.remote import ClientRemote  # noqa: E402
from petdesk.services.outbox.sender import OutboxSender  # noqa: E402
from petdesk.storage.db import open_store  # noqa: E402
from tests.helpers.sandbox_server import start_server  # noqa: E402
from tests.helpers.sandbox_store import every_pet  # noqa: E402

KEY = "bench-import-key-0123456789"


@dataclass(frozen=True)
class Pace:
    """A window of ``window`` seconds holding ``per_window`` requests (Pro: 300 / 60 s)."""

    per_window: int
    window: int

    @property
    def lend_within(self) -> float:
        """The budget's 5 s of a 60 s window, scaled to this window."""
        return LEND_WITHIN * self.window / 60

    def minimum(self, requests: int, t0: float) -> float:
        """The plan's minimum time for ``requests`` from ``t0`` (see the docstring)."""
        if requests <= self.per_window:
            return 0.0
        first = math.floor(t0 / self.window)
        windows = math.ceil(requests / self.per_window)
        return (first + windows - 1) * self.window - t0


FULL = Pace(300, 60)
QUICK = Pace(60, 12)
#: How long after a window's start a run begins (the boundary is awaited).
AFTER_BOUNDARY = 0.02


def _sandbox(pace: Pace) -> tuple[object, Store]:
    store = Store(None, seed_count=0)
    server = start_server(SandboxConfig(api_keys=(KEY,), requests_per_window=pace.per_window,
                                        window_seconds=pace.window, requests_per_day=1_000_000),
                          store=store)
    return server, store


def _write_file(folder: Path, rows: int) -> Path:
    path = folder / "intake.csv"
    write_table(path, ("Animal name", "Category ID", "Status"),
               ((f"Bench {i}", 1 + i % 7, "available") for i in range(rows)))
    return path


def _await_window(pace: Pace) -> float:
    """Sleep until just after the next window begins; the Unix time then."""
    now = time.time()
    time.sleep((math.floor(now / pace.window) + 1) * pace.window + AFTER_BOUNDARY - now)
    return time.time()


def _counts(server: object, sandbox_store: Store, prefix: str, rows: int) -> dict[str, float]:
    names = Counter(p.name for p in every_pet(sandbox_store))
    counters = server.app.counters(KEY)  # type: ignore[attr-defined]
    return {"rate_limited": counters.rate_limited, "requests": counters.requests,
            "duplicates": sum(n - 1 for n in names.values() if n > 1),
            "missing": sum(1 for i in range(rows) if names[f"{prefix} {i}"] == 0)}


def import_run(rows: int, pace: Pace) -> dict[str, float]:
    server, sandbox_store = _sandbox(pace)
    clock = SystemClock()
    try:
        with tempfile.TemporaryDirectory() as tmp, \
                PetStoreClient(server.base_url, KEY) as client:  # type: ignore[attr-defined]
            source = _write_file(Path(tmp), rows)
            store = open_store(Path(tmp) / "store.sqlite3", "production").store
            budget = import_budget_for(client, clock, lend_within=pace.lend_within)
            sender = OutboxSender(store, ClientRemote(client, budget, links=store), budget,
                                  clock)
            queue = OutboxImportQueue(store, clock, drive=sender.step,
                                      reading=lambda: client.rate_limit)
            parser = argparse.ArgumentParser()
            add_import_arguments(parser)
            err = io.StringIO()
            t0 = _await_window(pace)
            started = time.perf_counter()
            status = run_import(parser.parse_args([str(source)]), queue=queue,
                                known=known_pets(store, batch_for_file(source)),
                                plan=PLANS["pro"], err=err, now=lambda: datetime.now(UTC))
            took = time.perf_counter() - started
            sender.close()
            store.close()
        assert status is ExitStatus.OK, err.getvalue()[-2000:]
        return {"seconds": took, "minimum": pace.minimum(rows, t0),
                **_counts(server, sandbox_store, "Bench", rows)}
    finally:
        server.stop()  # type: ignore[attr-defined]
        sandbox_store.close()


def bare_run(rows: int, pace: Pace) -> dict[str, float]:
    """The same creates in a bare loop of the client (its gate alone paces them)."""
    server, sandbox_store = _sandbox(pace)
    try:
        with PetStoreClient(server.base_url, KEY) as client:  # type: ignore[attr-defined]
            t0 = _await_window(pace)
            started = time.perf_counter()
            for i in range(rows):
                client.create_pet(NewPet(name=f"Bare {i}", category_id=1 + i % 7))
            took = time.perf_counter() - started
        return {"seconds": took, "minimum": pace.minimum(rows, t0),
                **_counts(server, sandbox_store, "Bare", rows)}
    finally:
        server.stop()  # type: ignore[attr-defined]
        sandbox_store.close()


def run(quick: bool, rows: int | None = None) -> list[Figure]:
    pace = QUICK if quick else FULL
    count = rows or (200 if quick else 1_000)
    petdesk = import_run(count, pace)
    bare = bare_run(count, pace)
    ratio = petdesk["seconds"] / petdesk["minimum"]
    bare_ratio = bare["seconds"] / bare["minimum"]
    met = (ratio <= 1.03 and petdesk["rate_limited"] == 0 and petdesk["duplicates"] == 0
           and petdesk["missing"] == 0)
    return [Figure(
        key="import_pacing",
        title=f"Import of {count:,} rows at {pace.per_window} per {pace.window} s (Pro's rate)",
        petdesk=petdesk["seconds"], baseline=bare["seconds"], unit="s",
        goal="≤ 1.03x the plan's minimum, 0 429s, 0 duplicates", met=met, ratio=ratio,
        details={"petdesk": petdesk, "bare_client": bare, "bare_ratio": bare_ratio,
                 "window": [pace.per_window, pace.window]},
        note=(f"ratio: PetDesk / the plan's minimum ({petdesk['minimum']:.2f} s: "
              f"(ceil(N/Q) - 1) windows from the run's start, see bench_import.py); "
              f"baseline (same run): a bare create_pet loop, "
              f"{bare_ratio:.3f}x its minimum; 429s {int(petdesk['rate_limited'])}, "
              f"duplicates {int(petdesk['duplicates'])}, missing {int(petdesk['missing'])}, "
              f"requests {int(petdesk['requests'])}"))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="200 rows at 60 per 12 s instead of 1,000 at 300 per 60 s")
    parser.add_argument("--rows", type=int)
    args = parser.parse_args(argv)
    for figure in run(args.quick, args.rows):
        d = figure.details
        print(f"{figure.title}: {figure.petdesk:.2f} s, the plan's minimum "
              f"{d['petdesk']['minimum']:.2f} s: {figure.ratio:.3f}x "
              f"({'met' if figure.met else 'NOT met'}; goal {figure.goal})")
        print(f"  bare client loop {d['bare_client']['seconds']:.2f} s "
              f"({d['bare_ratio']:.3f}x its minimum {d['bare_client']['minimum']:.2f} s)")
        print(f"  {figure.note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
