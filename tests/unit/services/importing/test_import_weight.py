"""What importing the bulk-intake modules loads: the xlsx writer only when a file is
written. (That no service imports Qt is tests/unit/test_structure.py's check.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]


def test_only_the_writers_load_the_xlsx_library() -> None:
    code = ("import sys, petdesk.services.importing.session, "
            "petdesk.services.importing.report, petdesk.services.importing.eta; "
            "print('openpyxl' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "False"
