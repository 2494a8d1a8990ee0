"""``petdesk --self-test``: prove that this installation of PetDesk works.

Runs headless (``QT_QPA_PLATFORM=offscreen`` when there is no display and the
variable is not already set), from source or from a frozen bundle (PyInstaller:
``sys.frozen`` / ``sys._MEIPASS``), and checks, one line each::

    PASS  version       petdesk 1.0.0
    PASS  qt-platform   offscreen
    ...

* ``version``      the package metadata is present (the single version source);
* ``qt-platform``  the Qt platform plugin loads (a QApplication starts);
* ``qt-plugins``   the platform plugins users need on this OS (xcb and wayland on
  Linux, windows, cocoa), the SVG icon engine and image format load with all the
  libraries they link to (QPluginLoader: no display needed);
* ``resources``    the bundled resources are there and the SVG app icon renders;
* ``main-window``  the main window builds (demo mode, in-process sandbox);
* ``sandbox``      list, add and get through :class:`petdesk.api.PetStoreClient`
  against the in-process sandbox with a throw-away database (never the user's
  demo database);
* ``kennel-cards`` the kennel-card modules load (QtPrintSupport, segno), a card with
  its QR code is painted into an in-memory PDF, and the print dialog's printer
  object is created;
* ``spreadsheets`` openpyxl writes an xlsx (export) and python-calamine reads it back
  (import), through PetDesk's own bulk modules, in a throw-away folder;
* ``keyring``      a keyring backend resolves, or its absence is reported (a
  ``WARN``, not a failure; no key is ever read or written);
* ``tls``          the operating system's trust store loads through truststore.

Exit status 0 when nothing failed (warnings allowed), 1 otherwise. ``--output FILE``
(or ``PETDESK_SELFTEST_OUTPUT=FILE``) also writes the report to FILE: a windowed
Windows build has no stdout unless it can attach to its parent's console.

Nothing at module level imports Qt, so importing this module is cheap. Each check
imports the parts it proves (:func:`_load`) when it runs: a part missing from a
bundle, or broken, fails that check alone and the report names it.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import importlib
import os
import platform
import shutil
import ssl
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal

import petdesk
from petdesk.core.datafiles import resources_dir as _installed_resources

if TYPE_CHECKING:  # at run time Qt loads in the checks, through _load
    from PySide6.QtWidgets import QApplication


__all__ = ["CheckResult", "bundle_root", "resources_dir", "run"]

Status = Literal["PASS", "WARN", "FAIL"]


@dataclass(frozen=True)
class CheckResult:
    name: str
    status: Status
    detail: str

    def line(self) -> str:
        return f"{self.status:<5} {self.name:<12} {self.detail}"


class CheckFailed(Exception):
    """A check's plain-language failure (the message becomes the report line)."""


class CheckWarning(Exception):
    """A check's reported warning (not a failure)."""


def _load(*names: str) -> tuple[ModuleType, ...]:
    """The modules a check uses, imported one by one as it runs (see the module
    docstring): what fails to import is that check's failure, with its name."""
    return tuple(importlib.import_module(name) for name in names)


# --------------------------------------------------------------------------- locations


def is_frozen() -> bool:
    return bool(getattr(sys, "frozen", False))


def bundle_root() -> Path:
    """Where PetDesk's files are: the PyInstaller bundle (``sys._MEIPASS``) or the source tree."""
    if is_frozen():
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent))
    return Path(__file__).resolve().parents[2]


def resources_dir() -> Path:
    """PetDesk's run-time files (:mod:`petdesk.core.datafiles`): in the package, or in a
    source checkout beside it."""
    return _installed_resources() or Path(__file__).resolve().parents[1] / "resources"


# --------------------------------------------------------------------------- headless set-up


def _ensure_headless_platform(environ: dict[str, str] | os._Environ[str] = os.environ) -> None:
    """Use Qt's offscreen platform when there is no display (Linux/BSD only)."""
    if sys.platform.startswith(("win", "darwin")):
        return
    if environ.get("QT_QPA_PLATFORM"):
        return
    if not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY"):
        environ["QT_QPA_PLATFORM"] = "offscreen"


def _application() -> QApplication:
    (widgets,) = _load("PySide6.QtWidgets")
    app: QApplication | None = widgets.QApplication.instance()
    if app is None:
        app = widgets.QApplication([sys.argv[0] if sys.argv else "petdesk"])
    return app


# --------------------------------------------------------------------------- checks


def check_version() -> str:
    try:
        meta = version("petdesk")
    except PackageNotFoundError as exc:
        raise CheckFailed(
            "package metadata for petdesk is missing (the bundle lacks its dist-info)"
        ) from exc
    if meta != petdesk.__version__:
        raise CheckFailed(f"petdesk.__version__ {petdesk.__version__} != metadata {meta}")
    return f"petdesk {meta}" + (" (frozen)" if is_frozen() else "")


def _requested_platform() -> str:
    """The platform plugin Qt will try first (``QT_QPA_PLATFORM`` or the OS default)."""
    wanted = os.environ.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    if wanted:
        return wanted
    if sys.platform == "win32":
        return "windows"
    if sys.platform == "darwin":
        return "cocoa"
    if os.environ.get("WAYLAND_DISPLAY") and not os.environ.get("DISPLAY"):
        return "wayland"
    return "xcb"


def check_qt_platform() -> str:
    """Load the platform plugin with QPluginLoader first: when it cannot load, Qt
    would abort the whole process (qFatal) on QApplication instead of reporting."""
    pyside, core, gui = _load("PySide6", "PySide6.QtCore", "PySide6.QtGui")
    if core.QCoreApplication.instance() is None:
        name = _requested_platform()
        found = None
        for root in (Path(p) for p in core.QCoreApplication.libraryPaths()):
            found = _plugin_file(root / "platforms", f"q{name}")
            if found:
                break
        if found is None:
            raise CheckFailed(f"the Qt platform plugin '{name}' is not in the bundle")
        loader = core.QPluginLoader(str(found))
        if not loader.load():
            raise CheckFailed(
                f"the Qt platform plugin '{name}' does not load: {loader.errorString()}"
            )
    _application()
    name = gui.QGuiApplication.platformName()
    if not name:
        raise CheckFailed("no Qt platform plugin loaded")
    return f"{name} (PySide6 {pyside.__version__})"


#: Plugins that must load on each OS: (plugin directory, stem). The stem is the file
#: name without the ``lib`` prefix and the extension.
REQUIRED_PLUGINS: dict[str, tuple[tuple[str, str], ...]] = {
    "linux": (
        ("platforms", "qxcb"),
        ("platforms", "qwayland"),
        ("platforms", "qoffscreen"),
        ("wayland-shell-integration", "xdg-shell"),
        ("iconengines", "qsvgicon"),
        ("imageformats", "qsvg"),
        ("printsupport", "cupsprintersupport"),
    ),
    "win32": (
        ("platforms", "qwindows"),
        ("iconengines", "qsvgicon"),
        ("imageformats", "qsvg"),
    ),
    "darwin": (
        ("platforms", "qcocoa"),
        ("iconengines", "qsvgicon"),
        ("imageformats", "qsvg"),
    ),
}


def _plugin_file(directory: Path, stem: str) -> Path | None:
    for candidate in (f"lib{stem}.so", f"lib{stem}.dylib", f"{stem}.dll"):
        path = directory / candidate
        if path.exists():
            return path
    return None


def check_qt_plugins() -> str:
    (core,) = _load("PySide6.QtCore")
    _application()
    key = "linux" if sys.platform.startswith("linux") else sys.platform
    required = REQUIRED_PLUGINS.get(key, ())
    roots = [Path(p) for p in core.QCoreApplication.libraryPaths()]
    problems: list[str] = []
    loaded: list[str] = []
    for directory, stem in required:
        found = None
        for root in roots:
            found = _plugin_file(root / directory, stem)
            if found:
                break
        if found is None:
            problems.append(f"{directory}/{stem} missing")
            continue
        loader = core.QPluginLoader(str(found))
        if not loader.load():
            problems.append(f"{directory}/{stem} does not load: {loader.errorString()}")
            continue
        loaded.append(stem)
    if problems:
        raise CheckFailed("; ".join(problems))
    return ", ".join(loaded) if loaded else "no plugin list for this OS"


def check_resources() -> str:
    (gui,) = _load("PySide6.QtGui")
    _application()
    root = resources_dir()
    if not root.is_dir():
        raise CheckFailed(f"resources directory not found: {root}")
    svgs = sorted(root.rglob("petdesk.svg")) or sorted(root.rglob("*.svg"))
    if not svgs:
        raise CheckFailed(f"no SVG app icon under {root}")
    icon = gui.QIcon(str(svgs[0]))
    pixmap = icon.pixmap(64, 64)
    if icon.isNull() or pixmap.isNull():
        raise CheckFailed(f"the SVG icon {svgs[0].name} does not render (SVG icon engine missing?)")
    files = sum(1 for p in root.rglob("*") if p.is_file())
    return f"{files} files, {svgs[0].name} renders"


@contextlib.contextmanager
def _throwaway_dir() -> Iterator[Path]:
    # On Windows a file still open cannot be deleted (a worker thread may still be
    # closing the window's store when a check ends), and TemporaryDirectory's
    # ignore_cleanup_errors lets that "sharing violation" through on Python 3.13: the
    # folder is removed as far as it can be, and a check never fails on its cleanup.
    folder = Path(tempfile.mkdtemp(prefix="petdesk-selftest-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


#: How long the main window may take to show its first page of demo animals.
MAIN_WINDOW_TIMEOUT = 20.0


def check_main_window() -> str:
    """The real main window (``petdesk.gui.app``) in demo mode, with throw-away
    settings and database, shows and loads its first page through its worker."""
    core, widgets, gui_app, gui_settings = _load(
        "PySide6.QtCore", "PySide6.QtWidgets", "petdesk.gui.app", "petdesk.gui.settings.settings")
    app = gui_app.create_application()
    with _throwaway_dir() as tmp:
        qsettings = core.QSettings(str(tmp / "settings.ini"), core.QSettings.Format.IniFormat)
        settings = gui_settings.AppSettings(qsettings, store_folder=tmp)
        # The catalogue would be downloaded into the user's data folder: not by a check.
        settings.catalogue = gui_settings.CatalogueChoice(enabled=False)
        window = gui_app.build_main_window(
            gui_app.LaunchConfig(demo=True), settings=settings, demo_db=tmp / "demo.db",
            autoload=True,
        )
        try:
            window.show()
            table = window.findChild(widgets.QTableView, "petsTable")
            if table is None:
                raise CheckFailed("the main window has no pets table (objectName petsTable)")
            model = table.model()
            deadline = time.monotonic() + MAIN_WINDOW_TIMEOUT
            while time.monotonic() < deadline and not (
                window.isVisible() and model is not None and model.rowCount() > 0
            ):
                app.processEvents()
                time.sleep(0.005)
            if not window.isVisible():
                raise CheckFailed("the main window did not show")
            if model is None or model.rowCount() == 0:
                raise CheckFailed(
                    f"the main window showed no demo animals within {MAIN_WINDOW_TIMEOUT:g} s"
                )
            title = window.windowTitle()
            return f"{type(window).__name__} '{title}', {model.rowCount()} pets (demo)"
        finally:
            window.close()
            window.deleteLater()
            widgets.QApplication.processEvents()


def check_sandbox() -> str:
    api, sandbox = _load("petdesk.api", "petdesk.sandbox.inprocess")
    with _throwaway_dir() as tmp:
        app = sandbox.make_demo_app(tmp / "selftest.db")
        try:
            transport = sandbox.in_process_transport(app)
            with api.PetStoreClient(sandbox.DEMO_BASE_URL, sandbox.DEMO_API_KEY,
                                    transport=transport) as client:
                pets = client.list_pets(limit=5)
                if not pets:
                    raise CheckFailed("list returned no animals from a freshly seeded sandbox")
                created = client.create_pet(
                    api.NewPet(name="Self-test", category_id=1, status=api.PetStatus.AVAILABLE)
                )
                fetched = client.get_pet(created.id)
                if fetched.id != created.id or fetched.name != "Self-test":
                    raise CheckFailed(f"get returned {fetched!r} for the pet just added")
        finally:
            with contextlib.suppress(Exception):
                app.store.close()
    return f"list {len(pets)}, add id {created.id}, get id {fetched.id} (in-process, temp DB)"


def check_kennel_cards() -> str:
    """The kennel-card modules and what they need (QtPrintSupport, segno): one card
    painted into an in-memory PDF, QR code included."""
    core, gui, printing, dialog, cards = _load(
        "PySide6.QtCore", "PySide6.QtGui", "PySide6.QtPrintSupport",
        "petdesk.gui.cards.kennel_card_dialog", "petdesk.gui.cards.kennel_cards")
    _application()
    if not cards.qr_matrix("301"):
        raise CheckFailed("segno made no QR code")
    buffer = core.QBuffer()
    buffer.setData(core.QByteArray())
    buffer.open(core.QIODevice.OpenModeFlag.WriteOnly)
    writer = gui.QPdfWriter(buffer)
    sheet = cards.CardSheet([cards.KennelCard(301, "Self-test", "Dogs (1)", "Available")],
                            cards.CardPageSize.INDEX_4X6)
    cards.paint_cards(writer, sheet)
    del writer  # finishes the PDF
    data = bytes(buffer.data().data())
    if not data.startswith(b"%PDF") or b"%%EOF" not in data[-64:]:
        raise CheckFailed("the kennel-card PDF was not written")
    printer = printing.QPrinter()
    if not hasattr(dialog, "KennelCardDialog"):
        raise CheckFailed("the kennel-card dialog module is incomplete")
    return f"PDF of one card, {len(data)} bytes; printer '{printer.printerName() or 'none'}'"


def check_spreadsheets() -> str:
    """Export to xlsx (openpyxl) and read it back (python-calamine), as the bulk
    import and export do."""
    calamine, reader, writers = _load(
        "python_calamine", "petdesk.services.importing.spreadsheet_reader",
        "petdesk.services.importing.writers")
    with _throwaway_dir() as tmp:
        path = tmp / "selftest.xlsx"
        writers.write_table(path, ["id", "name"], [(1, "Self-test")])
        kind = reader.sniff_kind(path)
        if kind is None:
            raise CheckFailed("the xlsx just written is not recognised")
        book = calamine.CalamineWorkbook.from_path(str(path))
        try:
            rows = book.get_sheet_by_index(0).to_python()
        finally:
            book.close()
    if [str(c) for c in rows[1]][1:] != ["Self-test"]:
        raise CheckFailed(f"read back {rows!r} from the xlsx just written")
    return "xlsx written (openpyxl) and read back (python-calamine)"


KEYRING_TIMEOUT = 10.0


def check_keyring() -> str:
    (keystore,) = _load("petdesk.services.keys.keystore")
    ok, report = keystore.resolve_backend_report(timeout=KEYRING_TIMEOUT)
    message = str(report)
    if not ok:
        raise CheckFailed(message)
    if "test keyring" in message:  # keyring's discovery picked a test-only backend
        raise CheckFailed(f"a test-only backend was selected as the OS keyring: {message}")
    if not message.startswith("keyring backend:"):
        raise CheckWarning(message)
    return message.removeprefix("keyring backend:").strip()


def check_tls() -> str:
    (truststore,) = _load("truststore")
    ctx = truststore.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    if ctx.verify_mode != ssl.CERT_REQUIRED or not ctx.check_hostname:
        raise CheckFailed("the truststore context does not verify certificates")
    version = f"truststore {truststore.__version__}"
    if sys.platform == "darwin":
        # truststore verifies with the Security framework; importing it loaded
        # Security/CoreFoundation through ctypes (or raised).
        return f"{version}: macOS Security framework"
    if sys.platform == "win32":
        # truststore verifies with CertGetCertificateChain against the system stores;
        # the ROOT/CA stores must be readable.
        count = ssl.create_default_context().cert_store_stats().get("x509_ca", 0)
        if count == 0:
            raise CheckFailed("the Windows certificate store gave no CA certificates")
        return f"{version}: Windows certificate store, {count} CA certificates"
    # OpenSSL platforms: load exactly what truststore loads before a handshake.
    probe = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    capath_has_certs: Callable[[str], bool] | None
    try:
        (openssl,) = _load("truststore._openssl")
    except ImportError:  # truststore reorganised: fall back to OpenSSL's defaults
        probe.load_default_certs()
        capath_has_certs = None
    else:
        with openssl._configure_context(probe):
            pass
        capath_has_certs = openssl._capath_contains_certs
    count = probe.cert_store_stats().get("x509_ca", 0)
    paths = ssl.get_default_verify_paths()
    if count:
        return f"{version}: {count} CA certificates ({paths.cafile or 'distribution bundle'})"
    if paths.capath and capath_has_certs is not None and capath_has_certs(paths.capath):
        return f"{version}: CA directory {paths.capath}"
    raise CheckFailed(
        "no CA certificates found (install the ca-certificates package); OpenSSL looks in "
        f"{paths.openssl_cafile} and {paths.openssl_capath}"
    )


CHECKS: tuple[tuple[str, Callable[[], str]], ...] = (
    ("version", check_version),
    ("qt-platform", check_qt_platform),
    ("qt-plugins", check_qt_plugins),
    ("resources", check_resources),
    ("main-window", check_main_window),
    ("sandbox", check_sandbox),
    ("kennel-cards", check_kennel_cards),
    ("spreadsheets", check_spreadsheets),
    ("keyring", check_keyring),
    ("tls", check_tls),
)


#: Checks that need a running QApplication.
NEEDS_QT = frozenset({"qt-plugins", "resources", "main-window", "kennel-cards"})


def _run_check(name: str, fn: Callable[[], str]) -> CheckResult:
    try:
        return CheckResult(name, "PASS", fn())
    except CheckWarning as exc:
        return CheckResult(name, "WARN", str(exc))
    except CheckFailed as exc:
        return CheckResult(name, "FAIL", str(exc))
    except Exception as exc:
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return CheckResult(
            name,
            "FAIL",
            f"{type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})",
        )


# --------------------------------------------------------------------------- output


class _Report:
    def __init__(self, output: Path | None) -> None:
        self._file = output.open("w", encoding="utf-8") if output else None
        self._stdout = _console_stdout()

    def line(self, text: str) -> None:
        for stream in (self._stdout, self._file):
            if stream is not None:
                with contextlib.suppress(OSError, ValueError):
                    stream.write(text + "\n")
                    stream.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


def _console_stdout() -> Any:
    """stdout, or on a windowed Windows build the parent's console when there is one."""
    if sys.stdout is not None:
        return sys.stdout
    if sys.platform == "win32":  # pragma: no cover - Windows only
        attach_parent_process = -1
        if ctypes.windll.kernel32.AttachConsole(attach_parent_process):
            with contextlib.suppress(OSError):
                return open("CONOUT$", "w", encoding="utf-8")
    return None


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="petdesk --self-test", add_help=False)
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument(
        "--output", type=Path, default=os.environ.get("PETDESK_SELFTEST_OUTPUT") or None
    )
    args, _unknown = parser.parse_known_args(argv)  # other petdesk options are ignored
    return args


def run(argv: list[str] | None = None) -> int:
    """Run every check, print one line each, return 0 when none failed."""
    args = _parse(list(sys.argv[1:] if argv is None else argv))
    _ensure_headless_platform()
    report = _Report(args.output)
    try:
        where = bundle_root() if is_frozen() else Path(__file__).resolve().parents[1]
        report.line(
            f"PetDesk self-test · Python {platform.python_version()} · {sys.platform} · "
            f"{'frozen' if is_frozen() else 'source'} · {where}"
        )
        results: list[CheckResult] = []
        for name, fn in CHECKS:
            if name in NEEDS_QT and any(
                r.name == "qt-platform" and r.status == "FAIL" for r in results
            ):
                result = CheckResult(name, "FAIL", "not run: Qt cannot start (see qt-platform)")
            else:
                result = _run_check(name, fn)
            results.append(result)
            report.line(result.line())
        failed = [r for r in results if r.status == "FAIL"]
        warned = [r for r in results if r.status == "WARN"]
        passed = len(results) - len(failed) - len(warned)
        report.line(
            f"{'FAILED' if failed else 'OK'}: {passed} passed, "
            f"{len(warned)} warning(s), {len(failed)} failed"
        )
        return 1 if failed else 0
    finally:
        report.close()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run())
