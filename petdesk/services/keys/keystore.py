"""Where the API key lives: the OS keyring only, else this session's memory. Qt-free.

Rules:

* The key is stored only in the OS keyring (``keyring``; service ``"petdesk"``, one
  entry per environment, username = the environment name). Never in a file, a log
  line, an exception message, a ``repr`` or a ``str``. Never ``keyrings.alt``, never a
  plaintext fallback.
* ``PETDESK_API_KEY`` in the environment overrides the keyring and is never stored.
* When no keyring works (no backend, no Secret Service, locked, access denied, a
  backend that raises or hangs) the store says so in one plain sentence
  (:attr:`KeyStore.problem`, :attr:`KeyLookup.problem`) and keeps the key in memory
  for this session only.
* Every call into the keyring library runs on a helper *daemon* thread and is bounded
  by a timeout (5 s by default), so a hung keyring can neither hang the caller nor
  block interpreter exit. After one timeout the store stops using that backend for
  the rest of the session, and no other store starts a call on it while the hung
  call is still running: hung threads never pile up.
* Failures are logged (logger ``petdesk.keystore``) with the exception *type* only:
  keyring exceptions may carry the key in their arguments.

:class:`KeyStore` is meant to be used from one thread (the app's worker thread); its
methods block for at most the timeout. :attr:`KeyStore.problem` never touches the
keyring, so any thread may read it.
"""

from __future__ import annotations

import logging
import os
import threading
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, NoReturn, TypeVar

import keyring
import keyring.backend
import keyring.errors
from keyring.backends import chainer, fail, null

from petdesk.core.wording import QT_TRANSLATE_NOOP

__all__ = [
    "DEFAULT_TIMEOUT",
    "ENVIRONMENTS",
    "ENV_VAR",
    "SERVICE", "SHARED_STORE_SERVICE",
    "KeyLookup",
    "KeySource",
    "KeyStore",
    "MemoryKeyring",
    "describe_backend",
    "resolve_backend_report",
]

log = logging.getLogger("petdesk.keystore")

SERVICE = "petdesk"
SHARED_STORE_SERVICE = "petdesk-shared-store"  # the shared store's password, not the key
ENVIRONMENTS = ("production", "staging")
ENV_VAR = "PETDESK_API_KEY"
DEFAULT_TIMEOUT = 5.0

# Whole sentences, marked for translation: the window shows them in the user's
# language (petdesk.gui.common.localize), logs and the command line in English.
NO_KEYRING = QT_TRANSLATE_NOOP(
    "KeyStore", "No system keyring is available, so PetDesk keeps your API key in memory "
    "for this session only.")
LOCKED = QT_TRANSLATE_NOOP(
    "KeyStore", "Your keyring is locked, so PetDesk keeps your API key in memory for this "
    "session only.")
TIMED_OUT = QT_TRANSLATE_NOOP(
    "KeyStore", "The system keyring is not responding, so PetDesk keeps your API key in "
    "memory for this session only.")
DENIED = QT_TRANSLATE_NOOP(
    "KeyStore", "PetDesk was denied access to the system keyring, so PetDesk keeps your "
    "API key in memory for this session only.")
NOT_OPENED = QT_TRANSLATE_NOOP(
    "KeyStore", "The system keyring could not be opened, so PetDesk keeps your API key in "
    "memory for this session only.")
NOT_SAVED = QT_TRANSLATE_NOOP(
    "KeyStore", "The system keyring refused to save your API key, so PetDesk keeps your "
    "API key in memory for this session only.")
FAILED = QT_TRANSLATE_NOOP(
    "KeyStore", "The system keyring reported an error, so PetDesk keeps your API key in "
    "memory for this session only.")
ENV_OVERRIDE = QT_TRANSLATE_NOOP(
    "KeyStore", "{variable} is set, so PetDesk uses that key instead of the saved one."
).format(variable=ENV_VAR)
#: Two of these sentences in a row: a keyring problem, then the PETDESK_API_KEY note.
_BOTH = QT_TRANSLATE_NOOP("KeyStore", "{problem} {note}")
# Why a key is refused, shown after "This key cannot be used:".
EMPTY_KEY = QT_TRANSLATE_NOOP("KeyStore", "the API key is empty")
CONTROL_IN_KEY = QT_TRANSLATE_NOOP(
    "KeyStore", "the API key contains a line break or another control character")

T = TypeVar("T")


class KeySource(StrEnum):
    """Where a key came from (or, after :meth:`KeyStore.set`, where it went)."""

    KEYRING = "keyring"
    SESSION = "session"
    ENVIRONMENT = "environment"
    NONE = "none"


@dataclass(frozen=True)
class KeyLookup:
    """The answer of :meth:`KeyStore.get` / :meth:`KeyStore.set`.

    ``key`` is left out of ``repr``/``str``. ``problem`` is one plain sentence for the
    status bar or the key dialog, or None when all is well.
    """

    key: str | None = field(repr=False)
    source: KeySource
    problem: str | None = None

    @property
    def found(self) -> bool:
        return self.key is not None


class MemoryKeyring(keyring.backend.KeyringBackend):
    """An in-memory keyring backend for tests: instantiate it explicitly.

    Its priority is low but positive (so a :class:`KeyStore` treats it as a working
    keyring), and ``viable`` is False so that keyring's own backend discovery
    (``keyring.get_keyring()``, the chainer) never selects it: every subclass of
    ``KeyringBackend`` is registered with keyring as soon as it is defined.
    """

    priority = 0.5
    viable = False

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self._items: dict[tuple[str, str], str] = {}
        self._items_lock = threading.Lock()

    def get_password(self, service: str, username: str) -> str | None:
        with self._items_lock:
            return self._items.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        with self._items_lock:
            self._items[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        with self._items_lock:
            if self._items.pop((service, username), None) is None:
                raise keyring.errors.PasswordDeleteError("No such password")

    def entries(self) -> list[tuple[str, str]]:
        """The (service, username) pairs stored, without the secrets."""
        with self._items_lock:
            return sorted(self._items)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} entries={self.entries()!r}>"

    __str__ = __repr__


_FRIENDLY_NAMES = {
    "keyring.backends.SecretService.Keyring": "Secret Service",
    "keyring.backends.libsecret.Keyring": "Secret Service (libsecret)",
    "keyring.backends.kwallet.DBusKeyring": "KWallet",
    "keyring.backends.kwallet.DBusKeyringKWallet4": "KWallet 4",
    "keyring.backends.macOS.Keyring": "macOS Keychain",
    "keyring.backends.Windows.WinVaultKeyring": "Windows Credential Manager",
    "keyring.backends.fail.Keyring": "none",
    "keyring.backends.null.Keyring": "none (null keyring)",
    "keyring.backends.chainer.ChainerBackend": "keyring chain",
}


def describe_backend(backend: keyring.backend.KeyringBackend | None) -> str:
    """A human-readable name for a backend, from its class alone (never blocks)."""
    if backend is None:
        return "none"
    cls = type(backend)
    qualified = f"{cls.__module__}.{cls.__qualname__}"
    if qualified in _FRIENDLY_NAMES:
        return _FRIENDLY_NAMES[qualified]
    if isinstance(backend, MemoryKeyring):
        return f"in-memory test keyring ({cls.__qualname__})"
    return f"{cls.__qualname__} ({cls.__module__})"


@dataclass(frozen=True)
class _Inspection:
    """What resolving a backend found out (computed on a helper thread)."""

    backend: keyring.backend.KeyringBackend | None
    usable: bool
    description: str
    error: str | None = None  # exception type name when resolution itself broke


def _inspect(given: keyring.backend.KeyringBackend | None) -> _Inspection:
    """Resolve (if needed) and judge a backend. May block: run it bounded."""
    try:
        backend = given if given is not None else keyring.get_keyring()
    except Exception as exc:
        return _Inspection(None, False, "none (keyring failed to load)", type(exc).__name__)
    description = describe_backend(backend)
    cls = type(backend)
    if cls.__module__.startswith("keyrings.alt"):
        return _Inspection(backend, False, f"{description}, refused: not a secure store")
    if isinstance(backend, (fail.Keyring, null.Keyring)):
        return _Inspection(backend, False, description)
    if isinstance(backend, chainer.ChainerBackend):
        try:
            chained = list(cls.backends)  # type: ignore[attr-defined]
        except Exception as exc:
            return _Inspection(backend, False, description, type(exc).__name__)
        if not chained:
            return _Inspection(backend, False, f"{description} (empty)")
        names = ", ".join(describe_backend(b) for b in chained)
        return _Inspection(backend, True, f"{description}: {names}")
    try:
        priority = float(cls.priority)
    except Exception:  # RuntimeError is keyring's way of saying "not viable here"
        return _Inspection(backend, False, f"{description} (unavailable)")
    if priority <= 0:
        return _Inspection(backend, False, f"{description} (priority {priority:g})")
    return _Inspection(backend, True, description)


class _Outcome(Generic[T]):
    """The result of one bounded call: a value, an exception type, or a timeout."""

    __slots__ = ("done", "error", "thread", "timed_out", "value")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.timed_out = False  # decided once, by the waiting caller
        self.value: T | None = None
        self.error: type[BaseException] | None = None
        self.thread: threading.Thread | None = None

    def __repr__(self) -> str:  # never shows the value (it may be the key)
        state = "timed out" if self.timed_out else "done" if self.done.is_set() else "pending"
        return f"<_Outcome {state} error={self.error!r}>"


def _run_bounded(fn: Callable[[], T], timeout: float, label: str) -> _Outcome[T]:
    """Run fn on a new daemon thread; wait at most timeout seconds for it.

    The thread keeps only the exception's *type*: the exception itself (its args and
    its traceback's frames may hold the key) is dropped inside the thread, and nothing
    reaches ``threading.excepthook``. If the call finishes after the caller gave up,
    its result is dropped.
    """
    outcome: _Outcome[T] = _Outcome()
    abandoned = threading.Event()

    def target() -> None:
        try:
            value = fn()
        except BaseException as exc:  # contained: only the type survives
            outcome.error = type(exc)
            # Free the failed frames' locals (the key, open connections) now, not
            # whenever the garbage collector gets to the traceback's cycles.
            traceback.clear_frames(exc.__traceback__)
        else:
            if not abandoned.is_set():
                outcome.value = value
            del value
        finally:
            outcome.done.set()

    thread = threading.Thread(target=target, name=f"petdesk-keyring-{label}", daemon=True)
    outcome.thread = thread
    thread.start()
    if not outcome.done.wait(timeout):
        abandoned.set()
        outcome.timed_out = True
        outcome.value = None
        outcome.error = None
    return outcome


# Calls that timed out and are still running, per backend object (key None: resolving
# the default backend). A store does not start another call on a backend listed here.
_stuck_lock = threading.Lock()
_stuck: dict[int, tuple[object, threading.Thread]] = {}
_DEFAULT_RESOLUTION = object()


def _stuck_key(backend: object | None) -> object:
    return _DEFAULT_RESOLUTION if backend is None else backend


def _mark_stuck(backend: object | None, thread: threading.Thread | None) -> None:
    if thread is None:
        return
    target = _stuck_key(backend)
    with _stuck_lock:
        _stuck[id(target)] = (target, thread)


def _is_stuck(backend: object | None) -> bool:
    target = _stuck_key(backend)
    with _stuck_lock:
        entry = _stuck.get(id(target))
        if entry is None:
            return False
        if entry[1].is_alive():
            return True
        del _stuck[id(target)]
        return False


def _message_for(error: type[BaseException]) -> str:
    if issubclass(error, keyring.errors.KeyringLocked):
        return LOCKED
    if issubclass(error, keyring.errors.NoKeyringError):
        return NO_KEYRING
    if issubclass(error, keyring.errors.InitError):
        return NOT_OPENED
    if issubclass(error, keyring.errors.PasswordSetError):
        return NOT_SAVED
    if issubclass(error, PermissionError):
        return DENIED
    return FAILED


def _check_environment(environment: str, known: tuple[str, ...] = ENVIRONMENTS) -> str:
    if environment not in known:
        raise ValueError(f"unknown environment {environment!r}; expected one of {known}")
    return str(environment)


def _clean_key(key: str) -> str:
    """Strip surrounding whitespace; refuse empty keys and control characters."""
    if not isinstance(key, str):
        raise TypeError(f"the API key must be a str, not {type(key).__name__}")
    key = key.strip()
    if not key:
        raise ValueError(EMPTY_KEY)
    if any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in key):
        raise ValueError(CONTROL_IN_KEY)
    return key


class KeyStore:
    """The API key per environment: environment variable, else OS keyring, else memory.

    ``backend=None`` resolves ``keyring.get_keyring()`` lazily, on the first call that
    needs it (so on the worker thread), bounded by the timeout like every other call.
    ``environ`` defaults to ``os.environ`` (read at each call).
    """

    SERVICE = SERVICE

    def __init__(
        self,
        backend: keyring.backend.KeyringBackend | None = None,
        *,
        environ: Mapping[str, str] | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        service: str = SERVICE, entries: tuple[str, ...] = ENVIRONMENTS,
    ) -> None:
        if not timeout > 0:
            raise ValueError("timeout must be positive")
        self._given = backend
        self._environ = environ
        self._timeout = float(timeout)
        self._backend: keyring.backend.KeyringBackend | None = None  # once judged usable
        self._problem: str | None = None  # set => session-only for the rest of the session
        self._session: dict[str, str] = {}
        self._lock = threading.RLock()
        self._service, self._entries = service, entries
        self._passwords: KeyStore | None = None
        self._description = (describe_backend(backend) if backend is not None
                             else "system keyring (not checked yet)")

    # -- public API ---------------------------------------------------------------

    @property
    def problem(self) -> str | None:
        """Why the keyring is not used (one sentence), or None while all is well."""
        return self._problem

    @property
    def timeout(self) -> float:
        return self._timeout

    @property
    def session_only(self) -> bool:
        """True once the store has given up on the keyring for this session."""
        return self._problem is not None

    def environment_override(self) -> bool:
        """True when PETDESK_API_KEY is set (then :meth:`get` always returns it)."""
        return self._override() is not None

    def get(self, environment: str) -> KeyLookup:
        """The key for environment: PETDESK_API_KEY, else this session's, else the keyring's."""
        env = _check_environment(environment, self._entries)
        override = self._override()
        if override is not None:
            return KeyLookup(override, KeySource.ENVIRONMENT, None)
        with self._lock:
            session_key = self._session.get(env)
            if session_key is not None:
                return KeyLookup(session_key, KeySource.SESSION, self._problem)
            backend = self._usable_backend()
            if backend is None:
                return KeyLookup(None, KeySource.NONE, self._problem)
            ok, value = self._call(backend, "get", lambda: backend.get_password(self._service, env))
            if not ok:
                return KeyLookup(None, KeySource.NONE, self._problem)
            if not isinstance(value, str) or not value.strip():
                log.debug("no API key for %s in the keyring", env)
                return KeyLookup(None, KeySource.NONE, None)
            log.debug("API key for %s read from the keyring", env)
            return KeyLookup(value.strip(), KeySource.KEYRING, None)

    def set(self, environment: str, key: str) -> KeyLookup:
        """Store key for environment; the answer's source says where it ended up.

        KEYRING when the OS keyring took it; SESSION (with ``problem``) when it is
        only in memory; ENVIRONMENT when key is the PETDESK_API_KEY value (never stored).
        Raises ValueError for an empty key or one with control characters.
        """
        env = _check_environment(environment, self._entries)
        key = _clean_key(key)
        override = self._override()
        if override is not None and key == override:
            log.info("not storing the key for %s: it is the %s value", env, ENV_VAR)
            return KeyLookup(override, KeySource.ENVIRONMENT, None)
        note = ENV_OVERRIDE if override is not None else None
        with self._lock:
            backend = self._usable_backend()
            if backend is not None:
                ok, _ = self._call(backend, "set",
                                   lambda: backend.set_password(self._service, env, key))
                if ok:
                    self._session.pop(env, None)
                    log.info("API key for %s saved in the keyring", env)
                    return KeyLookup(key, KeySource.KEYRING, note)
            self._session[env] = key
            log.info("API key for %s kept in memory for this session only", env)
            problem = (_BOTH.format(problem=self._problem, note=note)
                       if self._problem and note else self._problem or note)
            return KeyLookup(key, KeySource.SESSION, problem)

    def delete(self, environment: str) -> None:
        """Forget the key for environment (memory and keyring). Never raises for
        keyring trouble: afterwards :attr:`problem` says if the keyring failed."""
        env = _check_environment(environment, self._entries)
        with self._lock:
            self._session.pop(env, None)
            backend = self._usable_backend()
            if backend is None:
                return
            ok, _ = self._call(backend, "delete",
                               lambda: _delete_entry(backend, self._service, env))
            if ok:
                log.info("API key for %s deleted from the keyring", env)

    def shared_password(self) -> KeyLookup:
        """The shared store's password: its own keyring entry, else this session's memory."""
        return self._shared().get("password")

    def set_shared_password(self, password: str) -> KeyLookup:
        return self._shared().set("password", password)

    def _shared(self) -> KeyStore:
        if self._passwords is None:  # PETDESK_API_KEY never stands in for it: environ={}
            self._passwords = KeyStore(self._given, environ={}, timeout=self._timeout,
                                       service=SHARED_STORE_SERVICE, entries=("password",))
        return self._passwords

    def __repr__(self) -> str:
        return (
            f"<KeyStore backend={self._description!r} problem={self._problem!r} "
            f"session={sorted(self._session)!r}>"
        )

    __str__ = __repr__

    def __reduce__(self) -> NoReturn:
        raise TypeError("a KeyStore holds secrets and cannot be pickled or copied")

    # -- internals ----------------------------------------------------------------

    def _override(self) -> str | None:
        environ = self._environ if self._environ is not None else os.environ
        value = environ.get(ENV_VAR)
        if value is None or not value.strip():
            return None
        return value.strip()

    def _give_up(self, problem: str) -> None:
        if self._problem is None:
            self._problem = problem
            # No keyring at all is an expected set-up (headless, kiosk): not a warning.
            level = logging.INFO if problem == NO_KEYRING else logging.WARNING
            log.log(level, "keyring not used for the rest of this session: %s", problem)

    def _usable_backend(self) -> keyring.backend.KeyringBackend | None:
        """The backend to call, or None (then self._problem says why)."""
        if self._problem is not None:
            return None
        if self._backend is None:
            if _is_stuck(self._given):
                self._give_up(TIMED_OUT)
                return None
            outcome = _run_bounded(lambda: _inspect(self._given), self._timeout, "resolve")
            if outcome.timed_out:
                log.warning("resolving the keyring backend timed out after %gs", self._timeout)
                _mark_stuck(self._given, outcome.thread)
                self._give_up(TIMED_OUT)
                return None
            inspection = outcome.value
            if inspection is None:  # _inspect itself raised: should not happen
                log.warning("resolving the keyring backend failed: %s", _name(outcome.error))
                self._give_up(NO_KEYRING)
                return None
            self._description = inspection.description
            if inspection.error is not None:
                log.warning("resolving the keyring backend failed: %s", inspection.error)
            if not inspection.usable or inspection.backend is None:
                log.info("no usable keyring backend: %s", inspection.description)
                self._give_up(NO_KEYRING)
                return None
            log.debug("keyring backend: %s", inspection.description)
            self._backend = inspection.backend
        if _is_stuck(self._backend):
            self._give_up(TIMED_OUT)
            return None
        return self._backend

    def _call(
        self, backend: keyring.backend.KeyringBackend, label: str, fn: Callable[[], T]
    ) -> tuple[bool, T | None]:
        outcome = _run_bounded(fn, self._timeout, label)
        if outcome.timed_out:
            log.warning("keyring %s timed out after %gs", label, self._timeout)
            _mark_stuck(backend, outcome.thread)
            self._give_up(TIMED_OUT)
            return False, None
        if outcome.error is not None:
            log.warning("keyring %s failed: %s", label, _name(outcome.error))
            self._give_up(_message_for(outcome.error))
            return False, None
        return True, outcome.value


def _name(error: type[BaseException] | None) -> str:
    return "unknown error" if error is None else f"{error.__module__}.{error.__qualname__}"


def _delete_entry(backend: keyring.backend.KeyringBackend, service: str, env: str) -> None:
    """Delete; "no such entry" is fine. Some backends raise PasswordDeleteError for
    both "not found" and real failures, so check whether the entry is really gone."""
    try:
        backend.delete_password(service, env)
    except keyring.errors.PasswordDeleteError:
        if backend.get_password(service, env) is not None:
            raise


def resolve_backend_report(
    backend: keyring.backend.KeyringBackend | None = None, *, timeout: float = DEFAULT_TIMEOUT
) -> tuple[bool, str]:
    """For ``petdesk --self-test``: does a keyring backend resolve, or is its absence
    reported? Never reads or writes a key.

    ``(True, "keyring backend: Secret Service")`` when a usable keyring resolves;
    ``(True, "no keyring backend (none): API keys would be kept ...")`` when there is
    none (reported, a pass); ``(False, reason)`` only when resolution itself broke:
    it raised or did not finish within timeout.
    """
    if _is_stuck(backend):
        return False, "keyring backend resolution is still hanging from an earlier attempt"
    outcome = _run_bounded(lambda: _inspect(backend), timeout, "report")
    if outcome.timed_out:
        _mark_stuck(backend, outcome.thread)
        return False, f"keyring backend did not resolve within {timeout:g} s"
    inspection = outcome.value
    if inspection is None:
        return False, f"keyring backend resolution failed ({_name(outcome.error)})"
    if inspection.error is not None:
        return False, f"keyring backend resolution failed ({inspection.error})"
    if inspection.usable:
        return True, f"keyring backend: {inspection.description}"
    return True, (
        f"no keyring backend ({inspection.description}): "
        "API keys would be kept in memory for the session only"
    )
