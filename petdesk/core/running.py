"""While PetDesk runs it holds a named mutex on Windows (``PetDeskRunning``, in the
session and ``Global\\``), so the installer and the uninstaller can tell and refuse
to replace or remove its files (``packaging/windows/petdesk.nsi`` opens the same
names). Elsewhere this does nothing: packages are replaced by the package manager.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

if sys.platform == "win32":
    import ctypes

MUTEX_NAME: Final = "PetDeskRunning"
MUTEX_NAMES: Final = (MUTEX_NAME, f"Global\\{MUTEX_NAME}")


@contextmanager
def announced_running() -> Iterator[None]:
    """Hold the mutexes for the ``with`` block (the window's or a command's run)."""
    if sys.platform == "win32":
        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
        kernel32.CreateMutexW.restype = ctypes.c_void_p
        kernel32.CreateMutexW.argtypes = (ctypes.c_void_p, ctypes.c_int, ctypes.c_wchar_p)
        kernel32.CloseHandle.argtypes = (ctypes.c_void_p,)
        # Not owned, only named: several PetDesk windows may run at once.
        handles = [kernel32.CreateMutexW(None, 0, name) for name in MUTEX_NAMES]
        try:
            yield
        finally:
            for handle in handles:
                if handle:
                    kernel32.CloseHandle(handle)
    else:
        yield
