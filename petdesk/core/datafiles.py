"""Where PetDesk's run-time files are: icons, translations, the desktop entry, the
AppStream metainfo, the licence notices.

They live in ``resources/`` at the top of the repository and reach every install as
the package's ``petdesk/resources`` folder: the wheel maps them there
(``hatch_build.py``), the PyInstaller bundle too (``packaging/bundle_policy.py``);
both keep the package as files on disk, so the folder is found beside this package's
modules. A source checkout (the README's editable install) has them at the top of
the repository instead.

Standard library only: ``petdesk --self-test`` and the window both use it.
"""

from __future__ import annotations

from pathlib import Path

#: Inside the package, in the wheel and in the bundle.
PACKAGED = "resources"


def resources_dir() -> Path | None:
    """The folder of PetDesk's run-time files, or ``None`` when it is missing."""
    here = Path(__file__).resolve()
    candidates = (here.parents[1] / PACKAGED, here.parents[2] / "resources")
    for path in candidates:
        if (path / "icons").is_dir():
            return path
    return None
