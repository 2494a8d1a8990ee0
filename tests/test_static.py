"""Static checks run with the suite, so CI enforces them: ruff (with C901 and
PLC0415), mypy --strict on all of petdesk/ (``[tool.mypy]``), and a dead-code check."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    found = BIN / name
    return str(found) if found.exists() else (shutil.which(name) or name)


def test_ruff_is_clean() -> None:
    result = subprocess.run([_tool("ruff"), "check", "--no-cache", "petdesk", "tests"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_all_of_petdesk() -> None:
    # The packages and --strict come from [tool.mypy] in pyproject.toml.
    result = subprocess.run(
        [_tool("mypy"), "--no-incremental", "--cache-dir", "/dev/null"],
        cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout


def test_no_dead_code_in_petdesk() -> None:
    """vulture over petdesk/ (a name only the tests use counts as used: they are its
    callers too) and the allowlist of names frameworks use."""
    result = subprocess.run(
        [_tool("vulture"), "petdesk", "tests", "--min-confidence", "60"],
        cwd=ROOT, capture_output=True, text=True)
    findings = [line for line in result.stdout.splitlines() if line.startswith("petdesk/")]
    assert findings == [], "\n".join(findings) + result.stderr
