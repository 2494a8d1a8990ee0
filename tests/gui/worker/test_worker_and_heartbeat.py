"""The worker on its own (one completion path, priorities, stop), and the proof that
the GUI thread never waits: not on the network, not on a wait, not on the keyring."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from petdesk.core.errors import NotFoundError, RequestCancelled
from petdesk.core.jobs import JobKind, Priority
from petdesk.gui.worker.worker import Connection, Job, Outcome, Worker
from petdesk.sandbox import FaultKind
from petdesk.services.keys.keystore import KeyStore, MemoryKeyring
from tests.gui.conftest import API_KEY, FakeClock, Sandbox
from tests.helpers import ui
from tests.helpers.drive import idle


@pytest.fixture
def worker(qtbot: Any, loopback: Sandbox, clock: FakeClock) -> Any:
    keys = KeyStore(MemoryKeyring(), environ={"PETDESK_API_KEY": API_KEY})
    w = Worker(loopback.factory(), keys, Connection("production", loopback.base_url),
               clock=clock)
    yield w
    assert w.shutdown(3000)


def test_one_completion_on_the_gui_thread(qtbot, worker: Worker) -> None:
    seen: dict[str, Any] = {}
    outcomes: list[Outcome[Any]] = []

    def job(ctx: Any) -> int:
        seen["thread"] = threading.current_thread()
        return len(ctx.client.list_pets(limit=3, cancel=ctx.token))

    def done(outcome: Outcome[Any]) -> None:
        seen["callback_thread"] = threading.current_thread()
        outcomes.append(outcome)

    with qtbot.waitSignal(worker.finished, timeout=10_000) as blocker:
        worker.run_task(job, done)
    assert [o.value for o in outcomes] == [3]  # once, with the value
    assert blocker.args[0].outcome is outcomes[0]
    assert seen["thread"] is ui.worker_thread(worker)
    assert seen["callback_thread"] is threading.main_thread()


def test_user_jobs_run_before_background_jobs(qtbot, worker: Worker) -> None:
    gate = threading.Event()
    order: list[str] = []
    worker.run_task(lambda ctx: gate.wait(5))
    worker.run_task(lambda ctx: order.append("background 1"), priority=Priority.BACKGROUND)
    worker.run_task(lambda ctx: order.append("background 2"), priority=Priority.BACKGROUND)
    worker.run_task(lambda ctx: order.append("user 1"), priority=Priority.USER)
    last = worker.run_task(lambda ctx: order.append("user 2"), priority=Priority.USER)
    gate.set()
    qtbot.waitUntil(lambda: not worker.busy, timeout=5_000)
    assert order == ["user 1", "user 2", "background 1", "background 2"]
    assert last.outcome is not None and last.outcome.ok


def test_held_background_jobs_wait_while_user_jobs_run(qtbot, worker: Worker) -> None:
    """The window's start: background work waits until the first page is painted."""
    order: list[str] = []
    worker.hold_background()
    worker.run_task(lambda ctx: order.append("background"), priority=Priority.BACKGROUND)
    with qtbot.waitSignal(worker.finished, timeout=5_000):
        worker.run_task(lambda ctx: order.append("user"), priority=Priority.USER)
    assert order == ["user"] and worker.busy  # the background job still waits
    worker.release_background()
    qtbot.waitUntil(lambda: not worker.busy, timeout=5_000)
    assert order == ["user", "background"]


def test_jobs_with_the_same_key_are_coalesced(qtbot, worker: Worker) -> None:
    gate = threading.Event()
    ran: list[int] = []
    first = worker.run_task(lambda ctx: (gate.wait(5), ran.append(1)), key="same")
    again = worker.run_task(lambda ctx: ran.append(2), key="same")
    assert again is first
    gate.set()
    qtbot.waitUntil(lambda: not worker.busy, timeout=5_000)
    assert ran == [1]


def test_stop_cancels_running_and_waiting_jobs(qtbot, worker: Worker) -> None:
    def wait_for_cancel(ctx: Any) -> None:
        ctx.token.event.wait(10)
        ctx.token.raise_if_cancelled()

    ran: list[str] = []
    with qtbot.waitSignal(worker.jobStarted):
        worker.run_task(wait_for_cancel, kind=JobKind.LIST)
    worker.run_task(lambda ctx: ran.append("queued"), kind=JobKind.LOOKUP)
    ended: list[tuple[str, type]] = []
    worker.finished.connect(
        lambda job: ended.append((job.kind.value, type(job.outcome.error))))
    worker.stop()
    qtbot.waitUntil(lambda: not worker.busy, timeout=5_000)
    assert sorted(ended) == [("list", RequestCancelled), ("lookup", RequestCancelled)]
    assert ran == []


def test_stop_lets_a_running_control_job_finish(qtbot, worker: Worker) -> None:
    """Settings' OK saves the shared store's password (a control job) and then switches
    the connection, which stops what was asked of the old one: the password being
    saved is not part of that, whether it still waits or has just started."""
    gate = threading.Event()

    def save(ctx: Any) -> str:
        gate.wait(5)
        ctx.token.raise_if_cancelled()  # as work on the worker does between its steps
        return "saved"

    with qtbot.waitSignal(worker.jobStarted):
        saving = worker.run_task(save, priority=Priority.CONTROL,
                                 kind=JobKind.KEEP_SHARED_SIGN_IN)
    worker.stop()
    gate.set()
    qtbot.waitUntil(lambda: not worker.busy, timeout=5_000)
    assert saving.outcome is not None and saving.outcome.value == "saved"


def test_a_failing_job_reports_its_error(qtbot, worker: Worker) -> None:
    with qtbot.waitSignal(worker.finished, timeout=5_000) as blocker:
        worker.run_task(lambda ctx: ctx.client.get_pet(123456789))
    job: Job = blocker.args[0]
    assert job.outcome is not None and isinstance(job.outcome.error, NotFoundError)


def test_file_io_runs_off_the_gui_thread_and_answers_once(qtbot, worker: Worker,
                                                          tmp_path: Any) -> None:
    target = tmp_path / "card.pdf"
    threads: list[threading.Thread] = []
    results: list[object] = []
    errors: list[BaseException] = []

    def write() -> object:
        threads.append(threading.current_thread())
        target.write_bytes(b"%PDF")
        return target

    with qtbot.waitSignal(worker.finished, timeout=5_000):
        worker.run_io(write, results.append, errors.append)
    assert results == [target] and errors == [] and target.read_bytes() == b"%PDF"
    assert threads == [ui.worker_thread(worker)]
    with qtbot.waitSignal(worker.finished, timeout=5_000):
        worker.run_io(lambda: (tmp_path / "missing" / "x").write_bytes(b""),
                      results.append, errors.append)
    assert len(results) == 1 and len(errors) == 1 and isinstance(errors[0], OSError)


class BlockingKeyring(MemoryKeyring):
    """A keyring that blocks until released (a desktop keyring unlocking, say) and
    records the threads that call it."""

    def __init__(self) -> None:
        super().__init__()
        self.entered = threading.Event()
        self.release = threading.Event()
        self.threads: set[threading.Thread] = set()

    def get_password(self, service: str, username: str) -> str | None:
        self.threads.add(threading.current_thread())
        self.entered.set()
        self.release.wait(10)
        return super().get_password(service, username)


def test_the_gui_thread_never_waits_on_the_keyring_or_a_wait(
        qtbot, loopback: Sandbox, make_window, clock: FakeClock) -> None:
    """While a keyring call is blocked, and while a Retry-After wait is held, the
    GUI thread goes on handling the user's input (the filter field, a click)."""
    backend = BlockingKeyring()
    backend.set_password("petdesk", "production", API_KEY)
    keys = KeyStore(backend, environ={}, timeout=30.0)
    window = make_window(loopback, keys=keys, wait=False)
    qtbot.waitUntil(backend.entered.is_set, timeout=10_000)
    qtbot.keyClicks(ui.quick_filter(window), "Bella")  # handled while the keyring blocks
    assert ui.quick_filter(window).text() == "Bella"
    assert ui.action(window, "actionStop").isEnabled()  # still loading, and the user can see it
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        backend.release.set()
    assert backend.threads and threading.main_thread() not in backend.threads

    ui.quick_filter(window).clear()
    clock.hold = True
    loopback.app.faults.configure(retry_after_seconds=30)
    loopback.app.faults.fail_next(FaultKind.RATE_LIMIT, 1)
    with qtbot.waitSignal(ui.worker(window).waitStarted, timeout=10_000):
        ui.refresh_button(window).click()
    qtbot.keyClicks(ui.quick_filter(window), "x")  # handled during the wait
    assert ui.quick_filter(window).text() == "x"
    clock.release()
    idle(qtbot, window)
