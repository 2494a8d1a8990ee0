"""Write resources/licenses/THIRD-PARTY-NOTICES.txt from the licence metadata of the
packages every PetDesk build ships (packaging/requirements-runtime.lock).

Each entry is read from the installed distribution (importlib.metadata): its licence
expression (or classifier), its source address and the text of its licence files.
A package the lock lists for another OS only (pywin32-ctypes on Windows) is read from
its wheel, given with --wheel. Qt's LGPL-3.0 and the GPL-3.0 it incorporates come from
Debian's /usr/share/common-licenses.

    .venv/bin/python packaging/notices.py --wheel pywin32_ctypes-0.2.3-py3-none-any.whl

(the wheel: pip download --no-deps --only-binary=:all: --platform win_amd64
pywin32-ctypes==<pinned> -d /tmp/w). Run it after every change to the runtime lock;
tests/packaging/test_notices.py fails while a pinned package or version is missing.
"""

from __future__ import annotations

import argparse
import email
import email.message
import importlib.metadata as md
import re
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "packaging" / "requirements-runtime.lock"
OUT = ROOT / "resources" / "licenses" / "THIRD-PARTY-NOTICES.txt"
COMMON_LICENSES = Path("/usr/share/common-licenses")
QT_PACKAGES = {"pyside6-essentials", "shiboken6"}
RULE = "=" * 78

QT_NOTICE = """\
Qt for Python (PySide6-Essentials, shiboken6) and the Qt libraries they contain
are used under the GNU Lesser General Public License version 3 (LGPL-3.0-only),
one of the licences The Qt Company offers them under. The full LGPL-3.0 text and
the GPL-3.0 text it incorporates follow at the end of this file.

Obtaining the source. The Qt for Python source of the version listed below is at
https://download.qt.io/official_releases/QtForPython/ and
https://code.qt.io/cgit/pyside/pyside-setup.git (tag v<version>); the matching Qt
source is at https://download.qt.io/official_releases/qt/ and
https://code.qt.io/cgit/qt/qt5.git. The PetDesk maintainers will also send a copy
of that source on request, for at least three years after this release.

Replacing (relinking) Qt. PetDesk does not modify Qt or Qt for Python, and links
to them only dynamically:
 - Installed from PyPI (pip, pipx, uv): install any compatible PySide6-Essentials
   build into the same environment, e.g. pip install PySide6-Essentials==<version>.
 - Windows and Linux bundles (.exe installer, .deb, .tar.gz): Qt is the set of
   shared libraries in the _internal/PySide6 folder of the installation (Qt6*.dll,
   libQt6*.so.6) and PySide6's own modules beside them. Replace them with your own
   build of the same Qt version and the same PySide6 version; PetDesk loads
   whatever is there.
 - macOS (.app): the same files are in PetDesk.app/Contents/Frameworks/PySide6;
   after replacing them, re-sign the bundle ad hoc (codesign --force --sign - on
   each replaced file) so that macOS loads it.
Qt's own third-party components and their licences are listed at
https://doc.qt.io/qt-6/licenses-used-in-qt.html.
"""

PYTHON_NOTICE = """\
The Windows, macOS and Linux bundles also contain the CPython interpreter and its
standard library (Python Software Foundation License Version 2, PSF-2.0; its
bundled libraries, such as OpenSSL (Apache-2.0), libffi (MIT), zlib, expat and
SQLite, are listed in the CPython LICENSE at https://docs.python.org/3/license.html),
and PyInstaller's bootloader (GPL-2.0-or-later with the bootloader exception, which
permits distributing it with any program; https://pyinstaller.org/en/stable/license.html).
"""


@dataclass(frozen=True)
class Entry:
    name: str
    version: str
    licence: str
    url: str
    texts: tuple[tuple[str, str], ...]


def pinned(lock: Path) -> dict[str, str]:
    """Package name -> version from a pip-compile lock (continuation lines skipped)."""
    found: dict[str, str] = {}
    for line in lock.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)", line)
        if match:
            found[match[1].lower()] = match[2]
    return found


# Packages whose metadata names only a licence family ("BSD License"): the
# licence file they ship is the 3-clause text.
LICENCE_FROM_FILE = {"segno": "BSD-3-Clause"}
SOURCE_LABELS = ("source", "source code", "repository", "code", "homepage", "home")


def _licence(name: str, meta: email.message.Message) -> str:
    expression = meta.get("License-Expression") or LICENCE_FROM_FILE.get(name)
    if expression:
        return str(expression)
    field = str(meta.get("License") or "").strip()
    if field and "\n" not in field and len(field) < 80:
        return field
    classifiers = [
        str(c).rsplit(" :: ", 1)[-1]
        for c in meta.get_all("Classifier") or []
        if str(c).startswith("License ::")
    ]
    return "; ".join(classifiers) or "see the licence text below"


def _url(name: str, meta: email.message.Message) -> str:
    labelled = {}
    for value in meta.get_all("Project-URL") or []:
        label, _, url = str(value).partition(",")
        labelled.setdefault(label.strip().lower(), url.strip())
    for label in SOURCE_LABELS:
        if label in labelled:
            return labelled[label]
    return str(meta.get("Home-page") or f"https://pypi.org/project/{name}/")


def _installed(name: str) -> Entry:
    dist = md.distribution(name)
    meta = dist.metadata
    listed = [str(f) for f in meta.get_all("License-File") or []]
    # Metadata 2.4 keeps licence files under licenses/ (some not listed), older
    # wheels at the top of .dist-info.
    shipped = [
        f.name for f in dist.files or [] if f.parent.name == "licenses" and f.name not in listed
    ]
    texts = []
    for license_file in listed + shipped:
        text = dist.read_text(f"licenses/{license_file}") or dist.read_text(license_file)
        if text:
            texts.append((license_file, text))
    meta_message: email.message.Message = meta  # type: ignore[assignment]
    return Entry(
        name, dist.version, _licence(name, meta_message), _url(name, meta_message), tuple(texts)
    )


def _from_wheel(path: Path) -> Entry:
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.message_from_bytes(wheel.read(f"{info}/METADATA"))
        # Licence files: listed (License-File) or not (older wheels put LICENSE.txt
        # at the top of .dist-info).
        licence_files = [
            n
            for n in names
            if n.startswith(f"{info}/licenses/")
            or (n.count("/") == 1 and n.split("/")[1].upper().startswith(("LICEN", "COPYING")))
        ]
        texts = tuple((n.rsplit("/", 1)[1], wheel.read(n).decode("utf-8")) for n in licence_files)
    name = str(meta["Name"]).lower().replace("_", "-")
    return Entry(name, str(meta["Version"]), _licence(name, meta), _url(name, meta), texts)


def entries(lock: Path, wheels: list[Path]) -> list[Entry]:
    extra = {entry.name: entry for entry in map(_from_wheel, wheels)}
    result = []
    for name, version in sorted(pinned(lock).items()):
        try:
            entry = _installed(name)
        except md.PackageNotFoundError:
            if name not in extra:
                raise SystemExit(f"{name} is neither installed nor given with --wheel") from None
            entry = extra[name]
        if entry.version != version:
            raise SystemExit(f"{name}: installed {entry.version}, the lock pins {version}")
        result.append(entry)
    return result


def render(found: list[Entry]) -> str:
    qt = [e for e in found if e.name in QT_PACKAGES]
    others = [e for e in found if e.name not in QT_PACKAGES]
    out = [
        "PetDesk third-party notices",
        "",
        "PetDesk itself is under the MIT licence (the LICENSE file). It uses the",
        "following software, each under its own licence. Written by packaging/notices.py",
        "from the licence metadata of the pinned versions (packaging/requirements-runtime.lock).",
        "",
        RULE,
        "Qt for Python and Qt: LGPL-3.0",
        RULE,
        "",
    ]
    out += [f"{e.name} {e.version}: {e.licence} ({e.url})" for e in qt]
    version = qt[0].version if qt else "<version>"
    out += ["", QT_NOTICE.replace("<version>", version), PYTHON_NOTICE]
    out += [RULE, "Python packages", RULE, ""]
    out += [f"{e.name} {e.version}: {e.licence} ({e.url})" for e in others]
    for e in others:
        for file_name, text in e.texts:
            out += ["", RULE, f"{e.name} {e.version}: {file_name}", RULE, "", text.strip()]
    for title, file_name in (("GNU LGPL-3.0", "LGPL-3"), ("GNU GPL-3.0", "GPL-3")):
        text = (COMMON_LICENSES / file_name).read_text(encoding="utf-8")
        out += ["", RULE, f"{title} (Qt for Python, Qt)", RULE, "", text.strip()]
    return "\n".join(line.rstrip() for line in "\n".join(out).splitlines()) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, action="append", default=[])
    parser.add_argument("-o", "--output", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(render(entries(LOCK, args.wheel)), encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
