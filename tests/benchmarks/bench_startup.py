"""The start-up figures, each against what stock PySide6 costs in the same run.

    .venv/bin/python tests/benchmarks/bench_startup.py [--quick]

Every run is a fresh process under ``QT_QPA_PLATFORM=offscreen`` with a private HOME
(:func:`common.private_home`), timed from just before ``Popen`` (fork, exec and the
interpreter's start included) to a milestone of the test-side hook
(``tests/benchmarks/benchhook.py``). Four programs run in turn, the order reversed
every other repeat, so each figure is a median of interleaved runs:

* **PetDesk**: ``petdesk --demo`` (``launch_petdesk.py``) after a session that kept its
  first page, with ``PETDESK_BENCH_EXIT_AFTER=first-data``. One run gives *window* (the
  frame's first paint), *stored-data* (the last session's rows painted),
  *first-data* (the fresh rows from the demo service painted) and the RSS then.
* **bare**: ``bare_window.py``, a bare QMainWindow (*window*).
* **F4**: ``floor_window.py skeleton-rows``: PetDesk's visible widgets in stock form
  (menus, filter bar, table, detail panel, footer, status bar) with 20 rows in the
  table's first paint (*window*).
* **F5**: ``floor_window.py skeleton-httpx-rows``: F4 that also imports httpx and
  pydantic before it is shown (*window*, and its RSS).

Figures and goals:

==================================  ======================  ==========
figure                              baseline                goal
==================================  ======================  ==========
first paint                         bare window             <= 1.10x
the last session's rows painted     F4                      <= 1.15x
fresh rows painted                  F5                      <= 1.10x
RSS after the first page            F5's RSS                <= 1.10x
==================================  ======================  ==========

One warm-up run of each (bytecode, the file cache, the demo database) is not counted.
Also a group of run.py (``run(quick)``).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent))

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

PETDESK = [PYTHON, str(BENCH_DIR / "launch_petdesk.py"), "--demo"]
BARE = [PYTHON, str(BENCH_DIR / "bare_window.py")]
F4 = [PYTHON, str(BENCH_DIR / "floor_window.py"), "skeleton-rows"]
F5 = [PYTHON, str(BENCH_DIR / "floor_window.py"), "skeleton-httpx-rows"]
GOAL_FIRST_PAINT = 1.10
GOAL_STORED = 1.15
GOAL_FRESH = 1.10
GOAL_RSS = 1.10
MS = 1000.0
MIB = 2.0**20


def _one(argv: list[str], env: dict[str, str], mode: str) -> dict[str, float]:
    """Seconds from process start to each milestone reported, and the RSS (bytes) at
    the last one."""
    run = run_marked_child(argv, dict(env, PETDESK_BENCH_EXIT_AFTER=mode))
    if mode not in run.events:
        raise RuntimeError(f"{' '.join(argv[1:])} reported no {mode!r} "
                           f"(exit {run.returncode}):\n{run.stderr[-3000:]}")
    out = dict(run.events)
    out["rss"] = parse_extra(run.extra[mode]).get("rss", float("nan"))
    return out


def _session_before(env: dict[str, str], timeout: float = 30.0) -> None:
    """``petdesk --demo`` runs until it has kept its first page for the next start
    (background work, after that page is painted), then is stopped."""
    from petdesk.storage.paths import store_path
    from petdesk.storage.rows import StoredQuery
    from petdesk.storage.sqlite.store import peek_stored_page

    store = store_path("production", demo=True,
                       folder=Path(env["XDG_DATA_HOME"]) / "PetDesk")
    proc = subprocess.Popen(PETDESK, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + timeout
        while peek_stored_page(store, StoredQuery(None, 20)) is None:
            if time.monotonic() > deadline:
                raise RuntimeError("the warm-up session kept no first page")
            time.sleep(0.05)
    finally:
        proc.terminate()
        proc.wait(10)


def measure(repeats: int) -> dict[str, list[dict[str, float]]]:
    runs = [("petdesk", PETDESK, "first-data"), ("bare", BARE, "window"),
            ("f4", F4, "window"), ("f5", F5, "window")]
    with private_home() as env:
        for _name, argv, mode in runs:  # warm-up: bytecode, file cache, the demo database
            _one(argv, env, mode)
        _session_before(env)
        out: dict[str, list[dict[str, float]]] = {name: [] for name, _argv, _mode in runs}
        for i in range(repeats):
            for name, argv, mode in runs if i % 2 == 0 else reversed(runs):
                out[name].append(_one(argv, env, mode))
    return out


def _col(rows: list[dict[str, float]], name: str) -> list[float]:
    return [r[name] for r in rows if name in r]


def _ms(values: list[float]) -> dict[str, float]:
    return {k: v * MS if k != "n" else v for k, v in spread(values).items()}


def _mib(values: list[float]) -> dict[str, float]:
    return {k: v / MIB if k != "n" else v for k, v in spread(values).items()}


def _time_figure(key: str, title: str, ours: list[float], base: list[float], goal: float,
                 baseline_name: str, note: str = "") -> Figure:
    value, baseline = median(ours), median(base)
    ratio = value / baseline
    return Figure(key=key, title=title, petdesk=value * MS, baseline=baseline * MS,
                  unit="ms", ratio=ratio, goal=f"<= {goal:.2f}x {baseline_name}",
                  met=ratio <= goal, note=note,
                  details={"runs_each": len(ours), "petdesk_ms": _ms(ours),
                           "baseline_ms": _ms(base)})


def run(quick: bool) -> list[Figure]:
    repeats = 7 if quick else 15
    samples = measure(repeats)
    ours = samples["petdesk"]
    stored = _col(ours, "stored-data")
    rss, f5_rss = _col(ours, "rss"), _col(samples["f5"], "rss")
    rss_ratio = median(rss) / median(f5_rss)
    return [
        _time_figure("first_paint", "S1. First paint (offscreen)", _col(ours, "window"),
                     _col(samples["bare"], "window"), GOAL_FIRST_PAINT, "the bare window",
                     note="the first paint is the window's frame; its contents follow"),
        _time_figure("stored_rows", "S2. The last session's rows painted (demo)", stored,
                     _col(samples["f4"], "window"), GOAL_STORED,
                     "F4 (PetDesk's visible widgets in stock form, 20 rows)",
                     note=f"stored rows painted in {len(stored)} of {len(ours)} runs"),
        _time_figure("fresh_rows", "S3. Fresh rows painted (demo)", _col(ours, "first-data"),
                     _col(samples["f5"], "window"), GOAL_FRESH,
                     "F5 (F4 plus import httpx, pydantic)"),
        Figure(key="memory", title="6. Memory: RSS after the first page",
               petdesk=median(rss) / MIB, baseline=median(f5_rss) / MIB, unit="MiB",
               ratio=rss_ratio, goal=f"<= {GOAL_RSS:.2f}x F5's RSS",
               met=rss_ratio <= GOAL_RSS,
               details={"runs_each": repeats, "petdesk_mib": _mib(rss),
                        "baseline_mib": _mib(f5_rss)}),
    ]


if __name__ == "__main__":
    import json

    for fig in run("--quick" in sys.argv):
        print(json.dumps(fig.as_dict(), indent=1))
