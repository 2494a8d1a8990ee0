"""Why PetDesk is waiting before a request, as reported to the status bar."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime


class WaitReason(enum.Enum):
    RATE_LIMITED = "rate limited"
    QUOTA_EXHAUSTED = "the request quota is used up"
    SERVER_BUSY = "the service is busy"
    SERVER_UNREACHABLE = "the service could not be reached"
    TIMED_OUT = "the service did not answer in time"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class WaitInfo:
    """One wait, as reported to the listener (and shown in the status bar)."""

    seconds: float
    reason: WaitReason
    #: The attempt the wait comes before (1-based) and the most there will be.
    attempt: int
    max_attempts: int
    #: When the wait ends, on the clock's wall time (UTC-aware).
    until: datetime

    def describe(self) -> str:
        return (
            f"waiting {self.seconds:.0f} s because {self.reason}, "
            f"attempt {self.attempt} of {self.max_attempts}"
        )
