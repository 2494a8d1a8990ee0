"""Where requests go: the environment, its base URL and the timeout; whether an address
is still the spec's example; what a connection test found."""

from __future__ import annotations

import enum
from typing import Final, NamedTuple

from petdesk.core.errors import (
    AuthenticationError,
    ConnectTimeoutError,
    NoConnectionError,
    NotFoundError,
    UnknownAddressError,
)

#: The spec's addresses: each environment's default base URL. They are examples
#: (``.example`` is a reserved name): no service answers there.
PRODUCTION_URL: Final = "https://api.petstore.example/v1"
STAGING_URL: Final = "https://staging.api.petstore.example/v1"
DEFAULT_URLS: Final = {"production": PRODUCTION_URL, "staging": STAGING_URL}
#: ``--demo``: the in-process sandbox's address and the key it accepts (no keyring).
DEMO_API_KEY: Final = "demo-petdesk-sandbox-key"
DEMO_BASE_URL: Final = "http://127.0.0.1/v1"


class Connection(NamedTuple):
    """The environment name (also the keyring entry), its base URL, the request
    timeout in seconds, and the shared store's address when this desk uses one
    (``""``: the store is the SQLite file on this computer)."""

    environment: str
    base_url: str
    timeout: float = 15.0
    shared_store: str = ""


def is_placeholder(url: str) -> bool:
    """True while ``url`` is still one of the spec's example addresses (PetDesk is not
    set up for a real service yet)."""
    return url.strip().rstrip("/").lower() in {u.rstrip("/") for u in DEFAULT_URLS.values()}


class Reach(enum.Enum):
    """What a connection test (one request with an address and a key) found."""

    WORKS = "works"
    #: The name server says no computer has the address's name.
    NO_SUCH_ADDRESS = "no-such-address"
    #: Nothing could be connected to: no network, or nothing listens there.
    NO_NETWORK = "no-network"
    #: The service answered and refused the key (401).
    KEY_REFUSED = "key-refused"
    #: Something answered at the address, but not the Pet Store service (404).
    NOT_THE_SERVICE = "not-the-service"
    #: Anything else: its own message says what.
    OTHER = "other"


def reach_of(error: BaseException | None) -> Reach:
    """The :class:`Reach` of a test that ended with ``error`` (``None``: it worked)."""
    if error is None:
        return Reach.WORKS
    if isinstance(error, UnknownAddressError):
        return Reach.NO_SUCH_ADDRESS
    if isinstance(error, AuthenticationError):
        return Reach.KEY_REFUSED
    if isinstance(error, NotFoundError):
        return Reach.NOT_THE_SERVICE
    if isinstance(error, ConnectTimeoutError | NoConnectionError):
        return Reach.NO_NETWORK
    return Reach.OTHER


__all__ = ["DEFAULT_URLS", "DEMO_API_KEY", "DEMO_BASE_URL", "PRODUCTION_URL", "STAGING_URL",
           "Connection", "Reach",
           "is_placeholder", "reach_of"]
