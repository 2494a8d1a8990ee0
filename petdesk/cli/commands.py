"""``petdesk import``, ``petdesk export`` and ``petdesk shared-store move``: bulk intake,
export and moving a desk to the shared store, without the window.

    petdesk import FILE [--demo] [--environment E] [--base-url URL] [--plan P] [options]
    petdesk export [--demo] [--environment E] [--base-url URL] [--status S] -o FILE
    petdesk shared-store move [--environment E] [--base-url URL] [--address A]

For scheduled jobs and support agents. They use what the window uses:

* the API key of the environment in the OS keyring (``PETDESK_API_KEY`` overrides it);
* the environment's local store and outbox (``petdesk.storage.paths.store_path``): an
  import is queued in the same outbox the window sends, so a run that is stopped
  (Ctrl+C, a closed laptop, kill -9) loses nothing, the window or the same command
  finishes it, and running the command again never adds a pet twice;
* the environment and service address saved by the window, read without Qt
  (:mod:`petdesk.storage.saved_settings`); ``--base-url`` overrides it, under the same rule
  (``petdesk.core.urls``). ``--demo`` uses the built-in sandbox and the demo store.

Progress goes to stderr, one line per pet; the exit status is 0 (all added), 1
(failed: unreadable file, no key, bad options, the shared store this desk uses cannot
be reached or stopped answering) or 3
(partly done: invalid or refused rows, or rows left queued by ``--no-wait``), 2 for a
usage error, 130 when stopped.
Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TextIO

from petdesk.api.client import PetStoreClient
from petdesk.core.clock import Clock, SystemClock
from petdesk.core.connection import DEFAULT_URLS
from petdesk.core.quota import key_fingerprint
from petdesk.core.statuses import PetStatus
from petdesk.core.store_trouble import StoreTrouble
from petdesk.core.urls import base_url_problem
from petdesk.sandbox.inprocess import (
    DEMO_API_KEY,
    DEMO_BASE_URL,
    in_process_transport,
    make_demo_app,
)
from petdesk.services.cards.categories import (
    CategoryFileError,
    JsonCategoryFile,
    categories_path,
)
from petdesk.services.cards.shared_names import bring_names
from petdesk.services.desk import this_desk
from petdesk.services.importing.eta import PLANS
from petdesk.services.importing.headless import (
    LONG_WAIT,
    ExitStatus,
    add_export_arguments,
    add_import_arguments,
    query_pages,
    run_export,
    run_import,
)
from petdesk.services.importing.outbox import (
    OutboxImportQueue,
    StoreMappingMemory,
    batch_for_file,
    earlier_import,
    import_budget_for,
    known_pets,
)
from petdesk.services.keys.keystore import KeyStore
from petdesk.services.outbox.remote import ClientRemote
from petdesk.services.outbox.sender import OutboxSender
from petdesk.services.shared.address import address_problem, server_of
from petdesk.services.shared.move import MoveBlocked, move_waiting_adds
from petdesk.services.shared.opening import SharedOpener, open_postgres
from petdesk.services.worker.shared_quota import StoreQuota
from petdesk.storage.paths import store_path
from petdesk.storage.repositories import BudgetRepository, Store
from petdesk.storage.rows import SharedStoreUnavailable
from petdesk.storage.saved_settings import ENVIRONMENTS, saved_connection, saved_shared_store
from petdesk.storage.sqlite.store import SqliteStore, open_store

USAGE_ERROR = 2
INTERRUPTED = 130
#: Why ``petdesk import`` does not run on a desk whose shared store cannot be reached.
NEEDS_SHARED_STORE = ("An import needs the shared store, because it keeps which rows of "
                      "each file the desks have added: run the same command again once "
                      "it answers.")


class CommandError(Exception):
    """Why the command cannot run (one sentence for stderr), and its exit status."""

    def __init__(self, message: str, status: int = ExitStatus.FAILED) -> None:
        super().__init__(message)
        self.status = status


def _add_connection_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--demo", action="store_true",
                        help="use the built-in sandbox with sample data (no server, no key)")
    parser.add_argument("--environment", choices=ENVIRONMENTS,
                        help="the environment (default: the one the window used last)")
    parser.add_argument("--base-url", metavar="URL",
                        help="service address (default: the one saved in PetDesk's "
                             "Settings for the environment)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="petdesk", description="Import pets from a spreadsheet, or export them, "
        "without opening the window.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    importing = commands.add_parser(
        "import", help="add the pets of a CSV, xlsx or ods file",
        description="Check every row of FILE, queue the valid ones in PetDesk's outbox "
        "and send them at the pace the plan allows. Exit status: 0 all added, 1 failed, "
        "3 partly done (see the report).")
    _add_connection_arguments(importing)
    add_import_arguments(importing)
    importing.add_argument("--plan", choices=sorted(PLANS),
                           help="your plan, for the time estimate until the service's "
                                "rate headers tell (default: free)")
    exporting = commands.add_parser(
        "export", help="write every pet (or those with a status) to CSV or xlsx",
        description="Write every pet of the service, following its pages at the pace "
        "the plan allows, to CSV (UTF-8 with BOM) or xlsx.")
    _add_connection_arguments(exporting)
    add_export_arguments(exporting)
    shared = commands.add_parser(
        "shared-store", help="move this computer's waiting adds to the shared store",
        description="move: queue every add waiting in this computer's outbox in the shared "
        "store's outbox, each exactly once (running it again moves nothing twice), and "
        "report what moved. The password is the one saved in File › Settings… › Shared store.")
    shared.add_argument("action", choices=("move",))
    shared.add_argument("--environment", choices=ENVIRONMENTS,
                        help="the environment (default: the one the window used last)")
    shared.add_argument("--base-url", metavar="URL",
                        help="service address whose data moves (default: the saved one)")
    shared.add_argument("--address", metavar="POSTGRESQL_URL",
                        help="the shared store's address (default: the one saved in "
                             "File › Settings… › Shared store)")
    return parser


@dataclass(frozen=True)
class Connection:
    environment: str
    base_url: str
    demo: bool

    @property
    def custom_address(self) -> str | None:
        """The address when it is not the environment's default (its store is its own)."""
        return None if self.demo or self.base_url == DEFAULT_URLS[self.environment] \
            else self.base_url


def resolve_connection(args: argparse.Namespace) -> Connection:
    if args.demo:
        return Connection("production", "", True)
    saved = saved_connection()
    environment = args.environment or saved.environment or "production"
    url = (args.base_url or saved.url(environment)).strip()
    problem = base_url_problem(url)
    if problem is not None:
        source = "--base-url" if args.base_url else "the saved service address"
        raise CommandError(f"{source}: {problem}", USAGE_ERROR)
    return Connection(environment, url, False)


def _api_key(environment: str) -> str:
    lookup = KeyStore().get(environment)
    if lookup.key is None:
        extra = f" ({lookup.problem})" if lookup.problem else ""
        raise CommandError(
            f"there is no API key for {environment}{extra}: save it in PetDesk "
            "(File › API key…), or set PETDESK_API_KEY.")
    return lookup.key


def make_client(connection: Connection, clock: Clock,
                budget: BudgetRepository | None = None) -> PetStoreClient:
    """The client of ``connection``; with ``budget`` (the environment's store), pacing
    itself by the key's quota shared with the window and every other desk of the store."""
    key = DEMO_API_KEY if connection.demo else _api_key(connection.environment)
    shared = None if budget is None else StoreQuota(lambda: budget, key_fingerprint(key))
    if connection.demo:
        return PetStoreClient(DEMO_BASE_URL, key, clock=clock, shared_quota=shared,
                              transport=in_process_transport(make_demo_app()))
    return PetStoreClient(connection.base_url, key, clock=clock, shared_quota=shared)


def open_outbox(connection: Connection, err: TextIO) -> SqliteStore:
    """The environment's store, as the window opens it; an import needs it on disk."""
    path = store_path(connection.environment, base_url=connection.custom_address,
                      demo=connection.demo)
    opened = open_store(path, "demo" if connection.demo else connection.environment,
                        desk=this_desk())
    if opened.problem is not None:
        err.write(f"petdesk: {opened.problem}\n")
    if not opened.store.durable:
        opened.store.close()
        raise CommandError("the pets could not be queued safely, so nothing was sent.")
    return opened.store


@contextmanager
def _session(connection: Connection, err: TextIO, clock: Clock,
             budget: BudgetRepository | None = None) -> Iterator[PetStoreClient]:
    with make_client(connection, clock, budget) as client:
        where = "the demo sandbox" if connection.demo else \
            f"{connection.environment} ({connection.base_url})"
        err.write(f"Using {where}\n")
        yield client


def open_import_store(connection: Connection, err: TextIO, clock: Clock, *,
                      opener: SharedOpener = open_postgres) -> Store:
    """The store an import queues into: the shared store when this desk uses one (every
    desk then sees the adds and any desk may send them), else this computer's store
    file. A desk set up for the shared store does not import while it cannot be
    reached: only the shared store knows which rows of the file any desk has queued or
    added, so queueing them here could add those pets twice."""
    address = "" if connection.demo else saved_shared_store()
    if not address:
        return open_outbox(connection, err)
    shared = opener(address, KeyStore().shared_password().key, connection.environment,
                    clock)
    if isinstance(shared, StoreTrouble):
        raise CommandError(f"nothing was queued or sent: {shared} {NEEDS_SHARED_STORE}")
    err.write(f"Using the shared store at {server_of(address)}\n")
    return shared


def import_command(args: argparse.Namespace, err: TextIO, clock: Clock) -> int:
    with ExitStack() as stack:
        connection = resolve_connection(args)
        store = open_import_store(connection, err, clock)
        stack.callback(store.close)
        client = stack.enter_context(_session(connection, err, clock, store.budget))
        try:
            batch: str | None = batch_for_file(args.file)
        except OSError:
            batch = None  # the import says why it cannot read the file
        budget = import_budget_for(client, clock)
        sender = OutboxSender(store, ClientRemote(client, budget, links=store.meta), budget,
                              clock)
        stack.callback(sender.close)
        queue = OutboxImportQueue(store.outbox, clock, drive=sender.step,
                                  reading=lambda: client.rate_limit,
                                  give_up_after=LONG_WAIT if args.no_wait else None)
        plan = PLANS[args.plan or "free"]
        return int(run_import(args, queue=queue, known=known_pets(store, batch), plan=plan,
                              err=err, now=lambda: datetime.fromtimestamp(clock.time(), UTC),
                              memory=StoreMappingMemory(store.meta),
                              earlier=earlier_import(store.outbox, batch) if batch else None))
    raise AssertionError("unreachable")  # pragma: no cover


def export_command(args: argparse.Namespace, err: TextIO, clock: Clock) -> int:
    with _session(resolve_connection(args), err, clock) as client:
        status = PetStatus(args.status) if args.status else None
        return int(run_export(args, query_pages(client, status), err))


def move_command(args: argparse.Namespace, err: TextIO, clock: Clock, *,
                 opener: SharedOpener = open_postgres) -> int:
    """``petdesk shared-store move``: this computer's waiting adds into the shared store."""
    args.demo = False
    connection = resolve_connection(args)
    address = (args.address or saved_shared_store()).strip()
    if not address:
        raise CommandError("no shared store is set up: give --address, or set it up in "
                           "PetDesk's File › Settings… › Shared store.", USAGE_ERROR)
    problem = address_problem(address)
    if problem is not None:
        raise CommandError(f"the shared store's address: {problem}", USAGE_ERROR)
    lookup = KeyStore().shared_password()
    shared = opener(address, lookup.key, connection.environment, clock)
    if isinstance(shared, StoreTrouble):
        raise CommandError(f"nothing was moved: {shared}")
    with ExitStack() as stack:
        stack.callback(shared.close)
        local = stack.enter_context(open_outbox(connection, err))
        try:
            report = move_waiting_adds(local, shared)
        except MoveBlocked as blocked:
            raise CommandError(f"nothing was moved: {blocked}; close PetDesk on this "
                               "computer and run the command again.") from None
        try:
            names = bring_names(shared.meta,
                                JsonCategoryFile(categories_path(connection.environment)))
        except CategoryFileError as error:
            err.write(f"petdesk: {error} The category names were not moved.\n")
            names = 0
    err.write(f"Moved {report.moved} waiting adds of {connection.environment} to the "
              f"shared store at {server_of(address)}.\n")
    if report.already_there:
        err.write(f"{report.already_there} had been moved by an earlier run.\n")
    if names:
        err.write(f"Added {names} category names of this computer to the shared store's.\n")
    if report.left_here:
        err.write(f"{report.left_here} stay on this computer: they may have reached the "
                  "service already, or their import is paused. PetDesk settles them here.\n")
    return int(ExitStatus.OK)


def main(argv: Sequence[str], *, err: TextIO | None = None, clock: Clock | None = None) -> int:
    """``petdesk import …`` / ``petdesk export …`` / ``petdesk shared-store move``
    (``argv`` without the program name)."""
    stream = err if err is not None else sys.stderr
    args = build_parser().parse_args(list(argv))
    command = {"import": import_command, "export": export_command,
               "shared-store": move_command}[args.command]
    try:
        return command(args, stream, clock or SystemClock())
    except CommandError as error:
        stream.write(f"petdesk {args.command}: {error}\n")
        return error.status
    except SharedStoreUnavailable as down:  # it stopped answering after it was opened
        stream.write(f"petdesk {args.command}: {down.trouble} Run the same command again "
                     "once it answers: nothing it queued or moved is done twice.\n")
        return int(ExitStatus.FAILED)
    except KeyboardInterrupt:
        if args.command == "import":
            stream.write("petdesk import: stopped. The pets not sent yet stay queued: run "
                         "the same command again, or open PetDesk, to send them.\n")
        else:
            stream.write("petdesk export: stopped; the file was not written.\n")
        return INTERRUPTED
