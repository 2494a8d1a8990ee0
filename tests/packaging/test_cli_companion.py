"""The Windows build's command line is a console companion, petdesk-cli.exe, next to the
windowed PetDesk.exe (docs/decisions.md, "Platforms and packaging")."""

from __future__ import annotations

import re

from tests.packaging.conftest import ROOT

SPEC = (ROOT / "packaging/petdesk.spec").read_text(encoding="utf-8")


def _exe_calls() -> list[str]:
    """The argument text of each ``EXE(`` call of the spec."""
    return [m.group(1) for m in re.finditer(r"EXE\(  # noqa: F821\n(.*?)\n *\)", SPEC, re.S)]


def test_the_spec_builds_a_console_companion_on_windows() -> None:
    assert 'CLI_NAME = "petdesk-cli"' in SPEC
    windowed, console = _exe_calls()
    assert "name=APP_NAME" in windowed and "console=False" in windowed
    assert "name=CLI_NAME" in console and "console=True" in console
    assert "exclude_binaries=True" in console  # it shares _internal\ with PetDesk.exe
    assert "if IS_WIN:\n    programs.append(EXE(" in SPEC
    assert re.search(r"COLLECT\(  # noqa: F821\n    \*programs,", SPEC)


def test_the_decision_is_written_down() -> None:
    decisions = (ROOT / "docs/decisions.md").read_text(encoding="utf-8")
    section = decisions.split("## Platforms and packaging", 1)[1]
    assert "`petdesk-cli.exe`" in section
    assert "console=True" in section


def test_the_installer_and_the_wine_run_carry_it() -> None:
    nsi = (ROOT / "packaging/windows/petdesk.nsi").read_text(encoding="utf-8")
    assert '!define CLI_EXE "petdesk-cli.exe"' in nsi
    assert 'Delete "$INSTDIR\\${CLI_EXE}"' in nsi
    wine = (ROOT / "packaging/windows/build-under-wine.sh").read_text(encoding="utf-8")
    assert "CLI='C:\\Program Files\\PetDesk\\petdesk-cli.exe'" in wine
    assert '"$CLI" export --demo' in wine
