"""PetDesk's data folder: the platform's, or the one PETDESK_DATA_DIR names on every OS."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from petdesk.core.folders import DATA_DIR_ENV, data_dir, log_dir
from petdesk.sandbox.store import default_db_path
from petdesk.storage.paths import store_path


def test_the_platforms_folders_without_the_variable() -> None:
    assert data_dir({}) == Path(platformdirs.user_data_dir("PetDesk", appauthor=False))
    assert log_dir({}) == Path(platformdirs.user_log_dir("PetDesk", appauthor=False))
    assert data_dir({DATA_DIR_ENV: "  "}) == data_dir({})


def test_the_variable_names_one_folder_for_everything(tmp_path: Path) -> None:
    assert data_dir({DATA_DIR_ENV: str(tmp_path)}) == tmp_path
    assert log_dir({DATA_DIR_ENV: str(tmp_path)}) == tmp_path / "logs"


def test_the_stores_and_the_demo_database_follow_it(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    assert store_path("production") == tmp_path / "store-production.sqlite3"
    assert default_db_path() == tmp_path / "sandbox.sqlite3"


def test_a_child_process_writes_only_there(tmp_path: Path) -> None:
    """What isolates the tests' child processes on Windows, where XDG_* do nothing."""
    folder = tmp_path / "only here"
    source = tmp_path / "in.csv"
    source.write_text("name,categoryId\nRex,1\n", encoding="utf-8")
    code = ("import sys; from petdesk.cli.commands import main; "
            "sys.exit(main(['import', sys.argv[1], '--demo']))")
    env = {**os.environ, DATA_DIR_ENV: str(folder)}
    done = subprocess.run([sys.executable, "-c", code, str(source)], env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert (folder / "store-demo.sqlite3").is_file()
