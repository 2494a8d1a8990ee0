"""Why the shared store set up for this desk cannot be used now.

The store decides which it is; the session keeps it while the desk works on this
computer's data; the window says it in the user's language (:attr:`StoreTrouble.sentence`
is marked for translation) and the command line in English (``str()``).
"""

from __future__ import annotations

import enum
from typing import Final

from petdesk.core.wording import QT_TRANSLATE_NOOP, Template

__all__ = ["StoreTrouble"]


class StoreTrouble(enum.Enum):
    """Why the shared store cannot be used."""

    # No answer in time, an address that cannot be read, or the server went away.
    UNREACHABLE = "unreachable"
    # The server answered but refused the user name or the password.
    REFUSED = "refused"
    # The user may not set up or change PetDesk's tables.
    NOT_ALLOWED = "not-allowed"
    # A newer PetDesk set the store up; this one leaves it untouched.
    NEWER_SCHEMA = "newer-schema"
    # The address carries a password (it belongs in the keyring).
    ADDRESS_WITH_SIGN_IN = "address-with-sign-in"

    @property
    def sentence(self) -> Template:
        """What to tell the user, in English; the window translates it."""
        return _SENTENCES[self]

    def __str__(self) -> str:
        return str(self.sentence)


_SENTENCES: Final = {
    StoreTrouble.UNREACHABLE: QT_TRANSLATE_NOOP(
        "StoreTrouble",
        "PetDesk cannot reach the shared store at this address. Check the address and that "
        "the database server is running and reachable from this computer."),
    StoreTrouble.REFUSED: QT_TRANSLATE_NOOP(
        "StoreTrouble",
        "The shared store refused PetDesk's sign-in. Check the user name in the address "
        "and the password."),
    StoreTrouble.NOT_ALLOWED: QT_TRANSLATE_NOOP(
        "StoreTrouble",
        "The shared store's database does not let this user set up or change PetDesk's "
        "tables. Ask whoever runs the database server to give the user those rights."),
    StoreTrouble.NEWER_SCHEMA: QT_TRANSLATE_NOOP(
        "StoreTrouble",
        "The shared store was set up by a newer PetDesk. Update PetDesk on this computer "
        "to use it."),
    StoreTrouble.ADDRESS_WITH_SIGN_IN: QT_TRANSLATE_NOOP(
        "StoreTrouble",
        "The shared store's address contains a password. Remove it from the address: "
        "PetDesk keeps the password in this computer's keyring."),
}
