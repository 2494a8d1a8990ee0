"""Where the window keeps its settings: unchanged on Linux by the organisation's
domain (which names them on macOS only), and on macOS the bundle id, so that a
configuration profile for the bundle id reaches them. The command line reads the
same place (petdesk/storage/saved_settings.py)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from petdesk.gui import app
from petdesk.storage import saved_settings

ROOT = Path(__file__).resolve().parents[3]

PRINT_SETTINGS_FILE = textwrap.dedent("""
    from petdesk.gui.app import create_application, default_settings
    application = create_application()
    print(default_settings().qsettings.fileName())
    print(application.organizationDomain())
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux path")
def test_the_settings_file_on_linux_is_where_it_was(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env.update(XDG_CONFIG_HOME=str(tmp_path / "config"), HOME=str(tmp_path),
               QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", PRINT_SETTINGS_FILE], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=True)
    file_name, domain = done.stdout.split()
    assert Path(file_name) == tmp_path / "config" / "PetDesk" / "PetDesk.conf"
    assert Path(file_name) == saved_settings.ini_path(env)  # what the command line reads
    assert domain == "petdesk.org"


def test_the_macos_settings_are_named_by_the_bundle_id() -> None:
    """Qt names macOS preferences by the reversed domain given as the organisation."""
    reversed_domain = ".".join(reversed(app.ORGANIZATION_DOMAIN.split(".")))
    assert f"{reversed_domain}.{app.APPLICATION}" == saved_settings.BUNDLE_ID
    spec = ast.parse((ROOT / "packaging" / "petdesk.spec").read_text(encoding="utf-8"))
    bundle_id = next(n.value for n in ast.walk(spec) if isinstance(n, ast.Assign)
                     and any(isinstance(t, ast.Name) and t.id == "BUNDLE_ID" for t in n.targets))
    assert isinstance(bundle_id, ast.Constant)
    assert bundle_id.value == saved_settings.BUNDLE_ID
    source = ast.unparse(ast.parse((ROOT / "petdesk" / "gui" / "app.py").read_text()))
    assert ("organization = ORGANIZATION_DOMAIN if sys.platform == 'darwin' else ORGANIZATION"
            in source)
