"""The shared store on a real PostgreSQL server: two desks (two stores on one database)
see each other's rows at once, one of them sends the outbox at a time (and a dead one
lets another take over), the environments do not mix, migrations run once, and the
password is in no message."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import traceback
from collections.abc import Iterator
from contextlib import ExitStack

import psycopg
import pytest
from psycopg import sql

from petdesk.core.desk import Desk
from petdesk.core.quota import QuotaFigures, key_fingerprint
from petdesk.core.statuses import PetStatus
from petdesk.core.store_trouble import StoreTrouble
from petdesk.services.catalogue.mirror import FillKind, MirrorFiller
from petdesk.services.outbox.budget import QuotaBudget
from petdesk.services.outbox.sender import OutboxSender, StepKind
from petdesk.storage.postgres.schema import CURRENT_VERSION, MIGRATIONS, migrate
from petdesk.storage.postgres.store import PostgresStore, open_shared_store
from petdesk.storage.rows import (
    UNKNOWN_DESK,
    AddWay,
    Draft,
    MirrorQuery,
    OutboxState,
    PetRow,
    SharedStoreUnavailable,
    StoredQuery,
)
from tests.helpers.api_fakes import FakeClock
from tests.helpers.mirror_fakes import FakeCatalogue
from tests.helpers.postgres import DESK_PASSWORD, PostgresServer
from tests.helpers.store_fakes import FakeService, Fault, Killed
from tests.helpers.stores import API_KEY

pytestmark = pytest.mark.postgres
FRONT = Desk("front-desk", "anna")
KENNELS = Desk("kennels-laptop", "ben")


@pytest.fixture
def desks(postgres_address: str, clock: FakeClock) -> Iterator[list[PostgresStore]]:
    """Two desks on one shared store, production environment."""
    with ExitStack() as stack:
        yield [stack.enter_context(open_shared_store(postgres_address, DESK_PASSWORD,
                                                     "production", clock=clock, desk=desk))
               for desk in (FRONT, KENNELS)]


def test_two_desks_see_each_others_rows_at_once(desks: list[PostgresStore]) -> None:
    front, kennels = desks
    entry = front.outbox.queue(Draft("Rex", 1, PetStatus.AVAILABLE), origin=None)
    assert [e.local_id for e in kennels.outbox.entries()] == [entry.local_id]
    assert kennels.outbox.pending_count() == 1
    query = StoredQuery(None, 20)
    kennels.pages.save_page(query, [PetRow(7, "Bella", 2, None)], next_url=None)
    stored = front.pages.stored_page(query)
    assert stored is not None and stored.rows == (PetRow(7, "Bella", 2, None),)
    front.outbox.mark_sending(entry.local_id)
    kennels.outbox.mark_sent(entry.local_id, 42)
    assert front.outbox.entry(entry.local_id).state is OutboxState.SENT
    assert front.catalogue.search(MirrorQuery("rex")) == [
        PetRow(42, "Rex", 1, PetStatus.AVAILABLE)]
    assert front.meta.newest_known_id() == 42


def test_every_desk_sees_who_typed_an_add_and_its_line_in_the_activity_log(
        desks: list[PostgresStore]) -> None:
    front, kennels = desks
    entry = front.outbox.queue(Draft("Rex", 1, None))
    assert kennels.outbox.entries()[0].desk == FRONT
    kennels.outbox.mark_sending(entry.local_id, AddWay.OUTBOX)
    kennels.outbox.mark_sent(entry.local_id, 42)
    lines = front.activity.entries()
    assert [(a.pet_id, a.name, a.desk, a.way) for a in lines] == [
        (42, "Rex", FRONT, AddWay.OUTBOX)]
    assert kennels.activity.count() == 1


def test_another_desk_sees_an_add_as_being_sent_before_its_request_leaves(
        desks: list[PostgresStore], clock: FakeClock) -> None:
    front, kennels = desks
    entry = front.outbox.queue(Draft("Rex", 1, None))
    seen: list[OutboxState] = []
    service = FakeService()

    def create(draft: Draft) -> object:
        seen.append(kennels.outbox.entry(entry.local_id).state)
        return FakeService.create(service, draft)

    service.create = create  # type: ignore[method-assign]
    sender = OutboxSender(front, service, QuotaBudget(clock, lambda: None), clock)
    sender.recover()
    sender.run(threading.Event())
    assert seen == [OutboxState.SENDING]
    assert kennels.outbox.entry(entry.local_id).state is OutboxState.SENT


@pytest.mark.parametrize("fault", [Fault.COMMIT_THEN_KILL, Fault.KILL_BEFORE])
def test_a_desk_killed_mid_send_leaves_the_rest_to_another_desk_each_add_once(
        desks: list[PostgresStore], clock: FakeClock, fault: Fault) -> None:
    front, kennels = desks
    service = FakeService(existing=3)
    service.create_faults.extend([None, None, fault])
    ids = [front.outbox.queue(Draft(f"Pet {i}", 1, None)).local_id for i in range(6)]
    dying = OutboxSender(front, service, QuotaBudget(clock, lambda: None), clock)
    other = OutboxSender(kennels, service, QuotaBudget(clock, lambda: None), clock)
    assert dying.recover() == 0 and other.recover() == 0
    assert other.step().kind is StepKind.OTHER_WINDOW
    with pytest.raises(Killed):
        dying.run(threading.Event())
    front.close()  # the desk's process ends: its connections close, its lock goes
    other.run(threading.Event())
    entries = [kennels.outbox.entry(i) for i in ids]
    assert [e.state for e in entries] == [OutboxState.SENT] * 6
    assert [service.count(f"Pet {i}") for i in range(6)] == [1] * 6
    assert len({e.pet_id for e in entries}) == 6


def test_an_entry_moved_on_by_one_desk_cannot_be_moved_again_by_another(
        desks: list[PostgresStore]) -> None:
    front, kennels = desks
    entry = front.outbox.queue(Draft("Rex", 1, None))
    front.outbox.mark_sending(entry.local_id)
    with pytest.raises(Exception, match="sending, not waiting"):
        kennels.outbox.mark_sending(entry.local_id)


def test_one_desk_at_a_time_holds_the_sender_lock(desks: list[PostgresStore]) -> None:
    front, kennels = desks
    assert front.sender_lock().acquire()
    assert front.sender_lock().held
    assert not kennels.sender_lock().acquire()
    front.sender_lock().release()
    assert kennels.sender_lock().acquire()
    assert not front.sender_lock().acquire()


def test_a_closed_desk_lets_another_send(desks: list[PostgresStore]) -> None:
    front, kennels = desks
    assert front.sender_lock().acquire()
    front.close()
    assert kennels.sender_lock().acquire()


def test_recovery_changes_nothing_while_another_desk_sends(
        desks: list[PostgresStore]) -> None:
    front, kennels = desks
    entry = front.outbox.queue(Draft("Rex", 1, None))
    assert front.sender_lock().acquire()
    front.outbox.mark_sending(entry.local_id)
    assert kennels.outbox.recover_interrupted() == 0
    assert not kennels.sender_lock().acquire()
    assert kennels.outbox.recover_interrupted() == 0
    assert kennels.outbox.entry(entry.local_id).state is OutboxState.SENDING


_DESK_THAT_DIES = """
import sys
from petdesk.storage.postgres.store import open_shared_store
from petdesk.storage.rows import Draft
from tests.helpers.api_fakes import FakeClock

store = open_shared_store(sys.argv[1], sys.stdin.readline().strip(), "production",
                          clock=FakeClock())
entry = store.outbox.queue(Draft("Rex", 1, None))
assert store.sender_lock().acquire()
store.outbox.mark_sending(entry.local_id)
print(entry.local_id, flush=True)
sys.stdin.readline()
"""


def test_a_killed_desk_frees_the_sender_lock_and_its_add_in_flight_is_checked(
        postgres_address: str, desks: list[PostgresStore],
        postgres_server: PostgresServer) -> None:
    _, kennels = desks
    child = subprocess.Popen([sys.executable, "-c", _DESK_THAT_DIES, postgres_address],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             cwd=os.getcwd())
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(DESK_PASSWORD + "\n")
    child.stdin.flush()
    local_id = int(child.stdout.readline())
    assert not kennels.sender_lock().acquire()
    assert kennels.outbox.entry(local_id).state is OutboxState.SENDING

    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    child.stdin.close()
    child.stdout.close()
    # The server ends the dead desk's session (and its lock) once it sees the
    # connection gone: wait for that on the server, not on a clock.
    key = kennels.sender_lock().key
    with postgres_server.admin() as admin:
        admin.execute("SET lock_timeout = '20s'")
        admin.execute("SELECT pg_advisory_lock(%s)", (key,))
        admin.execute("SELECT pg_advisory_unlock(%s)", (key,))
    assert kennels.sender_lock().acquire()
    assert kennels.outbox.recover_interrupted() == 1
    assert kennels.outbox.entry(local_id).state is OutboxState.OUTCOME_UNKNOWN


def test_the_environments_do_not_mix(postgres_address: str, clock: FakeClock) -> None:
    with open_shared_store(postgres_address, DESK_PASSWORD, "production", clock=clock) as prod, \
            open_shared_store(postgres_address, DESK_PASSWORD, "sandbox", clock=clock) as box:
        prod.outbox.queue(Draft("Rex", 1, None))
        prod.pages.save_page(StoredQuery(None, 20), [PetRow(5, "Rex", 1, None)],
                             next_url=None)
        prod.meta.set_fact("columns", "a")
        prod.meta.note_newest_id(900, verified=True)
        prod.pages.save_looked_up(PetRow(800, "Bella", 1, None))
        box.meta.set_fact("columns", "b")
        assert box.outbox.entries() == [] and box.outbox.pending_count() == 0
        assert box.pages.stored_page(StoredQuery(None, 20)) is None
        assert box.pages.looked_up(800) is None
        assert box.catalogue.count() == 0
        assert box.meta.newest_known_id() == 0 and not box.meta.newest_id_verified()
        assert (prod.meta.fact("columns"), box.meta.fact("columns")) == ("a", "b")
        # Each environment has its own sender.
        assert prod.sender_lock().acquire() and box.sender_lock().acquire()


def test_migrating_again_changes_nothing(postgres_address: str, clock: FakeClock) -> None:
    open_shared_store(postgres_address, DESK_PASSWORD, "production", clock=clock).close()
    with open_shared_store(postgres_address, DESK_PASSWORD, "production", clock=clock) as s:
        s.outbox.queue(Draft("Rex", 1, None))
    with psycopg.connect(postgres_address, password=DESK_PASSWORD, autocommit=True) as conn:
        assert migrate(conn) == CURRENT_VERSION
        assert conn.execute("SELECT version FROM schema_version").fetchall() == [
            (CURRENT_VERSION,)]
        assert conn.execute("SELECT COUNT(*) FROM outbox").fetchone() == (1,)


def test_a_store_of_an_older_petdesk_is_brought_up_to_date_with_its_rows(
        postgres_address: str, clock: FakeClock) -> None:
    with psycopg.connect(postgres_address, password=DESK_PASSWORD, autocommit=True) as conn:
        assert migrate(conn, MIGRATIONS[:1]) == 0
        conn.execute("INSERT INTO outbox (environment, name, category_id, created_at, state, "
                     "floor_id, updated_at) VALUES ('production', 'Rex', 1, 5, 'waiting', 0, 5)")
    with open_shared_store(postgres_address, DESK_PASSWORD, "production", clock=clock) as s:
        [entry] = s.outbox.entries()
        assert (entry.name, entry.desk) == ("Rex", UNKNOWN_DESK)
    with psycopg.connect(postgres_address, password=DESK_PASSWORD, autocommit=True) as conn:
        assert conn.execute("SELECT version FROM schema_version").fetchone() == (
            CURRENT_VERSION,)


def test_desks_opening_a_new_store_at_once_set_it_up_once(
        postgres_address: str, clock: FakeClock) -> None:
    start = threading.Barrier(4)
    opened: list[PostgresStore] = []
    failed: list[BaseException] = []

    def desk() -> None:
        start.wait()
        try:
            opened.append(open_shared_store(postgres_address, DESK_PASSWORD, "production",
                                            clock=clock))
        except BaseException as exc:  # reported below
            failed.append(exc)

    threads = [threading.Thread(target=desk) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert failed == [] and len(opened) == 4
    opened[0].outbox.queue(Draft("Rex", 1, None))
    assert [len(s.outbox.entries()) for s in opened] == [1, 1, 1, 1]
    for store in opened:
        store.close()


def test_a_store_of_a_newer_petdesk_is_not_touched(postgres_address: str,
                                                    clock: FakeClock) -> None:
    open_shared_store(postgres_address, DESK_PASSWORD, "production", clock=clock).close()
    with psycopg.connect(postgres_address, password=DESK_PASSWORD, autocommit=True) as conn:
        conn.execute("UPDATE schema_version SET version = 99")
    with pytest.raises(SharedStoreUnavailable) as caught:
        open_shared_store(postgres_address, DESK_PASSWORD, "production", clock=clock)
    assert caught.value.trouble is StoreTrouble.NEWER_SCHEMA
    assert str(caught.value) == ("The shared store was set up by a newer PetDesk. Update "
                                 "PetDesk on this computer to use it.")


def test_a_user_who_may_not_set_up_the_tables_is_told_so(
        postgres_server: PostgresServer, postgres_address: str, clock: FakeClock) -> None:
    database = postgres_address.rsplit("/", 1)[1].split("?")[0]
    with postgres_server.admin(database) as admin:  # the desk's role no longer owns it
        admin.execute(sql.SQL("ALTER DATABASE {} OWNER TO admin").format(
            sql.Identifier(database)))
        admin.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
    with pytest.raises(SharedStoreUnavailable) as caught:
        open_shared_store(postgres_address, DESK_PASSWORD, "production", clock=clock)
    assert caught.value.trouble is StoreTrouble.NOT_ALLOWED


def _everything_said(exc: BaseException) -> str:
    return "".join(traceback.format_exception(exc)) + repr(exc)


def test_a_refused_password_is_said_plainly_and_never_shown(
        postgres_address: str, clock: FakeClock) -> None:
    wrong = "Wrong-Secret-0451"
    with pytest.raises(SharedStoreUnavailable) as caught:
        open_shared_store(postgres_address, wrong, "production", clock=clock)
    assert caught.value.trouble is StoreTrouble.REFUSED
    assert str(caught.value) == ("The shared store refused PetDesk's sign-in. Check the user "
                                 "name in the address and the password.")
    assert wrong not in _everything_said(caught.value)
    assert caught.value.__context__ is None and caught.value.__cause__ is None


def test_the_password_is_in_no_repr(desks: list[PostgresStore]) -> None:
    front, _ = desks
    assert front.sender_lock().acquire()
    for thing in (front, front.sender_lock(), front.outbox, front.catalogue):
        assert DESK_PASSWORD not in repr(thing)


def test_an_address_with_a_password_in_it_is_refused(postgres_address: str,
                                                     clock: FakeClock) -> None:
    address = postgres_address.replace("desk@", "desk:Inline-Secret-77@")
    with pytest.raises(SharedStoreUnavailable) as caught:
        open_shared_store(address, None, "production", clock=clock)
    assert caught.value.trouble is StoreTrouble.ADDRESS_WITH_SIGN_IN
    assert "Inline-Secret-77" not in _everything_said(caught.value)


def test_an_unreachable_store_is_said_plainly(clock: FakeClock) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        with pytest.raises(SharedStoreUnavailable) as caught:
            open_shared_store(f"postgresql://desk@127.0.0.1:{port}/petdesk", DESK_PASSWORD,
                              "production", clock=clock)
    assert caught.value.trouble is StoreTrouble.UNREACHABLE
    assert str(caught.value).startswith("PetDesk cannot reach the shared store at this address.")


def test_the_address_s_tls_setting_is_honoured(postgres_address: str,
                                              clock: FakeClock) -> None:
    # The test server has no TLS: an address that requires it is not connected in clear.
    with pytest.raises(SharedStoreUnavailable) as caught:
        open_shared_store(postgres_address.replace("sslmode=disable", "sslmode=require"),
                          DESK_PASSWORD, "production", clock=clock)
    assert caught.value.trouble is StoreTrouble.UNREACHABLE


def test_a_store_whose_server_went_away_says_so(postgres_server: PostgresServer,
                                                desks: list[PostgresStore]) -> None:
    front, _ = desks
    pid = front.sender_lock().acquire() and front.sender_lock().holder_pid
    with postgres_server.admin() as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE usename = 'desk' AND pid != %s", (pid,))
    with pytest.raises(SharedStoreUnavailable) as caught:
        front.outbox.entries()
    assert caught.value.trouble is StoreTrouble.UNREACHABLE


def test_the_catalogue_is_filled_once_for_all_desks(desks: list[PostgresStore],
                                                    clock: FakeClock) -> None:
    service = FakeCatalogue(1_234)
    fillers = [MirrorFiller(desk, service, QuotaBudget(clock, lambda: None, lambda: 0.0),
                            clock) for desk in desks]
    for _ in range(100):
        kinds = [filler.step().kind for filler in fillers]
        if FillKind.DONE in kinds:
            break
    assert service.requests == 13  # one desk's fill: ceil(1,234 / 100)
    assert [desk.catalogue.count() for desk in desks] == [1_234, 1_234]


def test_the_key_never_reaches_the_shared_store(desks: list[PostgresStore],
                                               postgres_address: str) -> None:
    front, kennels = desks
    fingerprint = key_fingerprint(API_KEY)
    front.budget.observe(fingerprint, QuotaFigures(1_000.0, 60, 59, 1_060.0))
    seen = kennels.budget.current(fingerprint)
    assert seen is not None and seen.figures.remaining == 59
    with psycopg.connect(postgres_address, password=DESK_PASSWORD) as conn:
        written = repr(conn.execute("SELECT * FROM key_budget").fetchall())
    assert fingerprint in written and API_KEY not in written
