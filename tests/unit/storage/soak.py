"""The outbox soak, Qt-free: adds through the store and the sender against the real
sandbox with faults, the "app" process killed with SIGKILL every N adds and restarted.
At the end the sandbox must hold exactly one new pet per add.

Short form in the suite (tests/unit/storage/test_soak_kill.py); long form by command:

    .venv/bin/python -m tests.unit.storage.soak --adds 500 --kill-every 50

The window's soak drives the same store and sender
through the UI once it is wired; this one proves the engine underneath it.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from petdesk.sandbox import FaultConfig, SandboxConfig
from petdesk.storage.db import open_store
from petdesk.storage.rows import OutboxState
from tests.helpers.sandbox_server import start_server
from tests.helpers.sandbox_store import every_pet
from tests.unit.storage.soak_app import soak_name

ROOT = Path(__file__).resolve().parents[3]
KEY = "soak-key-0123456789"

#: Faults that leave a create's outcome unknown, as FaultConfig fields. When the
#: sandbox gains "commit, then drop the connection", add its rate here (one line).
FAULTS: dict[str, float] = {"drop_connection_rate": 0.10}


@dataclass
class SoakResult:
    adds: int
    kills: int
    #: Adds found mid-send after a kill (their outcome had to be reconciled).
    interrupted: int
    created: int
    duplicates: int
    missing: int
    not_sent: int
    faults: dict[str, int]
    seconds: float

    @property
    def exact(self) -> bool:
        return self.created == self.adds and not self.duplicates and not self.missing \
            and not self.not_sent


def _run_child(store: Path, base_url: str, adds: int, kill_after: int | None,
               rng: random.Random, recovered: list[int]) -> bool:
    """Run the app until it prints "done" (True) or until it is killed (False)."""
    queued = 0
    # Kill on a line after the k-th add was queued, as the draw decides: "sending" (the
    # request is in flight; the server adds the pet after the app died), "step" (between
    # sends) or "queued" (before the add is marked as being sent).
    extra = rng.choice([0, 1, 1, 1, 2, 3])
    with subprocess.Popen(
            [sys.executable, "-m", "tests.unit.storage.soak_app", str(store), base_url, KEY,
             str(adds)], cwd=ROOT, text=True, stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)}) as child:
        assert child.stdout is not None
        for line in child.stdout:
            if line.startswith("done"):
                child.wait(timeout=60)
                return True
            if line.startswith("recovered"):
                recovered.append(int(line.split()[1]))
            queued += line.startswith("queued")
            if kill_after is not None and queued >= kill_after:
                if extra == 0:
                    child.kill()
                    child.wait(timeout=60)
                    return False
                extra -= 1
        child.wait(timeout=60)
        if child.returncode != 0:
            raise RuntimeError(f"the soak app failed with {child.returncode}")
    return True


def run_soak(adds: int, kill_every: int, *, seed: int = 1,
             faults: dict[str, float] | None = None, folder: Path | None = None,
             latency: float = 0.003) -> SoakResult:
    """``latency``: every request takes that long on the server (before it acts), so a
    kill usually lands while a request is in flight, and the server may still add the
    pet after the app died: the "committed, answer lost" case, made by real kills."""
    rng = random.Random(seed)
    started = time.perf_counter()
    config = SandboxConfig(api_keys=(KEY,), requests_per_window=1_000_000,
                           requests_per_day=10_000_000,
                           faults=FaultConfig(seed=seed, latency_seconds=latency,
                                              **(faults or FAULTS)))
    with tempfile.TemporaryDirectory(prefix="petdesk-soak-") as tmp, \
            start_server(config) as sandbox:
        store_file = (folder or Path(tmp)) / "store-production.sqlite3"
        before = sandbox.store.count()
        kills = 0
        recovered: list[int] = []
        while not _run_child(store_file, sandbox.base_url, adds, kill_every, rng, recovered):
            kills += 1
        pets = every_pet(sandbox.store)
        names = Counter(p.name for p in pets if p.name.startswith("Soak "))
        with open_store(store_file, "production").store as store:
            entries = store.entries(include_finished=True)
        injected: dict[str, Any] = {str(k): v for k, v in sandbox.app.faults.injected.items()}
        return SoakResult(
            adds=adds, kills=kills, interrupted=sum(recovered), created=len(pets) - before,
            duplicates=sum(n - 1 for n in names.values() if n > 1),
            missing=sum(1 for i in range(adds) if names[soak_name(i)] == 0),
            not_sent=sum(1 for e in entries if e.state is not OutboxState.SENT),
            faults=injected, seconds=time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--adds", type=int, default=500)
    parser.add_argument("--kill-every", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = run_soak(args.adds, args.kill_every, seed=args.seed)
    print(f"{result.adds} adds, {result.kills} kills (SIGKILL), {result.interrupted} "
          f"interrupted mid-send, faults injected "
          f"{result.faults}: {result.created} new pets, {result.duplicates} duplicates, "
          f"{result.missing} missing, {result.not_sent} not sent, {result.seconds:.1f} s")
    return 0 if result.exact else 1


if __name__ == "__main__":
    raise SystemExit(main())
