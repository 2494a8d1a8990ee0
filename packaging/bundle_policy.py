"""What goes into the PetDesk bundle: the one place the freeze policy is written down.

Imported by ``packaging/petdesk.spec`` (at build time, inside PyInstaller) and by
``tests/packaging`` (to check the policy without building). Standard library only,
plus PyInstaller's own ``bindepend`` for the dependency closure, imported lazily.

A PyInstaller TOC entry is ``(dest_name, src_name, typecode)``; for ``SYMLINK``
entries ``src_name`` is the link target (a bundle-relative path).

The policy, in order:

1. **Python modules** PetDesk does not use are excluded before analysis
   (:data:`EXCLUDED_MODULES`): every PySide6 module but QtCore, QtGui, QtWidgets and
   QtPrintSupport (kennel cards),
   test and build tooling, the Tk GUI toolkit and ``multiprocessing`` (whose
   runtime hook would import it at every start).
2. **Qt plugins** are kept only when listed in :data:`KEPT_PLUGINS` (platform
   plugins for X11, Wayland, Windows, macOS and the headless self-test, input
   methods, the desktop portal theme, styles, the SVG icon engine and image format,
   the Wayland shell/decoration/EGL client plugins, print support through CUPS). The
   GTK 3 platform theme is left out: it drags in the whole GTK stack, and Qt's
   built-in GNOME/KDE themes and the desktop portal already follow the system palette.
3. **Qt translations** are kept only as ``qtbase_<lang>.qm`` for the languages
   PetDesk itself ships in ``resources/translations`` (:func:`shipped_languages`);
   all others (and every other Qt catalog) are dropped.
4. **Qt shared libraries** no longer needed by anything kept (Qt Network, EGLFS,
   QML, ... that only dropped plugins or modules used) are pruned by following the
   link-time imports of what remains (:func:`prune_unreachable`).
5. **Linux only: the distribution's libraries come from the distribution**, not the
   bundle (:func:`is_linux_system_library`): X11/XCB, Wayland, xkbcommon,
   OpenGL/EGL, fontconfig/freetype, GLib, D-Bus, libstdc++, OpenSSL, SQLite and the
   like are excluded and the ``.deb`` declares them in ``Depends``. Bundling them
   breaks on newer distributions (a bundled libstdc++ older than the one the
   system's Mesa driver needs; fontconfig reading a newer config format) and freezes
   their security fixes (OpenSSL) at build time. What stays bundled: libpython, the
   few libraries whose package name changes between releases
   (:data:`LINUX_BUNDLED_SYSTEM_LIBRARIES`), and everything shipped in wheels (Qt,
   ICU, pydantic-core, cryptography).
"""

from __future__ import annotations

import fnmatch
import os
import posixpath
import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import PurePosixPath

TocEntry = tuple[str, str, str]

# --------------------------------------------------------------------------- modules

#: The PySide6 modules PetDesk imports. Everything else in PySide6-Essentials is excluded.
#: QtPrintSupport prints kennel cards (QPrinter, the print dialog and preview); it is
#: imported only when the kennel-card dialog first opens, never at start-up.
QT_MODULES_USED: tuple[str, ...] = ("QtCore", "QtGui", "QtWidgets", "QtPrintSupport")

#: PySide6 modules shipped by PySide6-Essentials (6.7 .. 6.12) and PySide6-Addons that
#: PetDesk does not use. ``tests/packaging`` checks that no PetDesk source imports one.
QT_MODULES_EXCLUDED: tuple[str, ...] = (
    "Qt3DAnimation",
    "Qt3DCore",
    "Qt3DExtras",
    "Qt3DInput",
    "Qt3DLogic",
    "Qt3DRender",
    "QtAxContainer",
    "QtBluetooth",
    "QtCharts",
    "QtConcurrent",
    "QtDataVisualization",
    "QtDBus",
    "QtDesigner",
    "QtGraphs",
    "QtGraphsWidgets",
    "QtHelp",
    "QtHttpServer",
    "QtLabsStyleKit",
    "QtLocation",
    "QtMultimedia",
    "QtMultimediaWidgets",
    "QtNetwork",
    "QtNetworkAuth",
    "QtNfc",
    "QtOpenGL",
    "QtOpenGLWidgets",
    "QtPdf",
    "QtPdfWidgets",
    "QtPositioning",
    "QtQml",
    "QtQmlFeatures",
    "QtQuick",
    "QtQuick3D",
    "QtQuickControls2",
    "QtQuickTest",
    "QtQuickWidgets",
    "QtRemoteObjects",
    "QtScxml",
    "QtSensors",
    "QtSerialBus",
    "QtSerialPort",
    "QtSpatialAudio",
    "QtSql",
    "QtStateMachine",
    "QtSvg",
    "QtSvgWidgets",
    "QtTest",
    "QtTextToSpeech",
    "QtUiTools",
    "QtWebChannel",
    "QtWebEngineCore",
    "QtWebEngineQuick",
    "QtWebEngineWidgets",
    "QtWebSockets",
    "QtWebView",
    "QtXml",
)

#: Test, type-checking and build tooling that must never end up in the bundle (they
#: are not in the build venv either; this guards builds made from a dev venv).
TOOLING_EXCLUDED: tuple[str, ...] = (
    "pytest",
    "_pytest",
    "pytestqt",
    "pluggy",
    "hypothesis",
    "schemathesis",
    "hypothesis_graphql",
    "mypy",
    "mypyc",
    "ruff",
    "PyInstaller",
    "_pyinstaller_hooks_contrib",
    "pyinstrument",
    "check_jsonschema",
    "setuptools",
    "pkg_resources",
    "pip",
    "wheel",
    "tkinter",
    "_tkinter",
    "pydoc_data",
    "lib2to3",
    "idlelib",
    "ensurepip",
    "test",
    "IPython",
    "numpy",
    "vulture",
    # httpx's command line (``httpx._main``) and what it needs: PetDesk never runs it,
    # and httpx falls back to a stub without it (imported, it costs ~50 ms and ~7 MiB
    # on the worker's first request).
    "httpx._main",
    "click",
    "rich",
    "pygments",
)

#: Standard-library packages PetDesk never uses whose mere presence costs start-up
#: time: with ``multiprocessing`` in the bundle PyInstaller adds a runtime hook that
#: imports it (and ``multiprocessing.spawn``, ``subprocess``) before the app's first
#: line, ~10 ms before the window. It is reachable only through ``concurrent.futures``'
#: ``ProcessPoolExecutor`` (asyncio, anyio), which PetDesk does not use.
STDLIB_EXCLUDED: tuple[str, ...] = ("multiprocessing",)

EXCLUDED_MODULES: tuple[str, ...] = tuple(f"PySide6.{m}" for m in QT_MODULES_EXCLUDED) + (
    TOOLING_EXCLUDED + STDLIB_EXCLUDED
)

#: Modules found only through entry points or ``importlib``: every keyring backend
#: (keyring discovers them through its ``keyring.backends`` entry points at run time),
#: and the self-test, which ``petdesk --self-test`` loads by name (a build may leave it out).
HIDDEN_IMPORTS: tuple[str, ...] = (
    "petdesk.gui.selftest",
    "keyring.backends.chainer",
    "keyring.backends.fail",
    "keyring.backends.null",
    "keyring.backends.kwallet",
    "keyring.backends.libsecret",
    "keyring.backends.macOS",
    "keyring.backends.macOS.api",
    "keyring.backends.SecretService",
    "keyring.backends.Windows",
    "jaraco.classes",
    "jaraco.context",
    "jaraco.functools",
    "secretstorage",
    "jeepney",
    "truststore",
)

#: Distributions whose metadata must be in the bundle: ``petdesk`` for
#: ``importlib.metadata.version("petdesk")`` (the self-test checks it against
#: ``petdesk.__version__``) and
#: ``keyring`` for its backend entry points.
METADATA_DISTRIBUTIONS: tuple[str, ...] = ("petdesk", "keyring")

#: Files under ``resources/`` that are for the repository, not the installed app
#: (the bundle and the wheel: hatch_build.py).
RESOURCE_EXCLUDES: tuple[str, ...] = ("screenshots/*", "*.md", "*.ts", "*.pro", ".*")
#: Where ``resources/`` goes in the bundle and in the wheel: inside the package, where
#: importlib.resources finds it (petdesk/core/datafiles.py).
RESOURCE_TARGET = "petdesk/resources"


def resource_files(resources: os.PathLike[str] | str) -> list[tuple[str, str]]:
    """``(source file, path relative to resources/)`` of the files PetDesk needs at
    run time: ``resources/`` minus :data:`RESOURCE_EXCLUDES`."""
    root = os.fspath(resources)
    out: list[tuple[str, str]] = []
    for dirpath, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, root).replace(os.sep, "/")
            if any(fnmatch.fnmatch(rel, p) or fnmatch.fnmatch(name, p) for p in RESOURCE_EXCLUDES):
                continue
            out.append((full, rel))
    return out


def resource_datas(resources: os.PathLike[str] | str) -> list[tuple[str, str]]:
    """``(source file, bundle directory)`` pairs for :func:`resource_files`, under
    :data:`RESOURCE_TARGET` (README screenshots, translation sources, notes left out)."""
    return [(full, posixpath.join(RESOURCE_TARGET, posixpath.dirname(rel)).rstrip("/"))
            for full, rel in resource_files(resources)]


# --------------------------------------------------------------------------- plugins

#: Qt plugins kept, by plugin directory: glob patterns over the plugin's *stem* (the
#: file name without ``lib`` prefix and extension). Directories not listed are dropped
#: entirely (tls, networkinformation, generic, egldeviceintegrations, sqldrivers,
#: qmltooling, designer, ...).
KEPT_PLUGINS: dict[str, tuple[str, ...]] = {
    # xcb + wayland for Linux desktops, offscreen for the headless self-test,
    # windows and cocoa for the other two OSes.
    "platforms": ("qxcb", "qwayland", "qoffscreen", "qwindows", "qcocoa"),
    "platforms/darwin": ("*",),
    # File dialogs and colour-scheme changes through the XDG desktop portal.
    "platformthemes": ("qxdgdesktopportal",),
    # Dead keys / compose sequences and IBus input methods (names with accents).
    "platforminputcontexts": (
        "composeplatforminputcontextplugin",
        "ibusplatforminputcontextplugin",
    ),
    # Native look: Windows 11 / Vista styles, macOS style.
    "styles": ("*",),
    # SVG icons (the app icon and toolbar icons are SVG).
    "iconengines": ("qsvgicon",),
    "imageformats": ("qsvg", "qico"),
    "xcbglintegrations": ("*",),
    # Kennel cards: the system's printers through CUPS (Linux, macOS; libcups comes
    # from the distribution, a Depends of the .deb). Windows prints without a plugin.
    "printsupport": ("*",),
    "wayland-shell-integration": ("xdg-shell",),
    "wayland-decoration-client": ("*",),
    "wayland-graphics-integration-client": ("qt-plugin-wayland-egl",),
    # macOS 14+ permission plugins and accessibility bridges, where present.
    "permissions": ("*",),
    "accessiblebridge": ("*",),
}


def shipped_languages(resources: os.PathLike[str] | str) -> tuple[str, ...]:
    """Languages PetDesk ships (``resources/translations/petdesk_<lang>.qm``).

    Qt's own strings (``qtbase_<lang>.qm``, loaded by ``petdesk.gui.app``) are kept for
    exactly these languages and no others: a Qt-only translation would give a UI
    half in English, half in the user's language.
    """
    folder = os.path.join(os.fspath(resources), "translations")
    if not os.path.isdir(folder):
        return ()
    names = sorted(os.listdir(folder))
    return tuple(
        n[len("petdesk_") : -len(".qm")]
        for n in names
        if n.startswith("petdesk_") and n.endswith(".qm")
    )


# --------------------------------------------------------------------------- Linux system libraries

#: Directories whose libraries belong to the operating system on Linux.
LINUX_SYSTEM_LIBRARY_DIRS: tuple[str, ...] = (
    "/lib",
    "/lib64",
    "/usr/lib",
    "/usr/lib64",
    "/usr/local/lib",
)

#: Distribution libraries that stay bundled on Linux: the interpreter itself, and
#: libraries whose Debian package name changes with the release (``libmpdec3`` in
#: Debian 12, gone in 13; readline/ncurses), so the .deb stays installable across
#: releases. Everything else from the distribution is a ``Depends``.
LINUX_BUNDLED_SYSTEM_LIBRARIES: tuple[str, ...] = (
    "libpython3*",
    "libmpdec.so*",
    "libreadline.so*",
    "libncursesw.so*",
    "libtinfo.so*",
    "libpanelw.so*",
)


def _norm(path: str) -> str:
    return path.replace("\\", "/")


def plugin_location(dest: str) -> tuple[str, str] | None:
    """``(plugin_dir, stem)`` when ``dest`` is a Qt plugin inside the bundle, else None.

    Works for the wheel layouts of all three OSes: ``PySide6/Qt/plugins/<dir>/libq*.so``
    (Linux), ``PySide6/Qt/plugins/<dir>/libq*.dylib`` (macOS),
    ``PySide6/plugins/<dir>/q*.dll`` (Windows).
    """
    parts = PurePosixPath(_norm(dest)).parts
    if "PySide6" not in parts or "plugins" not in parts:
        return None
    i = parts.index("plugins")
    rest = parts[i + 1 :]
    if len(rest) < 2:
        return None
    plugin_dir = "/".join(rest[:-1])
    name = rest[-1]
    stem = re.sub(r"\.(so|dylib|dll|pdb|debug)(\..*)?$", "", name)
    if stem.startswith("lib") and not name.endswith(".dll"):
        stem = stem[3:]
    return plugin_dir, stem


def keep_plugin(dest: str) -> bool:
    """True unless ``dest`` is a Qt plugin the policy leaves out."""
    location = plugin_location(dest)
    if location is None:
        return True
    plugin_dir, stem = location
    patterns = KEPT_PLUGINS.get(plugin_dir)
    if patterns is None:
        return False
    return any(fnmatch.fnmatchcase(stem, pattern) for pattern in patterns)


def is_qt_translation(dest: str) -> bool:
    parts = PurePosixPath(_norm(dest)).parts
    return "PySide6" in parts and "translations" in parts and dest.endswith(".qm")


def keep_translation(dest: str, languages: Iterable[str] = ()) -> bool:
    """Keep non-translations, and ``qtbase_<lang>.qm`` for the languages PetDesk ships."""
    if not is_qt_translation(dest):
        return True
    name = PurePosixPath(_norm(dest)).name  # qtbase_de.qm, qt_de.qm, qtmultimedia_de.qm
    catalog, _, rest = name.removesuffix(".qm").partition("_")
    if catalog != "qtbase":
        return False
    lang = rest.lower()
    return any(lang == kept.lower() or lang == kept.lower().split("_")[0] for kept in languages)


def is_linux_system_library(src: str) -> bool:
    """True for a library of the Linux OS that the .deb takes from the system."""
    path = _norm(src)
    if not any(path.startswith(d + "/") for d in LINUX_SYSTEM_LIBRARY_DIRS):
        return False
    if "/site-packages/" in path or "/dist-packages/" in path or "/lib-dynload/" in path:
        return False
    if re.search(r"/python3[.\d]*/", path):  # the interpreter's own tree
        return False
    name = PurePosixPath(path).name
    return not any(fnmatch.fnmatchcase(name, p) for p in LINUX_BUNDLED_SYSTEM_LIBRARIES)


# --------------------------------------------------------------------------- TOC filtering


def _symlink_target(dest: str, target: str) -> str:
    """A SYMLINK entry's target as a bundle path: PyInstaller writes it relative to the
    link's own directory (``Versions/Current/QtCore``; top-level links to
    ``PySide6/Qt/lib/...`` are the same thing from the bundle root)."""
    return posixpath.normpath(posixpath.join(posixpath.dirname(_norm(dest)), _norm(target)))


def _under(path: str, paths: set[str]) -> bool:
    """``path`` is one of ``paths`` or inside one of them (a removed directory link)."""
    return path in paths or any(path.startswith(p + "/") for p in paths)


def _drop_symlinks_to(toc: list[TocEntry], removed: set[str]) -> list[TocEntry]:
    """``toc`` without the symbolic links that point (maybe through other links) at a
    removed entry; links to anything else are kept untouched."""
    gone = {_norm(d) for d in removed}
    while True:
        dangling = {
            _norm(d)
            for d, target, t in toc
            if t == "SYMLINK" and _norm(d) not in gone and _under(_symlink_target(d, target), gone)
        }
        if not dangling:
            return [e for e in toc if _norm(e[0]) not in gone]
        gone |= dangling


def drop_linux_system_libraries(
    binaries: Iterable[TocEntry], report: Callable[[str], None] = print
) -> list[TocEntry]:
    """Linux: leave the desktop stack to the system (see :func:`is_linux_system_library`)."""
    kept: list[TocEntry] = []
    removed: set[str] = set()
    for dest, src, typecode in binaries:
        if typecode != "SYMLINK" and is_linux_system_library(src):
            report(f"petdesk policy: system library {os.path.basename(dest)} (from {src})")
            removed.add(dest)
            continue
        kept.append((dest, src, typecode))
    return _drop_symlinks_to(kept, removed)


def filter_binaries(
    binaries: Iterable[TocEntry], *, platform: str, report: Callable[[str], None] = print
) -> list[TocEntry]:
    """Apply the plugin policy and (on Linux) the system-library policy to ``a.binaries``."""
    kept: list[TocEntry] = []
    removed: set[str] = set()
    for dest, src, typecode in binaries:
        if typecode != "SYMLINK" and not keep_plugin(dest):
            report(f"petdesk policy: drop plugin {dest}")
            removed.add(dest)
            continue
        kept.append((dest, src, typecode))
    kept = _drop_symlinks_to(kept, removed)
    if platform.startswith("linux"):
        kept = drop_linux_system_libraries(kept, report)
    return kept


def filter_datas(
    datas: Iterable[TocEntry],
    languages: Iterable[str] = (),
    report: Callable[[str], None] = print,
) -> list[TocEntry]:
    """Apply plugin and translation policy to ``a.datas``."""
    kept: list[TocEntry] = []
    removed: set[str] = set()
    for dest, src, typecode in datas:
        if typecode != "SYMLINK" and not (keep_plugin(dest) and keep_translation(dest, languages)):
            removed.add(dest)
            continue
        kept.append((dest, src, typecode))
    report(f"petdesk policy: dropped {len(removed)} data files (plugins, Qt translations)")
    return _drop_symlinks_to(kept, removed)


def is_qt_library(dest: str, typecode: str) -> bool:
    """A Qt (or Qt-only) shared library that may be pruned when nothing links to it.

    Extension modules, plugins and anything outside the ``PySide6`` tree are never
    candidates: only the libraries Qt modules and plugins link to.
    """
    if typecode not in ("BINARY",):
        return False
    parts = PurePosixPath(_norm(dest)).parts
    if not parts or parts[0] != "PySide6" or "plugins" in parts:
        return False
    name = parts[-1]
    if name.endswith((".pyd", ".abi3.so")) or ".cpython-" in name:
        return False
    return bool(
        re.match(
            r"^(lib)?Qt6?[A-Za-z0-9]+(\.so\.\d+|\.dll)$", name
        )  # libQt6Network.so.6, Qt6Network.dll
        or (
            ".framework/" in _norm(dest) and name.startswith("Qt")
        )  # QtNetwork.framework/Versions/A/QtNetwork
        or re.match(r"^(opengl32sw|d3dcompiler_\d+)\.dll$", name, re.IGNORECASE)
    )


def _framework_prefix(dest: str) -> str | None:
    path = _norm(dest)
    i = path.find(".framework/")
    return path[: i + len(".framework/")] if i >= 0 else None


def _basename_of_import(name: str) -> str:
    return PurePosixPath(_norm(name)).name.lower()


def prune_unreachable(
    binaries: Sequence[TocEntry],
    datas: Sequence[TocEntry],
    imports_of: Callable[[str], Iterable[str]] | None = None,
    report: Callable[[str], None] = print,
) -> tuple[list[TocEntry], list[TocEntry]]:
    """Drop Qt libraries nothing left in the bundle links to (to a fixed point).

    ``imports_of(src_path)`` gives the names a binary links to; by default
    PyInstaller's ``bindepend.get_imports`` (ldd / macholib / pefile).
    """
    if imports_of is None:
        from PyInstaller.depend import bindepend

        def imports_of(src: str) -> list[str]:
            return [name for name, _path in bindepend.get_imports(src)]

    cache: dict[str, set[str]] = {}

    def needed(src: str) -> set[str]:
        if src not in cache:
            try:
                cache[src] = {_basename_of_import(n) for n in imports_of(src)}
            except Exception as exc:  # an unreadable binary keeps everything it might need
                report(f"petdesk policy: cannot read imports of {src}: {exc}")
                cache[src] = {"*"}
        return cache[src]

    current = [e for e in binaries if e[2] != "SYMLINK"]
    while True:
        wanted: set[str] = set()
        for _dest, src, _typecode in current:
            wanted |= needed(src)
        if "*" in wanted:
            break
        unreachable = [
            e
            for e in current
            if is_qt_library(e[0], e[2]) and PurePosixPath(_norm(e[0])).name.lower() not in wanted
        ]
        if not unreachable:
            break
        gone = {e[0] for e in unreachable}
        for dest in sorted(gone):
            report(f"petdesk policy: prune unreferenced Qt library {dest}")
        current = [e for e in current if e[0] not in gone]

    kept_dests = {e[0] for e in current}
    pruned = [e for e in binaries if e[2] != "SYMLINK" and e[0] not in kept_dests]
    frameworks = {p for p in (_framework_prefix(e[0]) for e in pruned) if p}

    def in_pruned_framework(dest: str) -> bool:
        return any(_norm(dest).startswith(p) for p in frameworks)

    removed = {e[0] for e in pruned}
    removed |= {e[0] for e in [*binaries, *datas] if in_pruned_framework(e[0])}
    new_binaries = [e for e in binaries if e[0] not in removed]
    new_datas = [e for e in datas if e[0] not in removed]
    return _drop_symlinks_to(new_binaries, removed), _drop_symlinks_to(new_datas, removed)


def apply(
    binaries: Sequence[TocEntry],
    datas: Sequence[TocEntry],
    *,
    platform: str,
    languages: Iterable[str] = (),
    imports_of: Callable[[str], Iterable[str]] | None = None,
    report: Callable[[str], None] = print,
) -> tuple[list[TocEntry], list[TocEntry]]:
    """The whole post-analysis policy: plugins, translations, system libraries, pruning."""
    b = filter_binaries(binaries, platform=platform, report=report)
    d = filter_datas(datas, languages, report=report)
    return prune_unreachable(b, d, imports_of=imports_of, report=report)
