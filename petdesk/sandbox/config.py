"""What shapes the sandbox's behaviour: keys, plans, limits, bans and faults."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final, Literal

from petdesk.sandbox.faults import FaultConfig

__all__ = ["PLANS", "Plan", "RetryAfterFormat", "SandboxConfig"]

_KEY_RE: Final = re.compile(r"[!-~]+")

RetryAfterFormat = Literal["seconds", "http-date"]


@dataclass(frozen=True, slots=True)
class Plan:
    """A rate-limit plan of spec section 8."""

    name: str
    requests_per_minute: int
    requests_per_day: int


PLANS: Final[dict[str, Plan]] = {
    "free": Plan("free", 60, 1_000),
    "pro": Plan("pro", 300, 10_000),
    "business": Plan("business", 1_000, 100_000),
}


@dataclass(frozen=True, slots=True)
class SandboxConfig:
    """Everything that shapes the sandbox's behaviour. See the module docstring."""

    api_keys: tuple[str, ...] = ()
    requests_per_window: int = 60
    requests_per_day: int = 1_000
    window_seconds: int = 60
    day_seconds: int = 86_400
    rate_limit_enabled: bool = True
    retry_after_format: RetryAfterFormat = "seconds"
    ban_after_early_requests: int = 3
    ban_seconds: int = 300
    faults: FaultConfig = field(default_factory=FaultConfig)

    def __post_init__(self) -> None:
        if isinstance(self.api_keys, str):
            raise TypeError("api_keys must be a sequence of keys, not one string")
        object.__setattr__(self, "api_keys", tuple(self.api_keys))
        for key in self.api_keys:
            if not _KEY_RE.fullmatch(key):
                raise ValueError("an API key must be non-empty printable ASCII without spaces")
        for name in ("requests_per_window", "requests_per_day", "window_seconds", "day_seconds"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a positive integer")
        if self.ban_after_early_requests < 0 or self.ban_seconds < 1:
            raise ValueError("ban_after_early_requests must be >= 0 and ban_seconds >= 1")
        if self.retry_after_format not in ("seconds", "http-date"):
            raise ValueError("retry_after_format must be 'seconds' or 'http-date'")
