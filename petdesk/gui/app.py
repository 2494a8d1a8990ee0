"""The app factory: QApplication-level objects and the main window for a config.

Public entry points (also used by ``petdesk --self-test``):

* :class:`LaunchConfig` — what the command line asked for.
* :func:`create_application` — the QApplication (name, version, icon,
  translations); reuses an existing instance.
* :func:`build_main_window` — the :class:`~petdesk.gui.main_window.MainWindow`
  wired for the config: the in-process sandbox for ``demo`` (no keyring), else
  the OS keyring and real HTTPS. Everything can be overridden for tests.
* :func:`run` — all of the above plus logging, then the event loop.

httpx, pydantic and keyring are not imported before the last session's rows are
painted: the network stack is the worker's, and the window's first paint needs none
of it. httpx and pydantic load when the worker thread starts (on the GUI thread,
before the thread exists: never two threads importing them at once); the worker
thread loads keyring. :func:`run` shows the window's frame first and builds its
contents in the first event-loop turn after the first paint
(``MainWindow(deferred=True)``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Final, NamedTuple, cast

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from petdesk import __version__
from petdesk.core.clock import Clock
from petdesk.core.connection import DEMO_API_KEY
from petdesk.gui.common.crash import install as install_crash_handler
from petdesk.gui.common.translations import install_translations
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.settings import AppSettings, Environment
from petdesk.services.keys.keys import KeyLookupLike, KeyProvider, StaticKeys
from petdesk.services.redaction import RedactingFilter

if TYPE_CHECKING:
    from petdesk.api import PetStoreClient, RequestListener, RequestPolicy
    from petdesk.gui.worker.worker import ClientFactory, Connection
    from petdesk.sandbox import SandboxApp
    from petdesk.services.keys.keystore import KeyStore

ORGANIZATION = "PetDesk"
APPLICATION = "PetDesk"
#: Reversed, it starts the macOS bundle id (``org.petdesk.PetDesk``, packaging/petdesk.spec):
#: QSettings names the macOS preferences file after it, so that a configuration
#: profile (MDM) for the bundle id reaches the settings. Linux and Windows keep using
#: the organisation's name (``~/.config/PetDesk/PetDesk.conf``, ``HKCU\Software\PetDesk``).
ORGANIZATION_DOMAIN = "petdesk.org"
class LaunchConfig(NamedTuple):
    """``petdesk [--demo] [--environment production|staging] [--base-url URL]``."""

    demo: bool = False
    environment: str | None = None
    base_url: str | None = None


#: The interpreter's thread switch interval while PetDesk runs (see create_application).
GIL_SWITCH_INTERVAL_S: Final = 0.001


def create_application(argv: Sequence[str] | None = None) -> QApplication:
    """The QApplication for PetDesk (an existing one is reused and configured)."""
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(
        list(argv) if argv is not None else sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setOrganizationDomain(ORGANIZATION_DOMAIN)
    app.setApplicationName(APPLICATION)
    # No display name: Qt would append it to every title ("PetDesk — Demo — PetDesk");
    # the main window's title names the app once ("PetDesk — Demo"). The display name
    # still reads "PetDesk": it defaults to the application's name.
    # run() sets the window icon once the first page is shown (petdesk.gui.started):
    # until then desktops show the icon of the desktop entry named here.
    app.setApplicationVersion(__version__)
    QGuiApplication.setDesktopFileName("petdesk")
    # A worker thread that computes (checking a 100,000-row import file) keeps the GIL
    # until the interpreter forces a switch: 5 ms by default, so the event loop would
    # wait up to that long for every event. 1 ms keeps the window's frames on time
    # (tests/benchmarks/bench_import_window.py).
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    _install_translations(app)
    return app


def _install_translations(app: QApplication) -> None:
    """Qt's own strings and PetDesk's, for the system's language or the one chosen
    in Settings (:mod:`petdesk.gui.common.translations`)."""
    if app.property("petdeskTranslations"):
        return
    app.setProperty("petdeskTranslations", True)
    install_translations(app, default_settings().language)


def default_settings() -> AppSettings:
    """The user's settings: ``~/Library/Preferences/org.petdesk.PetDesk.plist`` on macOS
    (Qt reverses a domain given as the organisation), else the organisation's name."""
    organization = ORGANIZATION_DOMAIN if sys.platform == "darwin" else ORGANIZATION
    return AppSettings(QSettings(organization, APPLICATION))


def _on_worker() -> ModuleType:
    """The worker thread's side of the clients and the key store: httpx's network stack,
    the sandbox and keyring load there, when the first client or key is needed, never
    on the GUI thread before the first page."""
    from petdesk.services.worker import clients  # noqa: PLC0415 - the clients and keyring, on the worker thread

    return clients


class HttpsClients:
    """The client factory for real HTTPS (the OS trust store, the timeout from the
    settings). Called on the worker thread."""

    def __init__(self, redactor: RedactingFilter | None = None) -> None:
        self._redactor = redactor

    def __call__(self, connection: Connection, key: str, listener: RequestListener,
                 clock: Clock, *, policy: RequestPolicy | None = None) -> PetStoreClient:
        if self._redactor is not None:
            self._redactor.add_secret(key)
        client = _on_worker().https_client(connection, key, listener, clock, policy)
        return cast("PetStoreClient", client)


class DemoClients:
    """The client factory of ``--demo``: the in-process sandbox, no socket. Its
    database is opened on first use, on the worker thread."""

    def __init__(self, db_path: str | Path | None = None) -> None:
        self._db_path = db_path
        self._app: SandboxApp | None = None

    def __call__(self, connection: Connection, key: str, listener: RequestListener,
                 clock: Clock, *, policy: RequestPolicy | None = None) -> PetStoreClient:
        clients = _on_worker()
        if self._app is None:
            self._app = clients.demo_app(self._db_path)
        client = clients.demo_client(self._app, connection, key, listener, clock, policy)
        return cast("PetStoreClient", client)


class LazyKeyStore:
    """:class:`petdesk.services.keys.keystore.KeyStore`, created (and keyring imported) on
    first use, which is on the worker thread."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        self._environ = environ
        self._store: KeyStore | None = None

    def _get(self) -> KeyStore:
        if self._store is None:
            self._store = cast("KeyStore", _on_worker().key_store(self._environ))
        return self._store

    def get(self, environment: str) -> KeyLookupLike:
        return self._get().get(environment)

    def set(self, environment: str, key: str) -> KeyLookupLike:
        return self._get().set(environment, key)

    def shared_password(self) -> KeyLookupLike:
        return self._get().shared_password()

    def set_shared_password(self, password: str) -> KeyLookupLike:
        return self._get().set_shared_password(password)

    def environment_override(self) -> bool:
        environ = self._environ if self._environ is not None else os.environ
        return bool(str(environ.get("PETDESK_API_KEY", "")).strip())

    @property
    def session_only(self) -> bool:
        """True once the store has given up on the keyring (read on any thread; it
        never touches the keyring)."""
        store = self._store
        return store is not None and store.session_only


def build_main_window(
    config: LaunchConfig,
    *,
    settings: AppSettings | None = None,
    keys: KeyProvider | None = None,
    client_factory: ClientFactory | None = None,
    clock: Clock | None = None,
    redactor: RedactingFilter | None = None,
    demo_db: str | Path | None = None,
    autoload: bool = True,
    deferred: bool = False,
) -> MainWindow:
    """The main window for ``config``. A QApplication must exist
    (:func:`create_application`).

    Every widget exists when this returns, unless ``deferred``: then only the frame
    does, and the contents are built in the first event-loop turn after the window's
    first paint, or by ``window.ensure_built()`` (``window.built`` is emitted).
    """
    settings = settings or default_settings()
    environment = Environment(config.environment) if config.environment else None
    if config.demo:
        return MainWindow(settings, keys or StaticKeys(DEMO_API_KEY, source="demo"),
                          client_factory or DemoClients(demo_db), demo=True, redactor=redactor,
                          autoload=autoload, deferred=deferred, clock=clock)
    return MainWindow(settings, keys or LazyKeyStore(), client_factory or HttpsClients(redactor),
                      environment=environment, base_url=config.base_url, redactor=redactor,
                      autoload=autoload, deferred=deferred, clock=clock)


def run(config: LaunchConfig, argv: Sequence[str] | None = None) -> int:
    """Create the app and the window, show it, run the event loop.

    The window is shown with its frame only; its contents are built in the first
    event-loop turn after its first paint, then the pets load.
    """
    app = create_application(argv)
    redactor = RedactingFilter()
    window = build_main_window(config, redactor=redactor, deferred=True)
    # An exception escaping a slot ends in a dialog with "Copy details" and a log
    # entry (key redacted), never a silent death; Qt's warnings go to the log too.
    install_crash_handler(window, redactor=redactor)
    # However the event loop ends (Ctrl+Q, the session ending, QApplication.exit()),
    # the window saves its state and the worker stops before Qt tears down.
    app.aboutToQuit.connect(window.close)
    window.show()

    def after_start() -> None:
        from petdesk.gui.started import finish_start  # noqa: PLC0415 - the icon files and the log file, once the first page is shown

        finish_start(app, redactor, config.demo)

    window.settled.connect(after_start)
    return app.exec()
