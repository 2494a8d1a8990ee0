"""What Linux desktops and software centres read: the desktop entry passes
``desktop-file-validate`` and the AppStream metainfo ``appstreamcli validate``; the
metainfo names the desktop entry, the licence and the version being released."""

from __future__ import annotations

import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import make_deb
import pytest

from tests.packaging.conftest import ROOT

RESOURCES = ROOT / "resources"


@pytest.mark.skipif(not shutil.which("appstreamcli"), reason="apt-get install appstream")
def test_the_metainfo_passes_appstreamcli_validate() -> None:
    metainfo = make_deb.find_metainfo(RESOURCES)
    result = subprocess.run(["appstreamcli", "validate", "--no-net", str(metainfo)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert make_deb.metainfo_validation_errors(metainfo) == []


@pytest.mark.skipif(not shutil.which("desktop-file-validate"),
                    reason="apt-get install desktop-file-utils")
def test_the_desktop_entry_passes_desktop_file_validate() -> None:
    desktop = make_deb.find_desktop_file(RESOURCES)
    result = subprocess.run(["desktop-file-validate", str(desktop)],
                            capture_output=True, text=True, check=False)
    assert make_deb.desktop_validation_errors(result.stdout + result.stderr) == []


def test_the_metainfo_describes_this_release_of_this_app() -> None:
    metainfo = make_deb.find_metainfo(RESOURCES)
    root = ET.parse(metainfo).getroot()
    component_id = root.findtext("id")
    assert metainfo.name == f"{component_id}.metainfo.xml"
    assert component_id == "org.petdesk.PetDesk"  # the macOS bundle id too
    launchable = root.find("launchable")
    assert launchable is not None
    assert launchable.text == make_deb.find_desktop_file(RESOURCES).name
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert root.findtext("project_license") == project["license"]
    release = root.find("releases/release")
    assert release is not None
    assert release.get("version") == project["version"], "add the new release to the metainfo"


def test_a_broken_metainfo_is_refused(tmp_path: Path) -> None:
    if not shutil.which("appstreamcli"):
        pytest.skip("apt-get install appstream")
    broken = tmp_path / "org.example.Broken.metainfo.xml"
    broken.write_text('<?xml version="1.0"?><component type="desktop-application">'
                      "<id>org.example.Broken</id></component>", encoding="utf-8")
    assert make_deb.metainfo_validation_errors(broken)
