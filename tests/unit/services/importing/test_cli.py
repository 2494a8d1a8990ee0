"""The real ``petdesk import`` / ``petdesk export`` commands, run as child processes against
a sandbox on loopback, with files written by the libraries staff's programs use."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from petdesk.sandbox import SandboxConfig
from petdesk.services.desk import this_desk
from petdesk.services.importing.readers import open_table
from petdesk.storage.paths import store_path
from petdesk.storage.rows import AddWay, OutboxState
from petdesk.storage.saved_settings import ini_path, read_ini
from petdesk.storage.sqlite.store import open_store
from tests.helpers.sandbox_server import RunningSandbox, start_server
from tests.helpers.sandbox_store import every_pet
from tests.unit.services.importing.cli_run import KEY, ROOT, cli_env, run_petdesk
from tests.unit.services.importing.files import write_csv, write_ods, write_xlsx

SAMPLES = ROOT / "resources" / "samples"


@pytest.fixture
def sandbox() -> Iterator[RunningSandbox]:
    server = start_server(SandboxConfig(api_keys=(KEY,), requests_per_window=10_000,
                                        requests_per_day=100_000))
    yield server
    server.stop()


def _names(sandbox: RunningSandbox, prefix: str) -> Counter[str]:
    return Counter(p.name for p in every_pet(sandbox.store) if p.name.startswith(prefix))


def _rows(prefix: str, count: int) -> list[list[object]]:
    return [["Animal name", "Category", "Adoption status"],
            *([f"{prefix} {i}", 1 + i % 4, "Available"] for i in range(count))]


@pytest.mark.parametrize("kind", ["xlsx", "ods", "csv-utf16", "csv-1252-semicolon"])
def test_import_a_file_then_the_same_file_again(sandbox: RunningSandbox, tmp_path: Path,
                                                kind: str) -> None:
    rows = _rows("Cli", 12)
    source = {
        "xlsx": lambda: write_xlsx(tmp_path / "in.xlsx", rows),
        "ods": lambda: write_ods(tmp_path / "in.ods", rows),
        "csv-utf16": lambda: write_csv(tmp_path / "in.csv", rows, codec="utf-16-le",
                                       bom=b"\xff\xfe"),
        "csv-1252-semicolon": lambda: write_csv(tmp_path / "in.csv", rows, codec="cp1252",
                                                delimiter=";"),
    }[kind]()
    report = tmp_path / "report.xlsx"
    done = run_petdesk(tmp_path, "import", str(source), "--base-url", sandbox.base_url,
                       "--plan", "pro", "--report", str(report))
    assert done.returncode == 0, done.stderr
    assert f"Using production ({sandbox.base_url})" in done.stderr
    assert "Queued 12 pets (0 were already queued)." in done.stderr
    assert "12 of 12 · done" in done.stderr
    assert done.stderr.endswith("12 added\n")
    assert _names(sandbox, "Cli ") == Counter(f"Cli {i}" for i in range(12))
    ids = {p.name: p.id for p in every_pet(sandbox.store)}
    with open_table(report) as table:
        assert [(r.cells[1], r.cells[4], r.cells[5]) for r in table.rows()] == [
            (f"Cli {i}", "Added", str(ids[f"Cli {i}"])) for i in range(12)]
    again = run_petdesk(tmp_path, "import", str(source), "--base-url", sandbox.base_url)
    assert again.returncode == 0, again.stderr
    assert "Queued" not in again.stderr  # nothing to send: the rows were added before
    assert ("12 rows: 0 ready, 0 invalid, 0 possible duplicates, 12 already added by an "
            "earlier import of this file") in again.stderr
    assert again.stderr.endswith(", …), nothing sent\n")
    assert _names(sandbox, "Cli ") == Counter(f"Cli {i}" for i in range(12))


def test_the_sample_sheet_imports_with_its_problems_reported(
        sandbox: RunningSandbox, tmp_path: Path) -> None:
    report = tmp_path / "result.csv"
    done = run_petdesk(tmp_path, "import", str(SAMPLES / "intake-sample.xlsx"),
                       "--base-url", sandbox.base_url, "--report", str(report))
    assert done.returncode == 3, done.stderr  # partly: invalid rows and duplicates left out
    assert "30 rows: 24 ready, 4 invalid, 2 possible duplicates" in done.stderr
    assert "Row 16, Animal name (column A): Name must not be blank" in done.stderr
    assert done.stderr.endswith("24 added, 4 invalid, 2 skipped as possible duplicates\n")
    text = report.read_text(encoding="utf-8-sig")
    assert text.count(",Added,") == 24
    assert "Not sent: invalid" in text


def test_the_outbox_is_the_environments_store(sandbox: RunningSandbox, tmp_path: Path) -> None:
    source = write_csv(tmp_path / "in.csv", _rows("Store", 3))
    done = run_petdesk(tmp_path, "import", str(source), "--base-url", sandbox.base_url,
                       "--environment", "staging")
    assert done.returncode == 0, done.stderr
    path = store_path("staging", base_url=sandbox.base_url, folder=tmp_path / "data" / "PetDesk")
    with open_store(path, "staging").store as store:
        entries = store.outbox.entries(include_finished=True)
        lines = store.activity.entries()
    assert [(e.name, e.state) for e in entries] == [
        (f"Store {i}", OutboxState.SENT) for i in range(3)]
    assert all(e.origin and e.origin.startswith("import:") for e in entries)
    assert {e.desk for e in entries} == {this_desk()}  # the command's computer and user
    assert [(line.name, line.way) for line in lines] == [
        (f"Store {i}", AddWay.IMPORT) for i in reversed(range(3))]


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="the window's settings are an INI file on Linux only")
def test_the_address_saved_by_the_window_is_used(sandbox: RunningSandbox,
                                                 tmp_path: Path) -> None:
    config = ini_path(cli_env(tmp_path))
    settings = QSettings(str(config), QSettings.Format.IniFormat)
    settings.setValue("connection/staging_url", sandbox.base_url)
    settings.setValue("connection/environment", "staging")
    settings.setValue("connection/timeout", 15.0)
    settings.sync()
    del settings
    saved = read_ini(config)
    assert (saved.environment, saved.url("staging")) == ("staging", sandbox.base_url)
    source = write_csv(tmp_path / "in.csv", _rows("Saved", 2))
    done = run_petdesk(tmp_path, "import", str(source))
    assert done.returncode == 0, done.stderr
    assert f"Using staging ({sandbox.base_url})" in done.stderr
    assert _names(sandbox, "Saved ") == Counter({"Saved 0": 1, "Saved 1": 1})


def test_export_writes_every_pet_with_the_status(sandbox: RunningSandbox, tmp_path: Path) -> None:
    out = tmp_path / "pending.csv"
    done = run_petdesk(tmp_path, "export", "--base-url", sandbox.base_url,
                       "--status", "pending", "-o", str(out))
    assert done.returncode == 0, done.stderr
    expected = sandbox.store.count("pending")
    assert expected > 0
    assert done.stderr.endswith(f"Exported {expected:,} pets to {out}\n")
    data = out.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM, for Excel
    assert len(data.decode("utf-8-sig").splitlines()) == expected + 1


def test_the_day_quota_with_no_wait_leaves_the_rest_queued(tmp_path: Path) -> None:
    # The sandbox's day ends at 00:00 UTC by the real clock (the child cannot share a
    # fake one): next to midnight the wait is short and the run would not stop.
    now = datetime.now(UTC)
    if (24 * 3600 - (now.hour * 3600 + now.minute * 60 + now.second)) < 300:
        pytest.skip("too close to midnight UTC")
    server = start_server(SandboxConfig(api_keys=(KEY,), requests_per_window=1_000,
                                        requests_per_day=20))
    try:
        source = write_csv(tmp_path / "in.csv", _rows("Day", 25))
        done = run_petdesk(tmp_path, "import", str(source), "--base-url", server.base_url,
                           "--no-wait")
        assert done.returncode == 3, done.stderr
        sent = len(_names(server, "Day "))
        assert 0 < sent < 25
        assert (f"today's quota is used up: the other {25 - sent} wait for tomorrow, "
                "from 00:00 UTC") in done.stderr
        assert done.stderr.endswith(f"{sent} added, {25 - sent} waiting to send\n")
        assert server.app.counters(KEY).rate_limited == 0
    finally:
        server.stop()


@pytest.mark.slow
def test_offline_with_no_wait_leaves_everything_queued(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "in.csv", _rows("Offline", 3))
    done = run_petdesk(tmp_path, "import", str(source), "--base-url",
                       "http://127.0.0.1:9/v1", "--no-wait")  # nothing listens on port 9
    assert done.returncode == 3, done.stderr
    assert "0 of 3 · waiting until" in done.stderr
    assert done.stderr.endswith("3 waiting to send\n")
    path = store_path("production", base_url="http://127.0.0.1:9/v1",
                      folder=tmp_path / "data" / "PetDesk")
    with open_store(path, "production").store as store:
        assert store.outbox.pending_count() == 3


def test_the_demo_imports_into_the_built_in_sandbox(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "in.csv", _rows("Demo", 2))
    done = run_petdesk(tmp_path, "import", str(source), "--demo", key=None)
    assert done.returncode == 0, done.stderr
    assert "Using the demo sandbox" in done.stderr
    assert (tmp_path / "data" / "PetDesk" / "store-demo.sqlite3").is_file()


@pytest.mark.parametrize(("argv", "status", "message"), [
    (["import", "in.csv", "--base-url", "http://example.com/v1"], 2,
     "petdesk import: --base-url: The service address must use https://"),
    (["import", "missing.csv", "--base-url", "https://127.0.0.1:9/v1"], 1,
     "petdesk import: "),
    (["export", "-o", "x.csv", "--base-url", "https://127.0.0.1:9/v1"], 1,
     "petdesk export: there is no API key for production"),
])
def test_failures_say_why_with_their_exit_status(tmp_path: Path, argv: list[str], status: int,
                                                 message: str) -> None:
    write_csv(tmp_path / "in.csv", _rows("Bad", 1))
    argv = [str(tmp_path / a) if a.endswith(".csv") else a for a in argv]
    done = run_petdesk(tmp_path, *argv, key=None if argv[0] == "export" else KEY)
    assert done.returncode == status, done.stderr
    assert message in done.stderr
    assert KEY not in done.stderr + done.stdout


def test_the_usage_text() -> None:
    done = run_petdesk(Path("/nonexistent-home"), "import", "--help")
    assert done.returncode == 0
    assert "usage: petdesk import" in done.stdout
    assert "--no-wait" in done.stdout and "--base-url URL" in done.stdout


def test_a_mapping_given_once_is_remembered_for_the_layout(sandbox: RunningSandbox,
                                                           tmp_path: Path) -> None:
    first = write_csv(tmp_path / "a.csv", [["Called", "Kind"], ["Mapped 1", "dog"]])
    done = run_petdesk(tmp_path, "import", str(first), "--base-url", sandbox.base_url,
                       "--column", "name=Called", "--column", "categoryId=Kind",
                       "--category-name", "dog=4")
    assert done.returncode == 0, done.stderr
    second = write_csv(tmp_path / "b.csv", [["Called", "Kind"], ["Mapped 2", "dog"]])
    done = run_petdesk(tmp_path, "import", str(second), "--base-url", sandbox.base_url)
    assert done.returncode == 0, done.stderr
    assert {p.name: p.category_id for p in every_pet(sandbox.store)
            if p.name.startswith("Mapped")} == {"Mapped 1": 4, "Mapped 2": 4}
