"""What the worker runs: :class:`Job` (``fn`` on the worker thread, ``next_fn`` once on
the GUI thread), its :class:`Outcome`, the :class:`JobContext` a job's function gets,
and the :class:`Connection` the client is built for."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from petdesk.core.clock import Clock
from petdesk.core.connection import Connection
from petdesk.core.jobs import JobKind, Priority
from petdesk.services.keys.keys import KeyProvider

if TYPE_CHECKING:
    from petdesk.api import CancelToken, PetStoreClient, RequestListener, RequestPolicy
    from petdesk.services.shared.reach import SharedReach
    from petdesk.services.worker.session import WorkSession


class _RunnerLike(Protocol):
    """The worker thread's side, as a job sees it."""

    keys: KeyProvider
    connection: Connection

    def client(self) -> PetStoreClient: ...

    def temporary_client(self, api_key: str, connection: Connection) -> PetStoreClient: ...

    def set_connection(self, connection: Connection) -> None: ...

    def forget_client(self) -> None: ...

    def session(self) -> WorkSession: ...

    def rejoin_shared(self) -> WorkSession: ...

    def test_shared_store(self, address: str, password: str) -> SharedReach: ...

    def has_store(self) -> bool: ...


T = TypeVar("T")


class ClientFactory(Protocol):
    """Builds the client for a connection and key, on the worker thread. ``policy`` is
    the client's request policy (``None``: the default one, spec section 8)."""

    def __call__(self, connection: Connection, key: str, listener: RequestListener,
                 clock: Clock, *, policy: RequestPolicy | None = None) -> PetStoreClient: ...


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What a job ended with: a value or an exception (``RequestCancelled`` when stopped)."""

    value: T | None = None
    error: BaseException | None = None
    #: The job it is the outcome of.
    job: Job | None = field(default=None, compare=False, repr=False)

    @property
    def ok(self) -> bool:
        return self.error is None


Task = Callable[["JobContext"], Any]
Next = Callable[[Outcome[Any]], None]


@dataclass(eq=False)
class Job:
    """One unit of work; see :meth:`Worker.run_task`."""

    fn: Task
    next_fn: Next | None = None
    kind: JobKind = JobKind.OTHER
    priority: Priority = Priority.USER
    #: Shown in the status bar while the job runs ("Loading pets…").
    label: str = ""
    #: Jobs with the same (non-None) key are coalesced while one is queued or running.
    key: object = None
    #: Set on the replay of a job that failed with 401.
    replayed: bool = False
    #: Keeps what the user saw (a page for the next start): Stop and closing the window
    #: do not drop it while it waits, the thread runs it before it ends.
    keep_on_close: bool = False
    seq: int = 0
    token: CancelToken | None = field(default=None, repr=False)
    cancel_requested: bool = False
    outcome: Outcome[Any] | None = None

    def cancel(self) -> None:
        """Cancel this job, queued or running (any thread)."""
        self.cancel_requested = True
        token = self.token
        if token is not None:
            token.cancel()

    def replay(self) -> Job:
        """A fresh copy to run again (after a new key), marked as a replay."""
        return Job(self.fn, self.next_fn, self.kind, self.priority, self.label, self.key,
                   replayed=True, keep_on_close=self.keep_on_close)


class JobContext:
    """What a job's function gets: its cancel token, the client, the key store, the
    environment's store session."""

    def __init__(self, runner: _RunnerLike, job: Job, token: CancelToken) -> None:
        self._runner = runner
        self.job = job
        self.token = token

    @property
    def client(self) -> PetStoreClient:
        """The client for the current connection (built on first use)."""
        return self._runner.client()

    @property
    def connection(self) -> Connection:
        return self._runner.connection

    @property
    def session(self) -> WorkSession:
        """The current environment's store and its services (opened on first use; the
        worker closes it when the environment changes or the thread ends)."""
        return self._runner.session()

    def rejoin_shared(self) -> WorkSession:
        """The session, moved to the shared store if it was down and is back (this
        computer's waiting adds go with it)."""
        return self._runner.rejoin_shared()

    def test_shared_store(self, address: str, password: str) -> SharedReach:
        """Sign in to the shared store at ``address`` once (``password`` empty: the
        saved one); nothing is created there."""
        return self._runner.test_shared_store(address, password)

    def has_store(self) -> bool:
        """Whether the current environment has a store yet (looking creates none)."""
        return self._runner.has_store()

    @property
    def keys(self) -> KeyProvider:
        return self._runner.keys

    def temporary_client(self, api_key: str, connection: Connection) -> PetStoreClient:
        """A client for the key dialog's Test: another key, perhaps another address, and
        one attempt (no retries, no backoff). For the same address it keeps any
        announced wait of the current client. The caller closes it."""
        return self._runner.temporary_client(api_key, connection)

    def set_connection(self, connection: Connection) -> None:
        self._runner.set_connection(connection)

    def forget_client(self) -> None:
        """Drop the current client: the next job builds one with the stored key."""
        self._runner.forget_client()
