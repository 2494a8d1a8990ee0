"""PetDesk's translations: the ``.ts`` sources, the compiled ``.qm``, the one update command.

``resources/translations/petdesk_<lang>.ts`` are the sources (committed); the
``.qm`` next to them are compiled with PySide6's ``lrelease`` and not committed:
at wheel build time (``hatch_build.py``), when the installers are frozen
(``packaging/petdesk.spec``), and in a source checkout on first use (the app and
the tests call :func:`compile_stale`, which compiles only a ``.qm`` older than
its ``.ts``).

After changing any user-visible text::

    python -m petdesk.gui.i18n update     # lupdate over petdesk/, then list what is untranslated

(``tests/gui/common/test_translations.py`` fails while a string is missing or untranslated.)

Standard library only (the tools are run as programs); no Qt import.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from importlib.util import find_spec
from pathlib import Path
from typing import NamedTuple

#: The languages PetDesk ships besides English (its source language).
LANGUAGES: tuple[str, ...] = ("de", "es")
#: Qt-free layers whose visible text is marked with ``QT_TRANSLATE_NOOP`` and the UI.
#: ``sandbox`` is left out: it plays the server, whose text is shown as sent.
SOURCE_PACKAGES: tuple[str, ...] = ("api", "cli", "core", "gui", "services", "storage")

UPDATE_HINT = ("run `python -m petdesk.gui.i18n update`, translate the entries it lists in "
               "resources/translations/petdesk_<lang>.ts (Qt Linguist: "
               "`pyside6-linguist`, or by hand: fill <translation> and remove "
               "type=\"unfinished\"), then commit the .ts files")


class Untranslated(NamedTuple):
    language: str
    context: str
    source: str


def project_root() -> Path:
    return Path(__file__).resolve().parents[2]


def translations_dir(root: Path | None = None) -> Path:
    return (root or project_root()) / "resources" / "translations"


def ts_path(language: str, root: Path | None = None) -> Path:
    return translations_dir(root) / f"petdesk_{language}.ts"


def _tool(name: str) -> str:
    """PySide6's ``lupdate`` / ``lrelease`` binary (shipped in PySide6-Essentials)."""
    spec = find_spec("PySide6")
    if spec is not None and spec.origin:
        folder = Path(spec.origin).parent
        for candidate in (folder / name, folder / f"{name}.exe",
                          folder / "Qt" / "libexec" / name):
            if candidate.is_file():
                return str(candidate)
    raise FileNotFoundError(f"PySide6's {name} was not found (is PySide6-Essentials installed?)")


def sources(root: Path | None = None) -> list[Path]:
    base = (root or project_root()) / "petdesk"
    found: list[Path] = []
    for package in SOURCE_PACKAGES:
        found.extend(sorted((base / package).rglob("*.py")))
    return found


def lupdate(ts_files: Sequence[Path], root: Path | None = None) -> None:
    """Merge the strings of the current sources into ``ts_files`` (obsolete ones dropped)."""
    root = root or project_root()
    files = [os.path.relpath(p, root) for p in sources(root)]
    subprocess.run(  # noqa: S603 - PySide6's own tool, fixed arguments
        [_tool("lupdate"), "-silent", "-no-obsolete", "-locations", "none", *files,
         "-ts", *(str(t) for t in ts_files)],
        cwd=root, check=True)


def lrelease(ts_file: Path, qm_file: Path) -> None:
    subprocess.run(  # noqa: S603 - PySide6's own tool, fixed arguments
        [_tool("lrelease"), "-silent", str(ts_file), "-qm", str(qm_file)], check=True)


def compile_stale(folder: Path) -> list[Path]:
    """Compile every ``petdesk_<lang>.ts`` in ``folder`` whose ``.qm`` is missing or
    older. Returns the ``.qm`` files written (none when all are current)."""
    written: list[Path] = []
    for ts in sorted(folder.glob("petdesk_*.ts")):
        qm = ts.with_suffix(".qm")
        try:
            if qm.stat().st_mtime >= ts.stat().st_mtime:
                continue
        except FileNotFoundError:
            pass
        lrelease(ts, qm)
        written.append(qm)
    return written


def untranslated(ts_file: Path) -> list[Untranslated]:
    """Messages of ``ts_file`` left unfinished (new, changed or empty)."""
    import xml.etree.ElementTree as ET  # noqa: PLC0415 - not needed to compile at start-up

    language = ts_file.stem.removeprefix("petdesk_")
    found: list[Untranslated] = []
    for context in ET.parse(ts_file).getroot().iter("context"):  # noqa: S314 - our own file
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            kind = translation.get("type") if translation is not None else "unfinished"
            if kind in ("vanished", "obsolete"):
                continue
            forms = [translation.text] if translation is not None else []
            if translation is not None and message.get("numerus") == "yes":
                forms = [form.text for form in translation.iter("numerusform")]
            if kind == "unfinished" or not forms or not all((f or "").strip() for f in forms):
                found.append(Untranslated(language, name, message.findtext("source") or ""))
    return found


def update(root: Path | None = None) -> list[Untranslated]:
    """lupdate every language's ``.ts`` from the sources; what is left untranslated."""
    files = [ts_path(lang, root) for lang in LANGUAGES]
    lupdate(files, root)
    return [entry for ts in files for entry in untranslated(ts)]


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args else "update"
    if command == "update":
        missing = update()
        for entry in missing:
            print(f"{entry.language}  {entry.context}: {entry.source!r}")
        print(f"{len(missing)} untranslated entr{'y' if len(missing) == 1 else 'ies'} "
              f"in {', '.join(str(ts_path(lang)) for lang in LANGUAGES)}")
        return 1 if missing else 0
    if command == "build":
        for qm in compile_stale(translations_dir()):
            print(f"wrote {qm}")
        return 0
    print("usage: python -m petdesk.gui.i18n [update|build]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
