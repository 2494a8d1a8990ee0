"""KeyStore with in-memory and fake backends: storage rules, failure modes, hygiene."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import keyring
import keyring.backend
import keyring.errors
import pytest
from keyring.backends import SecretService, chainer, fail, null

from petdesk.core.wording import Message, Template
from petdesk.services.keys import keystore
from petdesk.services.keys.keystore import (
    ENV_VAR,
    KeyLookup,
    KeySource,
    KeyStore,
    MemoryKeyring,
    describe_backend,
    resolve_backend_report,
)
from tests.conftest import TEST_HOME
from tests.helpers.keystore_fakes import (
    ALL_SECRETS,
    ENV_SECRET,
    OTHER_SECRET,
    SECRET,
    CountingKeyring,
    HangingKeyring,
    HangingPriorityKeyring,
    PlaintextKeyring,
    RaisingKeyring,
    StuckDeleteKeyring,
    UnavailableKeyring,
    ZeroPriorityKeyring,
    new_gate,
)
from tests.helpers.secret_service import files_containing

T = TypeVar("T")

TIMEOUT = 0.25  # for the hanging backends: short, so the suite stays fast
#: Every whole sentence about the keyring the store produces.
SENTENCES = (keystore.NO_KEYRING, keystore.LOCKED, keystore.TIMED_OUT, keystore.DENIED,
             keystore.NOT_OPENED, keystore.NOT_SAVED, keystore.FAILED, keystore.ENV_OVERRIDE)


def assert_secrets_not_on_disk() -> None:
    for secret in ALL_SECRETS:
        assert files_containing([TEST_HOME], secret) == []


# -- the happy path -------------------------------------------------------------------


def test_round_trip_per_environment() -> None:
    backend = CountingKeyring()
    store = KeyStore(backend, environ={})

    assert store.get("production") == KeyLookup(None, KeySource.NONE, None)
    assert store.set("production", SECRET) == KeyLookup(SECRET, KeySource.KEYRING, None)
    assert store.set("staging", OTHER_SECRET).source is KeySource.KEYRING
    assert backend.entries() == [("petdesk", "production"), ("petdesk", "staging")]

    fresh = KeyStore(backend, environ={})
    assert fresh.get("production") == KeyLookup(SECRET, KeySource.KEYRING, None)
    assert fresh.get("staging") == KeyLookup(OTHER_SECRET, KeySource.KEYRING, None)

    fresh.delete("production")
    assert fresh.get("production") == KeyLookup(None, KeySource.NONE, None)
    assert fresh.get("staging").key == OTHER_SECRET
    fresh.delete("production")  # deleting what is not there is fine
    assert fresh.problem is None
    assert backend.entries() == [("petdesk", "staging")]
    assert_secrets_not_on_disk()


def test_set_replaces_and_strips() -> None:
    store = KeyStore(MemoryKeyring(), environ={})
    store.set("staging", OTHER_SECRET)
    assert store.set("staging", f"  {SECRET}\n").key == SECRET
    assert store.get("staging").key == SECRET


@pytest.mark.parametrize("bad", ["", "   ", "\n"])
def test_empty_key_is_refused(bad: str) -> None:
    store = KeyStore(MemoryKeyring(), environ={})
    with pytest.raises(ValueError, match="empty"):
        store.set("production", bad)


def test_control_characters_refused_without_echoing_the_key() -> None:
    store = KeyStore(MemoryKeyring(), environ={})
    with pytest.raises(ValueError, match="control character") as info:
        store.set("production", SECRET[:5] + "\r\n" + SECRET[5:])
    assert SECRET[:5] not in str(info.value)


@pytest.mark.parametrize("environment", ["Production", "dev", ""])
def test_unknown_environment_is_refused(environment: str) -> None:
    store = KeyStore(MemoryKeyring(), environ={})
    with pytest.raises(ValueError, match="unknown environment"):
        store.get(environment)


def test_service_and_timeout_defaults() -> None:
    assert KeyStore.SERVICE == "petdesk"
    assert KeyStore().timeout == 5.0
    with pytest.raises(ValueError, match="timeout"):
        KeyStore(MemoryKeyring(), timeout=0)


# -- PETDESK_API_KEY ------------------------------------------------------------------


def test_environment_variable_overrides_and_is_never_stored() -> None:
    backend = CountingKeyring()
    backend.set_password("petdesk", "production", SECRET)
    backend.calls.clear()
    store = KeyStore(backend, environ={ENV_VAR: f" {ENV_SECRET} "})

    assert store.environment_override()
    for env in ("production", "staging"):
        assert store.get(env) == KeyLookup(ENV_SECRET, KeySource.ENVIRONMENT, None)
    # Saving the environment's own value stores nothing.
    assert store.set("staging", ENV_SECRET) == KeyLookup(ENV_SECRET, KeySource.ENVIRONMENT, None)
    assert backend.calls["set"] == 0
    assert backend.get_password("petdesk", "staging") is None
    # A different key typed by the user is saved, with a note that the variable wins.
    saved = store.set("staging", OTHER_SECRET)
    assert saved == KeyLookup(OTHER_SECRET, KeySource.KEYRING, keystore.ENV_OVERRIDE)
    assert store.get("staging").source is KeySource.ENVIRONMENT
    assert ENV_SECRET not in repr(backend.entries())
    for _service, user in backend.entries():
        assert backend.get_password("petdesk", user) != ENV_SECRET


def test_environment_variable_read_from_os_environ_at_each_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = KeyStore(MemoryKeyring())
    assert store.get("production").source is KeySource.NONE
    monkeypatch.setenv(ENV_VAR, ENV_SECRET)
    assert store.get("production") == KeyLookup(ENV_SECRET, KeySource.ENVIRONMENT, None)
    monkeypatch.setenv(ENV_VAR, "   ")  # blank means unset
    assert store.get("production").source is KeySource.NONE


def test_environment_variable_works_without_any_keyring() -> None:
    store = KeyStore(fail.Keyring(), environ={ENV_VAR: ENV_SECRET})
    assert store.get("production") == KeyLookup(ENV_SECRET, KeySource.ENVIRONMENT, None)
    assert store.problem is None  # the keyring was never needed, so never judged


# -- no keyring -----------------------------------------------------------------------


def _empty_chainer(monkeypatch: pytest.MonkeyPatch) -> keyring.backend.KeyringBackend:
    monkeypatch.setattr(chainer.ChainerBackend, "backends", [])
    return chainer.ChainerBackend()


NO_KEYRING_BACKENDS = {
    "fail": lambda mp: fail.Keyring(),
    "null": lambda mp: null.Keyring(),
    "empty chainer": _empty_chainer,
    "priority 0": lambda mp: ZeroPriorityKeyring(),
    "not viable here": lambda mp: UnavailableKeyring(),
    "keyrings.alt": lambda mp: PlaintextKeyring(),
    # The real Secret Service backend on a machine without a session bus (conftest
    # removes DBUS_SESSION_BUS_ADDRESS): headless Linux.
    "Secret Service, no D-Bus": lambda mp: SecretService.Keyring(),
}


@pytest.mark.parametrize("make", NO_KEYRING_BACKENDS.values(), ids=NO_KEYRING_BACKENDS.keys())
def test_no_keyring_means_session_only(
    make: Callable[[pytest.MonkeyPatch], keyring.backend.KeyringBackend],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    backend = make(monkeypatch)
    store = KeyStore(backend, environ={})

    first = store.get("production")
    assert first == KeyLookup(None, KeySource.NONE, keystore.NO_KEYRING)
    assert store.problem == keystore.NO_KEYRING
    assert store.session_only

    stored = store.set("production", SECRET)
    assert stored == KeyLookup(SECRET, KeySource.SESSION, keystore.NO_KEYRING)
    assert store.get("production") == KeyLookup(SECRET, KeySource.SESSION, keystore.NO_KEYRING)
    assert store.get("staging").source is KeySource.NONE
    if isinstance(backend, MemoryKeyring):
        assert backend.entries() == []  # never fell back to the refused backend

    store.delete("production")
    assert store.get("production").key is None
    assert_secrets_not_on_disk()


def test_default_backend_is_resolved_lazily_on_a_helper_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    backend = MemoryKeyring()

    def fake_get_keyring() -> keyring.backend.KeyringBackend:
        calls.append(threading.current_thread().name)
        return backend

    monkeypatch.setattr(keyring, "get_keyring", fake_get_keyring)
    store = KeyStore(environ={})
    assert calls == []
    assert "backend='system keyring (not checked yet)'" in repr(store)
    store.set("production", SECRET)
    assert store.get("production").source is KeySource.KEYRING
    assert calls == ["petdesk-keyring-resolve"]
    assert "backend='in-memory test keyring (MemoryKeyring)'" in repr(store)


def test_default_backend_here_is_none() -> None:
    # tests/conftest.py sets PYTHON_KEYRING_BACKEND to the fail backend.
    store = KeyStore(environ={})
    assert store.get("staging") == KeyLookup(None, KeySource.NONE, keystore.NO_KEYRING)
    assert "backend='none'" in repr(store)


def test_memory_keyring_is_never_auto_selected() -> None:
    viable = set(keyring.backend.KeyringBackend.get_viable_backends())
    assert MemoryKeyring not in viable
    assert not any(issubclass(cls, MemoryKeyring) for cls in viable)
    assert MemoryKeyring.priority > 0  # yet a KeyStore given one explicitly uses it


# -- a backend that raises ------------------------------------------------------------

ERRORS = [
    (keyring.errors.KeyringLocked, keystore.LOCKED),
    (keyring.errors.InitError, keystore.NOT_OPENED),
    (keyring.errors.PasswordSetError, keystore.NOT_SAVED),
    (keyring.errors.NoKeyringError, keystore.NO_KEYRING),
    (keyring.errors.KeyringError, keystore.FAILED),
    (PermissionError, keystore.DENIED),
    (RuntimeError, keystore.FAILED),
    (OSError, keystore.FAILED),
]


@pytest.mark.parametrize(("error", "message"), ERRORS, ids=[e.__name__ for e, _ in ERRORS])
def test_backend_raising_on_get(
    error: type[Exception], message: str, caplog: pytest.LogCaptureFixture
) -> None:
    backend = RaisingKeyring(error, on=("get",))
    store = KeyStore(backend, environ={})

    assert store.get("production") == KeyLookup(None, KeySource.NONE, message)
    assert store.problem == message
    assert error.__qualname__ in caplog.text  # the type is logged ...
    assert "failed for key" not in caplog.text  # ... never the arguments
    # Session-only from now on: the backend is not called again.
    assert store.set("production", SECRET) == KeyLookup(SECRET, KeySource.SESSION, message)
    assert store.get("production").key == SECRET
    assert backend.calls == {"get": 1}
    assert backend.entries() == []


@pytest.mark.parametrize(("error", "message"), ERRORS, ids=[e.__name__ for e, _ in ERRORS])
def test_backend_raising_on_set(
    error: type[Exception], message: str, capfd: pytest.CaptureFixture[str]
) -> None:
    backend = RaisingKeyring(error, on=("set",))
    store = KeyStore(backend, environ={})

    result = store.set("staging", SECRET)
    assert result == KeyLookup(SECRET, KeySource.SESSION, message)
    assert store.get("staging") == KeyLookup(SECRET, KeySource.SESSION, message)
    assert backend.entries() == []
    assert SECRET not in "".join(capfd.readouterr())
    assert_secrets_not_on_disk()


def test_locked_keyring_message_is_plain() -> None:
    store = KeyStore(RaisingKeyring(keyring.errors.KeyringLocked, on=("get", "set")), environ={})
    assert store.set("production", SECRET).problem == (
        "Your keyring is locked, so PetDesk keeps your API key in memory for this session only."
    )


def test_backend_raising_on_delete() -> None:
    backend = RaisingKeyring(keyring.errors.KeyringLocked, on=("delete",))
    store = KeyStore(backend, environ={})
    store.set("production", SECRET)
    store.delete("production")  # never raises
    assert store.problem == keystore.LOCKED
    assert store.get("production") == KeyLookup(None, KeySource.NONE, keystore.LOCKED)


def test_delete_that_silently_fails_is_reported() -> None:
    backend = StuckDeleteKeyring()
    backend.set_password("petdesk", "production", SECRET)
    store = KeyStore(backend, environ={})
    store.delete("production")
    assert store.problem == keystore.FAILED


def test_base_exception_in_backend_is_contained() -> None:
    store = KeyStore(RaisingKeyring(KeyboardInterrupt, on=("get",)), environ={})
    assert store.get("production").problem == keystore.FAILED


# -- a backend that hangs -------------------------------------------------------------


def _timed(fn: Callable[[], T]) -> tuple[T, float]:
    start = time.monotonic()
    result = fn()
    return result, time.monotonic() - start


@pytest.fixture
def bounded_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The label of every call the store bounds by its timeout (each one may wait that
    long): an empty list proves that nothing waited, without reading a clock."""
    calls: list[str] = []
    run_bounded = keystore._run_bounded

    def counted(fn: Callable[[], T], timeout: float, label: str) -> object:
        calls.append(label)
        return run_bounded(fn, timeout, label)

    monkeypatch.setattr(keystore, "_run_bounded", counted)
    return calls


def test_hanging_get_returns_after_the_timeout_and_never_hangs_again(
    capfd: pytest.CaptureFixture[str], bounded_calls: list[str],
) -> None:
    backend = HangingKeyring()
    store = KeyStore(backend, environ={}, timeout=TIMEOUT)

    result, elapsed = _timed(lambda: store.get("production"))
    assert result == KeyLookup(None, KeySource.NONE, keystore.TIMED_OUT)
    assert elapsed >= TIMEOUT  # the keyring had its whole time
    assert backend.entered.is_set()
    assert not backend.gate.is_set()  # and still hangs: the store did not wait for it

    # Later calls: session-only, no new call into the backend, nothing waited for.
    bounded_calls.clear()
    assert store.set("production", SECRET) == KeyLookup(
        SECRET, KeySource.SESSION, keystore.TIMED_OUT)
    assert store.get("production") == KeyLookup(SECRET, KeySource.SESSION, keystore.TIMED_OUT)
    store.delete("production")
    assert backend.calls == {"get": 1}
    assert bounded_calls == []

    # Another store on the same backend does not pile up another hung thread.
    other = KeyStore(backend, environ={}, timeout=TIMEOUT)
    assert other.get("staging").problem == keystore.TIMED_OUT
    assert backend.calls == {"get": 1}
    assert bounded_calls == []
    hung = [t for t in threading.enumerate() if t.name.startswith("petdesk-keyring-")]
    assert len(hung) == 1
    assert hung[0].daemon  # cannot block interpreter exit

    # When the hung call finally returns, its result (the key) is dropped silently,
    # and a new store may use the backend again.
    backend.gate.set()
    hung[0].join(timeout=5)
    assert not hung[0].is_alive()
    assert store.get("production").source is KeySource.NONE  # still session-only
    assert KeyStore(backend, environ={}, timeout=TIMEOUT).get("production").key == SECRET
    assert SECRET not in "".join(capfd.readouterr())


def test_hanging_set_keeps_key_in_memory_and_drops_the_late_error(
    capfd: pytest.CaptureFixture[str],
) -> None:
    backend = HangingKeyring()
    store = KeyStore(backend, environ={}, timeout=TIMEOUT)

    result, elapsed = _timed(lambda: store.set("staging", SECRET))
    assert result == KeyLookup(SECRET, KeySource.SESSION, keystore.TIMED_OUT)
    assert elapsed >= TIMEOUT
    assert not backend.gate.is_set()  # returned while the keyring still hangs
    assert store.get("staging") == KeyLookup(SECRET, KeySource.SESSION, keystore.TIMED_OUT)

    # The late call raises an exception that carries the key: nothing may show it
    # (pytest would also fail the test if it reached threading.excepthook).
    backend.gate.set()
    for thread in threading.enumerate():
        if thread.name.startswith("petdesk-keyring-"):
            thread.join(timeout=5)
    assert SECRET not in "".join(capfd.readouterr())
    assert_secrets_not_on_disk()


HANG_THEN_EXIT = f"""
import threading, time
from petdesk.services.keys.keystore import KeyStore, MemoryKeyring

class Forever(MemoryKeyring):
    def set_password(self, service, username, password):
        threading.Event().wait()  # never returns

store = KeyStore(Forever(), environ={{}}, timeout=0.2)
print(store.set("production", "{SECRET}").source)
print("exiting")
"""


def test_hung_keyring_call_does_not_block_interpreter_exit() -> None:
    result = subprocess.run(
        [sys.executable, "-X", "dev", "-c", HANG_THEN_EXIT],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=Path(__file__).resolve().parents[4],
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.split() == ["session", "exiting"]
    assert SECRET not in result.stderr


def test_hanging_resolution_of_default_backend(monkeypatch: pytest.MonkeyPatch,
                                               bounded_calls: list[str]) -> None:
    gate = new_gate()

    def hanging_get_keyring() -> keyring.backend.KeyringBackend:
        gate.wait()
        return MemoryKeyring()

    monkeypatch.setattr(keyring, "get_keyring", hanging_get_keyring)
    store = KeyStore(environ={}, timeout=TIMEOUT)
    assert store.set("production", SECRET) == KeyLookup(
        SECRET, KeySource.SESSION, keystore.TIMED_OUT)
    assert bounded_calls == ["resolve"]
    # The self-test report does not start another hung call while this one hangs.
    ok, message = resolve_backend_report()
    assert not ok
    assert "hanging" in message
    assert bounded_calls == ["resolve"]


def test_hanging_viability_check(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HangingPriorityKeyring, "gate", new_gate())
    store = KeyStore(HangingPriorityKeyring(), environ={}, timeout=TIMEOUT)
    result, elapsed = _timed(lambda: store.get("staging"))
    assert result.problem == keystore.TIMED_OUT
    assert elapsed >= TIMEOUT
    assert not HangingPriorityKeyring.gate.is_set()  # returned while the check hangs


# -- hygiene --------------------------------------------------------------------------


def test_repr_and_str_never_show_the_key() -> None:
    backend = MemoryKeyring()
    store = KeyStore(backend, environ={})
    looked_up = store.set("production", SECRET)
    session_store = KeyStore(fail.Keyring(), environ={})
    in_memory = session_store.set("staging", OTHER_SECRET)
    env_store = KeyStore(backend, environ={ENV_VAR: ENV_SECRET})
    from_env = env_store.get("production")

    texts = [
        repr(looked_up),
        str(looked_up),
        repr(in_memory),
        str(from_env),
        repr(store),
        str(store),
        repr(session_store),
        str(env_store),
        repr(backend),
        str(backend),
        f"{looked_up}{in_memory}{from_env}",
    ]
    for text in texts:
        for secret in ALL_SECRETS:
            assert secret not in text
    assert "session=['staging']" in repr(session_store)
    assert looked_up.key == SECRET  # it is there, just not shown


def test_store_cannot_be_pickled_or_copied() -> None:
    store = KeyStore(fail.Keyring(), environ={})
    store.set("production", SECRET)
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(store)
    with pytest.raises(TypeError):
        copy.copy(store)


def test_messages_are_single_plain_sentences() -> None:
    for message in SENTENCES:
        assert message.endswith(".")
        assert message.count(". ") == 0
        assert "Error" not in message and "exception" not in message.lower()


# -- describe_backend / resolve_backend_report ----------------------------------------


def test_describe_backend() -> None:
    assert describe_backend(SecretService.Keyring()) == "Secret Service"
    assert describe_backend(fail.Keyring()) == "none"
    assert describe_backend(None) == "none"
    assert describe_backend(MemoryKeyring()) == "in-memory test keyring (MemoryKeyring)"
    assert describe_backend(CountingKeyring()).startswith("in-memory test keyring")


def test_resolve_backend_report() -> None:
    assert resolve_backend_report(MemoryKeyring()) == (
        True,
        "keyring backend: in-memory test keyring (MemoryKeyring)",
    )
    ok, message = resolve_backend_report()  # the fail backend, per tests/conftest.py
    assert ok
    assert message.startswith("no keyring backend (none)")
    ok, message = resolve_backend_report(SecretService.Keyring())  # no D-Bus here
    assert ok
    assert "unavailable" in message


def test_resolve_backend_report_when_keyring_itself_breaks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken() -> keyring.backend.KeyringBackend:
        raise ImportError("no module named keyrings.missing")

    monkeypatch.setattr(keyring, "get_keyring", broken)
    assert resolve_backend_report() == (False, "keyring backend resolution failed (ImportError)")
    store = KeyStore(environ={})
    assert store.get("production").problem == keystore.NO_KEYRING


def test_every_sentence_for_the_user_is_marked_for_translation() -> None:
    """The window shows these in the user's language (petdesk.gui.common.localize); they stay
    English str for logs, the command line and these tests."""
    for sentence in (*SENTENCES, keystore.EMPTY_KEY, keystore.CONTROL_IN_KEY):
        template = sentence.template if isinstance(sentence, Message) else sentence
        assert isinstance(template, Template) and template.context == "KeyStore", sentence
    # No keyring and PETDESK_API_KEY set: both sentences, still one marked message.
    store = KeyStore(fail.Keyring(), environ={ENV_VAR: ENV_SECRET}, timeout=2.0)
    problem = store.set("production", OTHER_SECRET).problem
    assert isinstance(problem, Message)
    assert problem == f"{keystore.NO_KEYRING} {keystore.ENV_OVERRIDE}"
    assert problem.values == {"problem": keystore.NO_KEYRING, "note": keystore.ENV_OVERRIDE}
    with pytest.raises(ValueError, match="empty") as info:
        store.set("production", "  ")
    assert info.value.args[0] is keystore.EMPTY_KEY
