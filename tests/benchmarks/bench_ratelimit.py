"""Figure 4: rate-limit efficiency.

200 ``GET /pets`` requests against a loopback sandbox that allows 60 requests per
5-second window (fixed windows aligned to multiples of 5 s of Unix time, as the
sandbox documents). Drivers:

* ``worker``: PetDesk as the app runs it — 200 jobs queued on the one
  :class:`petdesk.gui.worker.worker.Worker` thread, each ``ctx.client.list_pets()``, results
  back through signals on the GUI thread (the figure);
* ``client``: the same requests straight through :class:`PetStoreClient` (Qt-free);
* ``naive`` (the baseline): a raw ``httpx`` loop that retries at once on 429.

Each PetDesk driver runs twice: with the ``X-RateLimit-*`` headers, and with them
stripped by a WSGI middleware (so only the 429's ``Retry-After`` tells it anything).

**Theoretical minimum.** A run starts at ``t0`` (aligned just after the start of
a window, ``w0``). With L = 60 requests per window of W = 5 s, request k (1-based)
cannot be sent before window ``ceil(k / L) - 1`` opens, so the last batch starts at
``w0 + (ceil(200 / L) - 1) * W = w0 + 15 s`` at the earliest and then needs its
``200 - 3 * 60 = 20`` requests at the client's own unthrottled pace ``r`` (the
median time per request of the first, unthrottled window, measured in the same
run). Minimum = ``w0 + 15 s + 20 r - t0``; the figure is the measured ``t0`` ->
last response divided by that. 429s and bans are the sandbox's own counters.
"""

from __future__ import annotations

import json
import logging
import math
import sys
import time
from collections.abc import Callable, Iterable
from typing import Any

from common import Figure, median

API_KEY = "bench-ratelimit-key-0123456789"
REQUESTS = 200
LIMIT = 60
WINDOW = 5
GOAL = 1.05
NAIVE_MAX_ATTEMPTS = 1000
# The client logs each 429 as a warning; the benchmark counts them instead.
logging.getLogger("petdesk").addHandler(logging.NullHandler())


def _strip_rate_limit_headers(app: Any) -> Callable[..., Iterable[bytes]]:
    """WSGI middleware: the sandbox without its X-RateLimit-* headers."""

    def stripped(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            kept = [(k, v) for k, v in headers if not k.lower().startswith("x-ratelimit-")]
            return start_response(status, kept, exc_info)

        return app(environ, start)

    return stripped


def _sandbox(headers: bool) -> Any:
    from petdesk.sandbox import SandboxConfig
    from tests.helpers.sandbox_server import start_server

    running = start_server(SandboxConfig(
        api_keys=(API_KEY,), requests_per_window=LIMIT, window_seconds=WINDOW,
        requests_per_day=1_000_000,
    ))
    if not headers:
        running._httpd.app = _strip_rate_limit_headers(running.app)  # the served app
    return running


def _align() -> tuple[float, float]:
    """Sleep until just after a window opens; returns (w0 on the wall clock, t0 perf)."""
    now = time.time()
    w0 = (math.floor(now / WINDOW) + 1) * WINDOW
    time.sleep(max(0.0, w0 + 0.02 - now))
    return w0, time.perf_counter() - (time.time() - w0)


def _result(name: str, done: list[float], t_start: float, w0_perf: float,
            sandbox: Any, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    counters = sandbox.app.counters(API_KEY)
    first = [b - a for a, b in zip([t_start, *done[: LIMIT - 1]], done[:LIMIT], strict=False)]
    pace = median(first) if first else float("nan")
    batches = math.ceil(REQUESTS / LIMIT)
    last = REQUESTS - (batches - 1) * LIMIT
    minimum = (w0_perf + (batches - 1) * WINDOW + last * pace) - t_start
    total = (done[-1] - t_start) if len(done) == REQUESTS else float("nan")
    return {
        "driver": name, "ok": len(done), "total_s": total, "min_s": minimum,
        "ratio": total / minimum, "pace_ms": pace * 1000,
        "start_offset_ms": (t_start - w0_perf) * 1000,
        "requests_seen": counters.requests, "http_429": counters.rate_limited,
        "bans": counters.bans, "early_requests": counters.early_requests, **(extra or {}),
    }


def run_client(headers: bool) -> dict[str, Any]:
    from petdesk.api import PetStoreClient

    with _sandbox(headers) as sandbox:
        client = PetStoreClient(sandbox.base_url, API_KEY)
        _, w0_perf = _align()
        t_start = time.perf_counter()
        done = []
        for _ in range(REQUESTS):
            client.list_pets(limit=20)
            done.append(time.perf_counter())
        client.close()
        return _result("client", done, t_start, w0_perf, sandbox)


def run_worker(headers: bool) -> dict[str, Any]:
    from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer

    from petdesk.api import PetStoreClient, RequestListener
    from petdesk.core.clock import Clock
    from petdesk.core.jobs import Priority
    from petdesk.gui.worker.worker import Connection, JobContext, Outcome, Worker
    from petdesk.services.keys.keys import StaticKeys

    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    with _sandbox(headers) as sandbox:
        def factory(conn: Connection, key: str, listener: RequestListener,
                    clock: Clock, *,
                    shared_quota: Any = None) -> PetStoreClient:
            return PetStoreClient(conn.base_url, key, timeout=conn.timeout, listener=listener,
                                  clock=clock, shared_quota=shared_quota)

        worker = Worker(factory, StaticKeys(API_KEY), Connection("production", sandbox.base_url))
        # Build the client (and import httpx) before the clock starts.
        warm = QEventLoop()
        worker.run_task(lambda ctx: ctx.client, lambda _outcome: warm.quit())
        warm.exec()
        sandbox.app.limiter.reset()
        done: list[float] = []
        errors: list[str] = []
        loop = QEventLoop()

        def on_done(outcome: Outcome[Any]) -> None:
            if outcome.ok:
                done.append(time.perf_counter())
            else:
                errors.append(type(outcome.error).__name__)
            if len(done) + len(errors) == REQUESTS:
                loop.quit()

        def fetch(ctx: JobContext) -> Any:
            return ctx.client.list_pets(limit=20, cancel=ctx.token)

        _, w0_perf = _align()
        t_start = time.perf_counter()
        for _ in range(REQUESTS):
            worker.run_task(fetch, on_done, priority=Priority.BACKGROUND)
        QTimer.singleShot(120_000, loop.quit)
        loop.exec()
        worker.shutdown()
        del app
        return _result("worker", done, t_start, w0_perf, sandbox, {"errors": errors})


def run_naive() -> dict[str, Any]:
    import httpx

    with _sandbox(True) as sandbox:
        raw = httpx.Client(headers={"Authorization": f"Bearer {API_KEY}"})
        url = f"{sandbox.base_url}/pets?limit=20"
        _, w0_perf = _align()
        t_start = time.perf_counter()
        done: list[float] = []
        attempts = 0
        banned_at = None
        while len(done) < REQUESTS and attempts < NAIVE_MAX_ATTEMPTS:
            attempts += 1
            response = raw.get(url)
            if response.status_code == 200:
                done.append(time.perf_counter())
            elif banned_at is None and b"key_temporarily_banned" in response.content:
                banned_at = attempts
        raw.close()
        out = _result("naive", done, t_start, w0_perf, sandbox,
                      {"attempts": attempts, "banned_at_attempt": banned_at,
                       "gave_up": len(done) < REQUESTS})
        out["elapsed_s"] = time.perf_counter() - t_start
        return out


def run(quick: bool, drivers: tuple[str, ...] = ("worker",)) -> Figure:
    repeats = 1 if quick else 2
    runs: dict[str, list[dict[str, Any]]] = {}
    for driver in drivers:
        fn = run_worker if driver == "worker" else run_client
        for headers in (True, False):
            for _ in range(repeats):
                runs.setdefault(f"{driver}_{'headers' if headers else 'no_headers'}",
                                []).append(fn(headers))
    naive = run_naive()
    main = runs[f"{drivers[0]}_headers"]
    stripped = runs[f"{drivers[0]}_no_headers"]
    ratio = median([r["ratio"] for r in main])
    total = median([r["total_s"] for r in main])
    minimum = median([r["min_s"] for r in main])
    h429 = max(r["http_429"] for r in main)
    bans = max(r["bans"] for r in main + stripped)
    s429 = max(r["http_429"] for r in stripped)
    s_ratio = median([r["ratio"] for r in stripped])
    met = ratio <= GOAL and bans == 0 and h429 == 0 and s429 <= 1
    return Figure(
        key="rate_limit_efficiency",
        title=f"4. Rate-limit efficiency: {REQUESTS} requests via the {drivers[0]}, "
              f"{LIMIT} per {WINDOW} s",
        petdesk=total, baseline=minimum, unit="s", ratio=ratio,
        goal=f"<= {GOAL:.2f}x minimum, 0 bans, 0 429s (<= 1 without headers)", met=met,
        note=(f"429s {h429}, bans {bans}; without X-RateLimit headers: {s_ratio:.3f}x, "
              f"429s {s429}. Naive retry-at-once baseline: {naive['ok']} ok of "
              f"{naive['attempts']} attempts, 429s {naive['http_429']}, "
              f"bans {naive['bans']}"),
        details={"definition": "minimum = w0 + (ceil(200/60)-1)*5 s + 20 * pace - t0 "
                               "(pace: median s/request in the first, unthrottled window)",
                 "runs": runs, "naive": naive},
    )


if __name__ == "__main__":
    which = tuple(a for a in sys.argv[1:] if a in ("worker", "client")) or ("worker",)
    print(json.dumps(run("--quick" in sys.argv, which).as_dict(), indent=1))
