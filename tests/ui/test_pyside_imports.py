"""petdesk.ui._pyside_imports: the cheap replacement of PySide6's per-import check gives
the same answer as the original for every module a PetDesk session loads."""

from __future__ import annotations

import json
import subprocess
import sys

CODE = """
import json, sys
import PySide6.QtCore
feature = sys.modules["PySide6.support.feature"]
original = feature._mod_uses_pyside
import petdesk.ui.app, petdesk.api, petdesk.sandbox.inprocess, petdesk.core.keystore
from petdesk.ui import _pyside_imports
assert feature._mod_uses_pyside is _pyside_imports.mod_uses_pyside
differ = [name for name, m in list(sys.modules.items()) if m is not None
          and original(m) != _pyside_imports.mod_uses_pyside(m)]
users = sorted(name for name, m in list(sys.modules.items()) if m is not None
               and _pyside_imports.mod_uses_pyside(m) and name.startswith("petdesk"))
print(json.dumps({"checked": len(sys.modules), "differ": differ, "users": users}))
"""


def test_same_answers_as_pysides_own_check() -> None:
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True,
                         check=True, env={"QT_QPA_PLATFORM": "offscreen"}).stdout
    result = json.loads(out.strip().splitlines()[-1])
    assert result["checked"] > 300
    assert result["differ"] == []
    assert "petdesk.ui.main_window" in result["users"]
    assert "petdesk.api.client" not in result["users"]
