"""Dates and times in ``petdesk/`` never go through the C library's ``strftime``.

Its directives differ between platforms (``%-d`` is glibc's: Windows' C runtime
raises ``ValueError: Invalid format string``) and its names follow whatever locale
the process has (Qt sets it from the environment). The window formats dates and
times with QLocale (``petdesk.gui.common.localize``); the Qt-free layers hand it the
``datetime`` (or a :class:`~petdesk.core.wording.ClockTime`) and write their English
form without the C library. Only the machine formats named below may use
``strftime``, and only with directives every C library accepts.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "petdesk"

#: (file, format) of the strftime calls allowed, each a machine format.
MACHINE_FORMATS = {
    # The name a damaged database is set aside under (compact ISO 8601, UTC).
    ("petdesk/storage/sqlite/database.py", "%Y%m%dT%H%M%SZ"),
}

#: Directives that mean the same on glibc, macOS and Windows' C runtime and write
#: digits only (no names, so no locale): what a machine format may use.
PORTABLE_NUMERIC = set("YmdHMSjyz%")
#: Flags and modifiers some C libraries know and others reject (glibc's ``%-d``,
#: ``%_d``, ``%^a``; Windows' ``%#d``; POSIX's ``%Ec``/``%Od``): searched in every
#: string of the package, wherever it goes. (Directives missing from some C library,
#: ``%e``, ``%k``, ``%l``, ``%P``, ``%s``, are caught in format arguments: as bare
#: text ``%s`` is also printf's.)
PLATFORM_SPECIFIC = re.compile(r"%[-#_^][A-Za-z]|%E[cCxXyY]|%O[deHImMSuUVwWy]")


def directives_rejected(fmt: str) -> list[str]:
    """The directives of ``fmt`` outside :data:`PORTABLE_NUMERIC`."""
    rejected, i = [], 0
    while i < len(fmt):
        if fmt[i] == "%":
            directive = fmt[i + 1 : i + 2]
            if directive not in PORTABLE_NUMERIC or not directive:
                rejected.append(fmt[i : i + 3])
            i += 2
        else:
            i += 1
    return rejected


@functools.cache
def _sources() -> list[tuple[str, ast.Module]]:
    return [(path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8")))
            for path in sorted(PACKAGE.rglob("*.py"))]


def _format_calls() -> list[tuple[str, int, str | None]]:
    """(file, line, format or None) of every ``.strftime`` / ``.strptime`` call."""
    calls = []
    for name, tree in _sources():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("strftime", "strptime")):
                args = [a for a in node.args if isinstance(a, ast.Constant)]
                fmt = args[-1].value if args and isinstance(args[-1].value, str) else None
                calls.append((name, node.lineno, fmt))
    return calls


def test_no_strftime_or_strptime_outside_the_named_machine_formats() -> None:
    calls = _format_calls()
    assert any(name == "petdesk/storage/sqlite/database.py"
               for name, _, _ in calls)  # the scan sees them
    unexpected = [f"{name}:{line} {fmt!r}" for name, line, fmt in calls
                  if (name, fmt) not in MACHINE_FORMATS]
    assert unexpected == [], (
        "format dates and times for people with QLocale (petdesk.gui.common.localize), or pass "
        "the datetime / ClockTime up to the window; machine formats go in MACHINE_FORMATS")


def test_no_date_format_spec_in_f_strings_or_format_templates() -> None:
    """``f"{when:%d %B}"`` and ``"{:%H}".format(when)`` are strftime too."""
    found = []
    for name, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
                spec = ast.unparse(node.format_spec)
                if re.search(r"%[A-Za-z]", spec):  # not ``{share:.0%}``
                    found.append(f"{name}:{node.lineno} {spec}")
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and re.search(r"\{[^{}]*:[^{}]*%[A-Za-z]", node.value)):
                found.append(f"{name}:{node.lineno} {node.value!r}")
    assert found == []


def test_no_platform_specific_directive_anywhere_in_the_source() -> None:
    found = []
    for name, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value.replace("%%", "")
                found += [f"{name}:{node.lineno} {m}" for m in PLATFORM_SPECIFIC.findall(text)]
    assert found == []


def test_the_machine_formats_use_only_directives_every_c_library_accepts() -> None:
    for _, fmt in MACHINE_FORMATS:
        assert directives_rejected(fmt) == [], fmt


@pytest.mark.parametrize("fmt", ["%-d %B %Y", "%#d", "%e", "%k:%M", "%l %P", "%s", "%Ey", "%Od",
                                 "%a %d", "%H:%M %p", "%"])
def test_the_directive_check_rejects_what_some_c_library_does_not_know(fmt: str) -> None:
    """Windows' C runtime raises ValueError on glibc's ``%-d`` (the look-up by ID
    crashed there); names (``%a``, ``%B``) and ``%p`` follow the process locale."""
    assert directives_rejected(fmt)


def test_the_source_scan_finds_the_flag_forms() -> None:
    assert PLATFORM_SPECIFIC.findall("%-d %B %Y, %#d, %_H, %^a, %Ey, %Od") == [
        "%-d", "%#d", "%_H", "%^a", "%Ey", "%Od"]
    assert PLATFORM_SPECIFIC.findall("Found pet %d (%s). 100%% %(asctime)s") == []
