"""File › Settings… › Shared store, Test connection: one sign-in to the shared store, and
what it found (:class:`~.reach.SharedReach`). Nothing is created: a database PetDesk
has not set up yet is said to be so (it is set up on first use).

The driver's own message is read to tell the cases apart, and never shown or logged
(only its type): it may name the user, and a server may echo what it was given.
"""

from __future__ import annotations

import logging
from typing import Final

import psycopg

from petdesk.services.shared.address import address_problem
from petdesk.services.shared.reach import SharedReach

__all__ = ["CONNECT_TIMEOUT", "classify", "probe_shared_store"]

log = logging.getLogger(__name__)

#: Seconds a Test connection waits for the server.
CONNECT_TIMEOUT: Final = 5


_SIGNS: Final = (
    (SharedReach.SIGN_IN_REFUSED, ("password authentication failed", "no password supplied",
                                    "authentication failed", "password is required")),
    (SharedReach.NO_SUCH_HOST, ("could not translate host name", "name or service not known",
                                "nodename nor servname", "no address associated")),
    (SharedReach.NO_DATABASE, ("database \"", "does not exist")),
    (SharedReach.TLS_REQUIRED, ("no encryption",)),
    (SharedReach.NO_TLS_AT_SERVER, ("server does not support ssl",)),
    (SharedReach.TLS_NOT_VERIFIED, ("certificate verify failed", "root certificate file",
                                    "certificate", "ssl error")),
)


def classify(message: str) -> SharedReach:
    """The :class:`SharedReach` of a failed sign-in, from the driver's message."""
    text = message.lower()
    for reach, signs in _SIGNS:
        if reach is SharedReach.NO_DATABASE:
            if all(sign in text for sign in signs):
                return reach
        elif any(sign in text for sign in signs):
            return reach
    return SharedReach.UNREACHABLE if "connect" in text or "timeout" in text else (
        SharedReach.OTHER)


def probe_shared_store(address: str, password: str | None, *,
                       timeout: int = CONNECT_TIMEOUT) -> SharedReach:
    """Sign in to the shared store at ``address`` with ``password`` once; see the module."""
    if address_problem(address) is not None:
        return SharedReach.BAD_ADDRESS
    try:
        with psycopg.connect(address.strip(), password=password or None,
                             connect_timeout=timeout, autocommit=True) as conn:
            found = conn.execute("SELECT to_regclass('schema_version')").fetchone()
    except psycopg.Error as exc:
        log.info("shared store test: %s", type(exc).__name__)
        return classify(str(exc))
    return SharedReach.WORKS if found is not None and found[0] is not None else (
        SharedReach.NOT_SET_UP)
