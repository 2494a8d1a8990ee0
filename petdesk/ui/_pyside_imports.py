"""Make PySide6's per-import check cheap (applied when this module is imported).

PySide6 replaces ``__import__`` and, for every module imported after it, calls
``PySide6.support.feature._mod_uses_pyside(module)``, which reads the module's
whole source through ``inspect.getsource`` (``linecache``: decoded, split into
lines and *kept in memory*) only to look for the text ``"PySide6"`` (the answer
decides whether ``from __feature__ import ...`` switching applies to it; PetDesk
uses no such feature). For everything the worker imports after the window is up
(httpx, pydantic, the sandbox) that is ~30 ms and ~10 MiB of cached source.

The replacement gives the same answer from the file's bytes, without linecache:
True only for a ``.py`` file containing ``PySide6``; False where the original
also said False (no source file: built-in, frozen, sourceless or bundled
modules). If PySide6 changes this private hook, nothing is replaced.
Imported by :mod:`petdesk.ui.app` right after PySide6 and before PetDesk's own
widgets.
"""

from __future__ import annotations

import sys
from types import ModuleType


def mod_uses_pyside(module: ModuleType) -> bool:
    """``"PySide6" in <the module's source>``, read as bytes (``False`` without one)."""
    path = getattr(module, "__file__", None)
    if not isinstance(path, str) or not path.endswith(".py"):
        return False
    try:
        with open(path, "rb") as fh:
            return b"PySide6" in fh.read()
    except OSError:
        return False


def apply() -> bool:
    feature = sys.modules.get("PySide6.support.feature")
    if feature is None or not callable(getattr(feature, "_mod_uses_pyside", None)):
        return False
    feature._mod_uses_pyside = mod_uses_pyside
    return True


APPLIED = apply()
