"""The worker thread on its own, and the proof that the GUI thread never blocks."""

from __future__ import annotations

import gc
import itertools
import threading
import time
from typing import Any

import pytest
from PySide6.QtCore import QElapsedTimer, QThread, QTimer

from petdesk.api import RequestCancelled
from petdesk.core.keystore import KeyStore, MemoryKeyring
from petdesk.sandbox import FaultKind
from petdesk.ui.worker import Connection, Job, Priority, Worker

from .conftest import API_KEY, Sandbox


@pytest.fixture
def worker(qtbot: Any, loopback: Sandbox) -> Any:
    keys = KeyStore(MemoryKeyring(), environ={"PETDESK_API_KEY": API_KEY})
    w = Worker(loopback.factory(), keys, Connection("production", loopback.base_url))
    yield w
    assert w.shutdown(3000)


def test_results_come_back_on_the_gui_thread(qtbot, worker: Worker) -> None:
    seen: dict[str, Any] = {}

    def job(ctx: Any) -> int:
        seen["thread"] = QThread.currentThread()
        return len(ctx.client.list_pets(limit=3, cancel=ctx.token))

    def done(_job: Job, value: int) -> None:
        seen["callback_thread"] = QThread.currentThread()

    with qtbot.assertNotEmitted(worker.error), \
            qtbot.waitSignal(worker.result, timeout=10_000) as blocker:
        worker.run(job, on_result=done)
    assert blocker.args[1] == 3
    assert seen["thread"] is worker.thread
    assert seen["callback_thread"] is QThread.currentThread() is not worker.thread


def test_user_jobs_run_before_background_jobs(qtbot, worker: Worker) -> None:
    gate = threading.Event()
    order: list[str] = []
    worker.run(lambda ctx: gate.wait(5), kind="blocker")
    worker.run(lambda ctx: order.append("background 1"), priority=Priority.BACKGROUND)
    worker.run(lambda ctx: order.append("background 2"), priority=Priority.BACKGROUND)
    worker.run(lambda ctx: order.append("user 1"), priority=Priority.USER)
    last = worker.run(lambda ctx: order.append("user 2"), priority=Priority.USER)
    gate.set()
    qtbot.waitUntil(lambda: not worker.busy, timeout=5_000)
    assert order == ["user 1", "user 2", "background 1", "background 2"]
    assert last.token is not None


def test_stop_cancels_running_and_waiting_jobs(qtbot, worker: Worker) -> None:
    def wait_for_cancel(ctx: Any) -> None:
        while not ctx.token.cancelled:
            time.sleep(0.005)
        ctx.token.raise_if_cancelled()

    ran: list[str] = []
    with qtbot.waitSignal(worker.jobStarted):
        worker.run(wait_for_cancel, kind="running")
    worker.run(lambda ctx: ran.append("queued"), kind="queued")
    errors: list[tuple[str, type]] = []
    worker.error.connect(lambda job, exc: errors.append((job.kind, type(exc))))
    with qtbot.assertNotEmitted(worker.result):
        worker.stop()
        qtbot.waitUntil(lambda: not worker.busy, timeout=2_000)
    assert sorted(errors) == [("queued", RequestCancelled), ("running", RequestCancelled)]
    assert ran == []


def test_a_failing_job_reports_its_error(qtbot, worker: Worker) -> None:
    with qtbot.assertNotEmitted(worker.result), \
            qtbot.waitSignal(worker.error, timeout=5_000) as blocker:
        worker.run(lambda ctx: ctx.client.get_pet(123456789))
    assert type(blocker.args[1]).__name__ == "NotFoundError"


class SlowKeyring(MemoryKeyring):
    """A keyring that takes its time (a desktop keyring unlocking, say)."""

    delay = 0.4

    def get_password(self, service: str, username: str) -> str | None:
        time.sleep(self.delay)
        return super().get_password(service, username)


def test_gui_thread_heartbeat_never_stalls(qtbot, loopback: Sandbox, make_window) -> None:
    """A 5 ms timer on the GUI thread keeps ticking (no gap over 50 ms) while
    requests run, the client sits in a rate-limit backoff and a keyring call
    takes 0.4 s."""
    backend = SlowKeyring()
    backend.set_password("petdesk", "production", API_KEY)
    keys = KeyStore(backend, environ={}, timeout=3.0)
    window = make_window(loopback, keys=keys)  # its first load includes a slow keyring read

    gc.collect()  # garbage left by earlier tests is not what this test measures
    ticks: list[int] = []
    clock = QElapsedTimer()
    clock.start()
    heartbeat = QTimer()
    heartbeat.setInterval(5)
    heartbeat.timeout.connect(lambda: ticks.append(clock.elapsed()))
    heartbeat.start()
    try:
        # 1. requests
        for _ in range(3):
            with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
                window.refreshButton.click()
        # 2. a keyring call: the next job must read the key again
        window.worker.run(lambda ctx: ctx.forget_client())
        with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
            window.refreshButton.click()
        # 3. a backoff wait after a 429
        loopback.app.faults.configure(retry_after_seconds=1)
        loopback.app.faults.fail_next(FaultKind.RATE_LIMIT, 1)
        with qtbot.waitSignal(window.worker.waitStarted, timeout=10_000):
            window.refreshButton.click()
        with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
            pass
    finally:
        heartbeat.stop()
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    assert len(ticks) > 100
    assert max(gaps) <= 50, f"the GUI thread stalled for {max(gaps)} ms"
