"""``petdesk import`` and ``petdesk export``: bulk intake and export without the window.

    petdesk import FILE [--demo] [--environment E] [--base-url URL] [--plan P] [options]
    petdesk export [--demo] [--environment E] [--base-url URL] [--status S] -o FILE

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
(failed: unreadable file, no key, bad options) or 3 (partly done: invalid or refused
rows, or rows left queued by ``--no-wait``), 2 for a usage error, 130 when stopped.
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
from petdesk.core.urls import base_url_problem
from petdesk.sandbox.inprocess import (
    DEMO_API_KEY,
    DEMO_BASE_URL,
    in_process_transport,
    make_demo_app,
)
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
from petdesk.services.worker.shared_quota import StoreQuota
from petdesk.storage.paths import store_path
from petdesk.storage.repositories import BudgetRepository
from petdesk.storage.saved_settings import ENVIRONMENTS, saved_connection
from petdesk.storage.sqlite.store import SqliteStore, open_store

USAGE_ERROR = 2
INTERRUPTED = 130


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


def import_command(args: argparse.Namespace, err: TextIO, clock: Clock) -> int:
    with ExitStack() as stack:
        connection = resolve_connection(args)
        store = stack.enter_context(open_outbox(connection, err))
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


def main(argv: Sequence[str], *, err: TextIO | None = None, clock: Clock | None = None) -> int:
    """``petdesk import …`` / ``petdesk export …`` (``argv`` without the program name)."""
    stream = err if err is not None else sys.stderr
    args = build_parser().parse_args(list(argv))
    command = import_command if args.command == "import" else export_command
    try:
        return command(args, stream, clock or SystemClock())
    except CommandError as error:
        stream.write(f"petdesk {args.command}: {error}\n")
        return error.status
    except KeyboardInterrupt:
        if args.command == "import":
            stream.write("petdesk import: stopped. The pets not sent yet stay queued: run "
                         "the same command again, or open PetDesk, to send them.\n")
        else:
            stream.write("petdesk export: stopped; the file was not written.\n")
        return INTERRUPTED
