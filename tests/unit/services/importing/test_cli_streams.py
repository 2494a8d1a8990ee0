"""The command line's output streams: UTF-8 on every OS, and no streams at all (the
windowed Windows build, ``PetDesk.exe``) is not a crash."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.unit.services.importing.cli_run import ROOT, cli_env, petdesk_command
from tests.unit.services.importing.files import write_csv

#: What a redirected stream of a Windows Python uses: the ANSI code page, with escapes
#: for what it cannot encode ("←" came out as "\u2190" in a scheduled import's log).
WINDOWS_REDIRECT = "cp1252:backslashreplace"

#: ``PetDesk.exe`` is built with console=False: Python starts it with no stdout/stderr.
NO_STREAMS = ("import sys; sys.stdout = None; sys.stderr = None; "
              "from petdesk.__main__ import main; sys.exit(main(sys.argv[1:]))")


def test_output_redirected_to_a_file_is_utf8(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "in.csv", [("name", "categoryId", "status"),
                                             ("Zoë", "1", "available"),
                                             ("Ed", "one", "available")])
    log = tmp_path / "import.log"
    env = {**cli_env(tmp_path, key=None), "PYTHONIOENCODING": WINDOWS_REDIRECT}
    with log.open("wb") as out:
        done = subprocess.run(petdesk_command("import", str(source), "--demo"), env=env,
                              cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, timeout=120,
                              check=False)
    assert done.returncode == 3  # one added, one refused (category "one")
    text = log.read_bytes().decode("utf-8")
    assert "Columns: Name ← “name”" in text
    assert "\\u2190" not in text


def run_without_streams(home: Path, *argv: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-c", NO_STREAMS, *argv],
                          env=cli_env(home, key=None), cwd=ROOT, capture_output=True,
                          timeout=120, check=False)


def test_the_windowed_build_runs_commands_without_streams(tmp_path: Path) -> None:
    target = tmp_path / "pets.csv"
    done = run_without_streams(tmp_path, "export", "--demo", "-o", str(target))
    assert done.returncode == 0, done.stderr
    assert target.read_text(encoding="utf-8-sig").startswith("ID,Name,Category ID,Status")
    assert run_without_streams(tmp_path, "--version").returncode == 0
    assert run_without_streams(tmp_path, "--help").returncode == 0
    refused = run_without_streams(tmp_path, "export", "-o", str(target),
                                  "--base-url", "https://127.0.0.1:9/v1")
    assert refused.returncode == 1  # no key: the command's own failure, not a traceback
    assert b"Traceback" not in refused.stdout + refused.stderr


def test_help_lists_the_commands(tmp_path: Path) -> None:
    done = subprocess.run(petdesk_command("--help"), env=cli_env(tmp_path), cwd=ROOT,
                          capture_output=True, timeout=60, check=False, encoding="utf-8")
    assert done.returncode == 0
    assert "  import FILE " in done.stdout
    assert "  export -o F " in done.stdout
    assert "petdesk-cli.exe" in done.stdout
