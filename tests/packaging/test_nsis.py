"""The NSIS installer script compiles (Debian's makensis -WX: warnings are errors) on a
stand-in payload, and does what IT expects of it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.packaging.conftest import ROOT

SCRIPT = ROOT / "packaging/windows/petdesk.nsi"
#: makensis -WX refuses an output named like "setup.exe" (Windows applies
#: compatibility shims to such names).
SETUP = "PetDesk-1.2.3-setup-x64.exe"

MAKENSIS = shutil.which("makensis")
pytestmark = pytest.mark.skipif(
    MAKENSIS is None, reason="makensis is not installed (apt-get install nsis; .ci/run does)"
)


def _payload(root: Path) -> Path:
    onedir = root / "PetDesk"
    (onedir / "_internal" / "PySide6").mkdir(parents=True)
    (onedir / "PetDesk.exe").write_bytes(b"MZ stand-in")
    (onedir / "petdesk-cli.exe").write_bytes(b"MZ stand-in")
    (onedir / "_internal" / "PySide6" / "Qt6Core.dll").write_bytes(b"MZ" + b"\0" * 4096)
    (onedir / "_internal" / "base_library.zip").write_bytes(b"PK\x05\x06" + b"\0" * 18)
    return onedir


def _compile(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    assert MAKENSIS is not None
    return subprocess.run(
        [
            MAKENSIS,
            "-WX",
            "-V2",
            "-DVERSION=1.2.3",
            "-DVERSION_QUAD=1.2.3.0",
            f"-DSOURCE_DIR={_payload(tmp_path)}",
            f"-DOUTFILE={tmp_path / SETUP}",
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
    setup = (tmp_path / SETUP).read_bytes()
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


def _script() -> str:
    return SCRIPT.read_text(encoding="utf-8")


def test_the_installer_is_64_bit_and_per_user_or_per_machine() -> None:
    script = _script()
    assert "Target amd64-unicode" in script  # a 32-bit stub installs nothing under wine64
    assert '!include "MultiUser.nsh"' in script
    assert "!define MULTIUSER_INSTALLMODE_COMMANDLINE" in script  # /AllUsers, /CurrentUser
    assert "!insertmacro MULTIUSER_PAGE_INSTALLMODE" in script
    assert "HKLM" not in script.split("Section")[1]  # SHCTX: the chosen mode's hive


def test_the_finish_page_starts_petdesk_through_the_shell() -> None:
    script = _script()
    assert "!define MUI_FINISHPAGE_RUN_FUNCTION StartUnelevated" in script
    start = script.split("Function StartUnelevated", 1)[1].split("FunctionEnd", 1)[0]
    assert 'Exec \'"$WINDIR\\explorer.exe" "$INSTDIR\\${APP_EXE}"\'' in start


def test_it_refuses_while_petdesk_runs_by_the_apps_own_mutex() -> None:
    from petdesk.core.running import MUTEX_NAME

    script = _script()
    assert f'!define APP_MUTEX "{MUTEX_NAME}"' in script
    for init in ("Function .onInit", "Function un.onInit"):
        body = script.split(init, 1)[1].split("FunctionEnd", 1)[0]
        assert "!insertmacro REFUSE_WHILE_RUNNING" in body
    assert "kernel32::OpenMutexW" in script


def test_the_licence_page_and_the_notices_in_the_install_folder() -> None:
    script = _script()
    assert '!insertmacro MUI_PAGE_LICENSE "${LICENSE_FILE}"' in script
    folder = SCRIPT.parent
    for name, target in (("LICENSE_FILE", "LICENSE.txt"),
                         ("NOTICES_FILE", "THIRD-PARTY-NOTICES.txt")):
        relative = script.split(f'!define {name} "', 1)[1].split('"', 1)[0]
        assert (folder / relative.replace("\\", "/")).resolve().is_file(), relative
        assert f'File "/oname={target}" "${{{name}}}"' in script
        assert f'Delete "$INSTDIR\\{target}"' in script
