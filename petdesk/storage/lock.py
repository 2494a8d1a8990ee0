"""One sender per store file: an OS file lock held while a PetDesk process sends.

Two PetDesk windows on the same environment share the store (WAL allows it), but only
one may send its outbox: otherwise one window could take the other's add in flight for
an interrupted one, reconcile it too early, and send it again. The lock is the
operating system's (``flock`` on Linux and macOS, ``msvcrt.locking`` on Windows) on
``<store>.sender-lock``, so it is released when the process ends, however it ends
(kill -9 included): a restarted PetDesk takes over at once.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)


class SenderLock:
    """``acquire()`` is non-blocking and idempotent; ``release()`` lets another take it.

    ``path=None`` (a store in memory) always grants the lock. ``purpose`` names the
    lock file (``<store>.<purpose>-lock``): the catalogue's filler takes one of its own.
    """

    def __init__(self, store_path: Path | None, purpose: str = "sender") -> None:
        self._path = None if store_path is None else store_path.with_name(
            f"{store_path.name}.{purpose}-lock")
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None or self._path is None

    def acquire(self) -> bool:
        if self.held:
            return True
        assert self._path is not None
        try:
            fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return False
        if not _try_lock(fd):
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            _unlock(self._fd)
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:  # a sender dropped without close(): do not keep the lock
        self.release()

    def __enter__(self) -> SenderLock:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.release()
