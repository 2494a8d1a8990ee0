"""petdesk.services.importing is mypy --strict clean, and passes the complexity and
the project is adopting (ruff C901 at 10, PLC0415)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
BIN = Path(sys.executable).parent


def test_mypy_strict_on_bulk() -> None:
    result = subprocess.run(
        [str(BIN / "mypy"), "--strict", "--no-incremental", "--cache-dir", "/dev/null",
         "petdesk/services/importing"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_complexity_and_imports_at_top_on_bulk() -> None:
    result = subprocess.run(
        [str(BIN / "ruff"), "check", "--no-cache", "--extend-select", "C901,PLC0415",
         "--config", "lint.mccabe.max-complexity = 10", "petdesk/services/importing",
         "tests/unit/services/importing"],
        cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_bulk_imports_no_qt() -> None:
    code = ("import sys, petdesk.services.importing.headless, petdesk.services.importing.report; "
            "print(sorted(m for m in sys.modules if m.startswith('PySide6')))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_only_the_writers_load_the_xlsx_library() -> None:
    code = ("import sys, petdesk.services.importing.session, "
            "petdesk.services.importing.report, petdesk.services.importing.eta; "
            "print('openpyxl' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "False"
