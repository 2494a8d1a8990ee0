"""Soak: N requests through PetDesk's worker against the sandbox.

    python -m tests.reliability.soak [--requests 10000] [--max-seconds 900]

The sandbox runs in a child process (``petdesk-sandbox`` on 127.0.0.1, rate
limiting off, in-memory database), so every figure below is PetDesk's own. The
requests go through :class:`petdesk.gui.worker.worker.Worker` — the one worker thread
with its job queue and signals, exactly as the app uses it — as a rotating mix
of list (limit 20), get and create, with at most 32 jobs queued at a time.

Measured in this process (psutil), after a warm-up of 10 % of the requests
(at least 200) and again at the end, each time after a garbage collection:

* RSS: growth after warm-up must stay under 5 %;
* threads: ``threading.active_count()`` and the OS thread count, at the end and
  after the worker shut down (back to the count before it started);
* sockets: open file descriptors and TCP connections (no growth; at most the
  client's keep-alive pool to the sandbox);
* Qt messages of level warning or above: none;
* failed requests: none.

Prints one JSON object and exits 0 when every check passes, 1 otherwise. The loop
is bounded by ``--requests`` and ``--max-seconds``; it only talks to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import psutil
from PySide6.QtCore import QCoreApplication, QEventLoop, QtMsgType, qInstallMessageHandler

KEY = "pk-soak-Dugong-4e5f60718293"
WINDOW = 32
RSS_LIMIT = 0.05


@dataclass
class Snapshot:
    rss_mb: float
    py_threads: int
    os_threads: int
    fds: int
    tcp: int

    @classmethod
    def take(cls, port: int) -> Snapshot:
        gc.collect()
        proc = psutil.Process()
        conns = [c for c in proc.net_connections(kind="tcp")
                 if c.raddr and c.raddr.port == port]
        return cls(round(proc.memory_info().rss / 2**20, 2), threading.active_count(),
                   proc.num_threads(), proc.num_fds(), len(conns))


@dataclass
class Result:
    requests: int
    seconds: float = 0.0
    failures: int = 0
    qt_warnings: list[str] = field(default_factory=list)
    before_worker: Snapshot | None = None
    after_warmup: Snapshot | None = None
    at_end: Snapshot | None = None
    after_shutdown: Snapshot | None = None
    rss_growth: float = 0.0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _die_with_parent() -> None:
    """In the child: get SIGTERM if this process dies first (Linux), so that an
    interrupted soak never leaves a sandbox behind."""
    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def start_sandbox() -> tuple[subprocess.Popen[str], str, int]:
    code = "from petdesk.sandbox.server import main; raise SystemExit(main())"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "--host", "127.0.0.1", "--port", "0", "--quiet",
         "--db", ":memory:", "--no-rate-limit", "--api-key", KEY],
        stdout=subprocess.PIPE, text=True, preexec_fn=_die_with_parent)
    assert proc.stdout is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if line.startswith("Pet Store sandbox at "):
            url = line.split(" at ", 1)[1].strip()
            return proc, url, int(url.rsplit(":", 1)[1].split("/", 1)[0])
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise RuntimeError("the sandbox did not start")


def run(requests: int, max_seconds: float = 900.0) -> Result:
    from petdesk.api import NewPet, PetStoreClient, RequestPolicy
    from petdesk.core.clock import Clock
    from petdesk.gui.worker.worker import Connection, Outcome, Worker
    from petdesk.services.keys.keys import StaticKeys

    app = QCoreApplication.instance() or QCoreApplication([])
    result = Result(requests)
    warnings: list[str] = []

    def on_qt_message(mode: QtMsgType, _context: Any, message: str) -> None:
        if mode not in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg):
            warnings.append(message)

    previous = qInstallMessageHandler(on_qt_message)
    sandbox, base_url, port = start_sandbox()
    try:
        policy = RequestPolicy(backoff_base=0.05, backoff_cap=0.5)

        def make(connection: Connection, key: str, listener: Any,
                 clock: Clock, *,
                 shared_quota: Any = None) -> PetStoreClient:
            return PetStoreClient(connection.base_url, key, timeout=connection.timeout,
                                  listener=listener, policy=policy, clock=clock,
                                  shared_quota=shared_quota)

        result.before_worker = Snapshot.take(port)
        worker = Worker(make, StaticKeys(KEY), Connection("production", base_url, 10.0))
        calls = [
            lambda ctx: ctx.client.list_pets(limit=20, cancel=ctx.token),
            lambda ctx: ctx.client.get_pet(7, cancel=ctx.token),
            lambda ctx: ctx.client.create_pet(NewPet(name="Soaky", category_id=3),
                                              cancel=ctx.token),
        ]
        done = 0
        failures = 0

        def finished(outcome: Outcome[Any]) -> None:
            nonlocal done, failures
            done += 1
            failures += not outcome.ok

        warmup = max(200, requests // 10)
        submitted = 0
        started = time.monotonic()
        deadline = started + max_seconds
        while done < requests and time.monotonic() < deadline:
            while submitted < requests and submitted - done < WINDOW:
                fn = calls[submitted % len(calls)]
                worker.run_task(fn, finished)
                submitted += 1
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
            if result.after_warmup is None and done >= warmup:
                result.after_warmup = Snapshot.take(port)
        result.seconds = round(time.monotonic() - started, 1)
        result.at_end = Snapshot.take(port)
        worker.shutdown(5000)
        app.processEvents()
        del worker
        result.after_shutdown = Snapshot.take(port)
        result.failures = failures
        if done < requests:
            result.problems.append(f"only {done} of {requests} requests in {max_seconds} s")
    finally:
        qInstallMessageHandler(previous)
        if sandbox.stdout is not None:
            sandbox.stdout.close()
        sandbox.terminate()
        try:
            sandbox.wait(10)
        except subprocess.TimeoutExpired:
            sandbox.kill()
            sandbox.wait(5)
    result.qt_warnings = warnings
    judge(result)
    return result


def judge(result: Result) -> None:
    warm, end, before, after = (result.after_warmup, result.at_end, result.before_worker,
                                result.after_shutdown)
    problems = result.problems
    if result.failures:
        problems.append(f"{result.failures} requests failed")
    if result.qt_warnings:
        problems.append(f"Qt warnings: {result.qt_warnings[:3]}")
    if warm is None or end is None or before is None or after is None:
        problems.append("no warm-up measurement")
        return
    result.rss_growth = round((end.rss_mb - warm.rss_mb) / warm.rss_mb, 4)
    if result.rss_growth >= RSS_LIMIT:
        problems.append(f"RSS grew {result.rss_growth:.1%} after warm-up")
    if end.py_threads > warm.py_threads or end.os_threads > warm.os_threads:
        problems.append("threads grew during the run")
    if after.py_threads > before.py_threads or after.os_threads > before.os_threads:
        problems.append("threads left behind after the worker shut down")
    if end.fds > warm.fds or end.tcp > max(warm.tcp, 1):
        problems.append("sockets or file descriptors grew during the run")
    if after.tcp > 0 or after.fds > before.fds:
        problems.append("sockets left open after the worker shut down")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.reliability.soak",
                                     description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--max-seconds", type=float, default=900.0)
    args = parser.parse_args(argv)
    if not 1 <= args.requests <= 1_000_000:
        parser.error("--requests must be 1..1000000")
    result = run(args.requests, args.max_seconds)
    print(json.dumps({**asdict(result), "ok": result.ok}, indent=2))
    return 0 if result.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
