"""A loopback sandbox in its own process, with faults injected on command (stdin).

    python tests/benchmarks/sandbox_child.py API_KEY

Prints ``URL <base url>``, then reads lines: ``storm N SECONDS`` makes the next N
requests 429 with ``Retry-After: SECONDS`` (answers ``ok``); ``counters`` prints
``counters requests=.. http_429=.. bans=.. early=..``; ``quit`` (or EOF) stops.
Its own process, so the server's work never competes with the measured GUI
thread for the GIL.
"""

from __future__ import annotations

import sys

from petdesk.sandbox import FaultKind, SandboxConfig
from tests.helpers.sandbox_server import start_server


def main() -> int:
    key = sys.argv[1]
    config = SandboxConfig(api_keys=(key,), requests_per_window=100_000,
                           requests_per_day=1_000_000)
    with start_server(config) as running:
        print(f"URL {running.base_url}", flush=True)
        for line in sys.stdin:
            words = line.split()
            if not words or words[0] == "quit":
                break
            if words[0] == "storm":
                running.app.faults.configure(retry_after_seconds=int(words[2]))
                running.app.faults.fail_next(FaultKind.RATE_LIMIT, int(words[1]))
                print("ok", flush=True)
            elif words[0] == "counters":
                c = running.app.counters(key)
                print(f"counters requests={c.requests} http_429={c.rate_limited} "
                      f"bans={c.bans} early={c.early_requests}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
