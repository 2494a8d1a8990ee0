"""``petdesk --self-test`` from source (the frozen bundle is checked by verify-linux.sh)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from petdesk.gui import selftest
from tests.helpers.secret_service import missing_tools, private_secret_service
from tests.packaging.conftest import ROOT

CHECK_NAMES = [name for name, _fn in selftest.CHECKS]


def test_report_line_format() -> None:
    assert selftest.CheckResult("qt-platform", "PASS", "offscreen").line() == (
        "PASS  qt-platform  offscreen"
    )
    assert selftest.CheckResult("tls", "FAIL", "x").line().startswith("FAIL  tls          x")


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "offscreen"),
        ({"DISPLAY": ":0"}, None),
        ({"WAYLAND_DISPLAY": "wayland-0"}, None),
        ({"QT_QPA_PLATFORM": "xcb"}, "xcb"),
    ],
)
@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="headless rule is X11/Wayland")
def test_headless_platform(environ: dict[str, str], expected: str | None) -> None:
    env = dict(environ)
    selftest._ensure_headless_platform(env)
    assert env.get("QT_QPA_PLATFORM") == expected


def test_a_failing_check_is_reported_not_raised() -> None:
    def broken() -> str:
        raise ValueError("boom")

    result = selftest._run_check("broken", broken)
    assert result.status == "FAIL"
    assert "ValueError: boom" in result.detail and "test_selftest.py" in result.detail


def _child_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "PETDESK_"))}
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_DATA_HOME=str(home / ".local/share"),
        XDG_CACHE_HOME=str(home / ".cache"),
        XDG_STATE_HOME=str(home / ".local/state"),
        XDG_RUNTIME_DIR=str(home / "run"),
    )
    (home / "run").mkdir(parents=True, mode=0o700)
    return env


def _run_self_test(env: dict[str, str], output: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # --output: how the windowed PetDesk.exe reports
        [sys.executable, "-m", "petdesk", "--self-test", "--output", str(output)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _lines(text: str) -> dict[str, str]:
    out = {}
    for line in text.splitlines():
        parts = line.split(None, 2)
        if len(parts) >= 2 and parts[0] in ("PASS", "WARN", "FAIL"):
            out[parts[1]] = line
    return out


def test_self_test_from_source_passes_and_touches_no_user_data(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = _child_env(home)
    result = _run_self_test(env, tmp_path / "report.txt")
    lines = _lines(result.stdout)
    assert list(lines) == CHECK_NAMES, result.stdout + result.stderr
    failed = [line for line in lines.values() if line.startswith("FAIL")]
    assert result.returncode == 0 and not failed, result.stdout + result.stderr
    # No Secret Service here (conftest: fail backend): reported, not a failure.
    assert lines["keyring"].startswith("WARN  keyring")
    assert (tmp_path / "report.txt").read_text(encoding="utf-8") == result.stdout
    # Throw-away database and settings only: nothing of PetDesk's in the user's folders.
    written = [p.relative_to(home).as_posix() for p in home.rglob("*") if p.is_file()]
    assert not [p for p in written if "petdesk" in p.lower()], written


def test_a_missing_platform_plugin_is_reported_not_fatal(tmp_path: Path) -> None:
    env = _child_env(tmp_path / "home")
    env["QT_QPA_PLATFORM"] = "nosuchplatform"  # QApplication would qFatal() on this
    result = _run_self_test(env, tmp_path / "report.txt")
    lines = _lines(result.stdout)
    assert list(lines) == CHECK_NAMES, result.stdout + result.stderr
    assert lines["qt-platform"].startswith(
        "FAIL  qt-platform  the Qt platform plugin 'nosuchplatform'"
    )
    assert lines["main-window"].startswith("FAIL  main-window  not run")
    assert lines["sandbox"].startswith("PASS")  # the Qt-free checks still run
    assert result.returncode == 1
    assert result.stdout.splitlines()[-1].startswith("FAILED:")


@pytest.mark.keyring_real
def test_self_test_finds_a_real_secret_service(tmp_path: Path) -> None:
    reason = missing_tools()
    if reason is not None:
        pytest.skip(reason)
    with private_secret_service(tmp_path / "ss") as service:
        env = _child_env(tmp_path / "home")
        env.pop("PYTHON_KEYRING_BACKEND", None)
        env["DBUS_SESSION_BUS_ADDRESS"] = service.address
        result = _run_self_test(env, tmp_path / "report.txt")
    lines = _lines(result.stdout)
    assert lines["keyring"] == "PASS  keyring      Secret Service", result.stdout + result.stderr
