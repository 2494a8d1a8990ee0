"""Sandbox throughput and per-request cost (a benchmark, not a test).

1. ``GET /v1/pets?limit=100`` over loopback against ``petdesk-sandbox`` running in
   its own process (``--no-rate-limit --db :memory:``), from one keep-alive
   ``httpx.Client``, sequential requests: requests per second of each run, and the
   median over runs.
2. The in-process transport (what ``petdesk --demo`` uses): the median cost of
   one ``GET /v1/pets?limit=100`` (and ``limit=1``) through
   ``httpx.Client(transport=in_process_transport(app))``, and of the WSGI app
   alone, in microseconds.

Run: ``.venv/bin/python tests/benchmarks/bench_sandbox.py [--quick]`` (prints JSON).
``bench_sandbox(quick)`` returns the same dict for a benchmark runner.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
API_KEY = "bench-sandbox-key-0123456789"


@contextlib.contextmanager
def _sandbox_process() -> Iterator[str]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "petdesk.sandbox.server",
            "--port",
            "0",
            "--db",
            ":memory:",
            "--quiet",
            "--no-rate-limit",
            "--api-key",
            API_KEY,
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=str(ROOT),
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+/v1)", line)
        if not match:
            raise RuntimeError(f"sandbox did not start: {line!r}")
        yield match.group(1)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


def loopback_rps(runs: int, requests_per_run: int, warmup: int = 50) -> dict[str, Any]:
    with (
        _sandbox_process() as base_url,
        httpx.Client(headers={"Authorization": f"Bearer {API_KEY}"}, timeout=15) as client,
    ):
        url = f"{base_url}/pets?limit=100"
        for _ in range(warmup):
            assert len(client.get(url).json()) == 100
        rps: list[float] = []
        latencies: list[float] = []
        for _ in range(runs):
            started = time.perf_counter()
            for _ in range(requests_per_run):
                t = time.perf_counter()
                response = client.get(url)
                latencies.append(time.perf_counter() - t)
                if response.status_code != 200:
                    raise RuntimeError(f"unexpected {response.status_code}")
            rps.append(requests_per_run / (time.perf_counter() - started))
    return {
        "loopback_rps_median": statistics.median(rps),
        "loopback_rps_runs": [round(x, 1) for x in rps],
        "loopback_latency_ms_median": statistics.median(latencies) * 1000,
        "loopback_requests_per_run": requests_per_run,
    }


def inprocess_cost(samples: int, warmup: int = 100) -> dict[str, Any]:
    from petdesk.sandbox import SandboxApp, SandboxConfig
    from petdesk.sandbox.inprocess import in_process_transport

    app = SandboxApp(SandboxConfig(api_keys=(API_KEY,), rate_limit_enabled=False))
    result: dict[str, Any] = {}
    try:
        with httpx.Client(
            transport=in_process_transport(app),
            base_url="http://127.0.0.1/v1",
            headers={"Authorization": f"Bearer {API_KEY}"},
        ) as client:
            for limit in (100, 1):
                for _ in range(warmup):
                    client.get("/pets", params={"limit": limit})
                times: list[float] = []
                for _ in range(samples):
                    t = time.perf_counter()
                    response = client.get("/pets", params={"limit": limit})
                    times.append(time.perf_counter() - t)
                    assert response.status_code == 200
                result[f"inprocess_us_median_limit{limit}"] = statistics.median(times) * 1e6

        environ = {
            "REQUEST_METHOD": "GET",
            "PATH_INFO": "/v1/pets",
            "QUERY_STRING": "limit=100",
            "HTTP_HOST": "127.0.0.1",
            "HTTP_AUTHORIZATION": f"Bearer {API_KEY}",
            "REMOTE_ADDR": "127.0.0.1",
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(b""),
        }

        def start_response(status: str, headers: list[tuple[str, str]]) -> None:
            return None

        times = []
        for i in range(samples + warmup):
            t = time.perf_counter()
            app(environ, start_response)
            if i >= warmup:
                times.append(time.perf_counter() - t)
        result["wsgi_app_only_us_median_limit100"] = statistics.median(times) * 1e6
    finally:
        app.store.close()
    result["inprocess_samples"] = samples
    return result


def bench_sandbox(quick: bool) -> dict[str, Any]:
    """Run both measurements; ``quick`` uses fewer runs and samples."""
    runs, per_run, samples = (3, 300, 300) if quick else (7, 1000, 2000)
    figures: dict[str, Any] = {}
    figures.update(loopback_rps(runs, per_run))
    figures.update(inprocess_cost(samples))
    figures["machine"] = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "platform": platform.platform(),
        "httpx": httpx.__version__,
    }
    figures["quick"] = quick
    return figures


if __name__ == "__main__":
    print(json.dumps(bench_sandbox("--quick" in sys.argv), indent=2))
