"""The shared store's address: ``postgresql://user@host:port/dbname?sslmode=require``.

The address names the server, the database and the role; the password never goes in
it (it lives in the system keyring, :mod:`.password`), so an address with a password
is refused, with a sentence saying where the password goes, and never saved.
"""

from __future__ import annotations

from typing import Final
from urllib.parse import parse_qs, urlsplit

from petdesk.core.wording import QT_TRANSLATE_NOOP

__all__ = ["SCHEMES", "SSL_MODES", "address_problem", "host_of", "server_of"]

SCHEMES: Final = ("postgresql", "postgres")
#: libpq's ``sslmode`` values.
SSL_MODES: Final = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")

#: An address with a password in it: where the password goes instead.
PASSWORD_IN_ADDRESS: Final = QT_TRANSLATE_NOOP(
    "SharedStoreAddress",
    "The address contains a password. Remove it from the address and type it in the "
    "Password field: PetDesk keeps it in the system keyring, never in its settings.")


def address_problem(address: str) -> str | None:
    """Why ``address`` cannot be the shared store's, in plain words; ``None`` when it can."""
    text = address.strip()
    try:
        parts = urlsplit(text)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError for a bad port
        query = parse_qs(parts.query, keep_blank_values=True)
    except ValueError:
        return QT_TRANSLATE_NOOP(
            "SharedStoreAddress",
            "The address is not valid. It looks like "
            "postgresql://petdesk@db.example.org:5432/petdesk?sslmode=verify-full.")
    if parts.password is not None or "password" in query:
        return PASSWORD_IN_ADDRESS
    if parts.scheme.lower() not in SCHEMES:
        return QT_TRANSLATE_NOOP("SharedStoreAddress",
                                 "The address must start with postgresql://.")
    if not host:
        return QT_TRANSLATE_NOOP("SharedStoreAddress",
                                 "The address must name the database server after "
                                 "postgresql://.")
    database = parts.path.strip("/")
    if not database or "/" in database:
        return QT_TRANSLATE_NOOP("SharedStoreAddress",
                                 "The address must end with the database's name, as in "
                                 "…:5432/petdesk.")
    modes = query.get("sslmode", [])
    if any(mode not in SSL_MODES for mode in modes):
        return QT_TRANSLATE_NOOP(
            "SharedStoreAddress",
            "sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full.")
    return None


def host_of(address: str) -> str:
    """The server's name alone."""
    try:
        return urlsplit(address.strip()).hostname or ""
    except ValueError:
        return ""


def server_of(address: str) -> str:
    """``host:port/dbname`` for messages: never the user's name or anything else."""
    try:
        parts = urlsplit(address.strip())
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        return ""
    where = f"{host}:{port}" if port else host
    return f"{where}/{parts.path.strip('/')}"
