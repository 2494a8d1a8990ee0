"""The freeze policy (packaging/bundle_policy.py), checked without building."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import bundle_policy as policy
import pytest

from tests.packaging.conftest import ROOT


@pytest.mark.parametrize(
    ("dest", "kept"),
    [
        ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
        ("PySide6/Qt/plugins/platforms/libqwayland.so", True),
        ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
        ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
        ("PySide6/Qt/plugins/platforms/libqvnc.so", False),
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
        ("PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so", True),
        ("PySide6/Qt/plugins/iconengines/libqsvgicon.so", True),
        ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
        ("PySide6/Qt/plugins/imageformats/libqjpeg.so", False),
        ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),
        ("PySide6/Qt/plugins/networkinformation/libqnetworkmanager.so", False),
        ("PySide6/Qt/plugins/wayland-shell-integration/libxdg-shell.so", True),
        ("PySide6/Qt/plugins/wayland-shell-integration/libivi-shell.so", False),
        ("PySide6/plugins/platforms/qwindows.dll", True),
        ("PySide6/plugins/platforms/qdirect2d.dll", False),
        ("PySide6/plugins/styles/qmodernwindowsstyle.dll", True),
        ("PySide6/plugins/tls/qschannelbackend.dll", False),
        ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", True),
        ("PySide6/Qt/plugins/styles/libqmacstyle.dylib", True),
        ("PySide6/Qt/lib/libQt6Core.so.6", True),  # not a plugin
        ("httpx/__init__.pyc", True),
    ],
)
def test_plugin_policy(dest: str, kept: bool) -> None:
    assert policy.keep_plugin(dest) is kept


def test_translations_kept_only_for_languages_petdesk_ships() -> None:
    qm = "PySide6/Qt/translations/{}.qm"
    assert not policy.keep_translation(qm.format("qtbase_de"))
    assert policy.keep_translation(qm.format("qtbase_de"), ["de"])
    assert policy.keep_translation(qm.format("qtbase_pt_BR"), ["pt_BR"])
    assert not policy.keep_translation(qm.format("qt_de"), ["de"])  # meta catalog
    assert not policy.keep_translation(qm.format("qtmultimedia_de"), ["de"])
    assert policy.keep_translation("resources/translations/petdesk_de.qm")  # ours, always


def test_shipped_languages(tmp_path: Path) -> None:
    assert policy.shipped_languages(tmp_path) == ()
    (tmp_path / "translations").mkdir()
    for name in ("petdesk_de.qm", "petdesk_fr.qm", "petdesk_de.ts", "other_it.qm"):
        (tmp_path / "translations" / name).write_bytes(b"")
    assert policy.shipped_languages(tmp_path) == ("de", "fr")


@pytest.mark.parametrize(
    ("src", "system"),
    [
        ("/usr/lib/x86_64-linux-gnu/libxkbcommon.so.0", True),
        ("/lib/x86_64-linux-gnu/libglib-2.0.so.0", True),
        ("/usr/lib/x86_64-linux-gnu/libstdc++.so.6", True),
        ("/usr/lib/x86_64-linux-gnu/libssl.so.3", True),  # security fixes from the distribution
        ("/usr/lib/x86_64-linux-gnu/libmpdec.so.3", False),  # package renamed across releases
        ("/usr/lib/x86_64-linux-gnu/libpython3.11.so.1.0", False),
        ("/usr/lib/python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so", False),
        ("/venv/lib/python3.11/site-packages/PySide6/Qt/lib/libQt6Core.so.6", False),
        ("/root/.pyenv/versions/3.11.7/lib/libpython3.11.so.1.0", False),
    ],
)
def test_linux_system_library_rule(src: str, system: bool) -> None:
    assert policy.is_linux_system_library(src) is system


def test_filter_binaries_drops_plugins_system_libraries_and_dangling_symlinks() -> None:
    toc = [
        (
            "PySide6/Qt/plugins/platforms/libqxcb.so",
            "/v/PySide6/Qt/plugins/platforms/libqxcb.so",
            "BINARY",
        ),
        (
            "PySide6/Qt/plugins/platforms/libqvnc.so",
            "/v/PySide6/Qt/plugins/platforms/libqvnc.so",
            "BINARY",
        ),
        ("libX11.so.6", "/usr/lib/x86_64-linux-gnu/libX11.so.6", "BINARY"),
        ("libpython3.11.so.1.0", "/usr/lib/x86_64-linux-gnu/libpython3.11.so.1.0", "BINARY"),
        ("PySide6/Qt/lib/libQt6Core.so.6", "/v/PySide6/Qt/lib/libQt6Core.so.6", "BINARY"),
        ("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"),
        ("libX11.so", "libX11.so.6", "SYMLINK"),  # to a dropped library: dropped too
        ("libqvnc.so", "PySide6/Qt/plugins/platforms/libqvnc.so", "SYMLINK"),
        ("PySide6/Qt/lib/libQt6Core.so", "libQt6Core.so.6", "SYMLINK"),  # relative: kept
        ("PySide6/Qt/lib/libOther.so", "libOther.so.1", "SYMLINK"),  # not ours to judge: kept
    ]
    linux = [e[0] for e in policy.filter_binaries(toc, platform="linux", report=lambda _m: None)]
    assert linux == [
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "libpython3.11.so.1.0",
        "PySide6/Qt/lib/libQt6Core.so.6",
        "libQt6Core.so.6",
        "PySide6/Qt/lib/libQt6Core.so",
        "PySide6/Qt/lib/libOther.so",
    ]
    windows = [e[0] for e in policy.filter_binaries(toc, platform="win32", report=lambda _m: None)]
    assert "libX11.so.6" in windows  # the system-library rule is Linux-only


def test_prune_unreachable_follows_links_to_a_fixed_point() -> None:
    links = {
        "/v/QtWidgets.abi3.so": ["libQt6Widgets.so.6"],
        "/v/libQt6Widgets.so.6": ["libQt6Gui.so.6"],
        "/v/libQt6Gui.so.6": ["libQt6Core.so.6"],
        "/v/libQt6Core.so.6": ["libc.so.6"],
        "/v/libQt6Network.so.6": ["libQt6Core.so.6"],
        "/v/libQt6Qml.so.6": ["libQt6Network.so.6"],  # only reachable from pruned libs
        "/v/plugin.so": ["libQt6Gui.so.6"],
    }
    binaries = [
        ("PySide6/QtWidgets.abi3.so", "/v/QtWidgets.abi3.so", "EXTENSION"),
        ("PySide6/Qt/lib/libQt6Widgets.so.6", "/v/libQt6Widgets.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6Gui.so.6", "/v/libQt6Gui.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6Core.so.6", "/v/libQt6Core.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6Network.so.6", "/v/libQt6Network.so.6", "BINARY"),
        ("PySide6/Qt/lib/libQt6Qml.so.6", "/v/libQt6Qml.so.6", "BINARY"),
        ("PySide6/Qt/plugins/platforms/plugin.so", "/v/plugin.so", "BINARY"),
        ("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"),
    ]
    kept, datas = policy.prune_unreachable(
        binaries, [], imports_of=lambda src: links[src], report=lambda _m: None
    )
    names = {e[0].rsplit("/", 1)[-1] for e in kept}
    assert names == {
        "QtWidgets.abi3.so",
        "libQt6Widgets.so.6",
        "libQt6Gui.so.6",
        "libQt6Core.so.6",
        "plugin.so",
    }
    assert datas == []


def test_symlink_chains_to_a_removed_file_go_with_it() -> None:
    fw = "PySide6/Qt/lib/QtNetwork.framework"
    toc = [
        (f"{fw}/Versions/A/QtNetwork", "/v/QtNetwork", "BINARY"),
        (f"{fw}/Versions/Current", "A", "SYMLINK"),
        (f"{fw}/QtNetwork", "Versions/Current/QtNetwork", "SYMLINK"),
        ("QtNetwork", f"{fw}/QtNetwork", "SYMLINK"),
        ("keep", "PySide6/Qt/lib/other", "SYMLINK"),
    ]
    kept = policy._drop_symlinks_to(toc, {f"{fw}/Versions/A/QtNetwork", f"{fw}/Versions/Current"})
    assert kept == [("keep", "PySide6/Qt/lib/other", "SYMLINK")]


def test_prune_drops_a_macos_framework_with_its_resources() -> None:
    fw = "PySide6/Qt/lib/QtNetwork.framework"
    binaries = [
        ("PySide6/QtCore.abi3.so", "/v/QtCore.abi3.so", "EXTENSION"),
        ("PySide6/Qt/lib/QtCore.framework/Versions/A/QtCore", "/v/QtCore", "BINARY"),
        (f"{fw}/Versions/A/QtNetwork", "/v/QtNetwork", "BINARY"),
    ]
    datas = [(f"{fw}/Resources/Info.plist", "/v/Info.plist", "DATA"), ("x.txt", "/v/x", "DATA")]
    links = {
        "/v/QtCore.abi3.so": ["@rpath/QtCore.framework/Versions/A/QtCore"],
        "/v/QtCore": [],
        "/v/QtNetwork": [],
    }
    kept, kept_datas = policy.prune_unreachable(
        binaries, datas, imports_of=lambda s: links[s], report=lambda _m: None
    )
    assert [e[0] for e in kept] == [e[0] for e in binaries[:2]]
    assert kept_datas == [("x.txt", "/v/x", "DATA")]


#: Where the frozen app starts (packaging/petdesk_entry.py calls petdesk.__main__).
ENTRY_MODULES = ("petdesk.__main__", "petdesk.gui.selftest")


def _module_path(name: str) -> Path | None:
    base = ROOT.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _imports(name: str, path: Path) -> set[str]:
    """Every module an import statement in ``path`` names (function-level ones too,
    as PyInstaller sees them), relative imports resolved."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def frozen_imports() -> dict[str, set[str]]:
    """Modules the bundle's entry points reach -> every module they import."""
    seen: dict[str, set[str]] = {}
    todo = list(ENTRY_MODULES)
    while todo:
        name = todo.pop()
        path = _module_path(name)
        if name in seen or path is None:
            continue
        seen[name] = _imports(name, path)
        parents = [".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)]
        todo += [m for m in seen[name] | set(parents) if m.startswith("petdesk")]
    return seen


def test_the_bundle_imports_no_excluded_qt_module() -> None:
    reached = frozen_imports()
    assert "petdesk.gui.main_window" in reached, sorted(reached)  # the walk works
    used: dict[str, list[str]] = {}
    for module, imports in reached.items():
        for name in imports:
            if name.startswith("PySide6.") and name.count(".") >= 1:
                used.setdefault(name.split(".")[1], []).append(module)
    excluded = set(policy.QT_MODULES_EXCLUDED) & set(used)
    assert not excluded, (
        f"excluded from the bundle but imported: { {m: used[m] for m in excluded} }"
    )


def test_resources_in_the_bundle(tmp_path: Path) -> None:
    for rel in (
        "icons/petdesk.svg",
        "petdesk.desktop",
        "screenshots/main.png",
        "translations/README.md",
        "translations/petdesk_de.qm",
        "translations/petdesk_de.ts",
    ):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(b"x")
    got = {
        (Path(src).relative_to(tmp_path).as_posix(), dest)
        for src, dest in policy.resource_datas(tmp_path)
    }
    assert got == {
        ("icons/petdesk.svg", "petdesk/resources/icons"),
        ("petdesk.desktop", "petdesk/resources"),
        ("translations/petdesk_de.qm", "petdesk/resources/translations"),
    }


def test_every_keyring_backend_is_a_hidden_import() -> None:
    import keyring.backends

    backends_dir = Path(keyring.backends.__file__).parent
    modules = {
        f"keyring.backends.{p.stem}" for p in backends_dir.glob("*.py") if p.stem != "__init__"
    }
    modules |= {
        f"keyring.backends.{p.name}" for p in backends_dir.iterdir() if (p / "__init__.py").exists()
    }
    assert modules <= set(policy.HIDDEN_IMPORTS), modules - set(policy.HIDDEN_IMPORTS)
    for name in policy.HIDDEN_IMPORTS:
        assert importlib.util.find_spec(name) is not None, name


def test_test_tooling_is_excluded() -> None:
    for name in ("pytest", "hypothesis", "schemathesis", "mypy", "PyInstaller", "pytestqt"):
        assert name in policy.EXCLUDED_MODULES


def test_excluded_stdlib_is_not_imported_by_anything_petdesk_runs() -> None:
    """``multiprocessing`` is left out of the bundle (its PyInstaller runtime hook would
    import it at every start): nothing PetDesk imports, including every keyring backend
    the bundle carries and a demo round trip through the real client, may need it."""
    import subprocess
    import sys

    code = "\n".join([
        "import sys",
        "import petdesk.__main__, petdesk.gui.selftest, petdesk.gui.app, petdesk.gui.main_window",
        "import petdesk.services.keys.keystore, petdesk.gui.pets.add_pet, "
        "petdesk.gui.settings.settings_dialog",
        "import petdesk.api, petdesk.sandbox, petdesk.sandbox.inprocess, truststore",
        "import importlib",
        f"for name in {policy.HIDDEN_IMPORTS!r}:",
        "    try:",
        "        importlib.import_module(name)",
        "    except Exception:",  # another platform's backend (macOS, Windows)
        "        pass",
        "from petdesk.api import PetStoreClient",
        "from petdesk.sandbox.inprocess import (DEMO_API_KEY, DEMO_BASE_URL,",
        "    in_process_transport, make_demo_app)",
        "client = PetStoreClient(DEMO_BASE_URL, DEMO_API_KEY,",
        "    transport=in_process_transport(make_demo_app(':memory:')))",
        "assert len(client.list_pets(limit=5)) == 5",
        f"print(sorted(m for m in {policy.STDLIB_EXCLUDED!r} if m in sys.modules))",
    ])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT, timeout=120).stdout.strip()
    assert out == "[]"
    assert set(policy.STDLIB_EXCLUDED) <= set(policy.EXCLUDED_MODULES)
