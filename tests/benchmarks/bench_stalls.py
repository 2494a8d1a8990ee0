"""Figure 3: GUI stalls during a scripted session.

The real main window (a throw-away QSettings, the API key in a real
:class:`KeyStore` over a :class:`MemoryKeyring`) against a loopback sandbox in
its own process (``sandbox_child.py``). A 5 ms heartbeat ``QTimer``
(``PreciseTimer``) on the GUI thread records when it fires; a *gap* is the time
between two ticks (5 ms when nothing blocks). The session, driven through the
window's own widgets:

1. 50 refreshes (``refreshButton``) at page size 100 (``limitSpin``), each waiting
   for the page;
2. 20 pets added through the add-pet dialog (``addPetButton``; name and category
   typed a key at a time with QTest, 20 ms apart; ``submitButton``);
3. a 429 storm: the sandbox answers the next 3 requests 429 (``Retry-After: 1``);
   a refresh backs off through it (status-bar countdown) and succeeds;
4. a keyring read: a worker job reads the key from the KeyStore, then the client
   is rebuilt (which reads it again) and the list refreshed.

After a page has loaded, a pet was added or the dialog opened, the next click comes
``REACTION_MS`` (10 ms) later, not in the same event-loop turn: otherwise the next
action's work (building the next dialog, say) lands in the same gap as the previous
result and its repaint, which no person can do.

Baseline (same run, same window): the heartbeat while the window sits idle.
Goal: max gap <= 16 ms (one frame at 60 Hz), p99 <= 8 ms. The machine's other
load shows up in both. Each run holds ``SESSIONS`` sessions (3 with ``--quick``,
5 without), each in its own process; the figures are the medians of the
sessions' max and p99 (each session's are in the JSON details).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from common import BENCH_DIR, PYTHON, ROOT, Figure, median, percentile

API_KEY = "bench-stalls-key-0123456789"
GOAL_MAX_MS = 16.0
GOAL_P99_MS = 8.0
#: Between two typed keys (a fast typist: ~50 ms).
TYPING_MS = 20
#: Between the end of one action (page loaded, pet added, dialog shown) and the next
#: click. A person needs 100 ms or more; 10 ms (two heartbeat periods) is only there
#: so that the next click is not handled in the same event-loop turn as the previous
#: result and its repaint, which would charge two actions to one gap.
REACTION_MS = 10


class Heartbeat:
    def __init__(self) -> None:
        from PySide6.QtCore import Qt, QTimer

        self.ticks: list[float] = []
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(5)
        self.timer.timeout.connect(lambda: self.ticks.append(time.perf_counter()))

    def start(self) -> None:
        self.ticks.clear()
        self.timer.start()

    def stop(self) -> list[float]:
        self.timer.stop()
        return [(b - a) * 1000 for a, b in zip(self.ticks, self.ticks[1:], strict=False)]


def _wait(signal: Any, timeout_ms: int = 30_000, until: Any = None) -> bool:
    """Run the event loop until ``signal`` fires (and ``until()`` holds) or time runs out."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    fired = {"ok": False}

    def done(*_: Any) -> None:
        if until is None or until():
            fired["ok"] = True
            loop.quit()

    signal.connect(done)
    QTimer.singleShot(timeout_ms, loop.quit)
    loop.exec()
    signal.disconnect(done)
    return fired["ok"]


def _spin(ms: int) -> None:
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def session(refreshes: int, adds: int, idle_ms: int) -> dict[str, Any]:
    from PySide6.QtCore import QSettings
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from petdesk.api import PetStoreClient, RequestListener
    from petdesk.core.clock import Clock
    from petdesk.gui.app import create_application
    from petdesk.gui.main_window import MainWindow
    from petdesk.gui.pets.pet_list import ListQuery, PetListController
    from petdesk.gui.settings.settings import AppSettings, Environment
    from petdesk.gui.worker.worker import Connection
    from petdesk.services.keys.keystore import KeyStore, MemoryKeyring
    from tests.helpers import ui

    server = subprocess.Popen([PYTHON, str(BENCH_DIR / "sandbox_child.py"), API_KEY],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                              cwd=str(ROOT))
    assert server.stdin is not None and server.stdout is not None

    def command(text: str) -> str:
        server.stdin.write(text + "\n")
        server.stdin.flush()
        return server.stdout.readline().strip()

    try:
        base_url = server.stdout.readline().split()[1]
        create_application(sys.argv[:1])
        ini = Path(tempfile.mkdtemp(prefix="petdesk-bench-")) / "settings.ini"
        settings = AppSettings(QSettings(str(ini), QSettings.Format.IniFormat))
        backend = MemoryKeyring()
        backend.set_password("petdesk", "production", API_KEY)
        keys = KeyStore(backend, environ={}, timeout=2.0)

        def factory(conn: Connection, key: str, listener: RequestListener,
                    clock: Clock, *,
                    shared_quota: Any = None) -> PetStoreClient:
            return PetStoreClient(conn.base_url, key, timeout=conn.timeout, listener=listener,
                                  clock=clock, shared_quota=shared_quota)

        window = MainWindow(settings, keys, factory, environment=Environment.PRODUCTION,
                            base_url=base_url)
        window.resize(1100, 680)
        window.show()
        assert _wait(window.petsLoaded), "first page did not load"
        heartbeat = Heartbeat()
        phases: dict[str, list[float]] = {}

        def reload_list() -> None:
            # A reload of the list the filter bar shows, as a change of its filters
            # asks for it: a click on Refresh right after a click is answered from
            # the list just loaded, and sends nothing.
            query = ListQuery(ui.filter_bar(window).status(), ui.limit_spin(window).value())
            ui.child(window, PetListController).refresh(query)

        # Baseline: the same window, idle.
        _spin(200)
        heartbeat.start()
        _spin(idle_ms)
        phases["idle"] = heartbeat.stop()

        heartbeat.start()
        ui.limit_spin(window).setValue(100)
        _spin(50)
        for _ in range(refreshes):
            reload_list()
            assert _wait(window.petsLoaded), "refresh did not finish"
            _spin(REACTION_MS)
        phases["refreshes"] = heartbeat.stop()

        heartbeat.start()
        for i in range(adds):
            ui.add_button(window).click()
            dialog = ui.add_dialog(window)
            assert dialog is not None
            _spin(REACTION_MS)
            # Typed a key at a time with the event loop running in between, as a person
            # types (QTest.keyClicks would send the whole text inside one event).
            for widget, text in ((dialog.nameEdit, f"Bench pet {i}"),
                                 (dialog.categoryIdEdit, str(1 + i % 7))):
                for char in text:
                    QTest.keyClicks(widget, char)
                    _spin(TYPING_MS)
            assert dialog.submitButton.isEnabled()
            dialog.submitButton.click()
            assert _wait(ui.worker(window).finished, until=lambda: ui.add_dialog(window) is None), \
                "add did not finish"
            _spin(REACTION_MS)
        phases["adds"] = heartbeat.stop()

        heartbeat.start()
        assert command("storm 3 1") == "ok"
        waits = {"n": 0}
        ui.worker(window).waitStarted.connect(lambda *_: waits.__setitem__("n", waits["n"] + 1))
        reload_list()
        assert _wait(window.petsLoaded, timeout_ms=60_000), "the 429 storm did not end"
        phases["storm"] = heartbeat.stop()

        heartbeat.start()
        ui.worker(window).run_task(lambda ctx: ctx.keys.get("production").key is not None)
        assert _wait(ui.worker(window).finished), "keyring read did not finish"
        ui.worker(window).run_task(lambda ctx: ctx.forget_client())
        reload_list()
        assert _wait(window.petsLoaded), "refresh after the key read did not finish"
        phases["keyring"] = heartbeat.stop()

        counters = command("counters")
        window.close()
        QApplication.processEvents()
        return {"phases": phases, "waits_in_storm": waits["n"], "server": counters}
    finally:
        with contextlib.suppress(BrokenPipeError, OSError):
            command("quit")
        server.wait(timeout=10)


#: Sessions per run, each in its own process; the figures are their medians.
SESSIONS = {True: 3, False: 5}


def _stats(result: dict[str, Any]) -> dict[str, Any]:
    phases = result["phases"]
    busy = [g for name, gaps in phases.items() if name != "idle" for g in gaps]
    idle = phases["idle"]
    per_phase = {name: {"ticks": len(g), "max_ms": max(g), "p99_ms": percentile(g, 99),
                        "median_ms": percentile(g, 50),
                        "over_16ms": sum(1 for x in g if x > 16),
                        "over_8ms": sum(1 for x in g if x > 8)}
                 for name, g in phases.items() if g}
    worst = max((n for n in per_phase if n != "idle"), key=lambda n: per_phase[n]["max_ms"])
    return {"max_ms": max(busy), "p99_ms": percentile(busy, 99), "idle_max_ms": max(idle),
            "idle_p99_ms": percentile(idle, 99), "ticks": len(busy), "worst_phase": worst,
            "per_phase": per_phase, "waits_in_storm": result["waits_in_storm"],
            "server": result["server"]}


def _session_in_child(quick: bool) -> dict[str, Any]:
    argv = [PYTHON, str(Path(__file__).resolve()), "--session"] + (["--quick"] if quick else [])
    proc = subprocess.run(argv, cwd=str(ROOT), capture_output=True, text=True, timeout=600,
                          check=False)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or not lines:
        raise RuntimeError(f"figure 3 session failed (exit {proc.returncode}):\n"
                           f"{(proc.stderr or proc.stdout)[-3000:]}")
    return _stats(json.loads(lines[-1]))


def run(quick: bool) -> list[Figure]:
    sessions = [_session_in_child(quick) for _ in range(SESSIONS[quick])]

    def med(key: str) -> float:
        return median([s[key] for s in sessions])

    mx, p99, idle_max, idle_p99 = med("max_ms"), med("p99_ms"), med("idle_max_ms"), \
        med("idle_p99_ms")
    spread = ", ".join(f"{s['max_ms']:.1f}/{s['p99_ms']:.1f}" for s in sessions)
    details = {"sessions": sessions}
    return [
        Figure(key="stalls_max", title="3. GUI stalls: max heartbeat gap (session)",
               petdesk=mx, baseline=idle_max, unit="ms", ratio=mx / idle_max,
               goal=f"<= {GOAL_MAX_MS:.0f} ms", met=mx <= GOAL_MAX_MS,
               note=f"median of {len(sessions)} sessions (max/p99 of each: {spread} ms); "
                    "baseline: the idle window", details=details),
        Figure(key="stalls_p99", title="3. GUI stalls: p99 heartbeat gap (session)",
               petdesk=p99, baseline=idle_p99, unit="ms", ratio=p99 / idle_p99,
               goal=f"<= {GOAL_P99_MS:.0f} ms", met=p99 <= GOAL_P99_MS,
               note="5 ms PreciseTimer on the GUI thread; worst phases: " + ", ".join(
                   s["worst_phase"] for s in sessions), details={}),
    ]


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    quick = "--quick" in sys.argv
    if "--session" in sys.argv:  # one session (run() starts these): its raw gaps
        print(json.dumps(session(50, 20, 2000 if quick else 5000)))
    else:
        for fig in run(quick):
            print(json.dumps(fig.as_dict()))
    sys.stdout.flush()
    os._exit(0)
