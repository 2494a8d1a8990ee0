"""Figures 1, 2 and 6: time to window, time to first data, memory after the first page.

Each run is a fresh process under ``QT_QPA_PLATFORM=offscreen`` with a private HOME
(see :func:`common.private_home`): ``petdesk --demo`` with
``PETDESK_BENCH_EXIT_AFTER=first-data`` and the bare baseline
``tests/benchmarks/bare_window.py`` with ``PETDESK_BENCH_EXIT_AFTER=window``, in
alternation. Both report through the same test-side hook (``tests/benchmarks/benchhook.py``;
``launch_petdesk.py`` arms it and runs PetDesk's ``main()``):

* *window*: process start -> the main window's first Expose event handled
  (painted); process start is ``time.monotonic()`` in the parent just before
  ``Popen`` (fork, exec and interpreter start-up included). PetDesk's first paint
  is its window's frame (title, size, background): the contents are built in the
  next event-loop turn (``MainWindow(deferred=True)``).
* *contents* (reported with figure 1, no goal): process start -> the pets table
  first painted, i.e. the whole window (filter bar, table, detail panel, status
  bar) on screen, before any data.
* *first-data*: process start -> the pets table painted with the first page
  (20 pets from the in-process demo sandbox).
* RSS: the process's resident set (``/proc/self/statm``) at that moment.

One warm-up run of each (it creates the demo database and warms the file cache)
is not counted.
"""

from __future__ import annotations

import sys
from typing import Any

from common import (
    BENCH_DIR,
    PYTHON,
    Figure,
    median,
    parse_extra,
    private_home,
    run_marked_child,
    spread,
)

PETDESK = [PYTHON, str(BENCH_DIR / "launch_petdesk.py"), "--demo"]
BARE = [PYTHON, str(BENCH_DIR / "bare_window.py")]
GOAL_WINDOW = 1.10
GOAL_FIRST_DATA = 1.5
GOAL_RSS = 1.3


def _one(argv: list[str], env: dict[str, str], mode: str) -> dict[str, float]:
    env = dict(env, PETDESK_BENCH_EXIT_AFTER=mode)
    run = run_marked_child(argv, env)
    wanted = "first-data" if mode == "first-data" else "window"
    if wanted not in run.events:
        raise RuntimeError(f"{argv[-1]} reported no {wanted!r} (exit {run.returncode}):\n"
                           + run.stderr[-3000:])
    out: dict[str, float] = {"window_s": run.events["window"]}
    out["window_rss"] = parse_extra(run.extra["window"]).get("rss", float("nan"))
    if "contents" in run.events:
        out["contents_s"] = run.events["contents"]
    if "first-data" in run.events:
        extra = parse_extra(run.extra["first-data"])
        out["first_data_s"] = run.events["first-data"]
        out["first_data_rss"] = extra.get("rss", float("nan"))
        out["rows"] = extra.get("rows", float("nan"))
    return out


def measure(repeats: int) -> dict[str, list[dict[str, float]]]:
    ours: list[dict[str, float]] = []
    bare: list[dict[str, float]] = []
    with private_home() as env:
        _one(PETDESK, env, "first-data")
        _one(BARE, env, "window")
        for i in range(repeats):
            # Alternate which goes first, so neither always runs right after the other.
            pair = [("ours", PETDESK, "first-data"), ("bare", BARE, "window")]
            for name, argv, mode in pair if i % 2 == 0 else reversed(pair):
                (ours if name == "ours" else bare).append(_one(argv, env, mode))
    return {"petdesk": ours, "bare": bare}


def _col(rows: list[dict[str, float]], name: str) -> list[float]:
    return [r[name] for r in rows if name in r]


def run(quick: bool) -> list[Figure]:
    repeats = 7 if quick else 15
    samples = measure(repeats)
    ours, bare = samples["petdesk"], samples["bare"]
    window, bare_window = median(_col(ours, "window_s")), median(_col(bare, "window_s"))
    first = median(_col(ours, "first_data_s"))
    rss, bare_rss = median(_col(ours, "first_data_rss")), median(_col(bare, "window_rss"))
    rss_window = median(_col(ours, "window_rss"))
    contents = median(_col(ours, "contents_s"))
    common: dict[str, Any] = {"runs_each": repeats}
    ms = 1000.0
    mib = 2.0**20
    return [
        Figure(
            key="time_to_window", title="1. Time to window (offscreen)",
            petdesk=window * ms, baseline=bare_window * ms, unit="ms",
            ratio=window / bare_window, goal=f"<= {GOAL_WINDOW:.2f}x bare QMainWindow",
            met=window / bare_window <= GOAL_WINDOW,
            note=(f"whole window (contents) painted at {contents * ms:.0f} ms "
                  f"({contents / bare_window:.2f}x); the first paint is the frame"),
            details={**common,
                     "petdesk_contents_ms": {k: v * ms if k != "n" else v
                                             for k, v in spread(_col(ours, "contents_s")).items()},
                     "petdesk_ms": {k: v * ms if k != "n" else v
                                    for k, v in spread(_col(ours, "window_s")).items()},
                     "bare_ms": {k: v * ms if k != "n" else v
                                 for k, v in spread(_col(bare, "window_s")).items()}},
        ),
        Figure(
            key="time_to_first_data", title="2. Time to first data (20 pets painted, demo)",
            petdesk=first * ms, baseline=bare_window * ms, unit="ms",
            ratio=first / bare_window, goal=f"<= {GOAL_FIRST_DATA:.2f}x bare time to window",
            met=first / bare_window <= GOAL_FIRST_DATA,
            details={**common,
                     "rows_painted": median(_col(ours, "rows")),
                     "petdesk_ms": {k: v * ms if k != "n" else v
                                    for k, v in spread(_col(ours, "first_data_s")).items()}},
        ),
        Figure(
            key="memory", title="6. Memory: RSS after the first page",
            petdesk=rss / mib, baseline=bare_rss / mib, unit="MiB",
            ratio=rss / bare_rss, goal=f"<= {GOAL_RSS:.2f}x bare window's RSS",
            met=rss / bare_rss <= GOAL_RSS,
            details={**common, "petdesk_rss_at_window_mib": rss_window / mib,
                     "petdesk_mib": {k: v / mib if k != "n" else v
                                     for k, v in spread(_col(ours, "first_data_rss")).items()},
                     "bare_mib": {k: v / mib if k != "n" else v
                                  for k, v in spread(_col(bare, "window_rss")).items()}},
        ),
    ]


if __name__ == "__main__":
    import json

    for fig in run("--quick" in sys.argv):
        print(json.dumps(fig.as_dict(), indent=1))
