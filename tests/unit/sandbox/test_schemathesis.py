"""Schemathesis against a live ``petdesk-sandbox`` with ``resources/openapi.yaml``.

The schemathesis CLI runs in a child process (so pytest's warnings-as-errors
does not apply to schemathesis' own code), against ``petdesk-sandbox`` in
another child process. Every check (``--checks all``), every phase (examples,
coverage, fuzzing, stateful through the createPet -> getPet link), a fixed seed
and a bounded number of examples per operation keep it deterministic and well
under a minute. Any failure fails the test with schemathesis' report.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from tests.unit.sandbox.cli import SandboxProcess, schemathesis_command

ROOT = Path(__file__).resolve().parents[3]
OPENAPI = ROOT / "resources" / "openapi.yaml"
KEY = "schemathesis-key-0123456789"


def _run_schemathesis(base_url: str, cwd: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "120"}
    return subprocess.run(
        [
            *schemathesis_command(),
            "run",
            str(OPENAPI),
            "--url",
            base_url,
            "--header",
            f"Authorization: Bearer {KEY}",
            "--checks",
            "all",
            "--seed",
            "1",
            "--workers",
            "1",
            "--request-timeout",
            "10",
            *extra,
        ],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_schemathesis_reports_no_failures(tmp_path: Path) -> None:
    with SandboxProcess("--db", ":memory:", "--api-key", KEY, "--no-rate-limit") as sb:
        result = _run_schemathesis(sb.banner(), tmp_path, "--max-examples", "100")
        assert sb.stop() == 0
    report = result.stdout + result.stderr
    assert result.returncode == 0, report
    assert "No issues found" in report, report
    assert "4 selected / 4 total" in report, report
    assert "Tested: 4" in report, report


def test_schemathesis_with_429s_reports_no_failures(tmp_path: Path) -> None:
    """With a tiny quota most answers are 429 (and bans): they must match the
    description too (status codes, Error body, rate-limit headers, Retry-After).
    ``ignored_auth`` is left out here only: an unauthenticated request can get
    429 from the per-address quota before its 401."""
    args = ("--db", ":memory:", "--api-key", KEY, "--rpm", "20", "--window", "2")
    with SandboxProcess(*args, "--ban-seconds", "3") as sb:
        result = _run_schemathesis(
            sb.banner(), tmp_path, "--max-examples", "10", "--exclude-checks", "ignored_auth"
        )
        assert sb.stop() == 0
    report = result.stdout + result.stderr
    assert result.returncode == 0, report
    assert re.search(r"\d+ generated, \d+ passed", report), report
    assert "429" in report, report  # schemathesis noticed the rate limiting
