"""The outbox soak: adds through the window against a hostile sandbox, the
app killed with SIGKILL and restarted every 50 adds; at the end the server holds
exactly N new pets, none twice, none lost.

    python -m tests.reliability.outbox_soak [--adds 500] [--kill-every 50] [--seed 12]

* The sandbox is a child process (``petdesk-sandbox`` on 127.0.0.1, in-memory, rate
  limiting generous) with ``--fault-drop-after-commit-rate 0.2`` (the pet is created,
  then the connection is dropped before the answer) and ``--fault-drop-rate 0.1``
  (dropped before anything is done), on every request, reads included.
* PetDesk is a child process too (``--child``): the real main window (offscreen Qt, a
  key in memory, the data folder of the soak), driven through its action and its add
  form: Ctrl+N's action, the name and category typed, Add pet clicked, until the
  form closes (the add is then in the outbox, on disk). It prints ``ADDED <i>`` after
  each; the driver SIGKILLs it right after every ``--kill-every``-th add, whatever it
  is sending, and starts the next one, which carries on.
* When every add is made, a last PetDesk runs until its outbox is empty (``DRAINED``).
* Then the driver lists the service: each "Soak <run> <i>" must be there exactly once.

Prints one JSON object, exits 0 when it holds. The suite runs a short form
(``tests/reliability/test_outbox_soak_short.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

KEY = "pk-outbox-soak-Okapi-0123456789"
ROOT = Path(__file__).resolve().parents[2]


# -- the PetDesk child ---------------------------------------------------------------------


def _child(base_url: str, first: int, count: int, run: str, drain: bool) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QSettings, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from petdesk.api import PetStoreClient, RequestPolicy
    from petdesk.gui.main_window import MainWindow
    from petdesk.gui.outbox.controller import OutboxController
    from petdesk.gui.settings.settings import AppSettings, Environment
    from petdesk.services.keys.keystore import KeyStore, MemoryKeyring
    from tests.helpers import ui

    app = QApplication([])
    folder = Path(os.environ["XDG_CONFIG_HOME"])
    settings = AppSettings(QSettings(str(folder / "petdesk.ini"), QSettings.Format.IniFormat))
    backend = MemoryKeyring()
    backend.set_password("petdesk", "production", KEY)
    keys = KeyStore(backend, environ={}, timeout=2.0)
    policy = RequestPolicy(backoff_base=0.05, backoff_cap=0.5)

    def factory(connection: Any, key: str, listener: Any, clock: Any, *,
                shared_quota: Any = None) -> PetStoreClient:
        return PetStoreClient(base_url, key, timeout=5.0, listener=listener, policy=policy,
                              clock=clock, shared_quota=shared_quota)

    window = MainWindow(settings, keys, factory, environment=Environment.PRODUCTION,
                        base_url=base_url)
    window.show()

    def until(done: Any, seconds: float) -> bool:
        end = time.monotonic() + seconds
        while not done():
            if time.monotonic() > end:
                return False
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        return True

    for i in range(first, first + count):
        ui.action(window, "actionAddPet").trigger()
        if not until(lambda: ui.add_dialog(window) is not None, 30):
            print("STUCK opening the form", flush=True)
            return 1
        dialog = ui.add_dialog(window)
        QTest.keyClicks(dialog.nameEdit, f"Soak {run} {i}")
        QTest.keyClicks(dialog.categoryIdEdit, str(1 + i % 7))
        QTest.mouseClick(dialog.submitButton, Qt.MouseButton.LeftButton)
        if not until(lambda: ui.add_dialog(window) is None, 120):
            print(f"STUCK adding {i}: {dialog.formError.text()}", flush=True)
            return 1
        print(f"ADDED {i}", flush=True)
    if drain:
        outbox = ui.child(window, OutboxController)
        said = [0.0]

        def drained() -> bool:
            if time.monotonic() - said[0] > 5 and outbox.view is not None:
                said[0] = time.monotonic()
                states = Counter(e.state.value for e in outbox.view.entries)
                print(f"outbox: {outbox.pending} pending {dict(states)} "
                      f"{ui.status_bar(window).message}", file=sys.stderr, flush=True)
            return outbox.view is not None and outbox.pending == 0

        if not until(drained, 1800):
            print(f"STUCK draining: {outbox.pending} left", flush=True)
            return 1
        print("DRAINED", flush=True)
        window.close()
        until(lambda: False, 0.5)
        return 0
    until(lambda: False, 3600)  # killed by the driver
    return 0


# -- the driver ----------------------------------------------------------------------------


@dataclass
class SoakResult:
    adds: int
    kills: int = 0
    seconds: float = 0.0
    created: int = 0
    duplicates: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.duplicates or self.missing or self.problems) \
            and self.created == self.adds


def _sandbox(seed: int, after_commit: float, before: float) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "petdesk.sandbox.server", "--port", "0", "--db", ":memory:",
         "--quiet", "--api-key", KEY, "--fault-drop-after-commit-rate", str(after_commit),
         "--fault-drop-rate", str(before), "--fault-seed", str(seed)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=str(ROOT))
    assert proc.stdout is not None
    match = re.search(r"(http://\S+/v1)", proc.stdout.readline())
    if not match:
        proc.kill()
        raise RuntimeError("the sandbox did not start")
    return proc, match.group(1)


def _all_names(base_url: str) -> list[str]:
    """Every pet's name on the service (retrying pages the faults drop)."""
    from petdesk.api import PetStoreClient

    with PetStoreClient(base_url, KEY) as client:
        for _attempt in range(50):
            try:
                return [p.name for page in client.iter_pages(100) for p in page.pets]
            except Exception:
                continue
    raise RuntimeError("the service could not be listed")


def _app(base_url: str, env: dict[str, str], first: int, count: int, run: str,
         drain: bool) -> subprocess.Popen[str]:
    argv = [sys.executable, "-m", "tests.reliability.outbox_soak", "--child", base_url,
            "--first", str(first), "--count", str(count), "--run", run]
    if drain:
        argv.append("--drain")
    return subprocess.Popen(argv, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE if drain else subprocess.DEVNULL,
                            text=True, cwd=str(ROOT))


def soak(adds: int, kill_every: int, seed: int = 12, after_commit: float = 0.2,
         before: float = 0.1, max_seconds: float = 3600.0) -> SoakResult:
    result = SoakResult(adds)
    run = f"r{seed}"
    started = time.monotonic()
    server, base_url = _sandbox(seed, after_commit, before)
    try:
        with tempfile.TemporaryDirectory(prefix="petdesk-outbox-soak-") as home:
            env = dict(os.environ, HOME=home, XDG_DATA_HOME=f"{home}/data",
                       XDG_CONFIG_HOME=f"{home}/config", XDG_STATE_HOME=f"{home}/state",
                       XDG_CACHE_HOME=f"{home}/cache", QT_QPA_PLATFORM="offscreen",
                       PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring")
            env.pop("PETDESK_API_KEY", None)
            done = 0
            while done < adds:
                batch = min(kill_every, adds - done)
                child = _app(base_url, env, done, batch, run, drain=False)
                assert child.stdout is not None
                for line in child.stdout:
                    if line.startswith("ADDED"):
                        done += 1
                        if done % kill_every == 0 or done == adds:
                            break
                    elif line.startswith("STUCK"):
                        result.problems.append(line.strip())
                        break
                child.send_signal(signal.SIGKILL)
                child.wait()
                child.stdout.close()
                result.kills += 1
                if result.problems or time.monotonic() - started > max_seconds:
                    result.problems.append(f"stopped after {done} adds")
                    break
            if not result.problems:
                last = _app(base_url, env, 0, 0, run, drain=True)
                try:
                    out, err = last.communicate(timeout=max(60.0, max_seconds))
                except subprocess.TimeoutExpired:
                    last.kill()
                    out, err = last.communicate()
                if "DRAINED" not in out:
                    result.problems.append(f"not drained: {out[-500:]} {err[-1500:]}")
        names = Counter(n for n in _all_names(base_url) if n.startswith(f"Soak {run} "))
        result.created = sum(names.values())
        result.duplicates = sorted(n for n, c in names.items() if c > 1)
        result.missing = [f"Soak {run} {i}" for i in range(adds)
                          if names[f"Soak {run} {i}"] == 0]
    finally:
        server.terminate()
        server.wait(timeout=10)
        if server.stdout is not None:
            server.stdout.close()
        result.seconds = time.monotonic() - started
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--adds", type=int, default=500)
    parser.add_argument("--kill-every", type=int, default=50)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--max-seconds", type=float, default=3600.0)
    parser.add_argument("--child", metavar="BASE_URL")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--count", type=int, default=0)
    parser.add_argument("--run", default="r")
    parser.add_argument("--drain", action="store_true")
    args = parser.parse_args(argv)
    if args.child:
        return _child(args.child, args.first, args.count, args.run, args.drain)
    result = soak(args.adds, args.kill_every, args.seed, max_seconds=args.max_seconds)
    print(json.dumps({**asdict(result), "ok": result.ok}, indent=1))
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
