"""What a Test connection of the shared store can find, and the sentence for each
(psycopg-free: the window shows them, the worker finds them, :mod:`.probe`)."""

from __future__ import annotations

import enum
from typing import Final

from petdesk.core.wording import QT_TRANSLATE_NOOP, Message
from petdesk.services.shared.address import address_problem, host_of, server_of

__all__ = ["SharedReach", "reach_sentence"]


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
