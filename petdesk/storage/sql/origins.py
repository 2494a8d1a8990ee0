"""Which outbox entries are a person's own adds, in SQL, once for both stores (the
same rule as :attr:`petdesk.storage.rows.OutboxEntry.own`)."""

from __future__ import annotations

from petdesk.storage.rows import OWN_ADD_PREFIX

__all__ = ["not_own"]


def not_own(column: str = "origin") -> str:
    """The condition that the entry whose origin is ``column`` is not a person's own
    add (an import's row, an add moved from a desk's own store): those are sent after
    the person's adds. The prefix is a constant: no argument, no pattern (a ``%`` would
    be a placeholder to psycopg)."""
    return (f"({column} IS NOT NULL AND "
            f"substr({column}, 1, {len(OWN_ADD_PREFIX)}) <> '{OWN_ADD_PREFIX}')")
