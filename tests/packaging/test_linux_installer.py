"""The .deb assembly (packaging/linux): ELF reading, Depends, desktop entry, versions."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import elfdeps
import make_deb
import pytest

from tests.packaging.conftest import ROOT

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF/dpkg: Linux only")


@pytest.mark.parametrize(
    ("pep440", "debian"),
    [
        ("1.0.0", "1.0.0"),
        ("1.2.0rc1", "1.2.0~rc1"),
        ("1.2.0b2", "1.2.0~b2"),
        ("2.0.0.dev3", "2.0.0~dev3"),
        ("1.0.0.post1", "1.0.0+post1"),
    ],
)
def test_debian_version_orders_pre_releases_first(pep440: str, debian: str) -> None:
    assert make_deb.debian_version(pep440) == debian


def test_soname_map_parses_without_duplicates() -> None:
    lines = [
        line.split()[0]
        for line in (ROOT / "packaging/linux/soname-packages.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    mapping = make_deb.load_soname_map()
    assert len(lines) == len(set(lines)) == len(mapping)
    assert mapping["libxcb-cursor.so.0"] == "libxcb-cursor0"
    assert mapping["libglib-2.0.so.0"] == "libglib2.0-0t64 | libglib2.0-0"


def _scan(needed: dict[str, list[str]], versions: set[tuple[str, str]]) -> elfdeps.TreeScan:
    files = [elfdeps.ElfInfo(Path(name), needed=libs) for name, libs in needed.items()]
    files[0].versions = versions
    return elfdeps.TreeScan(files, provided={"libQt6Core.so.6"})


def test_depends_from_what_the_bundle_links_to() -> None:
    scan = _scan(
        {
            "libqxcb.so": ["libQt6Core.so.6", "libxcb-cursor.so.0", "libc.so.6", "libm.so.6"],
            "libQt6Core.so.6": ["libstdc++.so.6", "libglib-2.0.so.0", "libgthread-2.0.so.0"],
        },
        {
            ("libc.so.6", "GLIBC_2.9"),
            ("libc.so.6", "GLIBC_2.34"),
            ("libstdc++.so.6", "GLIBCXX_3.4.29"),
        },
    )
    depends = make_deb.compute_depends(scan, make_deb.load_soname_map())
    assert depends == [
        "ca-certificates",
        "libc6 (>= 2.34)",  # numeric, not string, order of GLIBC_2.9 / 2.34
        "libglib2.0-0t64 | libglib2.0-0",
        "libstdc++6 (>= 11)",
        "libxcb-cursor0",
    ]


def test_an_unmapped_system_library_stops_the_build() -> None:
    scan = _scan({"plugin.so": ["libfancy.so.3"]}, set())
    with pytest.raises(make_deb.PackagingError, match=r"libfancy\.so\.3 \(needed by plugin\.so\)"):
        make_deb.compute_depends(scan, make_deb.load_soname_map())


@linux_only
def test_elf_reader_on_a_real_library() -> None:
    import PySide6

    core = Path(PySide6.__file__).parent / "Qt" / "lib" / "libQt6Core.so.6"
    info = elfdeps.elf_info(core)
    assert info.soname == "libQt6Core.so.6"
    assert "libc.so.6" in info.needed
    assert any(v.startswith("GLIBC_2.") for lib, v in info.versions if lib == "libc.so.6")
    if shutil.which("readelf"):
        out = subprocess.run(["readelf", "-d", str(core)], capture_output=True, text=True).stdout
        expected = [
            line.split("[")[1].rstrip("]") for line in out.splitlines() if "(NEEDED)" in line
        ]
        assert info.needed == expected


def test_the_repository_desktop_entry_is_installable() -> None:
    desktop = make_deb.find_desktop_file(ROOT / "resources")
    make_deb.check_desktop_entry(desktop.read_text(encoding="utf-8"))
    icons = make_deb.icon_files(ROOT / "resources")
    assert "scalable/apps/petdesk.svg" in icons
    assert "48x48/apps/petdesk.png" in icons
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(
            ["desktop-file-validate", str(desktop)], capture_output=True, text=True
        )
        assert not make_deb.desktop_validation_errors(result.stdout + result.stderr), (
            result.stdout + result.stderr
        )


def test_desktop_validation_tolerates_only_a_newer_spec_version() -> None:
    out = (
        'x.desktop: error: value "1.5" for key "Version" in group "Desktop Entry" is not a '
        "known version\n"
        'x.desktop: hint: value item "Office" in key "Categories" ...\n'
    )
    assert make_deb.desktop_validation_errors(out) == []
    bad = 'x.desktop: error: value "Foo" for key "Type" in group "Desktop Entry" is not valid\n'
    assert make_deb.desktop_validation_errors(out + bad) == [bad.strip()]


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ("Type=Application\nExec=/opt/other/bin/tool\nIcon=petdesk\n", "Exec must run petdesk"),
        ("Type=Application\nExec=petdesk %U\nIcon=/usr/share/pixmaps/x.png\n", "Icon must be"),
        ("Type=Link\nExec=petdesk\nIcon=petdesk\n", "Type must be Application"),
    ],
)
def test_desktop_entry_problems(entry: str, problem: str) -> None:
    with pytest.raises(make_deb.PackagingError, match=problem):
        make_deb.check_desktop_entry("[Desktop Entry]\n" + entry)


@linux_only
@pytest.mark.skipif(not shutil.which("dpkg-deb"), reason="dpkg-deb is not installed")
def test_a_stand_in_onedir_becomes_a_deb_and_a_tarball(tmp_path: Path) -> None:
    onedir = tmp_path / "petdesk"
    (onedir / "_internal").mkdir(parents=True)
    shutil.copy("/bin/true", onedir / "petdesk")  # an ELF executable linking only libc
    (onedir / "_internal" / "data.txt").write_text("x")
    dist = tmp_path / "dist"
    rc = make_deb.main(
        [
            "--onedir",
            str(onedir),
            "--version",
            "1.2.3rc1",
            "--resources",
            str(ROOT / "resources"),
            "--dist",
            str(dist),
            "--work",
            str(tmp_path / "work"),
        ]
    )
    assert rc == 0
    deb = next(dist.glob("petdesk_1.2.3~rc1_*.deb"))
    fields = subprocess.run(["dpkg-deb", "-f", str(deb)], capture_output=True, text=True).stdout
    assert "Package: petdesk" in fields and "Version: 1.2.3~rc1" in fields
    assert "ca-certificates" in fields and "libc6 (>= 2." in fields
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True).stdout
    for path in (
        "./opt/petdesk/petdesk",
        "./usr/share/applications/petdesk.desktop",
        "./usr/share/icons/hicolor/scalable/apps/petdesk.svg",
        "./usr/share/metainfo/org.petdesk.PetDesk.metainfo.xml",
        "./usr/bin/petdesk -> /opt/petdesk/petdesk",
    ):
        assert path in listing
    assert next(dist.glob("petdesk-1.2.3rc1-linux-*.tar.gz")).stat().st_size > 0
