"""Where requests go: the environment, its base URL and the timeout."""

from __future__ import annotations

from typing import NamedTuple


class Connection(NamedTuple):  # not a dataclass: ``dataclasses`` costs ~2 ms before the paint
    """The environment name (also the keyring entry), its base URL and the request
    timeout in seconds."""

    environment: str
    base_url: str
    timeout: float = 15.0


__all__ = ["Connection"]
