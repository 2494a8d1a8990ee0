"""The advisory-lock keys of the shared store: one per purpose and environment, the
same number in every PetDesk process (a stable hash, never Python's ``hash``)."""

from __future__ import annotations

import hashlib

__all__ = ["advisory_key"]


def advisory_key(purpose: str, environment: str) -> int:
    """A signed 64-bit key for ``pg_advisory_lock`` and friends."""
    digest = hashlib.sha256(f"petdesk:{purpose}:{environment}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)
