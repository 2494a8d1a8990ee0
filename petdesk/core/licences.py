"""PetDesk's licence and the third-party notices, shown by Help › About PetDesk.

The licence is the ``LICENSE`` file of the package's metadata (the wheel's and the
editable install's ``.dist-info/licenses``, which the PyInstaller bundle copies);
the notices (Qt for Python and Qt under the LGPL-3.0, and every other library the
builds ship) are ``licenses/THIRD-PARTY-NOTICES.txt`` of the run-time files.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, distribution

from petdesk.core.datafiles import resources_dir

NOTICES = "THIRD-PARTY-NOTICES.txt"


def licence_text() -> str:
    """The MIT licence PetDesk is under; "" when the metadata lacks it."""
    try:
        return distribution("petdesk").read_text("licenses/LICENSE") or ""
    except PackageNotFoundError:
        return ""


def notices_text() -> str:
    """The third-party notices; "" when the file is missing."""
    base = resources_dir()
    path = base / "licenses" / NOTICES if base is not None else None
    return path.read_text(encoding="utf-8") if path is not None and path.is_file() else ""
