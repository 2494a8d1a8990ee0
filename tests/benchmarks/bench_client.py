"""Figure 7: client overhead.

``PetStoreClient.list_pets(limit=100)`` over loopback against a raw ``httpx.Client``
GET of the same URL plus ``json.loads`` of the body. Both clients keep their
connection alive; the sandbox runs in its own process with rate limiting off; calls
are interleaved (ABBA order, so neither side always goes first) and each side's
median per-call time is compared.
"""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from common import Figure, median, sandbox_process, spread

API_KEY = "bench-key-0123456789"
GOAL = 1.15


def measure(iterations: int, warmup: int = 50) -> dict[str, Any]:
    from petdesk.api import PetStoreClient

    with sandbox_process("--no-rate-limit", api_key=API_KEY) as base_url:
        url = f"{base_url}/pets?limit=100"
        raw = httpx.Client(headers={"Authorization": f"Bearer {API_KEY}",
                                    "Accept": "application/json"}, timeout=15.0)
        client = PetStoreClient(base_url, API_KEY)

        def petdesk_call() -> int:
            return len(client.list_pets(limit=100))

        def raw_call() -> int:
            response = raw.get(url)
            response.raise_for_status()
            return len(json.loads(response.content))

        try:
            for _ in range(warmup):
                assert petdesk_call() == 100
                assert raw_call() == 100
            ours: list[float] = []
            base: list[float] = []
            pc = time.perf_counter
            for i in range(iterations):
                order = (petdesk_call, raw_call) if i % 4 in (0, 3) else (raw_call, petdesk_call)
                for fn in order:
                    t = pc()
                    fn()
                    dt = pc() - t
                    (ours if fn is petdesk_call else base).append(dt)
        finally:
            client.close()
            raw.close()
    return {"petdesk_s": ours, "raw_s": base}


def run(quick: bool) -> Figure:
    iterations = 800 if quick else 3000
    samples = measure(iterations)
    ours, base = median(samples["petdesk_s"]), median(samples["raw_s"])
    ratio = ours / base
    return Figure(
        key="client_overhead",
        title="7. Client overhead: list_pets(limit=100) over loopback",
        petdesk=ours * 1000, baseline=base * 1000, unit="ms", ratio=ratio,
        goal=f"<= {GOAL:.2f}x raw httpx GET + json.loads", met=ratio <= GOAL,
        details={
            "iterations_per_side": iterations,
            "petdesk_ms": {k: v * 1000 if k != "n" else v
                           for k, v in spread(samples["petdesk_s"]).items()},
            "raw_ms": {k: v * 1000 if k != "n" else v for k, v in spread(samples["raw_s"]).items()},
            "extra_per_call_us": (ours - base) * 1e6,
        },
    )


if __name__ == "__main__":
    import sys

    fig = run("--quick" in sys.argv)
    print(json.dumps(fig.as_dict(), indent=2))
