"""This computer's desk: its name and the signed-in user, as the store records them
next to every add. Read once when a store is opened."""

from __future__ import annotations

import getpass
import logging
import socket
import unicodedata
from typing import Final

from petdesk.core.desk import Desk

log = logging.getLogger(__name__)

__all__ = ["MAX_DESK_TEXT", "clean_desk_text", "this_desk"]

#: Host names are at most 253 characters and user names far shorter; the window shows
#: these in one table cell.
MAX_DESK_TEXT: Final = 64


def clean_desk_text(text: str) -> str:
    """``text`` without control or format characters (a name can hold anything the
    system allows), trimmed, at most :data:`MAX_DESK_TEXT` characters."""
    kept = "".join(ch for ch in text if not unicodedata.category(ch).startswith("C"))
    return kept.strip()[:MAX_DESK_TEXT].strip()


def _host_name() -> str:
    try:
        return socket.gethostname()
    except OSError as exc:
        log.warning("this computer's name could not be read: %s", type(exc).__name__)
        return ""


def _user_name() -> str:
    # getuser() reads LOGNAME/USER/LNAME/USERNAME, then the password database, which
    # a container or a service account may lack (OSError; KeyError before Python 3.13).
    try:
        return getpass.getuser()
    except (OSError, KeyError, ImportError) as exc:
        log.warning("the signed-in user could not be read: %s", type(exc).__name__)
        return ""


def this_desk() -> Desk:
    """This computer and its signed-in user (``""`` for what cannot be read)."""
    return Desk(clean_desk_text(_host_name()), clean_desk_text(_user_name()))
