"""Helpers for the packaging tests: the repository layout and ``packaging/`` on sys.path."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
for _path in (PACKAGING, PACKAGING / "linux"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))
