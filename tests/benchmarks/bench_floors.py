"""The floors of the start-up figures: stock PySide6, no PetDesk code.

    .venv/bin/python tests/benchmarks/bench_floors.py [--quick]

What stock PySide6 alone costs for a window that holds the same things in its first
paint as PetDesk's (``floor_window.py``, built before show): the floor any design pays.
They are reported, not goals (Met? "—"). ``bench_startup.py`` measures F4 and F5 again,
interleaved with PetDesk, as the baselines of its goals.

Every figure is process start -> the window's first paint (the hook's *window*
milestone, ``PETDESK_BENCH_EXIT_AFTER=window``), as in ``bench_startup.py``:

* **F1 table**: ``floor_window.py table``, a QMainWindow whose first paint holds a
  QTableView with 20 constant rows, against the bare QMainWindow (``bare_window.py``).
* **F2 stored**: ``floor_window.py stored``, the same with its 20 rows read with
  ``sqlite3`` from a file on the GUI thread before show (a file this module writes in a
  temporary directory), against the bare window.
* **F3 skeleton**: ``floor_window.py skeleton``, PetDesk's visible widgets (menus,
  filter bar, table, detail panel, footer, status bar) in stock widgets with an empty
  table, against the bare window.
* **F4 skeleton with rows**: ``floor_window.py skeleton-rows``, the skeleton with 20
  rows, against the bare window: the baseline of the last session's rows painted.
* **F5 skeleton with httpx and rows**: ``floor_window.py skeleton-httpx-rows``, F4 that
  also imports httpx and pydantic, against ``bare_rows.py`` (a bare window importing
  httpx and pydantic, 20 rows): the baseline of fresh rows and of the RSS after the
  first page.
* **F6 frame first, rows off the GUI thread**: ``floor_window.py frame-first-stored``,
  F4 built as the first-paint goal and the brief together require of any design (the
  frame painted first; the 20 rows read from SQLite on a thread while the skeleton is
  built), to its table painted with rows (the hook's *first-data*), against F4: what
  those two rules cost in stock PySide6, before any PetDesk code. S2's goal (<= 1.15x
  F4) leaves PetDesk only what F6 leaves of that margin.

Each run is a fresh process (``common.run_marked_child``) with a private HOME; one
warm-up run of each is not counted; the eight windows run in turn, the order reversed
every other repeat. Also a group of run.py (``run(quick)``).
"""

from __future__ import annotations

import sqlite3
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from common import (  # noqa: E402
    BENCH_DIR,
    PYTHON,
    Figure,
    median,
    parse_extra,
    private_home,
    run_marked_child,
    spread,
)

FLOOR = [PYTHON, str(BENCH_DIR / "floor_window.py")]
BARE = [PYTHON, str(BENCH_DIR / "bare_window.py")]
BARE_ROWS = [PYTHON, str(BENCH_DIR / "bare_rows.py")]
STORED_ROWS = 100


def write_store(path: Path) -> None:
    """A small SQLite file with a ``pets`` table for ``floor_window.py stored``."""
    con = sqlite3.connect(path)
    try:
        con.execute("CREATE TABLE pets (id INTEGER PRIMARY KEY, name TEXT, category INTEGER,"
                    " status TEXT)")
        con.executemany("INSERT INTO pets VALUES (?, ?, ?, ?)",
                        [(i, f"Pet {i}", 1 + i % 7, "available")
                         for i in range(1, STORED_ROWS + 1)])
        con.commit()
    finally:
        con.close()


def _event(argv: list[str], env: dict[str, str], mode: str) -> tuple[float, float]:
    """Seconds from process start to the milestone, and the RSS (bytes) then."""
    run = run_marked_child(argv, dict(env, PETDESK_BENCH_EXIT_AFTER=mode))
    if mode not in run.events:
        raise RuntimeError(f"{' '.join(argv[1:])} reported no {mode!r} "
                           f"(exit {run.returncode}):\n{run.stderr[-3000:]}")
    return run.events[mode], parse_extra(run.extra[mode]).get("rss", float("nan"))


def measure(repeats: int) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Seconds from process start to each window's milestone, and the RSS (bytes) then,
    ``repeats`` runs each."""
    with private_home() as env, tempfile.TemporaryDirectory(prefix="petdesk-floor-") as tmp:
        store = Path(tmp) / "stored.sqlite"
        write_store(store)
        runs = [("bare", BARE, "window"),
                ("table", [*FLOOR, "table"], "window"),
                ("stored", [*FLOOR, "stored", str(store)], "window"),
                ("skeleton", [*FLOOR, "skeleton"], "window"),
                ("skeleton_rows", [*FLOOR, "skeleton-rows"], "window"),
                ("bare_rows", BARE_ROWS, "first-data"),
                ("skeleton_httpx_rows", [*FLOOR, "skeleton-httpx-rows"], "window"),
                ("frame_first_stored", [*FLOOR, "frame-first-stored", str(store)],
                 "first-data"),
                ("frame_first_fresh", [*FLOOR, "frame-first-fresh"], "first-data")]
        for _name, argv, mode in runs:  # warm-up: bytecode and the file cache
            _event(argv, env, mode)
        out: dict[str, list[float]] = {name: [] for name, _argv, _mode in runs}
        rss: dict[str, list[float]] = {name: [] for name, _argv, _mode in runs}
        for i in range(repeats):
            for name, argv, mode in runs if i % 2 == 0 else reversed(runs):
                seconds, resident = _event(argv, env, mode)
                out[name].append(seconds)
                rss[name].append(resident)
    return out, rss


def _figure(key: str, title: str, floor: list[float], baseline: list[float],
            goal: str, note: str = "") -> Figure:
    ms = 1000.0
    value, base = median(floor), median(baseline)
    return Figure(key=key, title=title, petdesk=value * ms, baseline=base * ms, unit="ms",
                  ratio=value / base, goal=goal, met=None, note=note,
                  details={"runs_each": len(floor),
                           "floor_ms": {k: v * ms if k != "n" else v
                                        for k, v in spread(floor).items()},
                           "baseline_ms": {k: v * ms if k != "n" else v
                                           for k, v in spread(baseline).items()}})


def run(quick: bool) -> list[Figure]:
    t, rss = measure(7 if quick else 15)
    reported = "reported"
    mib = 2.0**20
    return [
        _figure("floor_table", "F1. Floor: a bare window whose first paint holds a 20-row table",
                t["table"], t["bare"], reported,
                note="F1-F5 are stock PySide6 windows with no PetDesk code (floor_window.py): "
                     "the PetDesk column holds the floor window"),
        _figure("floor_stored",
                "F2. Floor: a bare window whose first paint holds 20 rows read from SQLite",
                t["stored"], t["bare"], reported),
        _figure("floor_skeleton",
                "F3. Floor: PetDesk's visible window in stock widgets, empty table",
                t["skeleton"], t["bare"], reported),
        _figure("floor_skeleton_rows",
                "F4. Floor: PetDesk's visible window in stock widgets, 20 rows",
                t["skeleton_rows"], t["bare"], "reported; the baseline of S2"),
        _figure("floor_skeleton_httpx_rows",
                "F5. Floor: PetDesk's visible window in stock widgets, httpx, pydantic, 20 rows",
                t["skeleton_httpx_rows"], t["bare_rows"], "reported; the baseline of S3"),
        _figure("floor_frame_first_stored",
                "F6. Floor: F4 with the frame painted first and its rows read off the GUI "
                "thread", t["frame_first_stored"], t["skeleton_rows"],
                "reported; against F4, S2's baseline"),
        _figure("floor_frame_first_fresh",
                "F7. Floor: F6 with its rows fetched (httpx, a pydantic v2 model) off the GUI "
                "thread", t["frame_first_fresh"], t["skeleton_httpx_rows"],
                "reported; against F5, S3's baseline"),
        Figure(key="floor_frame_first_fresh_rss",
               title="F7 RSS. Floor: F7's RSS at its rows painted",
               petdesk=median(rss["frame_first_fresh"]) / mib,
               baseline=median(rss["skeleton_httpx_rows"]) / mib, unit="MiB",
               ratio=median(rss["frame_first_fresh"]) / median(rss["skeleton_httpx_rows"]),
               goal="reported; against F5's RSS, the RSS goal's baseline", met=None,
               details={"runs_each": len(rss["frame_first_fresh"]),
                        "floor_mib": {k: v / mib if k != "n" else v
                                      for k, v in spread(rss["frame_first_fresh"]).items()},
                        "baseline_mib": {k: v / mib if k != "n" else v
                                         for k, v in spread(rss["skeleton_httpx_rows"]).items()}}),
    ]


if __name__ == "__main__":
    import json

    for fig in run("--quick" in sys.argv):
        print(json.dumps(fig.as_dict(), indent=1))
