"""Wine test prefix only (the build's Windows CPython; never the bundle).

Since Python 3.12, ``shutil.copy2`` and ``shutil.copyfile`` on Windows call kernel32's
``CopyFile2`` when ``_winapi`` has it. Wine 8 does not implement it: the call aborts
the process (pip building a wheel, PyInstaller collecting DLLs). Without the
attribute shutil uses its portable copy, which Windows 10+ never needs.
"""

import _winapi

if hasattr(_winapi, "CopyFile2"):
    del _winapi.CopyFile2
