"""Settings › Shared store › Test connection: one sign-in to the shared store, and
what it found, in a sentence for the person setting it up. Nothing is created: a
database PetDesk has not set up yet is said to be so (it is set up on first use).

The driver's own message is read to tell the cases apart, and never shown or logged
(only its type): it may name the user, and a server may echo what it was given.
"""

from __future__ import annotations

import enum
import logging
from typing import Final

import psycopg

from petdesk.core.wording import QT_TRANSLATE_NOOP, Message
from petdesk.services.shared.address import address_problem, host_of, server_of

__all__ = ["CONNECT_TIMEOUT", "SharedReach", "probe_shared_store", "reach_sentence"]

log = logging.getLogger(__name__)

#: Seconds a Test connection waits for the server.
CONNECT_TIMEOUT: Final = 5


class SharedReach(enum.Enum):
    """What a Test connection found."""

    WORKS = "works"
    #: Signed in; the database has no PetDesk tables yet (set up on first use).
    NOT_SET_UP = "not-set-up"
    SIGN_IN_REFUSED = "sign-in-refused"
    NO_SUCH_HOST = "no-such-host"
    UNREACHABLE = "unreachable"
    NO_DATABASE = "no-database"
    #: The server accepts only encrypted connections; the address says sslmode=disable.
    TLS_REQUIRED = "tls-required"
    #: The address asks for TLS; the server offers none.
    NO_TLS_AT_SERVER = "no-tls-at-server"
    #: The server's certificate could not be verified (sslmode=verify-ca/verify-full).
    TLS_NOT_VERIFIED = "tls-not-verified"
    BAD_ADDRESS = "bad-address"
    OTHER = "other"


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


_SENTENCES: Final = {
    SharedReach.WORKS: QT_TRANSLATE_NOOP(
        "SharedStoreTest", "Connected to {server}: the shared store is ready."),
    SharedReach.NOT_SET_UP: QT_TRANSLATE_NOOP(
        "SharedStoreTest",
        "Connected to {server}. It is not a PetDesk database yet: PetDesk sets it up the "
        "first time a desk uses it."),
    SharedReach.SIGN_IN_REFUSED: QT_TRANSLATE_NOOP(
        "SharedStoreTest",
        "{server} answered, but refused the sign-in: check the user name in the address "
        "and the password."),
    SharedReach.NO_SUCH_HOST: QT_TRANSLATE_NOOP(
        "SharedStoreTest",
        "No computer on the network is called {host}. Check the address; if it is right, "
        "check that this computer is online."),
    SharedReach.UNREACHABLE: QT_TRANSLATE_NOOP(
        "SharedStoreTest",
        "Cannot reach a database server at {server}: it may be stopped, or a firewall is "
        "in the way. Check the address and the port."),
    SharedReach.NO_DATABASE: QT_TRANSLATE_NOOP(
        "SharedStoreTest",
        "The database server answered, but it has no database by the name in the "
        "address ({server}). Ask whoever runs it to create the database."),
    SharedReach.TLS_REQUIRED: QT_TRANSLATE_NOOP(
        "SharedStoreTest",
        "The database server accepts only encrypted connections: put sslmode=require (or "
        "better, sslmode=verify-full) in the address."),
    SharedReach.NO_TLS_AT_SERVER: QT_TRANSLATE_NOOP(
        "SharedStoreTest",
        "The address asks for an encrypted connection, but the database server at "
        "{server} does not offer one. Ask whoever runs it to turn on TLS."),
    SharedReach.TLS_NOT_VERIFIED: QT_TRANSLATE_NOOP(
        "SharedStoreTest",
        "The database server's certificate could not be verified. Install the "
        "certificate of the authority that signed it on this computer (see the admin "
        "guide), or check the server's name in the address."),
    SharedReach.OTHER: QT_TRANSLATE_NOOP(
        "SharedStoreTest", "The database server at {server} could not be used. The log "
        "says which error it was."),
}


def reach_sentence(reach: SharedReach, address: str) -> Message | str:
    """What to tell the user about ``reach``."""
    if reach is SharedReach.BAD_ADDRESS:
        return address_problem(address) or ""
    return _SENTENCES[reach].format(server=server_of(address), host=host_of(address))
