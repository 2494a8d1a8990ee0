"""The macOS a PetDesk bundle needs, read from the wheels it is built from.

Every binary wheel names the oldest macOS it runs on in its platform tag
(``pyside6_essentials-6.11.3-cp310-abi3-macosx_13_0_universal2.whl``: macOS 13).
The bundle needs the newest of those minimums, so ``LSMinimumSystemVersion`` is
computed from the tags of the wheels installed in the build environment (their
``.dist-info/WHEEL``), never written by hand: a Qt upgrade that drops a macOS
version moves the plist with it. Standard library only (packaging/petdesk.spec).
"""

from __future__ import annotations

import importlib.metadata
import re
from collections.abc import Iterable

_MACOS_TAG = re.compile(r"macosx_(\d+)_(\d+)_(\w+)")
#: What a ``universal2`` wheel holds.
UNIVERSAL2 = frozenset({"arm64", "x86_64"})


def wheel_minimum(tags: Iterable[str]) -> tuple[int, int] | None:
    """The oldest macOS one wheel (its tags, each possibly ``a.b.c`` compressed) runs
    on; ``None`` for a pure-Python or non-macOS wheel."""
    found = [(int(m[1]), int(m[2])) for tag in tags for m in _MACOS_TAG.finditer(tag)]
    return min(found) if found else None


def architectures(tags: Iterable[str]) -> frozenset[str]:
    """The CPU architectures a wheel's macOS tags cover."""
    arches: set[str] = set()
    for tag in tags:
        for match in _MACOS_TAG.finditer(tag):
            arches |= UNIVERSAL2 if match[3] == "universal2" else {match[3]}
    return frozenset(arches)


def minimum_macos(wheels: Iterable[Iterable[str]]) -> str:
    """``LSMinimumSystemVersion`` for a bundle of these wheels (each an iterable of its
    tags): the newest of their minimums, as ``"13.0"``."""
    minimums = [m for m in (wheel_minimum(tags) for tags in wheels) if m is not None]
    if not minimums:
        raise ValueError("no macOS wheel among the bundle's distributions")
    major, minor = max(minimums)
    return f"{major}.{minor}"


def installed_wheel_tags() -> list[list[str]]:
    """The ``Tag:`` lines of every installed distribution's ``.dist-info/WHEEL``."""
    found = []
    for dist in importlib.metadata.distributions():
        text = dist.read_text("WHEEL") or ""
        found.append([line.split(":", 1)[1].strip() for line in text.splitlines()
                      if line.startswith("Tag:")])
    return found
