"""What needs a process of its own: what importing the store loads, a kill -9 right
after an outbox write, and the API key never reaching the file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from petdesk.api import PetStoreClient, RequestPolicy
from petdesk.services.outbox.remote import ClientRemote, budget_for, pet_row
from petdesk.services.outbox.sender import OutboxSender
from petdesk.storage.lock import SenderLock
from petdesk.storage.rows import Draft, OutboxState, PetRow, StoredQuery
from petdesk.storage.sqlite.store import open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.store_helpers import mirror
from tests.helpers.stores import SandboxFactory

ROOT = Path(__file__).resolve().parents[3]


def _python(code: str) -> tuple[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=60, check=False)
    return done.stdout, done.stderr


def test_importing_the_store_loads_neither_httpx_nor_pydantic_nor_qt() -> None:
    code = (
        "import sys, json\n"
        "import petdesk.storage, petdesk.services.outbox.sender, petdesk.services.outbox.budget\n"
        "print(json.dumps([m for m in ('httpx', 'pydantic', 'PySide6', 'petdesk.api')"
        " if m in sys.modules]))\n"
    )
    out, err = _python(code)
    assert json.loads(out) == [], err


def test_painting_stored_rows_loads_neither_httpx_nor_pydantic(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    with open_store(path, "production").store as store:
        store.pages.save_page(StoredQuery(None, 20), [pet_row_of(i) for i in range(1, 21)],
                        next_url=None)
    code = (
        "import sys, json\n"
        "from pathlib import Path\n"
        "from petdesk.storage.sqlite.store import open_store\n"
        "from petdesk.storage.rows import StoredQuery\n"
        f"store = open_store(Path({str(path)!r}), 'production').store\n"
        "page = store.pages.stored_page(StoredQuery(None, 20))\n"
        "print(json.dumps([len(page.rows), [m for m in ('httpx', 'pydantic', 'PySide6')"
        " if m in sys.modules]]))\n"
    )
    out, err = _python(code)
    assert json.loads(out) == [20, []], err


def pet_row_of(i: int) -> PetRow:
    return PetRow(i, f"Pet {i}", 1, None)


_WRITER = """
import os, sys
from pathlib import Path
from petdesk.storage.sqlite.store import open_store
from petdesk.storage.rows import Draft
store = open_store(Path(sys.argv[1]), "production").store
for i in range(int(sys.argv[2])):
    entry = store.outbox.queue(Draft(f"Pet {i}", 1, None))
    print(entry.local_id, flush=True)
import time
time.sleep(60)
"""


@pytest.mark.parametrize("count", [1, 25])
def test_an_outbox_write_survives_kill_9_right_after_it_returns(tmp_path: Path,
                                                               count: int) -> None:
    path = tmp_path / "store.sqlite3"
    reported: list[int] = []
    with subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(path), str(count)], cwd=ROOT, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE) as child:
        assert child.stdout is not None
        for line in child.stdout:
            reported.append(int(line))
            if len(reported) == count:
                child.kill()  # at once (SIGKILL, TerminateProcess): the dialog would just close
                break
        child.wait(timeout=30)
    assert child.returncode == (1 if sys.platform == "win32" else -signal.SIGKILL)
    with open_store(path, "production").store as store:
        found = [e.local_id for e in store.outbox.entries()]
    assert found[: len(reported)] == reported
    assert len(reported) == count


def test_the_sender_lock_dies_with_its_process(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    holder = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from petdesk.storage.lock import SenderLock\n"
        f"lock = SenderLock(Path({str(path)!r}))\n"
        "print(lock.acquire(), flush=True)\n"
        "time.sleep(60)\n"
    )
    with subprocess.Popen([sys.executable, "-c", holder], cwd=ROOT, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)},
                          stdout=subprocess.PIPE) as child:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "True"
        mine = SenderLock(path)
        assert not mine.acquire()
        child.kill()
        child.wait(timeout=30)
    assert mine.acquire()
    mine.release()


def test_the_api_key_never_reaches_the_store(
        make_sandbox: SandboxFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    key = "SECRET-store-key-7b1e9c0d4a"
    monkeypatch.setenv("PETDESK_API_KEY", key)
    sandbox = make_sandbox(api_keys=(key,))
    path = tmp_path / "store.sqlite3"
    clock = FakeClock()
    with open_store(path, "production").store as store, \
            PetStoreClient(sandbox.base_url, key, policy=RequestPolicy()) as client:
        page = client.list_pets_page(100)
        store.pages.save_page(StoredQuery(None, 100), map(pet_row, page.pets),
                        next_url=page.next_url)
        more = client.fetch_page(page.next_url) if page.next_url else None
        if more is not None:
            store.pages.save_page(StoredQuery(None, 100), map(pet_row, more.pets),
                            next_url=more.next_url, append=True)
        store.pages.save_looked_up(pet_row(client.get_pet(3)))
        store.outbox.queue(Draft("Rex", 1, None))
        budget = budget_for(client, clock)
        OutboxSender(store, ClientRemote(client, budget), budget, clock).run(threading.Event())
        assert store.outbox.entries(include_finished=True)[0].state is OutboxState.SENT
        mirror(store, map(pet_row, page.pets))
        files = [p for p in tmp_path.iterdir() if p.name.startswith("store.sqlite3")]
        assert len(files) >= 2  # the database and its WAL, both searched
        for file in files:
            data = file.read_bytes()
            assert key.encode() not in data, file.name
            assert key.encode("utf-16-le") not in data, file.name
            assert b"Bearer" not in data, file.name
