"""Why the shared store cannot be used right now, in one plain sentence."""

from __future__ import annotations

from typing import Final

__all__ = [
    "ADDRESS_WITH_SIGN_IN",
    "NEWER_SCHEMA",
    "NOT_ALLOWED",
    "REFUSED",
    "UNREACHABLE",
    "SharedStoreUnavailable",
]

UNREACHABLE: Final = (
    "PetDesk cannot reach the shared store at this address. Check the address and that "
    "the database server is running and reachable from this computer.")
REFUSED: Final = (
    "The shared store refused PetDesk's sign-in. Check the user name in the address "
    "and the password.")
NOT_ALLOWED: Final = (
    "The shared store's database does not let this user set up or change PetDesk's "
    "tables. Ask whoever runs the database server to give the user those rights.")
NEWER_SCHEMA: Final = (
    "The shared store was set up by a newer PetDesk. Update PetDesk on this computer to "
    "use it.")
ADDRESS_WITH_SIGN_IN: Final = (
    "The shared store's address contains a password. Remove it from the address: "
    "PetDesk keeps the password in this computer's keyring.")


class SharedStoreUnavailable(Exception):
    """The shared store cannot be opened or used: unreachable, sign-in refused, a
    schema this PetDesk cannot use. ``str()`` is a plain sentence for the user; it never
    contains the password (the driver's own error is logged by type only)."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence
