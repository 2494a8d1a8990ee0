"""Requirement lines of the project's locks as the Windows CPython would see them.

``pip download --platform win_amd64`` fetches Windows wheels on Linux but judges the
environment markers for the machine it runs on, so ``pywin32-ctypes ; sys_platform ==
'win32'`` (keyring's Windows backend) would be skipped and ``secretstorage ; sys_platform
== 'linux'`` fetched. This reads the locks, keeps the requirements whose markers hold for
64-bit Windows with CPython 3.13 and prints them without markers, with their hashes:

    python3 packaging/windows/win_requirements.py LOCK... > win.txt

Standard library only, plus the marker evaluator that ships inside pip (so it runs on a
fresh machine's ``python3`` with nothing installed).
"""

from __future__ import annotations

import sys
from pathlib import Path

try:
    from packaging.markers import Marker
except ImportError:  # a bare python3: pip's own copy
    from pip._vendor.packaging.markers import Marker

WINDOWS = {
    "os_name": "nt",
    "sys_platform": "win32",
    "platform_system": "Windows",
    "platform_machine": "AMD64",
    "platform_release": "10",
    "platform_version": "10.0.19045",
    "python_version": "3.13",
    "python_full_version": "3.13.0",
    "implementation_name": "cpython",
    "implementation_version": "3.13.0",
    "platform_python_implementation": "CPython",
    "extra": "",
}


def requirements(text: str) -> list[str]:
    """``name==version [--hash=…]`` for each requirement of a pip-compile/uv lock whose
    marker holds on Windows."""
    joined = text.replace("\\\n", " ")
    kept = []
    for raw in joined.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        spec, _, options = line.partition(" --")
        options = f"--{options}" if options else ""
        requirement, _, marker = spec.partition(";")
        if marker.strip() and not Marker(marker.strip()).evaluate(WINDOWS):
            continue
        kept.append(" ".join(part for part in (requirement.strip(), options) if part))
    return kept


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    seen: set[str] = set()
    for path in argv:
        for line in requirements(Path(path).read_text(encoding="utf-8")):
            name = line.split("==", 1)[0].lower()
            if name not in seen:
                seen.add(name)
                print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
