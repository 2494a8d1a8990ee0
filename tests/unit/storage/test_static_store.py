"""The store passes ``mypy --strict`` and ruff with the complexity and imports-at-top
rules the project is adopting (C901 at 10, PLC0415)."""

from __future__ import annotations

import subprocess

from tests.test_static import ROOT, _tool


def test_mypy_strict_on_the_store() -> None:
    result = subprocess.run(
        [_tool("mypy"), "--strict", "--no-incremental", "--cache-dir", "/dev/null",
         "petdesk/storage"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_with_complexity_and_top_level_imports() -> None:
    result = subprocess.run(
        [_tool("ruff"), "check", "--no-cache", "--extend-select", "C901,PLC0415",
         "--config", "lint.mccabe.max-complexity=10", "petdesk/storage", "tests/unit/storage"],
        cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
