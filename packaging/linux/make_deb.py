"""Make the Linux installers from the PyInstaller onedir (called by build-linux.sh).

    python packaging/linux/make_deb.py --onedir build/linux/dist/petdesk --version 1.0.0

writes ``dist/petdesk-<version>-linux-<machine>.tar.gz`` (the onedir) and
``dist/petdesk_<debversion>_<arch>.deb``:

* ``/opt/petdesk/``                      the onedir
* ``/usr/bin/petdesk``                   symlink to ``/opt/petdesk/petdesk``
* ``/usr/share/applications/petdesk.desktop``
* ``/usr/share/icons/hicolor/<N>x<N>/apps/petdesk.png`` and ``scalable/apps/petdesk.svg``
* ``/usr/share/doc/petdesk/copyright``
* ``Depends`` from what the bundle's ELF files link to and do not ship
  (``soname-packages.txt``), with minimum libc6/libstdc++6 versions from the
  symbol versions they need, plus ``ca-certificates`` (the TLS trust store).

Standard library only; needs ``dpkg-deb``. Output is reproducible for a given
onedir and ``SOURCE_DATE_EPOCH``.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import os
import platform
import re
import shutil
import stat
import subprocess
import sys
import tarfile
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import elfdeps

HERE = Path(__file__).resolve().parent
PACKAGE = "petdesk"
INSTALL_DIR = "/opt/petdesk"
DEB_ARCH = {"x86_64": "amd64", "aarch64": "arm64", "armv7l": "armhf", "i686": "i386"}

EXTRA_DEPENDS = ("ca-certificates",)  # truststore reads the distribution's CA bundle
RECOMMENDS = ("fonts-dejavu-core | fonts-liberation2 | fonts-noto-core",)
SUGGESTS = ("gnome-keyring | kwalletmanager",)  # a Secret Service to keep the API key in

#: GLIBCXX_3.4.N -> first GCC (libstdc++6 package) version providing it.
GLIBCXX_TO_GCC = {
    19: "4.9", 20: "5", 21: "5", 22: "6", 23: "7", 24: "7", 25: "8", 26: "9", 27: "9.1",
    28: "10", 29: "11", 30: "12", 31: "13", 32: "13.2", 33: "14", 34: "15",
}  # fmt: skip


class PackagingError(Exception):
    pass


# --------------------------------------------------------------------------- versions


def debian_version(version: str) -> str:
    """PEP 440 -> Debian: pre-releases sort before the release (``~``)."""
    v = version.strip()
    v = re.sub(r"[.-]?(dev)(\d*)", r"~dev\2", v)
    v = re.sub(r"(?<=\d)[.-]?(a|b|rc)(\d+)", r"~\1\2", v)
    v = re.sub(r"[.-]?post(\d+)", r"+post\1", v)
    return v


def debian_arch(machine: str | None = None) -> str:
    machine = machine or platform.machine()
    return DEB_ARCH.get(machine, machine)


# --------------------------------------------------------------------------- Depends


def load_soname_map(path: Path = HERE / "soname-packages.txt") -> dict[str, str]:
    mapping: dict[str, str] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        soname, dependency = line.split(None, 1)
        mapping[soname] = dependency.strip()
    return mapping


def compute_depends(
    scan: elfdeps.TreeScan, soname_map: dict[str, str], extra: Iterable[str] = EXTRA_DEPENDS
) -> list[str]:
    external = scan.external_needs()
    unmapped = sorted(set(external) - set(soname_map))
    if unmapped:
        lines = [f"  {name} (needed by {external[name][0].name})" for name in unmapped]
        raise PackagingError(
            "the bundle links to system libraries with no package in "
            "packaging/linux/soname-packages.txt:\n" + "\n".join(lines)
        )
    deps: list[str] = []
    for soname in external:
        dep = soname_map[soname]
        if dep not in deps:
            deps.append(dep)
    glibc = scan.required_versions("libc.so", "GLIBC_")
    if glibc and "libc6" in deps:
        deps[deps.index("libc6")] = f"libc6 (>= {glibc[-1].removeprefix('GLIBC_')})"
    glibcxx = scan.required_versions("libstdc++.so", "GLIBCXX_")
    if glibcxx and "libstdc++6" in deps:
        minor = elfdeps.version_key(glibcxx[-1].removeprefix("GLIBCXX_"))[-1]
        gcc = GLIBCXX_TO_GCC.get(minor)
        if gcc:
            deps[deps.index("libstdc++6")] = f"libstdc++6 (>= {gcc})"
    for dep in extra:
        if dep not in deps:
            deps.append(dep)
    return sorted(deps, key=lambda d: d.split()[0])


# --------------------------------------------------------------------------- desktop integration


def find_desktop_file(resources: Path) -> Path:
    candidates = sorted(resources.rglob("*.desktop"))
    if not candidates:
        raise PackagingError(f"no .desktop entry under {resources}")
    preferred = [p for p in candidates if p.name == f"{PACKAGE}.desktop"]
    return (preferred or candidates)[0]


def find_metainfo(resources: Path) -> Path:
    """The AppStream metainfo (``<id>.metainfo.xml``) software centres read."""
    candidates = sorted(resources.rglob("*.metainfo.xml"))
    if len(candidates) != 1:
        raise PackagingError(f"expected one *.metainfo.xml under {resources}: {candidates}")
    return candidates[0]


def metainfo_validation_errors(metainfo: Path) -> list[str]:
    """What ``appstreamcli validate`` rejects (errors and warnings); [] when it passes
    or is not installed (apt-get install appstream)."""
    if not shutil.which("appstreamcli"):
        return []
    result = subprocess.run(  # noqa: S603
        ["appstreamcli", "validate", "--no-net", str(metainfo)],  # noqa: S607
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode == 0:
        return []
    return [line for line in result.stdout.splitlines() if line.startswith(("E:", "W:"))] or [
        result.stdout.strip() or result.stderr.strip()
    ]


def check_desktop_entry(text: str) -> None:
    """The entry must start ``petdesk`` (on PATH via /usr/bin) and use the ``petdesk`` icon."""
    fields: dict[str, str] = {}
    section = None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line
        elif section == "[Desktop Entry]" and "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            fields.setdefault(key.strip(), value.strip())
    problems = []
    if fields.get("Type") != "Application":
        problems.append("Type must be Application")
    exec_cmd = fields.get("Exec", "").split()
    if not exec_cmd or os.path.basename(exec_cmd[0]) != PACKAGE:
        problems.append(f"Exec must run {PACKAGE} (got {fields.get('Exec')!r})")
    if fields.get("Icon") != PACKAGE:
        problems.append(f"Icon must be {PACKAGE} (got {fields.get('Icon')!r})")
    if problems:
        raise PackagingError("desktop entry: " + "; ".join(problems))


_NEWER_SPEC_VERSION = re.compile(
    r'error: value "1\.(?:[5-9]|\d\d)" for key "Version" in group "Desktop Entry" is not a '
    r"known version"
)


def desktop_validation_errors(output: str) -> list[str]:
    """The ``error:`` lines of ``desktop-file-validate``, except that the entry declares a
    newer Desktop Entry spec (1.5, 2020) than the validator knows (Debian 12's 0.26)."""
    return [
        line.strip()
        for line in output.splitlines()
        if "error:" in line and not _NEWER_SPEC_VERSION.search(line)
    ]


#: The largest fixed size of the hicolor theme; larger PNGs (the macOS 1024 px) are
#: not installed: the SVG serves any size.
HICOLOR_LARGEST = 512


def icon_files(resources: Path) -> dict[str, Path]:
    """``hicolor`` destination (``48x48/apps/petdesk.png``) -> source file."""
    sys.path.insert(0, str(HERE.parent))
    import icons

    out: dict[str, Path] = {}
    for size, path in icons.find_pngs(resources).items():
        if size <= HICOLOR_LARGEST:
            out[f"{size}x{size}/apps/{PACKAGE}.png"] = path
    svgs = sorted(resources.rglob(f"{PACKAGE}.svg"))
    if svgs:
        out[f"scalable/apps/{PACKAGE}.svg"] = svgs[0]
    if not out:
        raise PackagingError(f"no app icon ({PACKAGE}*.png / {PACKAGE}.svg) under {resources}")
    return out


# --------------------------------------------------------------------------- staging


POSTINST = """#!/bin/sh
# Refresh the desktop caches PetDesk's files appear in, where the system keeps them
# (dpkg triggers of desktop-file-utils / gtk-update-icon-cache do this too on Debian).
set -e
if [ "$1" = configure ]; then
    if command -v update-desktop-database >/dev/null 2>&1 \\
        && [ -e /usr/share/applications/mimeinfo.cache ]; then
        update-desktop-database -q /usr/share/applications || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 \\
        && [ -e /usr/share/icons/hicolor/icon-theme.cache ]; then
        gtk-update-icon-cache -q -t -f /usr/share/icons/hicolor || true
    fi
fi
exit 0
"""

POSTRM = """#!/bin/sh
# Refresh the desktop caches after PetDesk's files are gone (see postinst).
set -e
case "$1" in
    remove|purge)
        if command -v update-desktop-database >/dev/null 2>&1 \\
            && [ -e /usr/share/applications/mimeinfo.cache ]; then
            update-desktop-database -q /usr/share/applications || true
        fi
        if command -v gtk-update-icon-cache >/dev/null 2>&1 \\
            && [ -e /usr/share/icons/hicolor/icon-theme.cache ]; then
            gtk-update-icon-cache -q -t -f /usr/share/icons/hicolor || true
        fi
        ;;
esac
exit 0
"""

COPYRIGHT = """Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: PetDesk

Files: *
Copyright: PetDesk maintainers
License: MIT

Files: opt/petdesk/_internal/PySide6/* opt/petdesk/_internal/shiboken6/*
Copyright: The Qt Company Ltd. and other contributors
License: LGPL-3.0-only
 Qt and PySide6 are dynamically linked and can be replaced by the user.
 On Debian systems the LGPL-3 is in /usr/share/common-licenses/LGPL-3.

Files: opt/petdesk/_internal/libpython* opt/petdesk/_internal/base_library.zip
Copyright: Python Software Foundation
License: PSF-2.0

License: MIT
 Permission is hereby granted, free of charge, to any person obtaining a copy
 of this software and associated documentation files (the "Software"), to deal
 in the Software without restriction, including without limitation the rights
 to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 copies of the Software, and to permit persons to whom the Software is
 furnished to do so, subject to the following conditions:
 .
 The above copyright notice and this permission notice shall be included in all
 copies or substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND.

License: PSF-2.0
 See https://docs.python.org/3/license.html
"""


def _normalise_modes(root: Path) -> None:
    for dirpath, dirs, files in os.walk(root):
        os.chmod(dirpath, 0o755)  # noqa: S103 - package directories are world-readable
        for name in files:
            path = Path(dirpath) / name
            if path.is_symlink():
                continue
            mode = path.stat().st_mode
            path.chmod(0o755 if mode & (stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH) else 0o644)
        del dirs


def _installed_size_kib(root: Path) -> int:
    total = 0
    for dirpath, _dirs, files in os.walk(root):
        if Path(dirpath).name == "DEBIAN" or "/DEBIAN" in dirpath:
            continue
        for name in files:
            path = Path(dirpath) / name
            total += 1 if path.is_symlink() else max(1, (path.stat().st_size + 1023) // 1024)
    return total


def _md5sums(root: Path) -> str:
    lines = []
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not (Path(dirpath) == root and d == "DEBIAN"))
        for name in sorted(files):
            path = Path(dirpath) / name
            if path.is_symlink():
                continue
            digest = hashlib.md5(path.read_bytes(), usedforsecurity=False).hexdigest()
            lines.append(f"{digest}  {path.relative_to(root).as_posix()}")
    return "\n".join(lines) + "\n"


def control_text(version: str, arch: str, depends: list[str], installed_kib: int) -> str:
    maintainer = os.environ.get("DEB_MAINTAINER", "PetDesk maintainers <packaging@petdesk.example>")
    return (
        f"Package: {PACKAGE}\n"
        f"Version: {debian_version(version)}\n"
        f"Architecture: {arch}\n"
        f"Maintainer: {maintainer}\n"
        f"Installed-Size: {installed_kib}\n"
        f"Depends: {', '.join(depends)}\n"
        f"Recommends: {', '.join(RECOMMENDS)}\n"
        f"Suggests: {', '.join(SUGGESTS)}\n"
        "Section: utils\n"
        "Priority: optional\n"
        "Description: desktop client for the Pet Store service\n"
        " PetDesk lets shelter staff and support agents browse the animals of a\n"
        " Pet Store service, add new ones and look one up by its ID. The API key\n"
        " is kept in the desktop keyring (Secret Service). Run `petdesk --demo`\n"
        " to try it against the built-in sandbox, `petdesk --self-test` to check\n"
        " the installation.\n"
    )


def stage(onedir: Path, resources: Path, version: str, work: Path) -> tuple[Path, list[str]]:
    root = work / f"{PACKAGE}_{debian_version(version)}_{debian_arch()}"
    if root.exists():
        shutil.rmtree(root)
    opt = root / INSTALL_DIR.lstrip("/")
    shutil.copytree(onedir, opt, symlinks=True)
    if not (opt / PACKAGE).is_file():
        raise PackagingError(f"{onedir} has no {PACKAGE} executable")

    bindir = root / "usr/bin"
    bindir.mkdir(parents=True)
    (bindir / PACKAGE).symlink_to(f"{INSTALL_DIR}/{PACKAGE}")

    desktop = find_desktop_file(resources)
    text = desktop.read_text(encoding="utf-8")
    check_desktop_entry(text)
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(  # noqa: S603
            ["desktop-file-validate", str(desktop)],  # noqa: S607
            capture_output=True,
            text=True,
            check=False,
        )
        errors = desktop_validation_errors(result.stdout + result.stderr)
        if errors:
            raise PackagingError("desktop-file-validate: " + "; ".join(errors))
    apps = root / "usr/share/applications"
    apps.mkdir(parents=True)
    (apps / f"{PACKAGE}.desktop").write_text(text, encoding="utf-8")

    metainfo = find_metainfo(resources)
    errors = metainfo_validation_errors(metainfo)
    if errors:
        raise PackagingError("appstreamcli validate: " + "; ".join(errors))
    metadir = root / "usr/share/metainfo"
    metadir.mkdir(parents=True)
    shutil.copyfile(metainfo, metadir / metainfo.name)

    hicolor = root / "usr/share/icons/hicolor"
    for dest, src in icon_files(resources).items():
        target = hicolor / dest
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, target)

    doc = root / "usr/share/doc" / PACKAGE
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(COPYRIGHT, encoding="utf-8")

    scan = elfdeps.scan_tree(opt)
    depends = compute_depends(scan, load_soname_map())

    _normalise_modes(root)
    debian = root / "DEBIAN"
    debian.mkdir()
    (debian / "md5sums").write_text(_md5sums(root), encoding="utf-8")
    (debian / "control").write_text(
        control_text(version, debian_arch(), depends, _installed_size_kib(root)),
        encoding="utf-8",
    )
    for name, body in (("postinst", POSTINST), ("postrm", POSTRM)):
        (debian / name).write_text(body, encoding="utf-8")
        (debian / name).chmod(0o755)
    for name in ("md5sums", "control"):
        (debian / name).chmod(0o644)
    debian.chmod(0o755)
    return root, depends


def build_deb(root: Path, out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    deb = out_dir / f"{root.name}.deb"
    if deb.exists():
        deb.unlink()
    subprocess.run(  # noqa: S603
        ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(deb)],  # noqa: S607
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return deb


def build_tarball(onedir: Path, version: str, out_dir: Path) -> Path:
    """``petdesk-<version>-linux-<machine>.tar.gz`` with ``petdesk-<version>/`` inside,
    root-owned, sorted, timestamps from ``SOURCE_DATE_EPOCH``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    top = f"{PACKAGE}-{version}"
    path = out_dir / f"{top}-linux-{platform.machine()}.tar.gz"
    mtime = int(os.environ.get("SOURCE_DATE_EPOCH", "0"))

    def normalise(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = "root"
        info.mtime = mtime
        if info.isdir() or info.mode & 0o111:
            info.mode = 0o755
        else:
            info.mode = 0o644
        return info

    with (
        path.open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=mtime, compresslevel=6) as gz,
        tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar,
    ):
        tar.add(onedir, arcname=top, recursive=False, filter=normalise)
        for dirpath, dirs, files in os.walk(onedir):
            dirs.sort()
            for name in sorted(dirs) + sorted(files):
                full = Path(dirpath) / name
                arc = f"{top}/{full.relative_to(onedir).as_posix()}"
                tar.add(full, arcname=arc, recursive=False, filter=normalise)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--onedir", type=Path, required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--resources", type=Path, default=Path("resources"))
    parser.add_argument("--dist", type=Path, default=Path("dist"))
    parser.add_argument("--work", type=Path, default=Path("build/linux/deb"))
    parser.add_argument("--print-depends", action="store_true", help="only print Depends")
    args = parser.parse_args(argv)
    try:
        if args.print_depends:
            scan = elfdeps.scan_tree(args.onedir)
            print(", ".join(compute_depends(scan, load_soname_map())))
            return 0
        root, depends = stage(args.onedir, args.resources, args.version, args.work)
        deb = build_deb(root, args.dist)
        tarball = build_tarball(args.onedir, args.version, args.dist)
    except PackagingError as exc:
        print(f"make_deb: {exc}", file=sys.stderr)
        return 1
    print(f"Depends: {', '.join(depends)}")
    for path in (deb, tarball):
        print(f"{path}  {path.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
