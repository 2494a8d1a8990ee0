"""The NSIS installer script compiles (Debian's makensis) on a stand-in payload."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from .conftest import ROOT

MAKENSIS = shutil.which("makensis")
pytestmark = pytest.mark.skipif(
    MAKENSIS is None, reason="makensis is not installed (apt-get install nsis; .ci/run does)"
)


def _payload(root: Path) -> Path:
    onedir = root / "PetDesk"
    (onedir / "_internal" / "PySide6").mkdir(parents=True)
    (onedir / "PetDesk.exe").write_bytes(b"MZ stand-in")
    (onedir / "_internal" / "PySide6" / "Qt6Core.dll").write_bytes(b"MZ" + b"\0" * 4096)
    (onedir / "_internal" / "base_library.zip").write_bytes(b"PK\x05\x06" + b"\0" * 18)
    return onedir


def _compile(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    assert MAKENSIS is not None
    return subprocess.run(
        [
            MAKENSIS,
            "-V2",
            "-DVERSION=1.2.3",
            "-DVERSION_QUAD=1.2.3.0",
            f"-DSOURCE_DIR={_payload(tmp_path)}",
            f"-DOUTFILE={tmp_path / 'setup.exe'}",
            *extra,
            str(ROOT / "packaging/windows/petdesk.nsi"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_installer_compiles(tmp_path: Path) -> None:
    result = _compile(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    setup = (tmp_path / "setup.exe").read_bytes()
    assert setup[:2] == b"MZ"
    assert b"Nullsoft" in setup or b"NullsoftInst" in setup


def test_installer_compiles_with_the_app_icon(tmp_path: Path) -> None:
    import icons

    ico = icons.write_ico(icons.find_pngs(ROOT / "resources"), tmp_path / "petdesk.ico")
    result = _compile(tmp_path, f"-DICON={ico}")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_version_is_required(tmp_path: Path) -> None:
    assert MAKENSIS is not None
    result = subprocess.run(
        [
            MAKENSIS,
            "-V2",
            f"-DSOURCE_DIR={_payload(tmp_path)}",
            str(ROOT / "packaging/windows/petdesk.nsi"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "VERSION is not defined" in result.stdout + result.stderr
