"""Where requests go: the environment, its base URL and the timeout."""

from __future__ import annotations

from typing import Final, NamedTuple

#: The spec's addresses: each environment's default base URL.
PRODUCTION_URL: Final = "https://api.petstore.example/v1"
STAGING_URL: Final = "https://staging.api.petstore.example/v1"
DEFAULT_URLS: Final = {"production": PRODUCTION_URL, "staging": STAGING_URL}


class Connection(NamedTuple):  # not a dataclass: ``dataclasses`` costs ~2 ms before the paint
    """The environment name (also the keyring entry), its base URL and the request
    timeout in seconds."""

    environment: str
    base_url: str
    timeout: float = 15.0


__all__ = ["DEFAULT_URLS", "PRODUCTION_URL", "STAGING_URL", "Connection"]
