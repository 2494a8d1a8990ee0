"""Catalogue mirror figures (issue 16), each against a baseline measured in the same run.

    .venv/bin/python tests/benchmarks/bench_mirror.py [--quick]

* fill requests: a full fill of 10,000 pets at the Free plan (60 a minute; the sandbox
  in this process on a fake clock, so the plan's minutes pass at once), requests the
  sandbox counted against the pages needed (ceil(pets / 100)); 429s counted too;
  and the requests an update costs after one pet was added elsewhere.
* fill time: a full fill of 10,000 pets from a sandbox in its own process at a
  shortened plan (60 requests per 12-second window: the Free plan five times
  faster; the budget's reset slack shortened in proportion, 1 s per 60 s), real
  clock, started just after a window begins, against the plan's minimum: the time
  an ideal client needs to send the same requests when background work may use
  the plan's requests minus the user's reserve (48 of 60) each window, with the
  same time per page. Also shown: the ratio to the plan's bare minimum (all 60).
* search: over 100,000 mirrored pets, the worst of: a name search (count + first
  window of 200; a rare name, a common letter, an accented name), the last window
  in each order, a deep window of a filtered search sorted by category, and finding
  a pet's row (``mirror_position``); against a bare ``LIKE`` scan of the table;
  goal 50 ms.
* memory: peak RSS of a process that opens a store with 100,000 mirrored pets,
  searches and reads 120 windows of 200 rows, against the same process on an empty
  mirror: rows are read in windows, so only SQLite's page cache (2 MiB) should be
  added, whatever the size of the catalogue; the cost of reading all 100,000 rows at
  once is shown for scale.
* first paint: a fresh interpreter importing ``petdesk.storage`` (what start-up imports
  to paint stored rows; the mirror is read only after the first paint) on this tree
  against the same import on ``main`` (``git archive``), with httpx, pydantic and
  PySide6 checked absent; and ``open_store`` of a store whose mirror holds 100,000
  pets against one whose mirror is empty (the mirror has its own file, attached
  later, so opening the store does not read or check it).
"""

from __future__ import annotations

import argparse
import json
import math
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_store import _median_ms as _ms  # noqa: E402
from common import Figure, sandbox_process  # noqa: E402

from petdesk.api import PetStoreClient, RequestListener  # noqa: E402
from petdesk.core.clock import SystemClock  # noqa: E402
from petdesk.core.statuses import PetStatus  # noqa: E402
from petdesk.core.waits import WaitInfo  # noqa: E402
from petdesk.sandbox import PLANS, SandboxConfig, Store  # noqa: E402
from petdesk.services.catalogue.mirror import FillKind, MirrorFiller  # noqa: E402
from petdesk.services.outbox.budget import QuotaBudget  # noqa: E402
from petdesk.services.outbox.remote import ClientMirrorRemote  # noqa: E402
from petdesk.storage.db import open_store  # noqa: E402
from petdesk.storage.rows import MirrorQuery, MirrorSort, PetRow  # noqa: E402
from tests.helpers.api_fakes import FakeClock  # noqa: E402
from tests.helpers.sandbox_server import start_server  # noqa: E402

API_KEY = "bench-mirror-key-0123456789"
STATUSES = [None, *PetStatus]
NAMES = ["Mochi", "Rex", "Zoë", "Luna", "Pixel", "Ábel", "Noodle", "Bella", "Oscar"]


class _Counter(RequestListener):
    def __init__(self) -> None:
        self.requests = 0
        self.waits: list[WaitInfo] = []

    def on_request(self, method: str, path: str, attempt: int) -> None:
        self.requests += 1

    def on_wait(self, info: WaitInfo) -> None:
        self.waits.append(info)


def _drive(filler: MirrorFiller, sleep: Callable[[float], None]) -> int:
    """Step until a pass is done; returns the steps taken."""
    for steps in range(1, 100_000):
        step = filler.step()
        if step.kind is FillKind.DONE:
            return steps
        if step.kind not in (FillKind.FETCHED, FillKind.DEFERRED):
            raise RuntimeError(f"the fill stopped: {step}")
        if step.wait > 0:
            sleep(step.wait)
    raise RuntimeError("the fill did not finish")


# -- requests for a fill -----------------------------------------------------------------


def fill_requests(pets: int = 10_000) -> Figure:
    clock = FakeClock()
    catalogue = Store(None, seed_count=pets)
    config = SandboxConfig(api_keys=(API_KEY,),
                           requests_per_window=PLANS["free"].requests_per_minute,
                           requests_per_day=100_000)
    sandbox = start_server(config, store=catalogue, clock=clock.time)
    client = PetStoreClient(sandbox.base_url, API_KEY, clock=clock)
    pages = math.ceil(pets / 100)
    with tempfile.TemporaryDirectory(prefix="petdesk-bench-mirror-") as tmp:
        store = open_store(Path(tmp) / "m.sqlite3", "production", clock=clock).store
        budget = QuotaBudget(clock, lambda: client.rate_limit, client.gate.remaining_wait)
        filler = MirrorFiller(store, ClientMirrorRemote(client), budget, clock)
        started = clock.time()
        _drive(filler, clock.advance)
        minutes = (clock.time() - started) / 60
        counters = sandbox.app.counters(API_KEY)
        fill_used, refused = counters.requests, counters.rate_limited
        mirrored = store.mirror_count()
        catalogue.add_pet("Added elsewhere", 1, None)
        clock.advance(filler.settings.update_every)
        _drive(filler, clock.advance)
        update_used = sandbox.app.counters(API_KEY).requests - fill_used
        store.close()
    client.close()
    sandbox.stop()
    catalogue.close()
    if mirrored != pets:
        raise RuntimeError(f"mirrored {mirrored} of {pets}")
    ratio = fill_used / pages
    return Figure(
        key="mirror_fill_requests", title=f"M1. Mirror: requests for a full fill of {pets:,} pets",
        petdesk=fill_used, baseline=pages, unit="requests", ratio=ratio,
        goal="= 1.00x pages needed, 0 429s", met=ratio <= 1.0 and refused == 0,
        details={"429s": refused, "fake_minutes_at_free_plan": minutes,
                 "free_plan_minimum_minutes_for_background": math.ceil(pages / 48) - 1,
                 "update_requests_after_one_new_pet": update_used},
        note=(f"{refused} 429s; an update after one pet was added elsewhere cost "
              f"{update_used} request(s); fill took {minutes:.0f} plan minutes at 48 "
              "background requests a minute (the sandbox on a fake clock)"))


# -- fill time at a plan ---------------------------------------------------------------


def _ideal(pages: int, per_window: int, window: float, started: float, per_page: float
           ) -> float:
    """The least time to send ``pages`` requests, ``per_window`` in each fixed window."""
    windows = math.ceil(pages / per_window)
    if windows <= 1:
        return pages * per_page
    last_start = (math.floor(started / window) + windows - 1) * window
    return last_start - started + (pages - (windows - 1) * per_window) * per_page


def _fill_once(db: Path, window: int, limit: int) -> dict[str, float]:
    args = ("--db", str(db), "--rpm", str(limit), "--rpd", "1000000",
            "--window", str(window), "--ban-after", "0")
    with sandbox_process(*args, api_key=API_KEY) as base_url, \
            tempfile.TemporaryDirectory(prefix="petdesk-bench-mirror-") as tmp:
        clock = SystemClock()
        listener = _Counter()
        client = PetStoreClient(base_url, API_KEY, clock=clock, listener=listener)
        store = open_store(Path(tmp) / "m.sqlite3", "production", clock=clock).store
        budget = QuotaBudget(clock, lambda: client.rate_limit, client.gate.remaining_wait,
                             reset_slack=window / 60)
        filler = MirrorFiller(store, ClientMirrorRemote(client), budget, clock)
        # start just after a window begins (the sandbox aligns windows to the clock)
        time.sleep((math.floor(time.time() / window) + 1) * window - time.time() + 0.02)
        started = time.time()
        page_times: list[float] = []

        while True:
            t = time.perf_counter()
            step = filler.step()
            if step.kind in (FillKind.FETCHED, FillKind.DONE):
                page_times.append(time.perf_counter() - t)
            if step.kind is FillKind.DONE:
                break
            if step.kind is not FillKind.FETCHED and step.kind is not FillKind.DEFERRED:
                raise RuntimeError(f"the fill stopped: {step}")
            if step.wait > 0:
                time.sleep(step.wait)
        took = time.time() - started
        count = store.mirror_count()
        store.close()
        client.close()
    return {"seconds": took, "started": started, "per_page": statistics.median(page_times),
            "requests": listener.requests, "client_waits": len(listener.waits),
            "mirrored": count}


def fill_time(quick: bool, pets: int = 10_000, window: int = 12, limit: int = 60) -> Figure:
    pages = math.ceil(pets / 100)
    background = limit - max(2, math.ceil(limit * 0.2))
    runs = []
    with tempfile.TemporaryDirectory(prefix="petdesk-bench-mirror-") as tmp:
        db = Path(tmp) / "sandbox.sqlite3"
        Store(db, seed_count=pets).close()
        for _ in range(1 if quick else 3):
            run = _fill_once(db, window, limit)
            run["ideal"] = _ideal(pages, background, window, run["started"], run["per_page"])
            run["bare_plan_ideal"] = _ideal(pages, limit, window, run["started"],
                                            run["per_page"])
            runs.append(run)
    took = statistics.median(r["seconds"] for r in runs)
    ideal = statistics.median(r["ideal"] for r in runs)
    bare = statistics.median(r["bare_plan_ideal"] for r in runs)
    ratio = took / ideal
    ok = all(r["mirrored"] == pets and r["client_waits"] == 0 for r in runs)
    return Figure(
        key="mirror_fill_time",
        title=f"M2. Mirror: fill time, {pets:,} pets at {limit} per {window} s",
        petdesk=took, baseline=ideal, unit="s", ratio=ratio,
        goal="<= 1.05x the plan's minimum for background work", met=ratio <= 1.05 and ok,
        details={"runs": runs, "bare_plan_minimum_s": bare, "ratio_to_bare_plan": took / bare,
                 "background_per_window": background},
        note=(f"the plan's bare minimum (all {limit} a window, none kept for the user) is "
              f"{bare:.1f} s: {took / bare:.2f}x; {pages} requests, "
              f"{sum(r['client_waits'] for r in runs)} client waits"))


# -- search and memory over 100,000 pets -------------------------------------------------


def _fill_store(path: Path, count: int) -> None:
    with open_store(path, "production").store as store:
        store.mirror_upsert(
            PetRow(i, f"{NAMES[i % len(NAMES)]} {i}", 1 + i % 7, STATUSES[i % 4])
            for i in range(1, count + 1))


def search(quick: bool, count: int = 100_000) -> Figure:
    repeat = 7 if quick else 21
    with tempfile.TemporaryDirectory(prefix="petdesk-bench-mirror-") as tmp:
        path = Path(tmp) / "mirror.sqlite3"
        _fill_store(path, count)
        store = open_store(path, "production").store

        def find(text: str, sort: MirrorSort = MirrorSort.ID) -> Callable[[], object]:
            query = MirrorQuery(text, sort)
            return lambda: (store.mirror_search_count(query), store.mirror_search(query))

        cases = {"rare name 'mochi 99'": find("mochi 99"), "common letter 'a'": find("a"),
                 "accented 'zoe'": find("ZOE"), "everything, newest first": find(""),
                 "name order, 'o'": find("o", MirrorSort.NAME)}
        timings = {name: _ms(fn, repeat) for name, fn in cases.items()}
        deep = {sort.value: _ms(lambda s=sort: store.mirror_search(
            MirrorQuery("", s), offset=count - 200, limit=200), repeat) for sort in MirrorSort}
        deep["category, 'a', row 60,000"] = _ms(lambda: store.mirror_search(
            MirrorQuery("a", MirrorSort.CATEGORY), offset=60_000, limit=200), repeat)
        deep["position of a pet, newest first"] = _ms(
            lambda: store.mirror_position(MirrorQuery(), 5), repeat)
        mirror_file = store.mirror_path
        store.close()
        bare = sqlite3.connect(f"file:{mirror_file}?mode=ro", uri=True)
        base = _ms(lambda: bare.execute(
            "SELECT COUNT(*) FROM mirror_pet WHERE name LIKE '%mochi 99%'").fetchall(), repeat)
        bare.close()
    worst = max([*timings.values(), *deep.values()])
    return Figure(
        key="mirror_search", title=f"M3. Mirror: search over {count:,} pets (worst case)",
        petdesk=worst, baseline=base, unit="ms", ratio=worst / base, goal="<= 50 ms",
        met=worst <= 50.0, details={"search_ms": timings, "deep_window_ms": deep},
        note="; ".join(f"{k} {v:.1f} ms" for k, v in timings.items())
        + "; deep windows and positions: "
        + ", ".join(f"{k} {v:.1f} ms" for k, v in deep.items()))


_RSS_PROBE = """
import json, re, sys
from pathlib import Path
from petdesk.storage.db import open_store
from petdesk.storage.rows import MirrorQuery, MirrorSort
store = open_store(Path(sys.argv[1]), "production").store
seen = 0
if sys.argv[2] == "all":
    seen = len(store.mirror_search(MirrorQuery(), limit=1_000_000))
else:
    for text in ("", "mochi", "a", "zoe"):
        total = store.mirror_search_count(MirrorQuery(text))
        for n in range(30):
            seen += len(store.mirror_search(MirrorQuery(text, MirrorSort.NAME),
                                            offset=(total * n) // 30, limit=200))
# VmHWM: this process's peak since exec (ru_maxrss would include the forking parent's)
peak = int(re.search(r"VmHWM:\\s+(\\d+) kB", Path("/proc/self/status").read_text()).group(1))
print(json.dumps({"peak_kib": peak, "rows_read": seen}))
"""


def _rss(path: Path, load_all: bool = False) -> float:
    """Peak RSS (MiB) of a fresh interpreter that imports only the store and reads."""
    argv = [sys.executable, "-c", _RSS_PROBE, str(path), "all" if load_all else "windows"]
    out = subprocess.run(argv, capture_output=True, text=True, check=True, cwd=str(ROOT))
    return float(json.loads(out.stdout.strip().splitlines()[-1])["peak_kib"]) / 1024


def memory(quick: bool, count: int = 100_000) -> Figure:
    repeat = 3 if quick else 5
    with tempfile.TemporaryDirectory(prefix="petdesk-bench-mirror-") as tmp:
        full, empty = Path(tmp) / "full.sqlite3", Path(tmp) / "empty.sqlite3"
        _fill_store(full, count)
        _fill_store(empty, 0)
        ours = statistics.median(_rss(full) for _ in range(repeat))
        base = statistics.median(_rss(empty) for _ in range(repeat))
        everything = _rss(full, load_all=True)
    ratio = ours / base
    return Figure(
        key="mirror_memory", title=f"M4. Mirror: peak RSS with {count:,} pets mirrored",
        petdesk=ours, baseline=base, unit="MiB", ratio=ratio,
        goal="<= an empty mirror + 5 MiB", met=ours - base <= 5.0,
        details={"all_rows_at_once_mib": everything},
        note=f"reading all {count:,} rows at once instead would peak at {everything:.0f} MiB")


# -- first paint --------------------------------------------------------------------------


_PROBE = ("import time, sys; t = time.perf_counter(); import petdesk.storage; "
          "d = time.perf_counter() - t; heavy = [m for m in ('httpx', 'pydantic', 'PySide6') "
          "if m in sys.modules]; print(d * 1000, len(sys.modules), ','.join(heavy) or '-')")


def _import_ms(tree: Path) -> tuple[float, int, str]:
    out = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True,
                         check=True, cwd=str(tree), env={"PYTHONPATH": str(tree)})
    ms, modules, heavy = out.stdout.split()
    return float(ms), int(modules), heavy


def first_paint(quick: bool) -> Figure:
    repeat = 11 if quick else 31
    with tempfile.TemporaryDirectory(prefix="petdesk-bench-main-") as tmp:
        main_tree = Path(tmp)
        archive = subprocess.run(["git", "archive", "main", "petdesk"], cwd=str(ROOT),
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(main_tree)], input=archive, check=True)
        for tree in (main_tree, ROOT):  # both import from bytecode, as an install does
            subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "petdesk")],
                           check=True, capture_output=True)
        ours_runs, base_runs = [], []
        for _ in range(repeat):  # interleaved, so load drifts hit both
            ours_runs.append(_import_ms(ROOT))
            base_runs.append(_import_ms(main_tree))
    ours = statistics.median(r[0] for r in ours_runs)
    base = statistics.median(r[0] for r in base_runs)
    heavy = {r[2] for r in ours_runs}
    ratio = ours / base
    with tempfile.TemporaryDirectory(prefix="petdesk-bench-mirror-") as tmp:
        full, empty = Path(tmp) / "full.sqlite3", Path(tmp) / "empty.sqlite3"
        _fill_store(full, 100_000)
        _fill_store(empty, 0)
        open_full = _ms(lambda: open_store(full, "production").store.close(), repeat)
        open_empty = _ms(lambda: open_store(empty, "production").store.close(), repeat)
    return Figure(
        key="mirror_first_paint",
        title="M5. First paint: import petdesk.storage (this tree vs main)",
        petdesk=ours, baseline=base, unit="ms", ratio=ratio,
        goal="<= 1.10x main, no httpx/pydantic/Qt", met=ratio <= 1.10 and heavy == {"-"},
        details={"modules_this_tree": ours_runs[0][1], "modules_main": base_runs[0][1],
                 "heavy_modules": sorted(heavy), "open_store_100k_mirrored_ms": open_full,
                 "open_store_empty_mirror_ms": open_empty},
        note=(f"{ours_runs[0][1] - base_runs[0][1]:+d} modules against main; heavy modules "
              f"imported: {', '.join(sorted(heavy))}; open_store with 100,000 pets "
              f"mirrored {open_full:.2f} ms, with none {open_empty:.2f} ms (the mirror's "
              "file is attached after the first paint)"))


def run(quick: bool) -> list[Figure]:
    return [fill_requests(), fill_time(quick), search(quick), memory(quick), first_paint(quick)]


def _print(figures: list[Figure]) -> None:
    rows = [["Figure", "PetDesk", "Baseline (same run)", "Ratio", "Goal", "Met?"]]
    for f in figures:
        rows.append([f.title, f"{f.petdesk:,.2f} {f.unit}", f"{f.baseline:,.2f} {f.unit}",
                     "—" if f.ratio is None else f"{f.ratio:.3f}x", f.goal,
                     "yes" if f.met else "no"])
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)))
        if n == 0:
            print("  ".join("-" * w for w in widths))
    for f in figures:
        if f.note:
            print(f"  · {f.title.split(':')[0]}: {f.note}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", nargs="+", choices=["requests", "time", "search", "memory",
                                                       "paint"])
    args = parser.parse_args(argv)
    chosen: dict[str, Callable[[], Figure]] = {
        "requests": fill_requests, "time": lambda: fill_time(args.quick),
        "search": lambda: search(args.quick), "memory": lambda: memory(args.quick),
        "paint": lambda: first_paint(args.quick)}
    figures = [fn() for name, fn in chosen.items() if not args.only or name in args.only]
    _print(figures)
    return 0 if all(f.met for f in figures) else 1


if __name__ == "__main__":
    raise SystemExit(main())
