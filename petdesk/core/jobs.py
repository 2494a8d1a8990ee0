"""What the worker runs and what the list shows, as enums (never strings)."""

from __future__ import annotations

import enum


class Priority(enum.IntEnum):
    """Lower runs first: control (switching the connection), then what the user
    asked for, then background refreshes. First come, first served within one."""

    CONTROL = 0
    USER = 10
    BACKGROUND = 20


class JobKind(enum.Enum):
    """What a job does (for coalescing, logs and tests; never shown)."""

    LIST = "list"
    MORE = "more"
    LOOKUP = "lookup"
    DETAIL = "detail"
    CREATE = "create"
    TEST_KEY = "test-key"
    SAVE_KEY = "save-key"
    TEST_SHARED_STORE = "test-shared-store"
    KEEP_SHARED_SIGN_IN = "keep-shared-sign-in"
    SHARED_STORE = "shared-store"
    CONNECTION = "connection"
    IO = "io"
    OTHER = "other"


class ListState(enum.Enum):
    """What the pet list is doing, as the overlay and the footer show it."""

    IDLE = "idle"
    LOADING = "loading"
    LOADED = "loaded"
    ERROR = "error"
    NO_KEY = "no-key"


__all__ = ["JobKind", "ListState", "Priority"]
