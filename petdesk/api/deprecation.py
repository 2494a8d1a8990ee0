"""Deprecation of ``GET /pets/{petId}`` (spec sections 4.3 and 9).

The client reads ``Deprecation`` (RFC 9745: a structured-field date such as
``@1767225600``; the older ``true`` and HTTP-date forms are tolerated) and
``Sunset`` (RFC 8594: an HTTP-date). When the server sends neither, the client
still knows what the contract documents: deprecated, removal on 5 December 2030.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from petdesk.api.ratelimit import parse_http_date

#: Spec section 4.3: "It is to be removed on 5 December 2030."
DOCUMENTED_SUNSET = datetime(2030, 12, 5, tzinfo=UTC)
#: Spec section 4.3: the replacement operation.
REPLACEMENT = "GET /pets with a status filter"

_SF_DATE = re.compile(r"^\s*@(-?\d{1,15})\s*$")


@dataclass(frozen=True)
class DeprecationInfo:
    deprecated: bool
    #: When the operation was deprecated, if the server said.
    since: datetime | None
    #: When it goes away.
    sunset: datetime | None
    #: ``"server"`` when read from response headers, ``"documented"`` from the spec.
    source: Literal["server", "documented"]
    replacement: str = REPLACEMENT

    def describe(self) -> str:
        """The technical text (for Details): the operation, its removal (an ISO 8601
        day: the window shows the date itself with QLocale), its replacement."""
        when = self.sunset.date().isoformat() if self.sunset else "a date not announced"
        return (
            f"A look-up by ID uses GET /pets/{{petId}}, a deprecated call that the service "
            f"removes on {when}. The contract names {self.replacement} as its replacement."
        )


def _parse_deprecation(value: str | None) -> tuple[bool, datetime | None]:
    if value is None:
        return False, None
    match = _SF_DATE.match(value)
    if match:
        try:
            return True, datetime.fromtimestamp(int(match.group(1)), UTC)
        except (OverflowError, OSError, ValueError):
            return True, None
    if value.strip().lower() == "true":
        return True, None
    ts = parse_http_date(value)
    if ts is not None:
        return True, datetime.fromtimestamp(ts, UTC)
    return False, None


def deprecation_from_headers(headers: Mapping[str, str]) -> DeprecationInfo:
    deprecated, since = _parse_deprecation(headers.get("deprecation"))
    sunset_ts = parse_http_date(headers.get("sunset"))
    sunset = datetime.fromtimestamp(sunset_ts, UTC) if sunset_ts is not None else None
    if deprecated or sunset is not None:
        return DeprecationInfo(True, since, sunset or DOCUMENTED_SUNSET, "server")
    return DeprecationInfo(True, None, DOCUMENTED_SUNSET, "documented")
