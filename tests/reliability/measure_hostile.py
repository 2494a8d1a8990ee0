"""The hostile-server figures, measured against hostile servers on 127.0.0.1.

Run: ``.venv/bin/python -m tests.reliability.measure_hostile`` (about 30 s).

* peak RSS growth of the whole process while the client meets a gzip bomb
  (1 MiB of gzip inflating to 1 GiB) and a 200 MB body: each in a fresh child
  process, ``ru_maxrss`` after everything is imported and the server is up, and
  again after the call (the bound: 64 MiB);
* Stop (``CancelToken.cancel()`` from another thread) during a body sent at
  1 byte/s: time from the cancel to the call's return (bound 0.5 s; the client
  promises 200 ms);
* a 5 s timeout against a 1 byte/s body: how long the call takes;
* a 1 MB ``Link`` header: time to find ``rel="next"`` in it (bound 50 ms).

Times are medians of several runs. Not a test: the numbers go into the report
and tests/benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import resource
import statistics
import subprocess
import sys
import threading
import time

import httpx

from petdesk.api import CancelToken, NewPet, PetStoreClient, PetStoreError, RequestPolicy
from petdesk.api.links import next_link
from tests.reliability.hostile import (
    HostileServer,
    gzip_bomb,
    gzip_reply,
    huge_body,
    pet_json,
    trickle,
)

KEY = "pk-measure-0123456789"
POLICY = RequestPolicy(max_retries=0)
PETS = json.dumps([pet_json(1), pet_json(2, "Mia")]).encode()


def _maxrss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def _rss_child(scenario: str) -> None:
    """In a child process: peak RSS growth of one call, printed as JSON."""
    bomb = gzip_bomb(1024 * 1024 * 1024) if scenario == "gzip" else b""
    behaviour = gzip_reply(bomb) if scenario == "gzip" else huge_body(200 * 1024 * 1024)
    with HostileServer(behaviour) as server:
        client = PetStoreClient(server.base_url, KEY, timeout=60, policy=POLICY)
        # Warm up the whole path (imports, first connection) with a good answer.
        server.behave()
        client.list_pets()
        server.script(behaviour)
        before = _maxrss_mib()
        try:
            client.list_pets()
            outcome = "accepted"
        except PetStoreError as exc:
            outcome = f"{type(exc).__name__}: {exc}"
        after = _maxrss_mib()
        client.close()
    print(json.dumps({"scenario": scenario, "gzip_bytes": len(bomb), "before_mib": before,
                      "after_mib": after, "growth_mib": after - before, "outcome": outcome}))


def rss(scenario: str) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-m", "tests.reliability.measure_hostile",
                          "--rss-child", scenario], capture_output=True, text=True, check=True,
                         timeout=300)
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def cancel_during_trickle(runs: int = 5) -> list[float]:
    """Seconds from cancel() to the call's return, body at 1 byte/s."""
    results = []
    with HostileServer(trickle(PETS, 1.0)) as server:
        for _ in range(runs):
            client = PetStoreClient(server.base_url, KEY, timeout=60, policy=POLICY)
            token = CancelToken()
            cancelled_at: list[float] = []

            def stop(tok: CancelToken = token, at: list[float] = cancelled_at) -> None:
                time.sleep(1.5)  # a byte or two has arrived: the body is being read
                at.append(time.monotonic())
                tok.cancel()

            thread = threading.Thread(target=stop)
            thread.start()
            with contextlib.suppress(PetStoreError):
                client.list_pets(cancel=token)
            results.append(time.monotonic() - cancelled_at[0])
            thread.join()
            client.close()
    return results


def post_cancel_outcome() -> str:
    with HostileServer(trickle(PETS, 1.0)) as server:
        client = PetStoreClient(server.base_url, KEY, timeout=60, policy=POLICY)
        token = CancelToken()
        threading.Timer(1.5, token.cancel).start()
        try:
            client.create_pet(NewPet(name="Rex", category_id=1), cancel=token)
            return "created"
        except PetStoreError as exc:
            return type(exc).__name__
        finally:
            client.close()


def timeout_against_trickle() -> float:
    with HostileServer(trickle(PETS * 10, 1.0)) as server:
        client = PetStoreClient(server.base_url, KEY, timeout=5.0, policy=POLICY)
        started = time.monotonic()
        with contextlib.suppress(PetStoreError):
            client.list_pets()
        elapsed = time.monotonic() - started
        client.close()
    return elapsed


def link_header(runs: int = 7) -> list[float]:
    header = ", ".join(f'<https://pets.example/v1/pets?cursor={i:08d}>; rel="item"'
                       for i in range(17_000))
    header = (header + ', <https://pets.example/v1/pets?cursor=next>; rel="next"')[-1_048_576:]
    request = httpx.Request("GET", "https://pets.example/v1/pets")
    times = []
    for _ in range(runs):
        response = httpx.Response(200, headers={"Link": header}, request=request)
        started = time.perf_counter()
        found = next_link(response)
        times.append(time.perf_counter() - started)
        assert found == "https://pets.example/v1/pets?cursor=next", found
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rss-child", choices=("gzip", "200mb"))
    args = parser.parse_args()
    if args.rss_child:
        _rss_child(args.rss_child)
        return
    for scenario in ("gzip", "200mb"):
        print(json.dumps(rss(scenario)))
    cancel = cancel_during_trickle()
    print(f"cancel during a 1 byte/s body: back after median {statistics.median(cancel) * 1000:.0f}"
          f" ms (max {max(cancel) * 1000:.0f} ms, {len(cancel)} runs)")
    print(f"POST stopped during a 1 byte/s answer: {post_cancel_outcome()}")
    print(f"5 s timeout, body at 1 byte/s: the call took {timeout_against_trickle():.2f} s")
    link = link_header()
    print(f"1 MB Link header: next link found in median {statistics.median(link) * 1000:.1f} ms"
          f" (max {max(link) * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
