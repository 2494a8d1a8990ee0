"""The wheel: what ``pip install petdesk`` (or ``pipx`` / ``uv tool install``) gets.

Built from this checkout with pip (the hatchling build and its hook, in an isolated
build environment), its contents are checked: the package, the run-time files under
``petdesk/resources`` (icons, compiled translations, the desktop entry, the AppStream
metainfo, the licence notices), the licence and the metadata. Then it is installed
into a fresh venv (its dependencies from the hash-pinned runtime lock) and
``petdesk --self-test`` runs from there, outside the checkout.
"""

from __future__ import annotations

import email
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.packaging.conftest import ROOT

pytestmark = pytest.mark.slow

RUN_TIME_FILES = (
    "icons/petdesk.svg",
    "icons/petdesk-256.png",
    "icons/petdesk-16.png",
    "translations/petdesk_de.qm",
    "translations/petdesk_es.qm",
    "petdesk.desktop",
    "linux/org.petdesk.PetDesk.metainfo.xml",
    "licenses/THIRD-PARTY-NOTICES.txt",
)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out),
                    str(ROOT)], check=True, timeout=900)
    return next(out.glob("petdesk-*.whl"))


def test_the_wheel_carries_the_run_time_files_the_licence_and_full_metadata(
        wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        meta = email.message_from_bytes(
            archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))))
    missing = [f for f in RUN_TIME_FILES if f"petdesk/resources/{f}" not in names]
    assert missing == []
    assert "petdesk/__main__.py" in names
    assert not [n for n in names if n.endswith(".ts") or "/screenshots/" in n], "repo only"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert meta["License-Expression"] == "MIT"
    assert meta["License-File"] == "LICENSE"
    urls = dict(str(u).split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert {"Homepage", "Source", "Issues"} <= set(urls)
    classifiers = meta.get_all("Classifier") or []
    assert "Operating System :: Microsoft :: Windows" in classifiers
    assert "Operating System :: MacOS" in classifiers
    assert "Operating System :: POSIX :: Linux" in classifiers


def test_the_installed_wheel_passes_its_self_test_outside_the_checkout(
        wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    pip = [str(bindir / "python"), "-m", "pip", "install", "-q", "--no-deps"]
    subprocess.run([*pip, "--require-hashes", "-r",
                    str(ROOT / "packaging" / "requirements-runtime.lock")],
                   check=True, timeout=900)
    subprocess.run([*pip, str(wheel)], check=True, timeout=300)
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "PYTHONPATH", "VIRTUAL_ENV")}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
               XDG_DATA_HOME=str(home / ".local/share"), XDG_CACHE_HOME=str(home / ".cache"),
               XDG_STATE_HOME=str(home / ".local/state"), QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([str(bindir / "petdesk"), "--self-test"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    report = done.stdout + done.stderr
    assert done.returncode == 0, report
    assert "PASS  resources" in report
    where = subprocess.run(
        [str(bindir / "python"), "-c",
         "import petdesk.core.datafiles as d; print(d.resources_dir())"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60, check=True)
    assert Path(where.stdout.strip()).is_relative_to(venv), "from the wheel, not the checkout"
