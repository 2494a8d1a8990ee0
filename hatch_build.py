"""Wheel build hook: compile the translations (``resources/translations/*.ts``) with
PySide6's ``lrelease`` and ship the ``.qm`` as ``petdesk/translations/``.

For an editable install (the README's setup command) they are compiled in place,
next to the ``.ts``, where a source checkout looks for them.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _i18n(root: Path) -> Any:
    # petdesk/i18n.py alone (standard library only), not the package.
    spec = importlib.util.spec_from_file_location("petdesk_i18n", root / "petdesk" / "i18n.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class TranslationsHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        i18n = _i18n(root)
        folder = i18n.translations_dir(root)
        i18n.compile_stale(folder)
        if version == "editable":
            return
        for language in i18n.LANGUAGES:
            qm = folder / f"petdesk_{language}.qm"
            if not qm.is_file():
                raise RuntimeError(f"{qm} was not built")
            build_data["force_include"][str(qm)] = f"petdesk/translations/{qm.name}"
