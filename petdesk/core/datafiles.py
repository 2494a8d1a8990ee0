"""Where PetDesk's run-time files are: icons, translations, the desktop entry, the
AppStream metainfo, the licence notices.

They live in ``resources/`` at the top of the repository and reach every install as
the package's ``petdesk/resources`` folder: the wheel maps them there
(``hatch_build.py``), the PyInstaller bundle too (``packaging/bundle_policy.py``);
both are read through :mod:`importlib.resources`. A source checkout (the README's
editable install) has them beside the package instead.

Standard library only: ``petdesk --self-test`` and the window both use it.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

#: Inside the package, in the wheel and in the bundle.
PACKAGED = "resources"


def resources_dir() -> Path | None:
    """The folder of PetDesk's run-time files, or ``None`` when it is missing."""
    candidates = (Path(str(files("petdesk") / PACKAGED)),
                  Path(__file__).resolve().parents[2] / "resources")
    for path in candidates:
        if (path / "icons").is_dir():
            return path
    return None
