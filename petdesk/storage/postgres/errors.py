"""The shared store cannot be used right now, and why (:class:`StoreTrouble`)."""

from __future__ import annotations

from petdesk.core.store_trouble import StoreTrouble

__all__ = ["SharedStoreUnavailable"]


class SharedStoreUnavailable(Exception):
    """The shared store cannot be opened or used: :attr:`trouble` says why. The
    exception's argument is the trouble's sentence (marked for translation: the window
    shows it in the user's language, ``str()`` is English); it never contains the
    password (the driver's own error is logged by type only).

    :attr:`maybe_kept`: the connection died while a write transaction was committing,
    so the server may have kept it although no answer came."""

    def __init__(self, trouble: StoreTrouble, *, maybe_kept: bool = False) -> None:
        super().__init__(trouble.sentence)
        self.trouble = trouble
        self.maybe_kept = maybe_kept
