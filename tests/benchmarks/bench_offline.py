"""Issue 12's figures: stored rows at start, fresh rows, and the outbox's drain rate.

    .venv/bin/python tests/benchmarks/bench_offline.py [--quick]

* **O1 stored rows**: process start -> the rows of the last session painted
  (``petdesk --demo`` after a warm-up run that kept its first page; the hook's
  *stored-data* milestone), against the bare QMainWindow's time to window
  (``bare_window.py``), alternated in the same run: goal <= 1.25x.
* **O2 fresh rows**: process start -> the first page from the demo service painted
  (the hook's *first-data*, fresh rows only), against a bare window that imports
  httpx and pydantic and paints a table of 20 rows (``bare_rows.py``): goal <= 1.10x.
* **O3 outbox drain**: a window opened with N adds waiting in its outbox (a restart
  with a full outbox), against a sandbox on loopback at Pro's rate in a shortened
  window (50 requests per 10 s): N adds over the time from the window shown to the
  outbox empty, against the plan's rate: goal >= 0.97x. Exactly N new pets, no
  duplicate.

Each start-up run is a fresh process (``common.run_marked_child``) with a private HOME;
O3 runs in this process (offscreen Qt). Also a group of run.py (``run(quick)``).
"""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent))

from common import (  # noqa: E402
    BENCH_DIR,
    PYTHON,
    Figure,
    median,
    private_home,
    run_marked_child,
    spread,
)

PETDESK = [PYTHON, str(BENCH_DIR / "launch_petdesk.py"), "--demo"]
BARE = [PYTHON, str(BENCH_DIR / "bare_window.py")]
BARE_ROWS = [PYTHON, str(BENCH_DIR / "bare_rows.py")]
GOAL_STORED = 1.25
GOAL_FRESH = 1.10
GOAL_DRAIN = 0.97
KEY = "bench-offline-key-0123456789"
PER_WINDOW = 50
WINDOW = 10


def _event(argv: list[str], env: dict[str, str], mode: str, event: str) -> float:
    run = run_marked_child(argv, dict(env, PETDESK_BENCH_EXIT_AFTER=mode))
    if event not in run.events:
        raise RuntimeError(f"{argv[-1]} reported no {event!r} (exit {run.returncode}):\n"
                           + run.stderr[-3000:])
    return run.events[event]


def _session_before(env: dict[str, str], timeout: float = 30.0) -> None:
    """The session before: ``petdesk --demo`` runs until it has kept its first page for
    the next start (background work, after that page is painted), then is stopped."""
    import subprocess

    from petdesk.storage.db import peek_stored_page
    from petdesk.storage.paths import store_path
    from petdesk.storage.rows import StoredQuery

    store = store_path("production", demo=True,
                       folder=Path(env["XDG_DATA_HOME"]) / "PetDesk")
    argv_env = {k: v for k, v in env.items() if k != "PETDESK_BENCH_EXIT_AFTER"}
    proc = subprocess.Popen(PETDESK, env=argv_env, stdout=subprocess.DEVNULL,
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


def startup(repeats: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"stored": [], "bare": [], "fresh": [], "bare_rows": []}
    with private_home() as env:
        _event(PETDESK, env, "first-data", "first-data")  # warm-up: bytecode
        _session_before(env)  # keeps the first page
        _event(BARE, env, "window", "window")
        _event(BARE_ROWS, env, "first-data", "first-data")
        runs = [("stored", PETDESK, "stored-data", "stored-data"),
                ("bare", BARE, "window", "window"),
                ("fresh", PETDESK, "first-data", "first-data"),
                ("bare_rows", BARE_ROWS, "first-data", "first-data")]
        for i in range(repeats):
            for name, argv, mode, event in runs if i % 2 == 0 else reversed(runs):
                out[name].append(_event(argv, env, mode, event))
    return out


def drain(count: int) -> dict[str, float]:
    """A window opened with ``count`` adds waiting, against the shortened Pro plan."""
    import tempfile

    from PySide6.QtCore import QEventLoop, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from petdesk.api import PetStoreClient
    from petdesk.core.connection import Connection
    from petdesk.gui.main_window import MainWindow
    from petdesk.gui.outbox.controller import OutboxController
    from petdesk.gui.pets.stored_start import store_file
    from petdesk.gui.settings.settings import AppSettings, Environment
    from petdesk.sandbox import SandboxConfig, Store, start_server
    from petdesk.services.keys.keystore import KeyStore, MemoryKeyring
    from petdesk.storage.db import open_store
    from petdesk.storage.rows import Draft
    from tests.helpers import ui

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    data = tempfile.mkdtemp(prefix="petdesk-bench-data-")
    os.environ["XDG_DATA_HOME"] = data  # the window's store: never the developer's
    app = QApplication.instance() or QApplication([])
    sandbox_store = Store(None, seed_count=0)
    server = start_server(SandboxConfig(api_keys=(KEY,), requests_per_window=PER_WINDOW,
                                        window_seconds=WINDOW, requests_per_day=1_000_000),
                          store=sandbox_store)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            settings = AppSettings(QSettings(str(Path(tmp) / "petdesk.ini"),
                                             QSettings.Format.IniFormat))
            backend = MemoryKeyring()
            backend.set_password("petdesk", "production", KEY)
            keys = KeyStore(backend, environ={}, timeout=2.0)

            def factory(connection: Any, key: str, listener: Any, clock: Any) -> Any:
                return PetStoreClient(server.base_url, key, timeout=connection.timeout,
                                      listener=listener, clock=clock)

            # The adds are written before the window exists (a restart with a full
            # outbox): its first look at the outbox finds all of them.
            path = store_file(Connection("production", server.base_url))
            store = open_store(path, "production").store
            for i in range(count):
                store.queue(Draft(f"Waiting {i}", 1 + i % 7, None))
            store.close()
            window = MainWindow(settings, keys, factory, environment=Environment.PRODUCTION,
                                base_url=server.base_url)
            loop = QEventLoop()
            outbox = ui.child(window, OutboxController)
            outbox.changed.connect(lambda view: loop.quit() if view.pending == 0 else None)
            QTimer.singleShot(int(count * WINDOW / PER_WINDOW * 3 * 1000), loop.quit)
            started = time.perf_counter()
            window.show()
            loop.exec()
            took = time.perf_counter() - started
            pending = outbox.pending
            window.close()
            app.processEvents()
        names = Counter(p.name for p in sandbox_store.all_pets())
        return {"seconds": took, "pending": pending,
                "duplicates": sum(n - 1 for n in names.values()),
                "missing": sum(1 for i in range(count) if names[f"Waiting {i}"] == 0),
                "rate_limited": server.app.counters(KEY).rate_limited,
                "requests": server.app.counters(KEY).requests}
    finally:
        server.stop()
        sandbox_store.close()


def run(quick: bool) -> list[Figure]:
    repeats = 5 if quick else 11
    times = startup(repeats)
    ms = 1000.0
    stored, bare = median(times["stored"]), median(times["bare"])
    fresh, bare_rows = median(times["fresh"]), median(times["bare_rows"])
    count = 150 if quick else 300
    drained = drain(count)
    minimum = count * WINDOW / PER_WINDOW
    rate_ratio = minimum / drained["seconds"]
    details = {name: {k: v * ms if k != "n" else v for k, v in spread(vals).items()}
               for name, vals in times.items()}
    return [
        Figure(key="stored_rows", title="O1. Stored rows painted at start (demo)",
               petdesk=stored * ms, baseline=bare * ms, unit="ms", ratio=stored / bare,
               goal=f"<= {GOAL_STORED:.2f}x bare window", met=stored / bare <= GOAL_STORED,
               details={"runs_each": repeats, **details}),
        Figure(key="fresh_rows", title="O2. Fresh rows painted (demo)",
               petdesk=fresh * ms, baseline=bare_rows * ms, unit="ms",
               ratio=fresh / bare_rows,
               goal=f"<= {GOAL_FRESH:.2f}x bare window + httpx + pydantic + 20 rows",
               met=fresh / bare_rows <= GOAL_FRESH, details={"runs_each": repeats}),
        Figure(key="outbox_drain", title=f"O3. Outbox of {count} adds drained (50 per 10 s)",
               petdesk=drained["seconds"], baseline=minimum, unit="s", ratio=rate_ratio,
               goal=f">= {GOAL_DRAIN:.2f}x the plan's rate, 0 duplicates, none lost",
               met=rate_ratio >= GOAL_DRAIN and drained["duplicates"] == 0
               and drained["missing"] == 0 and drained["pending"] == 0,
               details=drained,
               note="ratio: the plan's minimum time over the time taken (a rate ratio)"),
    ]


if __name__ == "__main__":
    import json

    for fig in run("--quick" in sys.argv):
        print(json.dumps(fig.as_dict(), indent=1))
