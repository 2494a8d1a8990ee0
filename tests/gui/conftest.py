"""Fixtures for the UI tests: the real main window against the real sandbox.

``sandbox`` is parametrised over the two ways PetDesk reaches it: real HTTP on
loopback (:func:`petdesk.sandbox.start_server`) and the in-process transport
the demo uses. Keys live in a :class:`MemoryKeyring` behind a real
:class:`KeyStore`; settings in a private ini file.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from PySide6.QtCore import QLocale, QSettings, QTranslator
from PySide6.QtWidgets import QApplication

from petdesk.api import PetStoreClient, RequestListener, RequestPolicy
from petdesk.api.shared import SharedQuota
from petdesk.core.clock import Clock
from petdesk.core.datafiles import resources_dir
from petdesk.gui.common.translations import install_translations
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.settings import AppSettings, CatalogueChoice, Environment
from petdesk.gui.worker.worker import Connection
from petdesk.sandbox import SandboxApp, SandboxConfig, Store
from petdesk.sandbox.inprocess import in_process_transport
from petdesk.services.keys.keystore import KeyStore, MemoryKeyring
from tests.helpers.api_fakes import FakeClock as ApiFakeClock
from tests.helpers.drive import idle
from tests.helpers.faults import ScriptedFaults
from tests.helpers.sandbox_server import start_server
from tests.helpers.translations import remove_translations

if TYPE_CHECKING:
    from tests.helpers.outbox_driver import Switchable

API_KEY = "test-key-0123456789abcdef"
INPROCESS_URL = "http://127.0.0.1/v1"

#: Retries come quickly in tests; server-announced waits (Retry-After) still rule.
FAST_POLICY = RequestPolicy(backoff_base=0.05, backoff_cap=0.2, poll_interval=0.01)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Qt's offscreen platform plugin warns whenever a window's size constraints
    # change after it was created; that is a limit of the test platform, not of
    # PetDesk. Every other Qt warning still fails the test.
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.qt_log_ignore(
                "This plugin does not support propagateSizeHints"))


@dataclass
class Sandbox:
    kind: str
    app: SandboxApp
    base_url: str
    key: str = API_KEY
    _transport: Any = None
    clients: list[PetStoreClient] = field(default_factory=list)

    def requests(self) -> int:
        """Requests the sandbox received with the test key."""
        return self.app.counters(self.key).requests

    def factory(self, policy: RequestPolicy = FAST_POLICY) -> Callable[..., PetStoreClient]:
        """Clients with ``policy``, unless the window asks for its own (Test connection's
        one attempt)."""
        default = policy

        def make(connection: Connection, key: str, listener: RequestListener,
                 clock: Clock, *, policy: RequestPolicy | None = None,
                 shared_quota: SharedQuota | None = None) -> PetStoreClient:
            transport = in_process_transport(self.app) if self.kind == "inprocess" else None
            client = PetStoreClient(self.base_url, key, timeout=connection.timeout,
                                    listener=listener, policy=policy or default,
                                    transport=transport, clock=clock, shared_quota=shared_quota)
            self.clients.append(client)
            return client

        return make


def _config(**changes: Any) -> SandboxConfig:
    values: dict[str, Any] = {"api_keys": (API_KEY,), "requests_per_window": 10_000,
                              "requests_per_day": 100_000}
    values.update(changes)
    return SandboxConfig(**values)


class FakeClock(ApiFakeClock):
    """The one clock of a UI test, shared by the sandbox, the client and the status
    bar. Waits (Retry-After, backoff) pass at once and move the time on, unless
    ``hold`` is set: then a wait blocks until it is cancelled (Stop, closing) or
    :meth:`release` lets its whole time pass."""

    def __init__(self) -> None:
        super().__init__()
        self.hold = False
        self._release = threading.Event()

    def release(self) -> None:
        self.hold = False
        self._release.set()

    def wait(self, event: threading.Event, timeout: float) -> bool:
        if self.hold and not event.is_set():
            while not event.is_set() and not self._release.is_set():
                event.wait(0.01)
            self._release.clear()
        return super().wait(event, timeout)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@contextlib.contextmanager
def make_sandbox(kind: str, clock: FakeClock | None = None, **config: Any) -> Iterator[Sandbox]:
    now = clock.time if clock is not None else time.time
    if kind == "loopback":
        with start_server(_config(**config), clock=now) as running:
            yield Sandbox(kind, running.app, running.base_url)
    else:
        store = Store(None)
        try:
            settings = _config(**config)
            app = SandboxApp(settings, store, clock=now, faults=ScriptedFaults(settings.faults))
            yield Sandbox(kind, app, INPROCESS_URL)
        finally:
            store.close()


@pytest.fixture(params=["loopback", "inprocess"])
def sandbox(request: pytest.FixtureRequest, clock: FakeClock) -> Iterator[Sandbox]:
    with make_sandbox(request.param, clock) as box:
        yield box


@pytest.fixture
def loopback(clock: FakeClock) -> Iterator[Sandbox]:
    with make_sandbox("loopback", clock) as box:
        yield box


@pytest.fixture
def service(clock: FakeClock) -> Iterator[Switchable]:
    """A loopback service the test can stop (unreachable) and start again."""
    # Imported here: the helper builds on this module's Sandbox and FakeClock.
    from tests.helpers.outbox_driver import Switchable

    switchable = Switchable(clock)
    yield switchable
    switchable.close()


@pytest.fixture
def quick_probe(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reconnect probe's schedule (5 s, 10 s, …) in milliseconds instead."""
    monkeypatch.setattr("petdesk.gui.outbox.offline.MS_PER_SECOND", 1)


@pytest.fixture
def speak(qapp: QApplication) -> Iterator[Callable[[str], None]]:
    """``speak("de")``: the window's language from now on, as at start-up."""
    before = QLocale()
    installed: list[QTranslator] = []

    def switch(language: str) -> None:
        remove_translations(qapp, installed)
        installed[:] = install_translations(qapp, language, resources_dir())
        assert language == "en" or len(installed) == 2, "qtbase and petdesk catalogues"

    yield switch
    remove_translations(qapp, installed)
    QLocale.setDefault(before)


@pytest.fixture
def settings(tmp_path: Path) -> AppSettings:
    """Private settings. The catalogue is off: its background fill sends
    requests of its own, which tests counting requests would see; the catalogue's
    tests (test_catalogue_*.py) switch it on."""
    app_settings = AppSettings(QSettings(str(tmp_path / "petdesk.ini"),
                                         QSettings.Format.IniFormat))
    app_settings.catalogue = CatalogueChoice(enabled=False)
    return app_settings


@pytest.fixture
def keyring_backend() -> MemoryKeyring:
    backend = MemoryKeyring()
    backend.set_password("petdesk", "production", API_KEY)
    return backend


@pytest.fixture
def keystore(keyring_backend: MemoryKeyring) -> KeyStore:
    return KeyStore(keyring_backend, environ={}, timeout=2.0)


@pytest.fixture
def make_window(qtbot: Any, settings: AppSettings, keystore: KeyStore,
                clock: FakeClock) -> Callable[..., MainWindow]:
    """Build (and show) the main window against a sandbox; waits for the first page
    and, after it, the start's background work (Stop disabled), as a user who looks at
    the window before touching it."""

    def build(box: Sandbox, *, keys: Any = None, wait: bool = True,
              policy: RequestPolicy = FAST_POLICY,
              prepare: Callable[[MainWindow], None] | None = None,
              **kwargs: Any) -> MainWindow:
        """``prepare(window)`` runs before the window is shown (a fake timer for the
        work that starts after the first page)."""
        window = MainWindow(settings, keys or keystore, box.factory(policy),
                            environment=Environment.PRODUCTION, base_url=box.base_url,
                            clock=kwargs.pop("clock", clock), **kwargs)
        qtbot.addWidget(window)
        if prepare is not None:
            prepare(window)
        if wait:
            with qtbot.waitSignals([window.petsLoaded, window.settled], timeout=10_000):
                window.show()
            idle(qtbot, window)
        else:
            window.show()
        return window

    return build
