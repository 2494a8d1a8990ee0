"""The multi-desk soak: five desks share one store and one API key; each imports its
share of the adds through ``petdesk import`` against a hostile sandbox at Free-plan
limits; desks are killed with SIGKILL and restarted at random; at the end the server
holds exactly N new pets, none twice, none lost, no ban, few 429s.

    python -m tests.reliability.desks_soak [--adds 1000] [--desks 5] [--seed 25]
        [--kill-mean 20] [--scale 60] [--store sqlite|postgres]

* The sandbox is a child process (``petdesk-sandbox`` on 127.0.0.1, in-memory) at the
  Free plan (60 requests a minute, 1,000 a day, a ban on the 3rd early request for
  300 s) on a clock ``--scale`` times faster: ``--window 60/scale --day 86400/scale
  --ban-seconds 300/scale`` (the sandbox's own options; 60 → a 1 s window and a 24 min
  day). It drops 20 % of connections after the commit (the pet is created, the answer
  lost) and 10 % before anything is done, on every request, reads included.
* A desk is the real command line, ``python -m petdesk import desk-<d>.csv`` with the
  key in ``PETDESK_API_KEY`` and the sandbox's address in ``--base-url``: it queues its
  rows in the outbox of the store and follows them to their end, sending the outbox
  (every desk's adds, in order) while it holds the store's sender lock. Every desk uses
  the same store: with ``--store sqlite`` one store file (the desks share the data
  folder, as desks on one machine or a shared folder would); with ``--store postgres``
  a PostgreSQL server the soak starts (initdb/pg_ctl in a temporary folder) and
  restarts once mid-run (``pg_ctl restart -m immediate``). The desks find it as
  ``petdesk import`` does on a desk set up for it: its address in the settings File ›
  Settings… › Shared store writes (the INI file in the desks' XDG_CONFIG_HOME, written
  with the window's own ``AppSettings``), its password in the keyring (keyring's
  ``PYTHON_KEYRING_BACKEND`` names a read-only test backend that holds only that
  password, tests/helpers/environment_keyring.py). The server is restarted once, at a
  random share of the adds (``restart_store_at``, drawn from the seed), whatever the
  desks are doing: a desk at work stops with the command's "cannot reach the shared
  store", and so does a desk starting while the server is down (an import needs the
  shared store, which keeps which rows of each file the desks have added; it queues
  nothing). Both are counted as ``store_outage_exits``, and the driver starts the desk
  again a little later, as its user would. A run that queued its rows without the
  shared store (``store_fallbacks``: it queued them and never said it used the shared
  store) could add again rows the shared store had added: any is a problem.
* Once the first add is on the server, the driver SIGKILLs a random running desk at
  random (exponential intervals of mean ``--kill-mean`` seconds) and starts it again,
  which runs the same import again: the outbox knows its rows, so nothing is queued
  twice. A desk that exits 0 has all its
  rows added and is not started again.
* At the end the driver lists the service: each "Desk <run> <i>" must be there exactly
  once. 429 answers are counted in the sandbox's request log and in each desk's own
  log (the client's "rate limited (429)" warning); bans in the desks' logs (the
  service's "temporarily banned" message, shown for long waits) and by the sandbox's
  rule: a ban takes a 429 and three more requests before its Retry-After, each a 429,
  so fewer than four 429s in all prove there was none.

Prints one JSON object, exits 0 when it holds. The suite runs a short form
(``tests/reliability/test_desks_soak_short.py``).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO

from petdesk.api import PetStoreClient, RequestPolicy
from petdesk.core.store_trouble import StoreTrouble

KEY = "pk-desks-soak-Quokka-0123456789"
ROOT = Path(__file__).resolve().parents[2]
STORES = ("sqlite", "postgres")
#: What ``petdesk import`` says when the shared store cannot be reached, as it starts
#: (then it queues nothing) or while it runs (then it stops); either exits 1.
STORE_DOWN = str(StoreTrouble.UNREACHABLE)
#: What it says once it works on the shared store.
ON_SHARED = "Using the shared store at "
#: What it says once it has queued its rows.
QUEUED = re.compile(r"^Queued [\d,]+ pets", re.MULTILINE)
#: A desk stopped by a store outage is started again this many seconds later.
OUTAGE_PAUSE = 1.0
_SANDBOX = "from petdesk.sandbox.server import main; raise SystemExit(main())"


@dataclass
class DesksSoakResult:
    adds: int
    desks: int
    store: str
    scale: int
    kills: int = 0
    store_restarts: int = 0
    seconds: float = 0.0
    created: int = 0
    duplicates: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    #: At the sandbox: every request answered (dropped ones are not logged), every 429.
    answered: int = 0
    sandbox_429s: int = 0
    #: Per desk, from its own log: 429 answers it received, bans it was told of.
    desk_429s: dict[str, int] = field(default_factory=dict)
    bans: int = 0
    #: A ban takes a 429 and then three requests before its Retry-After, each a 429:
    #: at most one ban per four 429s the sandbox sent.
    bans_at_most: int = 0
    #: Desk runs that stopped because the shared store could not be reached (its server
    #: restarting), at work or as they started; each desk is started again, as its user
    #: would.
    store_outage_exits: int = 0
    #: Desk runs that queued their rows on a store other than the shared one set up
    #: for them (this computer's): never, or rows could be added twice.
    store_fallbacks: int = 0
    #: The share of the adds created after which the store's server was restarted.
    restart_store_at: float = 0.0
    #: Runs of each desk (1 + the times it was killed and started again).
    desk_runs: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def hours(self) -> int:
        """Started hours of the run, on the wall clock (the stricter reading)."""
        return max(1, math.ceil(self.seconds / 3600))

    @property
    def ok(self) -> bool:
        return (not (self.duplicates or self.missing or self.problems)
                and self.created == self.adds and self.bans == 0 and self.bans_at_most == 0
                and max(self.desk_429s.values(), default=0) <= self.hours)


# -- the sandbox -----------------------------------------------------------------------------


def _die_with_parent() -> None:
    """In a child: SIGKILL when the soak dies first (Linux), so nothing is left behind."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def sandbox_argv(scale: int, seed: int, after_commit: float, before: float) -> list[str]:
    """The Free plan on a clock ``scale`` times faster, dropping connections."""
    if 60 % scale or 300 % scale:
        raise ValueError("--scale must divide 60 and 300: 1, 2, 3, 4, 5, 6, 10, 12, 15, 20, "
                         "30 or 60")
    return ["--plan", "free", "--window", str(60 // scale), "--day", str(86_400 // scale),
            "--ban-seconds", str(300 // scale), "--fault-drop-after-commit-rate",
            str(after_commit), "--fault-drop-rate", str(before), "--fault-seed", str(seed)]


@contextmanager
def sandbox(options: list[str], log: Path) -> Iterator[str]:
    """A ``petdesk-sandbox`` child logging its requests to ``log``; yields its address."""
    with log.open("w", encoding="utf-8") as err:
        proc = subprocess.Popen(
            [sys.executable, "-c", _SANDBOX, "--port", "0", "--db", ":memory:",
             "--api-key", KEY, *options],
            stdout=subprocess.PIPE, stderr=err, text=True, cwd=str(ROOT),
            preexec_fn=_die_with_parent)
        assert proc.stdout is not None
        try:
            match = re.search(r"(http://\S+/v1)", proc.stdout.readline())
            if not match:
                raise RuntimeError("the sandbox did not start")
            yield match.group(1)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            proc.stdout.close()


def sandbox_answers(log: Path) -> Counter[int]:
    """The status codes of the answers the sandbox logged (dropped ones are not)."""
    codes: Counter[int] = Counter()
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        match = re.search(r'" (\d{3}) ', line)
        if match:
            codes[int(match.group(1))] += 1
    return codes


def all_names(base_url: str, prefix: str) -> list[str]:
    """Every pet's name on the service starting with ``prefix`` (retrying the pages the
    faults drop; the listing is the soak's own, after the desks' work)."""
    policy = RequestPolicy(backoff_base=0.05, backoff_cap=0.5)
    with PetStoreClient(base_url, KEY, policy=policy) as client:
        for _attempt in range(200):
            try:
                return [p.name for page in client.iter_pages(100) for p in page.pets
                        if p.name.startswith(prefix)]
            except Exception:
                time.sleep(0.5)
    raise RuntimeError("the service could not be listed")


# -- the store -------------------------------------------------------------------------------


class SqliteShared:
    """One store file for every desk: the desks share the data folder."""

    name = "sqlite"

    def desk_env(self) -> dict[str, str]:
        return {}

    def restart(self) -> bool:
        return False  # an embedded store has no server to restart

    def opened(self, run_text: str) -> bool:
        return True  # the store file is the desks' store: nothing to fall back from


class PostgresShared:
    """A PostgreSQL server of the soak's own (tests/helpers/postgres.py), one database
    every desk uses as the desk role; restarted with ``pg_ctl restart -m immediate``
    (every connection cut, the server recovering from its log as after a crash).

    Each desk finds it where ``petdesk import`` looks: the address in the settings the
    window writes (File › Settings… › Shared store, saved in ``config``, the desks'
    XDG_CONFIG_HOME), the password in the keyring (a read-only test backend chosen by
    keyring's PYTHON_KEYRING_BACKEND, tests/helpers/environment_keyring.py)."""

    name = "postgres"

    def __init__(self, stack: ExitStack, config: Path) -> None:
        from tests.helpers import postgres
        from tests.helpers.shared_desk import shared_desk_env

        bindir = postgres.postgres_bindir()
        if bindir is None:
            raise SystemExit("--store postgres: PostgreSQL's server binaries are not "
                             "installed (apt-get install postgresql)")
        self._bindir = bindir
        self._server = postgres.start_server(bindir)
        stack.callback(postgres.stop, self._server, bindir)
        with self._server.admin() as conn:
            conn.execute(f"CREATE DATABASE desks OWNER {postgres.DESK_ROLE}")
        self._env = shared_desk_env(config, self._server.address("desks"),
                                    postgres.DESK_PASSWORD)

    def desk_env(self) -> dict[str, str]:
        return self._env

    def restart(self) -> bool:
        from tests.helpers import postgres

        postgres.restart(self._server, self._bindir)
        return True

    def opened(self, run_text: str) -> bool:
        """Whether a desk's run (its log) was on the shared store."""
        return ON_SHARED in run_text


def _shared_store(kind: str, stack: ExitStack, config: Path) -> SqliteShared | PostgresShared:
    return SqliteShared() if kind == "sqlite" else PostgresShared(stack, config)


# -- the desks -------------------------------------------------------------------------------


def write_share(path: Path, run: str, indices: list[int]) -> None:
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["name", "categoryId", "status"])
        for i in indices:
            writer.writerow([f"Desk {run} {i}", 1 + i % 7, "available"])


def desk_argv(csv_file: Path, base_url: str) -> list[str]:
    """The real command line; the store is the one the desk's settings name."""
    return [sys.executable, "-m", "petdesk", "import", str(csv_file),
            "--environment", "production", "--base-url", base_url]


class Desk:
    """One desk: ``petdesk import`` of its own file, again after every kill."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str], log: Path) -> None:
        self.name = name
        self._argv = argv
        self._env = env
        self._log_path = log
        self._log: IO[str] | None = None
        self.proc: subprocess.Popen[bytes] | None = None
        self.runs = 0
        self.done = False
        self.exits: list[int] = []

    def start(self) -> None:
        self._log = self._log_path.open("a", encoding="utf-8")
        self._log.write(f"--- run {self.runs + 1}\n")
        self._log.flush()
        self.proc = subprocess.Popen(self._argv, env=self._env, stdout=self._log,
                                     stderr=self._log, cwd=str(ROOT),
                                     preexec_fn=_die_with_parent)
        self.runs += 1

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self._closed()

    def finished(self) -> int | None:
        """The exit status when the run just ended (the desk is done on 0), else None."""
        if self.proc is None or self.proc.poll() is None:
            return None
        code = self.proc.returncode
        self.exits.append(code)
        self.done = code == 0
        self._closed()
        return code

    def _closed(self) -> None:
        self.proc = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def log_text(self) -> str:
        return self._log_path.read_text(encoding="utf-8", errors="replace")

    def last_run_text(self) -> str:
        return self.log_text().rpartition(f"--- run {self.runs}\n")[2]

    def run_texts(self) -> list[str]:
        """Every run's log, in order."""
        return re.split(r"^--- run \d+\n", self.log_text(), flags=re.MULTILINE)[1:]


def soak(adds: int, *, desks: int = 5, seed: int = 25, scale: int = 60,
         kill_mean: float = 20.0, max_kills: int | None = None, store: str = "sqlite",
         restart_store_at: float | None = None, after_commit: float = 0.2,
         before: float = 0.1, max_seconds: float = 7200.0,
         keep: Path | None = None) -> DesksSoakResult:
    """Run the soak; ``restart_store_at``: the share of adds created after which the
    store's server is restarted (once; ``None``: drawn between 0.2 and 0.8). ``keep``: a
    folder to keep the logs in."""
    result = DesksSoakResult(adds, desks, store, scale)
    rng = random.Random(seed)
    result.restart_store_at = round(rng.uniform(0.2, 0.8) if restart_store_at is None
                                    else restart_store_at, 3)
    run = f"r{seed}"
    started = time.monotonic()
    with ExitStack() as stack:
        home = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="petdesk-desks-")))
        logs = keep or home / "logs"
        logs.mkdir(parents=True, exist_ok=True)
        sandbox_log = logs / "sandbox.log"
        base_url = stack.enter_context(
            sandbox(sandbox_argv(scale, seed, after_commit, before), sandbox_log))
        shared = _shared_store(store, stack, home / "config")
        env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": f"{home}/data",
               "XDG_CONFIG_HOME": f"{home}/config", "XDG_STATE_HOME": f"{home}/state",
               "XDG_CACHE_HOME": f"{home}/cache", "PETDESK_API_KEY": KEY,
               "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
               **shared.desk_env()}
        team: list[Desk] = []
        for d in range(desks):
            share = home / f"desk-{d + 1}.csv"
            write_share(share, run, list(range(d, adds, desks)))
            team.append(Desk(f"desk-{d + 1}", desk_argv(share, base_url), env,
                             logs / f"desk-{d + 1}.log"))
        for desk in team:
            desk.start()
        restarted = False
        #: Desks stopped by the store's outage, and when to start each again.
        paused: dict[str, float] = {}
        next_kill = time.monotonic() + rng.expovariate(1 / kill_mean)
        last_count = (0, 0.0)
        while not all(desk.done for desk in team):
            time.sleep(0.2)
            now = time.monotonic()
            for desk in team:
                code = desk.finished()
                if code is not None and code != 0:
                    if STORE_DOWN in desk.last_run_text():
                        result.store_outage_exits += 1
                        paused[desk.name] = now + OUTAGE_PAUSE
                    else:
                        result.problems.append(f"{desk.name} exited {code}; started again")
                        desk.start()
                elif desk.name in paused and now >= paused[desk.name]:
                    del paused[desk.name]
                    desk.start()
            if len(result.problems) >= 20:
                result.problems.append("stopped: the desks keep failing")
                break
            if now - started > max_seconds:
                result.problems.append(f"stopped after {max_seconds:.0f} s")
                break
            last_count = _created_so_far(sandbox_log, last_count)
            created = last_count[0]
            if not restarted and created >= result.restart_store_at * adds:
                restarted = True
                result.store_restarts += shared.restart()
            running = [desk for desk in team if desk.running]
            if now >= next_kill and running and created > 0 \
                    and (max_kills is None or result.kills < max_kills):
                victim = rng.choice(running)
                victim.kill()
                result.kills += 1
                time.sleep(rng.uniform(0.0, 2.0))
                victim.start()
                next_kill = time.monotonic() + rng.expovariate(1 / kill_mean)
        for desk in team:
            if desk.running:
                desk.kill()
        result.seconds = round(time.monotonic() - started, 1)
        names = Counter(all_names(base_url, f"Desk {run} "))
        result.created = sum(names.values())
        result.duplicates = sorted(n for n, c in names.items() if c > 1)
        result.missing = [f"Desk {run} {i}" for i in range(adds) if names[f"Desk {run} {i}"] == 0]
        answers = sandbox_answers(sandbox_log)
        result.answered = sum(answers.values())
        result.sandbox_429s = answers[429]
        result.bans_at_most = answers[429] // 4
        for desk in team:
            text = desk.log_text()
            result.desk_429s[desk.name] = text.count("rate limited (429)")
            result.bans += text.count("temporarily banned")
            result.store_fallbacks += sum(
                1 for run_text in desk.run_texts()
                if QUEUED.search(run_text) and not shared.opened(run_text))
            result.desk_runs[desk.name] = desk.runs
        if result.store_fallbacks:
            result.problems.append(f"{result.store_fallbacks} runs queued their rows "
                                   "without the shared store")
    return result


def _created_so_far(log: Path, last: tuple[int, float]) -> tuple[int, float]:
    """The 201s the sandbox logged, and when they were counted (read again at most
    every 2 s; the log only grows)."""
    now = time.monotonic()
    if now - last[1] < 2.0:
        return last
    return sandbox_answers(log)[201], now


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--adds", type=int, default=1000)
    parser.add_argument("--desks", type=int, default=5)
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--scale", type=int, default=60,
                        help="how many times faster the sandbox's clock runs (60)")
    parser.add_argument("--kill-mean", type=float, default=20.0,
                        help="mean seconds between two kills (20)")
    parser.add_argument("--max-kills", type=int)
    parser.add_argument("--store", choices=STORES, default="sqlite")
    parser.add_argument("--max-seconds", type=float, default=7200.0)
    parser.add_argument("--keep-logs", type=Path, metavar="FOLDER")
    args = parser.parse_args(argv)
    result = soak(args.adds, desks=args.desks, seed=args.seed, scale=args.scale,
                  kill_mean=args.kill_mean, max_kills=args.max_kills, store=args.store,
                  max_seconds=args.max_seconds, keep=args.keep_logs)
    print(json.dumps({**asdict(result), "hours": result.hours, "ok": result.ok}, indent=1))
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
