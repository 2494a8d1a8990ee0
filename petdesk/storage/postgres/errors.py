"""The shared store cannot be used right now, and why (:class:`StoreTrouble`)."""

from __future__ import annotations

from petdesk.core.store_trouble import StoreTrouble

__all__ = ["SharedStoreUnavailable"]


class SharedStoreUnavailable(Exception):
    """The shared store cannot be opened or used: :attr:`trouble` says why. The
    exception's argument is the trouble's sentence (marked for translation: the window
    shows it in the user's language, ``str()`` is English); it never contains the
    password (the driver's own error is logged by type only)."""

    def __init__(self, trouble: StoreTrouble) -> None:
        super().__init__(trouble.sentence)
        self.trouble = trouble
