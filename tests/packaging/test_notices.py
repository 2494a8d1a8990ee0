"""The licence files every build ships: LICENSE (MIT, as pyproject says) and the
third-party notices, which name every pinned runtime package at its pinned version
and give Qt's LGPL terms (source offer, how to replace Qt, the licence texts)."""

from __future__ import annotations

import tomllib

import notices

from tests.packaging.conftest import ROOT

NOTICES = ROOT / "resources" / "licenses" / "THIRD-PARTY-NOTICES.txt"


def test_licence_file_is_the_mit_licence_pyproject_declares() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "PetDesk maintainers" in text
    assert "MIT" in str(project["license"])


def test_notices_name_every_pinned_runtime_package_at_its_pinned_version() -> None:
    text = NOTICES.read_text(encoding="utf-8")
    pinned = notices.pinned(notices.LOCK)
    assert {"pyside6-essentials", "httpx", "keyring", "openpyxl"} <= set(pinned)
    missing = [
        f"{name} {version}"
        for name, version in pinned.items()
        if f"\n{name} {version}: " not in text
    ]
    assert missing == [], "run packaging/notices.py after changing the runtime lock"


def test_notices_give_the_qt_lgpl_terms() -> None:
    text = NOTICES.read_text(encoding="utf-8")
    qt_version = notices.pinned(notices.LOCK)["pyside6-essentials"]
    assert f"pyside6-essentials {qt_version}: LGPL-3.0-only" in text
    assert f"tag v{qt_version}" in text  # where its source is
    assert "Replacing (relinking) Qt" in text
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text
    assert "GNU GENERAL PUBLIC LICENSE" in text
