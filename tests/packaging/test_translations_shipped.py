"""The installers ship PetDesk's German and Spanish catalogues and Qt's own for the
same languages; the wheel ships the catalogues as ``petdesk/resources/translations``
(built and read in tests/packaging/test_wheel.py)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import bundle_policy as policy
import i18n
from PySide6.QtCore import QLibraryInfo

from tests.packaging.conftest import ROOT


def test_the_bundle_ships_our_catalogues_and_qtbase_for_their_languages() -> None:
    resources = ROOT / "resources"
    i18n.compile_stale(resources / "translations")  # what packaging/petdesk.spec does first
    assert policy.shipped_languages(resources) == i18n.LANGUAGES
    datas = {Path(src).name for src, _ in policy.resource_datas(resources)}
    assert {f"petdesk_{lang}.qm" for lang in i18n.LANGUAGES} <= datas
    assert not {name for name in datas if name.endswith(".ts")}, "sources stay out"
    qt = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    for lang in i18n.LANGUAGES:
        qtbase = f"PySide6/Qt/translations/qtbase_{lang}.qm"
        assert (qt / f"qtbase_{lang}.qm").is_file(), "PySide6-Essentials ships it"
        assert policy.keep_translation(qtbase, i18n.LANGUAGES)
    assert not policy.keep_translation("PySide6/Qt/translations/qtbase_fr.qm", i18n.LANGUAGES)


def test_the_wheel_build_compiles_the_catalogues_into_the_package() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    assert hook["path"] == "hatch_build.py"
    assert any(d.startswith("PySide6-Essentials") for d in hook["dependencies"]), "lrelease"
    hook_source = (ROOT / "hatch_build.py").read_text(encoding="utf-8")
    assert "compile_stale" in hook_source
    assert "policy.RESOURCE_TARGET" in hook_source
