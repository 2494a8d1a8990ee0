"""PetDesk's benchmark suite: seven figures, each against a baseline measured in the same run.

    .venv/bin/python tests/benchmarks/run.py [--quick] [--json PATH] [--markdown PATH]
                                             [--only KEY ...]

Prints the machine and a table (figure, PetDesk, baseline, ratio, goal, met?) and
writes the same as JSON (``--json``) and Markdown (``--markdown``; the committed
``tests/benchmarks/RESULTS.md`` is made this way). Every value is a median of
repeated runs (see each module). ``--quick`` runs fewer repetitions (under three
minutes); the full run takes about five. Not part of the test suite (pytest does
not collect ``tests/benchmarks``).

Each group runs in its own Python process (``--child``), with offscreen Qt and a
throw-away HOME, so no group inherits another's imports, threads or memory.

Figures: S1 first paint, S2 the last session's rows painted, S3 fresh rows painted
(against the bare window and the stock floors F4 and F5 of ``bench_floors.py``, in the
same group), 3 GUI stalls, 4 rate-limit efficiency, 5 table scale, 6 memory,
7 client overhead.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from common import ROOT, machine, private_home  # noqa: E402

#: (group module, what it measures), in the order they run.
GROUPS = (
    ("bench_client", "7"),
    ("bench_startup", "first paint, stored rows, fresh rows, memory"),
    ("bench_table", "5"),
    ("bench_stalls", "3"),
    ("bench_ratelimit", "4"),
    ("bench_sandbox", "sandbox"),
    ("bench_import", "import pacing"),
    ("bench_import_window", "import through the window"),
    ("bench_bulk", "preview and export"),
    ("bench_mirror", "M1-M5"),
    ("bench_offline", "O3"),
    ("bench_desks", "D1-D2"),
    ("bench_floors", "floors F1-F7"),
)
ANALYSIS = HERE / "analysis.md"
ORDER = ("first_paint", "stored_rows", "fresh_rows", "stalls_max", "stalls_p99",
         "rate_limit_efficiency", "table_append", "table_sort", "table_filter",
         "table_memory", "memory", "client_overhead")


def _child(module: str, quick: bool, out: str) -> int:
    mod = importlib.import_module(module)
    if module == "bench_sandbox":  # the sandbox's figures: a dict, kept as they are
        Path(out).write_text(json.dumps([{"sandbox": mod.bench_sandbox(quick)}]))
        sys.stdout.flush()
        os._exit(0)
    figures = mod.run(quick)
    if not isinstance(figures, list):
        figures = [figures]
    Path(out).write_text(json.dumps([f.as_dict() for f in figures]))
    sys.stdout.flush()
    os._exit(0)  # skip interpreter teardown (Qt objects, threads): results are written


def _run_group(module: str, quick: bool, env: dict[str, str]) -> tuple[list[dict[str, Any]], str]:
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as tmp:
        out = tmp.name
    argv = [sys.executable, str(Path(__file__).resolve()), "--child", module, "--out", out]
    if quick:
        argv.append("--quick")
    started = time.monotonic()
    proc = subprocess.run(argv, env=env, cwd=str(ROOT), capture_output=True, text=True,
                          timeout=900, check=False)
    took = time.monotonic() - started
    try:
        figures = json.loads(Path(out).read_text() or "[]")
    except (OSError, ValueError):
        figures = []
    finally:
        Path(out).unlink(missing_ok=True)
    if proc.returncode != 0 or not figures:
        tail = (proc.stderr or proc.stdout)[-3000:]
        raise RuntimeError(f"{module} failed (exit {proc.returncode}):\n{tail}")
    return figures, f"{took:.0f} s"


def _fmt(value: float | None, unit: str = "") -> str:
    if value is None:
        return "—"
    if unit == "s" or abs(value) >= 100:
        text = f"{value:,.1f}" if unit != "s" else f"{value:.2f}"
    else:
        text = f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"
    return f"{text} {unit}".strip()


def _met(met: bool | None) -> str:
    return "—" if met is None else ("yes" if met else "**no**")


def table_rows(figures: list[dict[str, Any]]) -> list[list[str]]:
    rows = []
    for f in figures:
        ratio = "—" if f["ratio"] is None else f"{f['ratio']:.3f}x"
        rows.append([f["title"], _fmt(f["petdesk"], f["unit"]), _fmt(f["baseline"], f["unit"]),
                     ratio, f["goal"], _met(f["met"])])
    return rows


HEADER = ["Figure", "PetDesk", "Baseline (same run)", "Ratio", "Goal", "Met?"]


def print_table(figures: list[dict[str, Any]]) -> None:
    rows = [HEADER, *table_rows(figures)]
    widths = [max(len(r[i].replace("**", "")) for r in rows) for i in range(len(HEADER))]
    for n, row in enumerate(rows):
        print("  ".join(cell.replace("**", "").ljust(w) for cell, w in zip(row, widths,
                                                                          strict=True)))
        if n == 0:
            print("  ".join("-" * w for w in widths))
    for f in figures:
        if f.get("note"):
            print(f"  · {f['title'].split(':')[0]}: {f['note']}")


def _sandbox_line(sandbox: dict[str, Any]) -> str:
    return (f"GET /v1/pets?limit=100 over loopback {sandbox['loopback_rps_median']:,.0f} req/s "
            f"(median of runs, rate limiting off); in-process transport "
            f"{sandbox['inprocess_us_median_limit100']:.0f} us per request "
            f"(WSGI app alone {sandbox['wsgi_app_only_us_median_limit100']:.0f} us)")


def markdown(results: dict[str, Any]) -> str:
    m = results["machine"]
    lines = [
        "# PetDesk benchmark results",
        "",
        f"Latest run: {results['finished']} · `{results['command']}` · "
        f"{results['duration_s']:.0f} s{' (--quick)' if results['quick'] else ''}.",
        "",
        "Machine: " + ", ".join(f"{k}: {v}" for k, v in m.items()) + ".",
        "",
        "Every figure is a median of repeated runs, compared against a baseline measured "
        "in the same run (the machine is shared: other jobs ran on its cores meanwhile). "
        "Definitions are in each `tests/benchmarks/bench_*.py` docstring; raw samples in "
        "`results.json`.",
        "",
        "| " + " | ".join(HEADER) + " |",
        "|" + "|".join("---" for _ in HEADER) + "|",
    ]
    lines += ["| " + " | ".join(row) + " |" for row in table_rows(results["figures"])]
    lines += ["", "Notes:", ""]
    lines += [f"- {f['title'].split(':')[0]}: {f['note']}" for f in results["figures"]
              if f.get("note")]
    if results.get("sandbox"):
        lines += [f"- Sandbox (`bench_sandbox.py`): {_sandbox_line(results['sandbox'])}"]
    if results.get("analysis"):
        lines += ["", "## Analysis", "", results["analysis"].strip()]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (< 3 min)")
    parser.add_argument("--json", metavar="PATH", help="write the results as JSON")
    parser.add_argument("--markdown", metavar="PATH", help="write the results as Markdown")
    parser.add_argument("--analysis", metavar="PATH",
                        help="Markdown appended under 'Analysis' (default: analysis.md here)")
    parser.add_argument("--only", nargs="+", metavar="GROUP",
                        help="run only these groups (e.g. bench_client)")
    parser.add_argument("--from-json", metavar="PATH",
                        help="run nothing: print and re-write --markdown from saved results")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return _child(args.child, args.quick, args.out)
    if args.from_json:
        saved = json.loads(Path(args.from_json).read_text())
        analysis = Path(args.analysis) if args.analysis else ANALYSIS
        if analysis.is_file():
            saved["analysis"] = analysis.read_text()
        print_table(saved["figures"])
        if args.json:
            Path(args.json).write_text(json.dumps(saved, indent=1) + "\n")
        if args.markdown:
            Path(args.markdown).write_text(markdown(saved))
        return 0

    started = time.monotonic()
    info = machine()
    print("PetDesk benchmarks" + (" (--quick)" if args.quick else ""))
    print("Machine: " + ", ".join(f"{k}: {v}" for k, v in info.items()))
    figures: list[dict[str, Any]] = []
    sandbox: dict[str, Any] = {}
    timings: dict[str, str] = {}
    with private_home() as env:
        for module, which in GROUPS:
            if args.only and module not in args.only:
                continue
            print(f"… figure {which} ({module})", flush=True)
            got, took = _run_group(module, args.quick, env)
            timings[module] = took
            if module == "bench_sandbox":
                sandbox = got[0]["sandbox"]
                continue
            figures += got
    figures.sort(key=lambda f: ORDER.index(f["key"]) if f["key"] in ORDER else 99)
    duration = time.monotonic() - started
    print()
    print_table(figures)
    if sandbox:
        print(f"\nSandbox: {_sandbox_line(sandbox)}")
    print(f"\nTotal {duration:.0f} s ({', '.join(f'{k} {v}' for k, v in timings.items())})")
    command = ".venv/bin/python tests/benchmarks/run.py" + (" --quick" if args.quick else "")
    results = {
        "command": command, "quick": args.quick,
        "finished": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "duration_s": duration, "group_seconds": timings, "machine": info,
        "figures": figures, "sandbox": sandbox,
    }
    analysis = Path(args.analysis) if args.analysis else ANALYSIS
    if analysis.is_file():
        results["analysis"] = analysis.read_text()
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")
    if args.markdown:
        Path(args.markdown).write_text(markdown(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
