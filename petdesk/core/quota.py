"""The key's quota as the service's headers told it, shared by every desk of one store.

Every desk of a shelter uses one API key, and the service counts requests per key
(spec section 8): what one desk's answer says of the quota holds for all of them. So
each desk writes what its answers said into one record per key in the shared store,
and reads it before it sends (:mod:`petdesk.api.sender`). This module holds the
record's values and the one rule by which several desks' writes combine; the store
(:class:`~petdesk.storage.repositories.BudgetRepository`) and the client use the
same rule.

Times are Unix times on the *service's* clock, as ``X-RateLimit-Reset`` gives them:
that is the one clock every desk shares (each desk converts to its own with the
skew it has measured), so the record means the same moment to all of them.

The record is named by :func:`key_fingerprint`, never by the key: the store never
holds the key.
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass
from typing import Final

__all__ = ["QuotaFigures", "is_fingerprint", "key_fingerprint", "merge_figures"]

#: Hashed before the key, so the fingerprint is PetDesk's own and no table of plain
#: SHA-256 digests of keys matches it. It must never change: every desk of a store
#: must compute the same fingerprint for the same key.
_FINGERPRINT_PREFIX: Final = b"PetDesk key budget\x00"
_FINGERPRINT_RE: Final = re.compile(r"[0-9a-f]{16}")


def key_fingerprint(api_key: str) -> str:
    """The name of a key's record: the first 16 hex digits of SHA-256 over a fixed
    prefix and the key. Enough to tell a shelter's keys apart; not enough to find the
    key, and never the key itself."""
    return hashlib.sha256(_FINGERPRINT_PREFIX + api_key.encode("utf-8")).hexdigest()[:16]


def is_fingerprint(value: str) -> bool:
    """Whether ``value`` has the form of :func:`key_fingerprint` (the store refuses
    anything else, so a key passed by mistake is never written)."""
    return _FINGERPRINT_RE.fullmatch(value) is not None


@dataclass(frozen=True, slots=True)
class QuotaFigures:
    """What the rate-limit headers said of a key, on the service's clock."""

    #: When the answer was made (the desk's receipt converted to the service's clock).
    observed_at: float
    #: ``X-RateLimit-Limit`` / ``X-RateLimit-Remaining`` (``None``: not told).
    limit: int | None = None
    remaining: int | None = None
    #: ``X-RateLimit-Reset``: when the window these counts belong to ends.
    reset: float | None = None
    #: Until when no request may be sent: a 429's ``Retry-After`` (or the wait the
    #: desk chose after it), as a moment.
    retry_until: float | None = None

    def window_open(self, moment: float) -> bool:
        """Whether the window of the counts is still running at ``moment``."""
        return self.reset is not None and self.reset > moment


def merge_figures(kept: QuotaFigures | None, new: QuotaFigures) -> QuotaFigures:
    """The record after ``new`` is written over ``kept``: the most restrictive of what
    both say that still holds at the later of their two moments (``m``):

    * counts whose window has ended by ``m`` (reset at or before ``m``, or no reset)
      no longer hold: a newer window's counts so replace an older window's, and a
      late write of an older window's counts changes nothing;
    * of the counts that hold, the lower ``remaining`` wins (the service counts
      every desk's requests, so the lowest is the newest); an unknown remaining
      loses to a known one; on a tie the later reset wins. ``limit`` and ``reset``
      go with the winning ``remaining``;
    * when no counts hold, the newer observation's are kept (they say what is known);
    * ``retry_until`` is the later of the two while it is after ``m``, else ``None``:
      a Retry-After is kept until it passes, whoever wrote since;
    * ``observed_at`` is ``m``.
    """
    if kept is None:
        return new
    moment = max(kept.observed_at, new.observed_at)
    holding = [f for f in (new, kept) if f.window_open(moment)]
    if holding:
        window = min(holding, key=lambda f: (
            math.inf if f.remaining is None else f.remaining, -(f.reset or 0.0)))
    else:
        window = new if new.observed_at >= kept.observed_at else kept
    waits = [w for w in (kept.retry_until, new.retry_until) if w is not None and w > moment]
    return QuotaFigures(moment, window.limit, window.remaining, window.reset,
                        max(waits) if waits else None)
