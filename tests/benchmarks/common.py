"""Shared helpers of the benchmark suite: statistics, the machine, child processes.

Nothing here is timed itself. Every figure compares PetDesk against a baseline
measured *in the same run* (the machine is shared and noisy: other jobs run on
its 2 cores), and reports medians of repeated runs.
"""

from __future__ import annotations

import contextlib
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BENCH_DIR = Path(__file__).resolve().parent
PYTHON = sys.executable


def median(values: Sequence[float]) -> float:
    return float(statistics.median(values)) if values else float("nan")


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100), nearest-rank on the sorted values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return float(ordered[rank])


def spread(values: Sequence[float]) -> dict[str, float]:
    """min / median / max of a sample (for the JSON, so noise is visible)."""
    if not values:
        return {}
    return {"n": len(values), "min": min(values), "median": median(values), "max": max(values)}


@dataclass
class Figure:
    """One row of the results table."""

    key: str
    title: str
    petdesk: float | None
    baseline: float | None
    unit: str
    goal: str
    met: bool | None
    #: PetDesk / baseline when both exist (the ratio the goal is about, if any).
    ratio: float | None = None
    #: Extra rows shown under the figure (name, value, unit) and raw samples.
    details: dict[str, Any] = field(default_factory=dict)
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "title": self.title,
            "petdesk": self.petdesk,
            "baseline": self.baseline,
            "unit": self.unit,
            "ratio": self.ratio,
            "goal": self.goal,
            "met": self.met,
            "note": self.note,
            "details": self.details,
        }


# -- the machine -------------------------------------------------------------------------


def _cpu_model() -> str:
    with contextlib.suppress(OSError):
        text = Path("/proc/cpuinfo").read_text()
        match = re.search(r"^model name\s*:\s*(.+)$", text, re.M)
        if match:
            return match.group(1).strip()
    return platform.processor() or platform.machine()


def machine() -> dict[str, Any]:
    """CPU, cores, RAM, OS, Python, Qt/PySide6 and library versions."""
    info: dict[str, Any] = {
        "cpu": _cpu_model(),
        "logical_cpus": os.cpu_count(),
        "os": platform.platform(),
        "python": platform.python_version() + " (" + platform.python_implementation() + ")",
    }
    with contextlib.suppress(Exception):
        import psutil

        info["physical_cores"] = psutil.cpu_count(logical=False)
        info["ram_gib"] = round(psutil.virtual_memory().total / 2**30, 1)
        info["load_avg_at_start"] = [round(x, 2) for x in os.getloadavg()]
    with contextlib.suppress(OSError):
        os_release = Path("/etc/os-release").read_text()
        match = re.search(r'^PRETTY_NAME="?([^"\n]+)"?$', os_release, re.M)
        if match:
            info["distribution"] = match.group(1)
    versions = subprocess.run(
        [PYTHON, "-c",
         "import PySide6, PySide6.QtCore as c, httpx, pydantic;"
         "from importlib.metadata import version;"
         "print(PySide6.__version__, c.qVersion(), httpx.__version__, pydantic.__version__,"
         " version('keyring'))"],
        capture_output=True, text=True, check=False,
    ).stdout.split()
    if len(versions) == 5:
        info["pyside6"], info["qt"], info["httpx"], info["pydantic"], info["keyring"] = versions
    else:
        info["versions"] = "unknown (version probe failed)"
    info["qpa_platform"] = "offscreen"
    return info


# -- child processes ---------------------------------------------------------------------


@contextlib.contextmanager
def private_home() -> Iterator[dict[str, str]]:
    """An environment for child processes: a throw-away HOME and XDG dirs (so the demo
    database, QSettings and logs never touch the developer's), offscreen Qt, no keyring."""
    with tempfile.TemporaryDirectory(prefix="petdesk-bench-home-") as home:
        env = dict(os.environ)
        for name, sub in {
            "HOME": "",
            "XDG_CONFIG_HOME": ".config",
            "XDG_DATA_HOME": ".local/share",
            "XDG_CACHE_HOME": ".cache",
            "XDG_STATE_HOME": ".local/state",
            "XDG_RUNTIME_DIR": "run",
        }.items():
            path = Path(home) / sub
            path.mkdir(parents=True, exist_ok=True, mode=0o700)
            env[name] = str(path)
        env["QT_QPA_PLATFORM"] = "offscreen"
        env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        env.pop("PETDESK_API_KEY", None)
        env.pop("PYTHONPROFILEIMPORTTIME", None)
        # Any non-empty value of PYTHONDONTWRITEBYTECODE (even "0") stops Python writing
        # bytecode: the warm-up runs must write it, as an installed app has it.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        yield env


_MARK = re.compile(r"^PETDESK_BENCH (\S+) ([0-9.]+)(?: (.*))?$")


@dataclass
class ChildRun:
    #: event name -> seconds from just before the process was started
    events: dict[str, float]
    #: event name -> the rest of its line (e.g. "rss=123456")
    extra: dict[str, str]
    wall: float
    returncode: int
    stderr: str


def run_marked_child(argv: Sequence[str], env: dict[str, str], timeout: float = 60.0) -> ChildRun:
    """Start ``argv`` and collect its ``PETDESK_BENCH <event> <monotonic> [extra]`` lines.

    The time of an event is the child's ``time.monotonic()`` when it happened minus the
    parent's ``time.monotonic()`` taken just before ``Popen``: CLOCK_MONOTONIC is
    system-wide, so this measures from process start (fork + exec + interpreter start
    included) to the event, without the pipe's delivery delay. The same method is
    used for PetDesk and for the bare window.
    """
    t0 = time.monotonic()
    proc = subprocess.Popen(
        list(argv), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        cwd=str(ROOT),
    )
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise RuntimeError(f"{argv[0]} did not finish in {timeout:.0f} s:\n{err[-2000:]}") from None
    wall = time.monotonic() - t0
    events: dict[str, float] = {}
    extra: dict[str, str] = {}
    for line in out.splitlines():
        match = _MARK.match(line.strip())
        if match and match.group(1) not in events:
            events[match.group(1)] = float(match.group(2)) - t0
            extra[match.group(1)] = match.group(3) or ""
    return ChildRun(events, extra, wall, proc.returncode, err)


def parse_extra(text: str) -> dict[str, float]:
    values = {}
    for part in text.split():
        name, _, value = part.partition("=")
        with contextlib.suppress(ValueError):
            values[name] = float(value)
    return values


@contextlib.contextmanager
def sandbox_process(*args: str, api_key: str = "bench-key-0123456789") -> Iterator[str]:
    """``petdesk-sandbox`` in its own process (so its work does not share our GIL);
    yields the base URL. ``args`` are extra command-line options."""
    proc = subprocess.Popen(
        [PYTHON, "-m", "petdesk.sandbox.server", "--port", "0", "--db", ":memory:", "--quiet",
         "--api-key", api_key, *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=str(ROOT),
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.search(r"(http://\S+/v1)", line)
        if not match:
            err = proc.stderr.read() if proc.stderr else ""
            raise RuntimeError(f"sandbox did not start: {line!r} {err}")
        yield match.group(1)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
