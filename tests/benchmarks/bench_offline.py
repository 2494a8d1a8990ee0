"""The outbox's drain rate after a restart with adds waiting.

    .venv/bin/python tests/benchmarks/bench_offline.py [--quick]

* **O3 outbox drain**: a window opened with N adds waiting in its outbox (a restart
  with a full outbox), against a sandbox on loopback at Pro's rate in a shortened
  window (50 requests per 10 s): N adds over the time from the window shown to the
  outbox empty, against the plan's rate: goal >= 0.97x. Exactly N new pets, no
  duplicate.

The start-up figures (the last session's rows, fresh rows) are in ``bench_startup.py``.
Runs in this process (offscreen Qt). Also a group of run.py (``run(quick)``).
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

from common import Figure  # noqa: E402

GOAL_DRAIN = 0.97
KEY = "bench-offline-key-0123456789"
PER_WINDOW = 50
WINDOW = 10


def drain(count: int) -> dict[str, float]:
    """A window opened with ``count`` adds waiting, against the shortened Pro plan."""
    import tempfile

    from PySide6.QtCore import QEventLoop, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from petdesk.api import PetStoreClient
    from petdesk.core.connection import Connection
    from petdesk.gui.main_window import MainWindow
    from petdesk.gui.outbox.controller import OutboxController
    from petdesk.gui.settings.settings import AppSettings, Environment
    from petdesk.sandbox import SandboxConfig, Store
    from petdesk.services.keys.keystore import KeyStore, MemoryKeyring
    from petdesk.storage.paths import store_file
    from petdesk.storage.rows import Draft
    from petdesk.storage.sqlite.store import open_store
    from tests.helpers import ui
    from tests.helpers.sandbox_server import start_server
    from tests.helpers.sandbox_store import every_pet

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

            def factory(connection: Any, key: str, listener: Any, clock: Any, *,
                        shared_quota: Any = None) -> Any:
                return PetStoreClient(server.base_url, key, timeout=connection.timeout,
                                      listener=listener, clock=clock, shared_quota=shared_quota)

            # The adds are written before the window exists (a restart with a full
            # outbox): its first look at the outbox finds all of them.
            path = store_file(Connection("production", server.base_url))
            store = open_store(path, "production").store
            for i in range(count):
                store.outbox.queue(Draft(f"Waiting {i}", 1 + i % 7, None))
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
        names = Counter(p.name for p in every_pet(sandbox_store))
        return {"seconds": took, "pending": pending,
                "duplicates": sum(n - 1 for n in names.values()),
                "missing": sum(1 for i in range(count) if names[f"Waiting {i}"] == 0),
                "rate_limited": server.app.counters(KEY).rate_limited,
                "requests": server.app.counters(KEY).requests}
    finally:
        server.stop()
        sandbox_store.close()


def run(quick: bool) -> list[Figure]:
    count = 150 if quick else 300
    drained = drain(count)
    minimum = count * WINDOW / PER_WINDOW
    rate_ratio = minimum / drained["seconds"]
    return [
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
