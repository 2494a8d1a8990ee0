"""Five desks on one store: what sharing the store costs, each against a baseline
measured in the same run.

    .venv/bin/python tests/benchmarks/bench_desks.py [--quick] [--only catalogue drain]

Every desk is its own process on the product's services, and the sandbox is a child
process logging its requests (they are counted in its log). The desks share one store
(one SQLite file in one data folder: what several PetDesk processes on one machine or
one shared folder do).

* **D1 catalogue for five desks** (on one SQLite file, and on a PostgreSQL server the
  benchmark starts): the sandbox holds 2,700 pets (27 pages); five desk processes start
  together, each running the catalogue mirror's filler
  (:class:`~petdesk.services.catalogue.mirror.MirrorFiller` with the quota budget, as the
  worker runs it between the user's requests) on the shared store until the store's
  catalogue is complete. Requests the sandbox answered, against one desk filling the
  same catalogue alone (the baseline, same run): goal <= 1.05x. Rate limiting off (the
  figure is about requests, not pace). Medians of runs.
* **D2 outbox drained by five desks**: five ``petdesk import`` processes (the real
  command line; on PostgreSQL the desks soak's desk, the same import on the shared
  store, as ``petdesk import`` opens the local store) start together just after a
  window begins, each importing its share of N adds into the shared store's outbox;
  whichever desk holds the store's sender lock sends every desk's adds, in order, and
  a desk that finishes hands the lock on. The sandbox runs the Free plan three times
  faster (60 requests per 20 s: five desks' processes must keep up with it on a shared
  2-core machine). The plan's rate is the baseline: ``minimum(N)`` of
  ``bench_import.py`` (the start of window ``floor(t0 / W) + ceil(N / Q) - 1``), over
  the time from the desks' start to the last pet on the server: goal >= 0.97x. N is
  160 (100 with ``--quick``): the last window holds 40 adds, so the outbox's own checks
  (the newest pet's id, listed before the first send) fit in it without reaching the
  user's reserve (background work leaves the last 12 of a window's 60 to the user until
  5 s before the reset). One desk importing all N alone is measured in the same run for
  scale. 429s counted in the sandbox's log; every pet on the server once.
* **D3 a desk on the shared store paints its last-known rows**: ``petdesk`` (the
  window, ``launch_petdesk.py`` as ``bench_startup.py`` runs it, offscreen) against a
  sandbox child, in two private homes: one desk on the shared store (a PostgreSQL server
  the benchmark starts; the password in the home's ``.pgpass``, as the address's own
  means), one on SQLite (the baseline, same run). Each home first runs a session that
  shows the first page and keeps it (for the shared desk: in the shared store and in
  its own file), then the two desks start in turn, the order reversed every other
  repeat, each timed from just before ``Popen`` to the last session's rows painted
  (``PETDESK_BENCH_EXIT_AFTER=stored-data``). Medians: goal <= 1.10x.

Also a group of run.py (``run(quick)``).
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent))

from common import (  # noqa: E402
    BENCH_DIR,
    PYTHON,
    ROOT,
    Figure,
    median,
    private_home,
    run_marked_child,
    spread,
)

KEY = "bench-desks-key-0123456789"
DESKS = 5
PETS = 2_700
PER_WINDOW = 60
WINDOW = 20
GOAL_REQUESTS = 1.05
GOAL_DRAIN = 0.97
GOAL_FIRST_PAINT = 1.10
_SANDBOX = "from petdesk.sandbox.server import main; raise SystemExit(main())"

# One desk's catalogue mirror: the filler on the shared store, stepped as the worker
# steps it, until the store's catalogue is complete (whichever desk completes it).
_MIRROR_DESK = """
import os, sys, time
from pathlib import Path
from petdesk.api import PetStoreClient
from petdesk.core.clock import SystemClock
from petdesk.services.catalogue.mirror import FillKind, MirrorFiller
from petdesk.services.outbox.budget import QuotaBudget
from petdesk.services.outbox.remote import ClientMirrorRemote
from petdesk.storage.postgres.store import open_shared_store
from petdesk.storage.sqlite.store import open_store

where, base_url, key = sys.argv[1:4]
clock = SystemClock()
store = open_shared_store(where, os.environ["BENCH_STORE_PASSWORD"], "production",
                          clock=clock) if where.startswith("postgresql:") \\
    else open_store(Path(where), "production", clock=clock).store
with PetStoreClient(base_url, key, clock=clock) as client, store:
    budget = QuotaBudget(clock, lambda: client.rate_limit, client.gate.remaining_wait)
    filler = MirrorFiller(store, ClientMirrorRemote(client), budget, clock)
    for _ in range(100_000):
        step = filler.step()
        state = store.catalogue.state()
        if state.complete_at is not None and not state.running:
            break
        if step.kind not in (FillKind.FETCHED, FillKind.DEFERRED, FillKind.IDLE,
                             FillKind.DONE):
            raise SystemExit(f"the fill stopped: {step}")
        # IDLE: another desk has the turn; look again soon (the count is the figure)
        time.sleep(min(step.wait, 0.05 if step.kind is FillKind.IDLE else 1.0))
    print(store.catalogue.count())
"""


@contextmanager
def sandbox(folder: Path, *options: str) -> Iterator[tuple[str, Path]]:
    """A sandbox child logging its requests; yields its address and its log."""
    log = folder / "sandbox.log"
    with log.open("w", encoding="utf-8") as err:
        proc = subprocess.Popen([sys.executable, "-c", _SANDBOX, "--port", "0", "--api-key",
                                 KEY, *options], stdout=subprocess.PIPE, stderr=err,
                                text=True, cwd=str(ROOT))
        assert proc.stdout is not None
        try:
            match = re.search(r"(http://\S+/v1)", proc.stdout.readline())
            if not match:
                raise RuntimeError("the sandbox did not start")
            yield match.group(1), log
        finally:
            proc.terminate()
            proc.wait(timeout=10)
            proc.stdout.close()


def answers(log: Path) -> Counter[str]:
    """``"<METHOD> <status>"`` of every answer in the sandbox's log."""
    counts: Counter[str] = Counter()
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        match = re.search(r'"(\w+) \S+ HTTP/[\d.]+" (\d{3}) ', line)
        if match:
            counts[f"{match.group(1)} {match.group(2)}"] += 1
    return counts


def desk_env(home: Path) -> dict[str, str]:
    """The desks' environment: one data folder (so one store), the key, no keyring."""
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / "data"),
               XDG_CONFIG_HOME=str(home / "config"), XDG_CACHE_HOME=str(home / "cache"),
               XDG_STATE_HOME=str(home / "state"), PETDESK_API_KEY=KEY,
               PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring")
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    return env


# -- D1: the catalogue ----------------------------------------------------------------------


@contextmanager
def postgres_database() -> Iterator[Callable[[str], str]]:
    """A PostgreSQL server of the benchmark's own (tests/helpers/postgres.py); yields a
    function that creates a database for the desk role and returns its address."""
    from tests.helpers import postgres

    bindir = postgres.postgres_bindir()
    if bindir is None:
        raise RuntimeError("PostgreSQL's server binaries are not installed")
    server = postgres.start_server(bindir)

    def database(name: str) -> str:
        with server.admin() as conn:
            conn.execute(f"CREATE DATABASE {name} OWNER {postgres.DESK_ROLE}")
        return server.address(name)

    try:
        yield database
    finally:
        postgres.stop(server, bindir)


def fill_once(desks: int, store: str | None = None) -> dict[str, float]:
    """``desks`` processes fill one store's catalogue from a 2,700-pet sandbox;
    ``store``: a shared store's address (default: one SQLite file)."""
    from petdesk.sandbox import Store
    from tests.helpers.postgres import DESK_PASSWORD

    with tempfile.TemporaryDirectory(prefix="petdesk-bench-desks-") as tmp:
        folder = Path(tmp)
        db = folder / "sandbox.sqlite3"
        Store(db, seed_count=PETS).close()
        with sandbox(folder, "--db", str(db), "--no-rate-limit") as (base_url, log):
            env = dict(desk_env(folder), BENCH_STORE_PASSWORD=DESK_PASSWORD)
            argv = [sys.executable, "-c", _MIRROR_DESK, store or str(folder / "store.sqlite3"),
                    base_url, KEY]
            started = time.monotonic()
            procs = [subprocess.Popen(argv, env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True, cwd=str(ROOT))
                     for _ in range(desks)]
            outs = [proc.communicate(timeout=300) for proc in procs]
            took = time.monotonic() - started
            for proc, (_out, err) in zip(procs, outs, strict=True):
                if proc.returncode != 0:
                    raise RuntimeError(f"a desk failed: {err[-2000:]}")
            mirrored = max(int(out.split()[-1]) for out, _err in outs)
            counts = answers(log)
    return {"requests": float(sum(counts.values())), "seconds": took,
            "mirrored": float(mirrored)}


def catalogue(quick: bool, kind: str = "sqlite") -> Figure:
    repeat = 1 if quick else 3
    five, one = [], []
    with ExitStack() as stack:
        database = stack.enter_context(postgres_database()) if kind == "postgres" else None
        for n in range(repeat):  # interleaved, so load drifts hit both
            five.append(fill_once(DESKS, database(f"five{n}") if database else None))
            one.append(fill_once(1, database(f"one{n}") if database else None))
    ours = statistics.median(r["requests"] for r in five)
    base = statistics.median(r["requests"] for r in one)
    ratio = ours / base
    complete = all(r["mirrored"] == PETS for r in five + one)
    return Figure(
        key=f"desks_catalogue_requests_{kind}",
        title=f"D1. Catalogue of {PETS:,} pets filled for {DESKS} desks on one store "
              f"({'PostgreSQL' if kind == 'postgres' else 'one SQLite file'})",
        petdesk=ours, baseline=base, unit="requests", ratio=ratio,
        goal=f"<= {GOAL_REQUESTS:.2f}x the requests of one desk, every pet mirrored",
        met=ratio <= GOAL_REQUESTS and complete,
        details={"five_desks": five, "one_desk": one},
        note=(f"requests the sandbox answered, medians of {repeat}: {DESKS} desks "
              f"{', '.join(str(int(r['requests'])) for r in five)}; one desk "
              f"{', '.join(str(int(r['requests'])) for r in one)}; "
              f"{math.ceil(PETS / 100)} pages; pets in the store's catalogue when every desk "
              f"stopped: {DESKS} desks "
              f"{', '.join(str(int(r['mirrored'])) for r in five)}, one desk "
              f"{', '.join(str(int(r['mirrored'])) for r in one)}"))


# -- D2: the outbox -------------------------------------------------------------------------


def minimum(requests: int, t0: float) -> float:
    """The plan's minimum time for ``requests`` from ``t0`` (see bench_import.py)."""
    if requests <= PER_WINDOW:
        return 0.0
    return (math.floor(t0 / WINDOW) + math.ceil(requests / PER_WINDOW) - 1) * WINDOW - t0


def _write_share(path: Path, run: str, indices: range) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["name", "categoryId", "status"])
        for i in indices:
            writer.writerow([f"Drain {run} {i}", 1 + i % 7, "available"])


def drain_once(adds: int, desks: int, run: str, store: str | None = None
               ) -> dict[str, float]:
    """``desks`` ``petdesk import`` processes send ``adds`` pets between them; with a
    shared store's address, on that store (found as the multi-desk soak's desks find
    it: the settings the window writes, the password through the keyring)."""
    from tests.helpers.postgres import DESK_PASSWORD
    from tests.helpers.shared_desk import shared_desk_env

    with tempfile.TemporaryDirectory(prefix="petdesk-bench-desks-") as tmp:
        folder = Path(tmp)
        options = ("--db", ":memory:", "--rpm", str(PER_WINDOW), "--window", str(WINDOW),
                   "--rpd", "1000000", "--ban-after", "0")
        with sandbox(folder, *options) as (base_url, log):
            env = desk_env(folder)
            if store:
                env.update(shared_desk_env(folder / "config", store, DESK_PASSWORD))
            argvs = []
            for d in range(desks):
                share = folder / f"desk-{d + 1}.csv"
                _write_share(share, run, range(d, adds, desks))
                argvs.append([sys.executable, "-m", "petdesk", "import", str(share),
                              "--environment", "production", "--base-url", base_url])
            now = time.time()
            time.sleep((math.floor(now / WINDOW) + 1) * WINDOW + 0.02 - now)
            t0 = time.time()
            procs = [subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.PIPE, text=True, cwd=str(ROOT))
                     for argv in argvs]
            errs = [proc.communicate(timeout=900)[1] for proc in procs]
            took = time.time() - t0
            for proc, err in zip(procs, errs, strict=True):
                if proc.returncode != 0:
                    raise RuntimeError(f"a desk's import failed: {err[-2000:]}")
            counts = answers(log)
            names = _names(base_url, f"Drain {run} ")
    created = Counter(names)
    return {"seconds": took, "minimum": minimum(adds, t0), "t0": t0,
            "requests": float(sum(counts.values())), "posts": float(counts["POST 201"]),
            "429s": float(sum(v for k, v in counts.items() if k.endswith(" 429"))),
            "created": float(len(created)),
            "duplicates": float(sum(c - 1 for c in created.values() if c > 1))}


def _names(base_url: str, prefix: str) -> list[str]:
    from petdesk.api import PetStoreClient

    with PetStoreClient(base_url, KEY) as client:  # after the requests were counted
        return [p.name for page in client.iter_pages(100) for p in page.pets
                if p.name.startswith(prefix)]


def drain(quick: bool, kind: str = "sqlite") -> Figure:
    adds = 100 if quick else 160
    repeat = 1 if quick else 3
    five, one = [], []
    with ExitStack() as stack:
        database = stack.enter_context(postgres_database()) if kind == "postgres" else None
        for n in range(repeat):
            five.append(drain_once(adds, DESKS, f"five{n}",
                                   database(f"five{n}") if database else None))
            one.append(drain_once(adds, 1, f"one{n}",
                                  database(f"one{n}") if database else None))
    rates = [r["minimum"] / r["seconds"] for r in five]
    one_rates = [r["minimum"] / r["seconds"] for r in one]
    ratio = statistics.median(rates)
    took = statistics.median(r["seconds"] for r in five)
    plan = statistics.median(r["minimum"] for r in five)
    exact = all(r["created"] == adds and r["duplicates"] == 0 for r in five + one)
    refused = int(sum(r["429s"] for r in five))
    return Figure(
        key=f"desks_outbox_drain_{kind}",
        title=f"D2. Outbox of {adds} adds drained by {DESKS} desks ({PER_WINDOW} per {WINDOW} s, "
              f"{'PostgreSQL' if kind == 'postgres' else 'one SQLite file'})",
        petdesk=took, baseline=plan, unit="s", ratio=ratio,
        goal=f">= {GOAL_DRAIN:.2f}x the plan's rate, every add once",
        met=ratio >= GOAL_DRAIN and exact,
        details={"five_desks": five, "one_desk": one, "rate_ratios": rates,
                 "one_desk_rate_ratios": one_rates},
        note=(f"ratio: the plan's minimum time over the time taken (a rate ratio), median of "
              f"{repeat}: {', '.join(f'{r:.3f}' for r in rates)}; one desk alone (same run) "
              f"{statistics.median(one_rates):.3f}x; 429s {refused} (five desks), "
              f"{int(sum(r['429s'] for r in one))} (one); every add on the server once: "
              f"{'yes' if exact else 'NO'}"))


# -- D3: the last-known rows ---------------------------------------------------------------

# Settings of a desk (QSettings, in the home given by the environment), set as the
# Settings dialog sets them: argv[1] the shared store's address, "" for none.
_SETTINGS = """
import sys
from petdesk.gui.app import default_settings
from petdesk.gui.settings.settings import SharedStoreChoice
settings = default_settings()
settings.shared_store = SharedStoreChoice(sys.argv[1], bool(sys.argv[1]))
settings.sync()
"""


def _desk_home(env: dict[str, str], address: str | None, port: int | None) -> dict[str, str]:
    """``env`` as a desk on the sandbox's key, on the shared store at ``address`` (the
    password in ``.pgpass``) or on SQLite."""
    from tests.helpers.postgres import DESK_PASSWORD, DESK_ROLE

    env = dict(env, PETDESK_API_KEY=KEY)
    if address and port:
        pgpass = Path(env["HOME"]) / ".pgpass"
        pgpass.write_text(f"127.0.0.1:{port}:*:{DESK_ROLE}:{DESK_PASSWORD}\n")
        pgpass.chmod(0o600)
    subprocess.run([PYTHON, "-c", _SETTINGS, address or ""], env=env, check=True,
                   cwd=str(ROOT), timeout=60)
    return env


def _kept_first_page(env: dict[str, str], argv: list[str], shared: Callable[[], bool],
                     timeout: float = 60.0) -> None:
    """The desk runs until its first page is kept in its own file (and, on the shared
    store, there too: ``shared``), then is stopped."""
    from petdesk.core.connection import Connection
    from petdesk.storage.paths import store_file
    from petdesk.storage.rows import StoredQuery
    from petdesk.storage.sqlite.store import peek_stored_page

    path = store_file(Connection("production", argv[-1]),
                      Path(env["XDG_DATA_HOME"]) / "PetDesk")
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, cwd=str(ROOT))
    try:
        deadline = time.monotonic() + timeout
        while peek_stored_page(path, StoredQuery(None, 20)) is None or not shared():
            if time.monotonic() > deadline:
                raise RuntimeError(f"the session before kept no first page in {path}")
            time.sleep(0.05)
    finally:
        proc.terminate()
        proc.wait(10)


def _shared_rows(address: str) -> Callable[[], bool]:
    from tests.helpers.postgres import DESK_PASSWORD

    def kept() -> bool:
        import psycopg

        with psycopg.connect(address, password=DESK_PASSWORD, autocommit=True) as conn:
            found = conn.execute("SELECT to_regclass('seen_row') IS NOT NULL").fetchone()
            if not found or not found[0]:
                return False
            rows = conn.execute("SELECT count(*) FROM seen_row").fetchone()
        return bool(rows and int(rows[0]) > 0)

    return kept


def _stored_paint(argv: list[str], env: dict[str, str]) -> float:
    run = run_marked_child(argv, dict(env, PETDESK_BENCH_EXIT_AFTER="stored-data"))
    if "stored-data" not in run.events:
        raise RuntimeError(f"no stored rows were painted (exit {run.returncode}):\n"
                           f"{run.stderr[-3000:]}")
    return run.events["stored-data"]


def first_paint(quick: bool) -> Figure:
    repeats = 7 if quick else 15
    times: dict[str, list[float]] = {"postgres": [], "sqlite": []}
    with ExitStack() as stack:
        database = stack.enter_context(postgres_database())
        address = database("lastshown")
        port = int(address.split("@127.0.0.1:")[1].split("/")[0])
        folder = Path(stack.enter_context(
            tempfile.TemporaryDirectory(prefix="petdesk-bench-desks-")))
        base_url, _log = stack.enter_context(sandbox(folder, "--db", ":memory:",
                                                     "--no-rate-limit"))
        argv = [PYTHON, str(BENCH_DIR / "launch_petdesk.py"), "--environment", "production",
                "--base-url", base_url]
        envs = {"postgres": _desk_home(stack.enter_context(private_home()), address, port),
                "sqlite": _desk_home(stack.enter_context(private_home()), None, None)}
        _kept_first_page(envs["postgres"], argv, _shared_rows(address))
        _kept_first_page(envs["sqlite"], argv, lambda: True)
        for env in envs.values():  # warm-up: bytecode, the file cache
            _stored_paint(argv, env)
        for i in range(repeats):
            for kind in ("postgres", "sqlite") if i % 2 == 0 else ("sqlite", "postgres"):
                times[kind].append(_stored_paint(argv, envs[kind]))
    ours, base = median(times["postgres"]), median(times["sqlite"])
    ratio = ours / base
    return Figure(
        key="desks_last_known_rows_painted",
        title="D3. A desk on the shared store paints its last-known rows "
              "(against a desk on SQLite)",
        petdesk=ours * 1000.0, baseline=base * 1000.0, unit="ms", ratio=ratio,
        goal=f"<= {GOAL_FIRST_PAINT:.2f}x", met=ratio <= GOAL_FIRST_PAINT,
        details={"runs_each": repeats,
                 "shared_ms": {k: v * 1000.0 if k != "n" else v
                               for k, v in spread(times["postgres"]).items()},
                 "sqlite_ms": {k: v * 1000.0 if k != "n" else v
                               for k, v in spread(times["sqlite"]).items()}},
        note=(f"process start to the last session's rows painted (offscreen), medians of "
              f"{repeats} interleaved runs each; shared store "
              f"{', '.join(f'{t * 1000:.0f}' for t in sorted(times['postgres']))} ms; "
              f"SQLite {', '.join(f'{t * 1000:.0f}' for t in sorted(times['sqlite']))} ms"))


def run(quick: bool) -> list[Figure]:
    return [catalogue(quick), catalogue(quick, "postgres"), drain(quick),
            drain(quick, "postgres"), first_paint(quick)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", nargs="+",
                        choices=["catalogue", "catalogue-pg", "drain", "drain-pg",
                                 "last-rows"])
    args = parser.parse_args(argv)
    chosen: dict[str, Callable[[], Figure]] = {
        "catalogue": lambda: catalogue(args.quick),
        "catalogue-pg": lambda: catalogue(args.quick, "postgres"),
        "drain": lambda: drain(args.quick), "drain-pg": lambda: drain(args.quick, "postgres"),
        "last-rows": lambda: first_paint(args.quick)}
    figures = [fn() for name, fn in chosen.items() if not args.only or name in args.only]
    for f in figures:
        print(f"{f.title}: {f.petdesk:,.2f} {f.unit} against {f.baseline:,.2f} {f.unit}: "
              f"{f.ratio:.3f}x ({f.goal}: {'yes' if f.met else 'no'})")
        print(f"  · {f.note}")
    return 0 if all(f.met for f in figures) else 1


if __name__ == "__main__":
    raise SystemExit(main())
