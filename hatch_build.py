"""Wheel build hook: PetDesk's run-time files in the wheel, where importlib.resources
finds them (``petdesk/core/datafiles.py``).

``resources/`` (the top of the repository) goes in as ``petdesk/resources/``, minus
what is for the repository only (``packaging/bundle_policy.py``: RESOURCE_EXCLUDES,
the same rule as the PyInstaller bundle). The translations are compiled first with
PySide6's ``lrelease`` (``resources/translations/*.qm``). For an editable install
(the README's setup command) they are compiled in place, where a source checkout
reads them.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _load(name: str, path: Path) -> ModuleType:
    # One file alone (standard library only), not its package.
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class ResourcesHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        i18n = _load("petdesk_i18n", root / "packaging" / "i18n.py")
        folder = i18n.translations_dir(root)
        i18n.compile_stale(folder)
        if version == "editable":
            return
        for language in i18n.LANGUAGES:
            qm = folder / f"petdesk_{language}.qm"
            if not qm.is_file():
                raise RuntimeError(f"{qm} was not built")
        policy = _load("petdesk_bundle_policy", root / "packaging" / "bundle_policy.py")
        for source, relative in policy.resource_files(root / "resources"):
            build_data["force_include"][source] = f"{policy.RESOURCE_TARGET}/{relative}"
