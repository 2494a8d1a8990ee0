"""The Pet Store sandbox as a WSGI application (standard library only).

This module is the single implementation of the service: ``petdesk-sandbox``
serves it over real HTTP (:mod:`petdesk.sandbox.server`) and ``petdesk --demo``
calls it in-process through an httpx WSGI transport
(:mod:`petdesk.sandbox.inprocess`). Every decision taken where the spec
(``pet-store-service.md``) says "not shown" is written down here and in the
README section "The sandbox".

Operations (all under the path prefix ``/v1``; every one needs the bearer key)
-----------------------------------------------------------------------------
``GET /v1/pets`` (listPets)
    ``limit``: decimal integer 1..100, default 20. A value that is not an
    integer or is out of range is *rejected* with 400 ``invalid_value`` (it is
    not clamped). ``status``: one of ``available``, ``pending``, ``sold``;
    anything else is 400 ``invalid_value``. ``cursor``: see Paging. A query
    parameter given more than once is 400 ``invalid_value``. Unknown query
    parameters are ignored.
``POST /v1/pets`` (createPet)
    Body: a JSON object (``Content-Type: application/json``; other media types
    are 400 ``invalid_content_type``; an empty body, invalid UTF-8, invalid JSON,
    ``NaN``/``Infinity`` or a top-level value other than an object are 400
    ``invalid_json``; a body over 64 KiB is 400 ``body_too_large``).
    ``name``: required string of 1..100 characters *as sent* that contains at
    least one non-whitespace character; leading and trailing whitespace is
    removed before storing. ``categoryId``: required JSON integer (not a
    boolean, not a float such as ``1.0``, not a string) from 1 to 2**63-1; it is
    not checked against a category list. ``status``: optional, one of the
    PetStatus values; when absent the animal has no status (no default, as in
    the spec). ``null`` counts as an invalid value, not as a missing field.
    Unknown members, including ``id``, are ignored. The first problem found, in
    the order name, categoryId, status, is reported. Answer: 201 with the Pet
    and ``Location: <absolute URL of GET /v1/pets/{id}>``.
``GET /v1/pets/{petId}`` (getPet, deprecated)
    A ``petId`` that is not an integer (``abc``, ``1.5``) is 400
    ``invalid_value``; an integer that matches no animal, including 0, negative
    numbers and numbers outside int64, is 404 ``not_found``. Every response to
    this path carries ``Deprecation: @1767225600`` (2026-01-01T00:00:00Z, RFC
    9745) and ``Sunset: Thu, 05 Dec 2030 00:00:00 GMT`` (RFC 8594).
``GET /v1/store/orders`` (listOrders)
    The spec shows nothing but its existence: it answers 200 with an empty JSON
    array ``[]``, behind the same authentication and rate limits as the rest.

Any other path is 404 ``not_found``; a known path with another method
(including HEAD and OPTIONS) is 405 ``method_not_allowed`` with an ``Allow``
header. An animal without a status is sent without a ``status`` member.

Errors
------
Every error body is ``{"code": str, "message": str, "status": int}`` with
``Content-Type: application/json``, except the injected 502, which is HTML as a
proxy would send it. Codes:

===========================  ======  ==============================================
code                         status  when
===========================  ======  ==============================================
``missing_field``            400     a required body member is absent
``invalid_value``            400     a member or query/path parameter has a bad value
``invalid_json``             400     the body is empty, not UTF-8 JSON, or not an object
``invalid_content_type``     400     the body is not ``application/json``
``body_too_large``           400     the body is larger than 64 KiB
``unauthorized``             401     the bearer key is missing, malformed or unknown
``not_found``                404     no such animal, or no such path
``method_not_allowed``       405     the path exists but not with this method
``rate_limited``             429     quota exhausted, or a request sent during Retry-After
``key_temporarily_banned``   429     the key is banned (see the ban rule)
``internal_error``           500     a server bug, or an injected 500
``service_unavailable``      503     an injected 503 (carries ``Retry-After``)
===========================  ======  ==============================================

A message about one field or parameter always names it first, between single
quotes, by its wire name: ``Field 'name' must not be blank.``,
``Query parameter 'limit' must be an integer from 1 to 100.``,
``Path parameter 'petId' must be an integer.`` No other single-quoted text
appears in such messages. Messages never contain the API key.

Authentication
--------------
``Authorization: Bearer <key>`` (scheme case-insensitive) with one of the
configured keys. Otherwise 401 ``unauthorized`` with ``WWW-Authenticate: Bearer
realm="petstore"`` (plus ``error="invalid_token"`` when a key was sent but is
not accepted). Authentication is checked before routing, so an unauthenticated
request to an unknown path is 401, not 404.

Rate limits
-----------
* Keyed on the API key. Requests without an accepted key are counted per
  client address (``REMOTE_ADDR``) in a separate bucket with the same limits,
  and their 401 answers carry that bucket's headers.
* Two fixed windows: ``window_seconds`` (60 unless configured) and a day of
  86,400 s, both aligned to multiples of their length in Unix time (a minute
  window starts at :00 seconds, the day at 00:00 UTC), so
  ``X-RateLimit-Reset`` is an exact integer Unix timestamp. Plans (spec section
  8): free 60/min and 1,000/day, pro 300 and 10,000, business 1,000 and
  100,000; custom numbers for Enterprise.
* Every accepted request counts, whatever its answer (401, 404, 400 included);
  429 answers do not count.
* ``X-RateLimit-Limit/Remaining/Reset`` are on every response. When both the
  window and the day apply, the headers describe the tighter one: the one with
  fewer requests remaining; on a tie, the one that resets later. ``Remaining`` is
  what is left *after* this request.
* Over the limit: 429 ``rate_limited`` with ``Retry-After`` until the exhausted
  limit resets (the later reset if both are exhausted), in whole seconds
  rounded up (default) or as an IMF-fixdate HTTP-date (``retry_after_format=
  "http-date"``). ``X-RateLimit-Remaining`` is 0 and ``X-RateLimit-Reset`` is the
  moment given by ``Retry-After``.
* Any request sent before the moment named by the last ``Retry-After`` is an
  *early request*: it gets 429 ``rate_limited`` again, even if the quota would
  allow it.
* Ban rule (spec 5.4 and 8.4): the ``ban_after_early_requests``-th (default
  3rd) early request within one Retry-After period bans the key for
  ``ban_seconds`` (default 300 s, counted from the start of the current whole
  second, so the ``Retry-After`` says exactly 300). The ban answer and every
  request during the ban get 429 ``key_temporarily_banned`` with
  ``Retry-After`` = the rest of the ban and ``X-RateLimit-Reset`` = its end.
  Requests during a ban do not extend it. A client that waits as told is never
  banned. ``ban_after_early_requests=0`` turns bans off.
* With rate limiting switched off (benchmarks), nothing is limited and the
  headers report the full configured window quota.

Paging
------
Animals are listed by ascending ``id``. When more results exist the response
carries ``Link: <absolute URL>; rel="next"`` (RFC 8288): the same path with the
same ``limit`` (always written out) and ``status`` and a ``cursor`` parameter.
The cursor is opaque to clients: 11 characters of URL-safe base64 (the last id
of the page as a 64-bit big-endian number). Any 11-character string of that
alphabet is a valid cursor; anything else is 400 ``invalid_value``. Paging is
keyset-based, so animals added while paging appear at the end and none is
skipped or repeated. The last page has no ``Link`` header.

Other headers
-------------
``Date`` (from the app's clock, so a test clock moves it too) and
``Cache-Control: no-store`` on every response. 201 has ``Location``.

Fault injection (off by default)
--------------------------------
See :class:`FaultInjector`. Order of processing: a dropped connection is
decided first (nothing is counted, nothing is done); then the injected latency; then the ban,
Retry-After and quota checks, where a forced 429 takes effect (it behaves in
every way as a real 429: it sets a Retry-After period of
``FaultConfig.retry_after_seconds`` and early requests after it count towards a
ban); then injected 500/502/503 (they count against the quota); then
authentication and the operation. Malformed JSON keeps the real status and
headers and replaces the body by its first half (an unterminated JSON text).
A drop *after commit* (``drop_after_commit``) processes the request in full (a
POST adds its pet, the request counts against the quota) and then drops the
connection before the answer: the outcome a client cannot know.
"""

from __future__ import annotations

import base64
import binascii
import collections
import dataclasses
import enum
import hmac
import json
import logging
import math
import random
import re
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from email.utils import formatdate
from typing import Any, Final, Literal, Protocol
from urllib.parse import parse_qs, urlencode

from petdesk.sandbox.store import INT64_MAX, PET_STATUSES, Store

__all__ = [
    "API_PREFIX",
    "DEPRECATION_HEADER",
    "ERROR_CODES",
    "PLANS",
    "SUNSET_HEADER",
    "ConnectionDropped",
    "FaultConfig",
    "FaultInjector",
    "FaultKind",
    "KeyCounters",
    "Plan",
    "RateLimiter",
    "RetryAfterFormat",
    "SandboxApp",
    "SandboxConfig",
]

_log = logging.getLogger(__name__)

API_PREFIX: Final = "/v1"
#: 2026-01-01T00:00:00Z as an RFC 9745 structured date.
DEPRECATION_HEADER: Final = "@1767225600"
SUNSET_HEADER: Final = "Thu, 05 Dec 2030 00:00:00 GMT"
MAX_BODY_BYTES: Final = 64 * 1024
NAME_MAX_LENGTH: Final = 100
LIMIT_MIN: Final = 1
LIMIT_MAX: Final = 100
LIMIT_DEFAULT: Final = 20
#: Characters removed around names and not counted as content. Matches the
#: character class of the ``pattern`` of ``name`` in resources/openapi.yaml.
NAME_WHITESPACE: Final = (
    " \t\n\r\f\v\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)

ERROR_CODES: Final[dict[str, int]] = {
    "missing_field": 400,
    "invalid_value": 400,
    "invalid_json": 400,
    "invalid_content_type": 400,
    "body_too_large": 400,
    "unauthorized": 401,
    "not_found": 404,
    "method_not_allowed": 405,
    "rate_limited": 429,
    "key_temporarily_banned": 429,
    "internal_error": 500,
    "service_unavailable": 503,
}

_REASONS: Final = {
    200: "OK",
    201: "Created",
    400: "Bad Request",
    401: "Unauthorized",
    404: "Not Found",
    405: "Method Not Allowed",
    429: "Too Many Requests",
    500: "Internal Server Error",
    502: "Bad Gateway",
    503: "Service Unavailable",
}

_BAD_GATEWAY_HTML: Final = (
    b"<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
    b"<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n"
    b"</body>\r\n</html>\r\n"
)

_INTEGER_RE: Final = re.compile(r"-?[0-9]+")
_CURSOR_RE: Final = re.compile(r"[A-Za-z0-9_-]{11}")
_KEY_RE: Final = re.compile(r"[!-~]+")
_HOST_RE: Final = re.compile(r"(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")

RetryAfterFormat = Literal["seconds", "http-date"]

StartResponse = Callable[..., Any]


class Clock(Protocol):
    def __call__(self) -> float: ...


# ---------------------------------------------------------------------------------------------
# Configuration
# ---------------------------------------------------------------------------------------------


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


class FaultKind(enum.StrEnum):
    """What an injected fault does to one request."""

    SERVER_ERROR = "500"
    """500 with an ``internal_error`` Error body."""
    BAD_GATEWAY = "502"
    """502 with an HTML body (``text/html``), as a reverse proxy sends it."""
    SERVICE_UNAVAILABLE = "503"
    """503 ``service_unavailable`` with ``Retry-After``."""
    RATE_LIMIT = "429"
    """A forced 429 ``rate_limited``, handled exactly as a real one."""
    MALFORMED_JSON = "malformed_json"
    """The real answer with its body cut in half (invalid JSON)."""
    DROP_CONNECTION = "drop_connection"
    """No answer at all, and nothing done: over HTTP the socket is closed; in-process
    :class:`ConnectionDropped` is raised (the in-process transport turns it into
    ``httpx.RemoteProtocolError``, as httpx reports a real drop)."""
    DROP_AFTER_COMMIT = "drop_after_commit"
    """The request is processed in full (a POST's pet is committed), then the
    connection is dropped before the answer, as for ``drop_connection``."""


@dataclass(frozen=True, slots=True)
class FaultConfig:
    """Fault injection settings; all off by default.

    Rates are shares of requests in 0..1, and together at most 1. Which request
    gets which fault is drawn from ``random.Random(seed)``: one draw per request
    while any rate is non-zero, so a given sequence of requests always meets the
    same faults.
    """

    latency_seconds: float = 0.0
    error_rate: float = 0.0
    error_statuses: tuple[int, ...] = (500, 502, 503)
    malformed_json_rate: float = 0.0
    drop_connection_rate: float = 0.0
    drop_after_commit_rate: float = 0.0
    rate_limit_rate: float = 0.0
    retry_after_seconds: int = 1
    """Retry-After of an injected 503 and length of a forced 429's wait."""
    seed: int = 0

    def __post_init__(self) -> None:
        rates = (
            self.error_rate,
            self.malformed_json_rate,
            self.drop_connection_rate,
            self.drop_after_commit_rate,
            self.rate_limit_rate,
        )
        if any(not 0.0 <= r <= 1.0 for r in rates) or sum(rates) > 1.0 + 1e-9:
            raise ValueError("fault rates must be in 0..1 and add up to at most 1")
        if self.latency_seconds < 0:
            raise ValueError("latency_seconds must be >= 0")
        if not self.error_statuses or any(s not in (500, 502, 503) for s in self.error_statuses):
            raise ValueError("error_statuses must be a non-empty subset of 500, 502, 503")
        if self.retry_after_seconds < 1:
            raise ValueError("retry_after_seconds must be >= 1")

    @property
    def active(self) -> bool:
        return (
            self.error_rate
            + self.malformed_json_rate
            + self.drop_connection_rate
            + self.drop_after_commit_rate
            + self.rate_limit_rate
        ) > 0


def _new_rng(seed: int) -> random.Random:
    return random.Random(seed)  # noqa: S311 - reproducible faults, not security


class FaultInjector:
    """Runtime-mutable fault injection shared by all request threads.

    ``configure(**changes)`` changes :class:`FaultConfig` fields on a running
    app (a new ``seed`` restarts the random sequence); ``fail_next(kind, n)``
    queues faults for the next ``n`` requests (any request, authenticated or
    not), which take precedence over the rates; ``clear()`` switches everything
    off. ``injected`` counts the faults injected so far per kind.
    """

    def __init__(self, config: FaultConfig | None = None) -> None:
        self._lock = threading.Lock()
        self._config = config or FaultConfig()
        self._rng = _new_rng(self._config.seed)
        self._queue: collections.deque[FaultKind] = collections.deque()
        self._injected: collections.Counter[FaultKind] = collections.Counter()

    @property
    def config(self) -> FaultConfig:
        return self._config

    def configure(self, **changes: Any) -> None:
        with self._lock:
            new = dataclasses.replace(self._config, **changes)
            if "seed" in changes:
                self._rng = _new_rng(new.seed)
            self._config = new

    def set_config(self, config: FaultConfig) -> None:
        with self._lock:
            self._config = config
            self._rng = _new_rng(config.seed)

    def fail_next(self, kind: FaultKind | str, count: int = 1) -> None:
        if count < 0:
            raise ValueError("count must be >= 0")
        kind = FaultKind(kind)
        with self._lock:
            self._queue.extend([kind] * count)

    def clear(self) -> None:
        """Switch every fault off and forget queued ones (the seed is kept)."""
        with self._lock:
            self._queue.clear()
            self._config = FaultConfig(seed=self._config.seed)
            self._rng = _new_rng(self._config.seed)

    @property
    def pending(self) -> int:
        """Number of queued faults not yet injected."""
        with self._lock:
            return len(self._queue)

    @property
    def injected(self) -> dict[FaultKind, int]:
        with self._lock:
            return dict(self._injected)

    def draw(self) -> FaultKind | None:
        """The fault for the next request, or None."""
        with self._lock:
            kind = self._draw_locked()
            if kind is not None:
                self._injected[kind] += 1
            return kind

    def _draw_locked(self) -> FaultKind | None:
        if self._queue:
            return self._queue.popleft()
        cfg = self._config
        if not cfg.active:
            return None
        r = self._rng.random()
        r -= cfg.drop_connection_rate
        if r < 0:
            return FaultKind.DROP_CONNECTION
        r -= cfg.drop_after_commit_rate
        if r < 0:
            return FaultKind.DROP_AFTER_COMMIT
        r -= cfg.error_rate
        if r < 0:
            return FaultKind(str(self._rng.choice(cfg.error_statuses)))
        r -= cfg.rate_limit_rate
        if r < 0:
            return FaultKind.RATE_LIMIT
        r -= cfg.malformed_json_rate
        if r < 0:
            return FaultKind.MALFORMED_JSON
        return None


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

    @classmethod
    def for_plan(cls, plan: str | Plan, **changes: Any) -> SandboxConfig:
        """A config with the per-minute and per-day limits of ``plan``."""
        p = PLANS[plan.lower()] if isinstance(plan, str) else plan
        values: dict[str, Any] = {
            "requests_per_window": p.requests_per_minute,
            "requests_per_day": p.requests_per_day,
        }
        values.update(changes)
        return cls(**values)


# ---------------------------------------------------------------------------------------------
# Rate limiting
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KeyCounters:
    """Per-key (or per-address, for requests without an accepted key) counters."""

    requests: int = 0
    """Every request seen, whatever the answer."""
    early_requests: int = 0
    """Requests that arrived before the end of a Retry-After given to this key
    (including requests during a ban)."""
    rate_limited: int = 0
    """429 answers sent (``rate_limited`` and ``key_temporarily_banned``)."""
    bans: int = 0
    """Bans issued."""


@dataclass(slots=True)
class _Bucket:
    window_start: int = -1
    window_count: int = 0
    day_start: int = -1
    day_count: int = 0
    retry_at: int = 0
    early_in_period: int = 0
    banned_until: int = 0
    requests: int = 0
    early_requests: int = 0
    rate_limited: int = 0
    bans: int = 0


@dataclass(frozen=True, slots=True)
class _Limits:
    limit: int
    remaining: int
    reset: int


@dataclass(frozen=True, slots=True)
class _Decision:
    headers: _Limits
    code: str | None = None  # None = allowed; else the 429 code
    retry_at: int = 0


#: Config fields whose change forgets the rate-limit state.
_LIMIT_FIELDS: Final = ("requests_per_window", "requests_per_day", "window_seconds",
                        "day_seconds", "rate_limit_enabled")


class RateLimiter:
    """The quota, Retry-After and ban state of every key and address (thread-safe).

    Buckets are named ``"key:<api key>"`` for accepted keys and ``"addr:<address>"``
    for requests without one.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._buckets: dict[str, _Bucket] = {}

    def reset(self) -> None:
        with self._lock:
            self._buckets.clear()

    def counters(self, bucket_id: str) -> KeyCounters:
        with self._lock:
            b = self._buckets.get(bucket_id)
            if b is None:
                return KeyCounters()
            return KeyCounters(b.requests, b.early_requests, b.rate_limited, b.bans)

    def decide(
        self, bucket_id: str, now: float, cfg: SandboxConfig, *, forced_wait: int | None
    ) -> _Decision:
        window = cfg.window_seconds
        day = cfg.day_seconds
        window_start = int(now // window) * window
        day_start = int(now // day) * day
        with self._lock:
            b = self._buckets.get(bucket_id)
            if b is None:
                b = self._buckets[bucket_id] = _Bucket()
            b.requests += 1
            if b.window_start != window_start:
                b.window_start, b.window_count = window_start, 0
            if b.day_start != day_start:
                b.day_start, b.day_count = day_start, 0
            w_limit, d_limit = cfg.requests_per_window, cfg.requests_per_day
            w_reset, d_reset = window_start + window, day_start + day

            if not cfg.rate_limit_enabled:
                return _Decision(_Limits(w_limit, w_limit, w_reset))

            tight = _tighter(
                _Limits(w_limit, max(w_limit - b.window_count, 0), w_reset),
                _Limits(d_limit, max(d_limit - b.day_count, 0), d_reset),
            )

            if now < b.banned_until:
                b.early_requests += 1
                b.rate_limited += 1
                return self._banned(b, tight)

            if now < b.retry_at:
                return self._early(b, now, cfg, tight)
            b.early_in_period = 0

            if forced_wait is not None:
                b.retry_at = math.floor(now) + forced_wait
                b.rate_limited += 1
                return _Decision(_Limits(tight.limit, 0, b.retry_at), "rate_limited", b.retry_at)

            over = self._over_quota(b, _Limits(w_limit, 0, w_reset), _Limits(d_limit, 0, d_reset))
            if over is not None:
                return over

            b.window_count += 1
            b.day_count += 1
            return _Decision(
                _tighter(
                    _Limits(w_limit, w_limit - b.window_count, w_reset),
                    _Limits(d_limit, d_limit - b.day_count, d_reset),
                )
            )

    def _early(self, b: _Bucket, now: float, cfg: SandboxConfig, tight: _Limits) -> _Decision:
        """A request during a Retry-After period: 429 again, or a ban at the N-th."""
        b.early_requests += 1
        b.early_in_period += 1
        b.rate_limited += 1
        if 0 < cfg.ban_after_early_requests <= b.early_in_period:
            b.banned_until = math.floor(now) + cfg.ban_seconds
            b.bans += 1
            b.early_in_period = 0
            b.retry_at = 0
            return self._banned(b, tight)
        return _Decision(_Limits(tight.limit, 0, b.retry_at), "rate_limited", b.retry_at)

    @staticmethod
    def _over_quota(b: _Bucket, window: _Limits, day: _Limits) -> _Decision | None:
        """429 until the later reset that applies when the window or day quota is used."""
        w_out = b.window_count >= window.limit
        d_out = b.day_count >= day.limit
        if not (w_out or d_out):
            return None
        if w_out and d_out:
            chosen = day if day.reset >= window.reset else window
        else:
            chosen = day if d_out else window
        b.retry_at = chosen.reset
        b.rate_limited += 1
        return _Decision(_Limits(chosen.limit, 0, chosen.reset), "rate_limited", chosen.reset)

    @staticmethod
    def _banned(b: _Bucket, tight: _Limits) -> _Decision:
        return _Decision(
            _Limits(tight.limit, 0, b.banned_until), "key_temporarily_banned", b.banned_until
        )


def _tighter(a: _Limits, b: _Limits) -> _Limits:
    """Fewer remaining wins; on a tie the later reset."""
    return min(a, b, key=lambda x: (x.remaining, -x.reset))


# ---------------------------------------------------------------------------------------------
# The application
# ---------------------------------------------------------------------------------------------


class ConnectionDropped(Exception):
    """Raised out of the WSGI app for an injected dropped connection.

    The HTTP server closes the socket without answering; the in-process transport
    turns it into ``httpx.RemoteProtocolError``. ``committed`` says whether the
    request was processed first (:attr:`FaultKind.DROP_AFTER_COMMIT`).
    """

    def __init__(self, message: str, *, committed: bool = False) -> None:
        super().__init__(message)
        self.committed = committed


class _HTTPError(Exception):
    def __init__(self, code: str, message: str, headers: list[tuple[str, str]] | None = None):
        super().__init__(message)
        self.code = code
        self.status = ERROR_CODES[code]
        self.message = message
        self.headers = headers or []


@dataclass(slots=True)
class _Response:
    status: int
    body: bytes
    content_type: str = "application/json"
    headers: list[tuple[str, str]] = field(default_factory=list)


def _json_bytes(data: object) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _error_response(err: _HTTPError) -> _Response:
    body = _json_bytes({"code": err.code, "message": err.message, "status": err.status})
    return _Response(err.status, body, headers=list(err.headers))


_ROUTES: Final = {
    "pets": ("GET", "POST"),
    "pet": ("GET",),
    "orders": ("GET",),
}


def _match_route(path: str) -> tuple[str, str | None] | None:
    """(route name, petId text) for a known path, else None."""
    if path == "/v1/pets":
        return "pets", None
    if path == "/v1/store/orders":
        return "orders", None
    if path.startswith("/v1/pets/"):
        rest = path[len("/v1/pets/") :]
        if rest and "/" not in rest:
            return "pet", rest
    return None


class SandboxApp:
    """The Pet Store sandbox, a thread-safe WSGI application.

    ``config`` and ``store`` default to a config with no keys (invalid: at least
    one key is required) and a fresh in-memory store. ``clock`` returns Unix
    time in seconds (tests pass a fake clock to move rate-limit windows without
    sleeping); ``sleep`` implements injected latency (real time).
    """

    def __init__(
        self,
        config: SandboxConfig,
        store: Store | None = None,
        *,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if not config.api_keys:
            raise ValueError("SandboxConfig.api_keys must hold at least one key")
        self._config = config
        self.store = store if store is not None else Store(None)
        self.clock = clock
        self._sleep = sleep
        self.faults = FaultInjector(config.faults)
        self.limiter = RateLimiter()
        self._config_lock = threading.Lock()

    # -- settings and observation (the CLI, --demo, and what a test or benchmark reads) --------

    @property
    def config(self) -> SandboxConfig:
        return self._config

    @config.setter
    def config(self, new: SandboxConfig) -> None:
        """Apply a new config to the running app.

        Changing limits or windows forgets the rate-limit state; new ``faults``
        also reset the fault injector to those settings.
        """
        if not new.api_keys:
            raise ValueError("SandboxConfig.api_keys must hold at least one key")
        with self._config_lock:
            old, self._config = self._config, new
        if any(getattr(old, name) != getattr(new, name) for name in _LIMIT_FIELDS):
            self.limiter.reset()
        if old.faults != new.faults:
            self.faults.set_config(new.faults)

    @property
    def api_keys(self) -> tuple[str, ...]:
        return self._config.api_keys

    def counters(self, api_key: str) -> KeyCounters:
        """Counters of an accepted key (all zero if it sent nothing yet)."""
        return self.limiter.counters("key:" + api_key)

    # -- WSGI ---------------------------------------------------------------------------------

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        response = self.handle(environ)
        reason = _REASONS.get(response.status, "Unknown")
        start_response(f"{response.status} {reason}", response.headers)
        return [response.body]

    def handle(self, environ: dict[str, Any]) -> _Response:
        """Process one request; returns the response with its final headers."""
        cfg = self._config
        fault = self.faults.draw()
        if fault is FaultKind.DROP_CONNECTION:
            raise ConnectionDropped("injected dropped connection")
        latency = self.faults.config.latency_seconds
        if latency > 0:
            self._sleep(latency)
        now = self.clock()
        method = str(environ.get("REQUEST_METHOD", "GET")).upper()
        path = str(environ.get("PATH_INFO", "")) or "/"
        route = _match_route(path)
        key = self._accepted_key(environ, cfg)
        bucket = "key:" + key if key is not None else "addr:" + str(environ.get("REMOTE_ADDR", "?"))

        forced = self.faults.config.retry_after_seconds if fault is FaultKind.RATE_LIMIT else None
        decision = self.limiter.decide(bucket, now, cfg, forced_wait=forced)

        try:
            if decision.code is not None:
                response = self._too_many(decision, now, cfg, key is not None)
            elif fault in (
                FaultKind.SERVER_ERROR,
                FaultKind.BAD_GATEWAY,
                FaultKind.SERVICE_UNAVAILABLE,
            ):
                response = self._injected_error(fault, now, cfg)
            else:
                response = self._dispatch(environ, method, route, key)
        except _HTTPError as err:
            response = _error_response(err)
        except Exception:
            _log.exception("sandbox: unhandled error")
            response = _error_response(_HTTPError("internal_error", "Internal server error."))

        if fault is FaultKind.DROP_AFTER_COMMIT:
            raise ConnectionDropped("injected drop after the request was processed",
                                    committed=True)
        if fault is FaultKind.MALFORMED_JSON:
            response.body = response.body[: max(1, len(response.body) // 2)]
        if route is not None and route[0] == "pet":
            response.headers += [("Deprecation", DEPRECATION_HEADER), ("Sunset", SUNSET_HEADER)]
        limits = decision.headers
        response.headers += [
            ("Content-Type", response.content_type),
            ("Content-Length", str(len(response.body))),
            ("Date", formatdate(now, usegmt=True)),
            ("Cache-Control", "no-store"),
            ("X-RateLimit-Limit", str(limits.limit)),
            ("X-RateLimit-Remaining", str(limits.remaining)),
            ("X-RateLimit-Reset", str(limits.reset)),
        ]
        return response

    # -- pieces -------------------------------------------------------------------------------

    @staticmethod
    def _accepted_key(environ: dict[str, Any], cfg: SandboxConfig) -> str | None:
        header = environ.get("HTTP_AUTHORIZATION")
        if not isinstance(header, str):
            return None
        scheme, _, token = header.strip().partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token:
            return None
        supplied = token.encode("utf-8", "surrogateescape")
        found = None
        for key in cfg.api_keys:
            if hmac.compare_digest(supplied, key.encode("ascii")):
                found = key
        return found

    def _retry_after(self, retry_at: int, now: float, cfg: SandboxConfig) -> str:
        if cfg.retry_after_format == "http-date":
            return formatdate(retry_at, usegmt=True)
        return str(max(1, math.ceil(retry_at - now)))

    def _too_many(
        self, decision: _Decision, now: float, cfg: SandboxConfig, keyed: bool
    ) -> _Response:
        delay = max(1, math.ceil(decision.retry_at - now))
        who = "This API key" if keyed else "This client"
        if decision.code == "key_temporarily_banned":
            message = (
                f"{who} is temporarily banned for sending requests before its Retry-After "
                f"time had passed. The ban ends in {delay} seconds."
            )
        else:
            message = f"Rate limit exceeded. Retry after {delay} seconds."
        err = _HTTPError(
            decision.code or "rate_limited",
            message,
            [("Retry-After", self._retry_after(decision.retry_at, now, cfg))],
        )
        return _error_response(err)

    def _injected_error(self, fault: FaultKind, now: float, cfg: SandboxConfig) -> _Response:
        if fault is FaultKind.BAD_GATEWAY:
            return _Response(502, _BAD_GATEWAY_HTML, "text/html; charset=utf-8")
        if fault is FaultKind.SERVICE_UNAVAILABLE:
            wait = self.faults.config.retry_after_seconds
            return _error_response(
                _HTTPError(
                    "service_unavailable",
                    "The service is temporarily unavailable (sandbox fault injection).",
                    [("Retry-After", self._retry_after(math.floor(now) + wait, now, cfg))],
                )
            )
        return _error_response(
            _HTTPError("internal_error", "Internal server error (sandbox fault injection).")
        )

    def _dispatch(
        self,
        environ: dict[str, Any],
        method: str,
        route: tuple[str, str | None] | None,
        key: str | None,
    ) -> _Response:
        if key is None:
            sent = isinstance(environ.get("HTTP_AUTHORIZATION"), str)
            challenge = 'Bearer realm="petstore"'
            if sent:
                challenge += ', error="invalid_token"'
                message = "The API key is not valid."
            else:
                message = "An API key is required: send it as a bearer token."
            raise _HTTPError("unauthorized", message, [("WWW-Authenticate", challenge)])
        if route is None:
            raise _HTTPError("not_found", "No such resource.")
        name, pet_id = route
        allowed = _ROUTES[name]
        if method not in allowed:
            raise _HTTPError(
                "method_not_allowed",
                f"Method {method if method.isalpha() else '?'} is not allowed here.",
                [("Allow", ", ".join(allowed))],
            )
        base = _base_url(environ)
        if name == "pets":
            if method == "GET":
                return self._list_pets(environ, base)
            return self._create_pet(environ, base)
        if name == "pet":
            assert pet_id is not None
            return self._get_pet(pet_id)
        return _Response(200, b"[]")

    def _list_pets(self, environ: dict[str, Any], base: str) -> _Response:
        query = _Query(str(environ.get("QUERY_STRING", "")))
        limit = query.limit()
        status = query.status()
        cursor = query.single("cursor")
        after_id = _decode_cursor(cursor) if cursor is not None else 0
        pets, more = self.store.list_pets(limit=limit, status=status, after_id=after_id)
        response = _Response(200, _json_bytes([p.to_json() for p in pets]))
        if more and pets:
            params: dict[str, str] = {"limit": str(limit)}
            if status is not None:
                params["status"] = status
            params["cursor"] = _encode_cursor(pets[-1].id)
            response.headers.append(("Link", f'<{base}/pets?{urlencode(params)}>; rel="next"'))
        return response

    def _create_pet(self, environ: dict[str, Any], base: str) -> _Response:
        body = _read_body(environ)
        if not body:
            raise _HTTPError("invalid_json", "A JSON request body (a NewPet object) is required.")
        content_type = str(environ.get("CONTENT_TYPE", "")).split(";")[0].strip().lower()
        if content_type != "application/json":
            raise _HTTPError(
                "invalid_content_type", "The request body must be sent as application/json."
            )
        data = _parse_json(body)
        if not isinstance(data, dict):
            raise _HTTPError("invalid_json", "The request body must be a JSON object.")
        name, category_id, status = _validate_new_pet(data)
        pet = self.store.add_pet(name, category_id, status)
        response = _Response(201, _json_bytes(pet.to_json()))
        response.headers.append(("Location", f"{base}/pets/{pet.id}"))
        return response

    def _get_pet(self, raw_id: str) -> _Response:
        if not _INTEGER_RE.fullmatch(raw_id):
            raise _HTTPError("invalid_value", "Path parameter 'petId' must be an integer.")
        pet = None
        if len(raw_id) <= 20:
            pet = self.store.get_pet(int(raw_id))
        if pet is None:
            raise _HTTPError("not_found", "No animal has this id.")
        return _Response(200, _json_bytes(pet.to_json()))


# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------


class _Query:
    """The query string of ``GET /pets``, checked parameter by parameter."""

    def __init__(self, text: str) -> None:
        try:
            self._values = parse_qs(text, keep_blank_values=True, max_num_fields=50)
        except ValueError:
            raise _HTTPError("invalid_value", "Too many query parameters.") from None

    def single(self, name: str) -> str | None:
        values = self._values.get(name)
        if values is None:
            return None
        if len(values) != 1:
            raise _HTTPError("invalid_value", f"Query parameter '{name}' must be given once.")
        return values[0]

    def limit(self) -> int:
        raw = self.single("limit")
        if raw is None:
            return LIMIT_DEFAULT
        limit = 0  # anything unparsable is reported as out of range
        if _INTEGER_RE.fullmatch(raw) and len(raw.lstrip("-0")) <= 4:
            limit = int(raw)
        if not LIMIT_MIN <= limit <= LIMIT_MAX:
            raise _HTTPError(
                "invalid_value",
                f"Query parameter 'limit' must be an integer from {LIMIT_MIN} to {LIMIT_MAX}.",
            )
        return limit

    def status(self) -> str | None:
        status = self.single("status")
        if status is not None and status not in PET_STATUSES:
            raise _HTTPError(
                "invalid_value",
                "Query parameter 'status' must be one of: " + ", ".join(PET_STATUSES) + ".",
            )
        return status


def _base_url(environ: dict[str, Any]) -> str:
    """Absolute URL of the API root (``.../v1``) as the client addressed it."""
    scheme = str(environ.get("wsgi.url_scheme", "http"))
    host = environ.get("HTTP_HOST")
    if not isinstance(host, str) or not _HOST_RE.fullmatch(host):
        server = str(environ.get("SERVER_NAME", "127.0.0.1"))
        if ":" in server and not server.startswith("["):
            server = f"[{server}]"
        port = str(environ.get("SERVER_PORT", ""))
        default = "443" if scheme == "https" else "80"
        host = server if port in ("", default) else f"{server}:{port}"
    return f"{scheme}://{host}{environ.get('SCRIPT_NAME', '')}{API_PREFIX}"


def _encode_cursor(last_id: int) -> str:
    return base64.urlsafe_b64encode(last_id.to_bytes(8, "big")).decode("ascii").rstrip("=")


def _decode_cursor(cursor: str) -> int:
    if not _CURSOR_RE.fullmatch(cursor):
        raise _HTTPError("invalid_value", "Query parameter 'cursor' is not a valid paging cursor.")
    try:
        raw = base64.urlsafe_b64decode(cursor + "=")
    except (binascii.Error, ValueError):  # pragma: no cover - the pattern rules it out
        raise _HTTPError(
            "invalid_value", "Query parameter 'cursor' is not a valid paging cursor."
        ) from None
    return int.from_bytes(raw, "big")


def _read_body(environ: dict[str, Any]) -> bytes:
    raw_length = str(environ.get("CONTENT_LENGTH", "") or "0").strip()
    try:
        length = int(raw_length)
    except ValueError:
        raise _HTTPError("invalid_json", "Invalid Content-Length.") from None
    if length > MAX_BODY_BYTES:
        raise _HTTPError("body_too_large", f"The request body exceeds {MAX_BODY_BYTES} bytes.")
    if length <= 0:
        return b""
    stream = environ.get("wsgi.input")
    if stream is None:
        return b""
    data: bytes = stream.read(length)
    return data


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not allowed in JSON")


def _parse_json(body: bytes) -> object:
    try:
        text = body.decode("utf-8")
        return json.loads(text, parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _HTTPError("invalid_json", "The request body is not valid JSON.") from None


def _validate_new_pet(data: dict[str, Any]) -> tuple[str, int, str | None]:
    if "name" not in data:
        raise _HTTPError("missing_field", "Field 'name' is required.")
    name = data["name"]
    if not isinstance(name, str):
        raise _HTTPError("invalid_value", "Field 'name' must be a string.")
    if len(name) > NAME_MAX_LENGTH:
        raise _HTTPError(
            "invalid_value", f"Field 'name' must be at most {NAME_MAX_LENGTH} characters long."
        )
    name = name.strip(NAME_WHITESPACE)
    if not name:
        raise _HTTPError("invalid_value", "Field 'name' must not be blank.")
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise _HTTPError("invalid_value", "Field 'name' must be valid Unicode text.") from None

    if "categoryId" not in data:
        raise _HTTPError("missing_field", "Field 'categoryId' is required.")
    category_id = data["categoryId"]
    if isinstance(category_id, bool) or not isinstance(category_id, int):
        raise _HTTPError("invalid_value", "Field 'categoryId' must be an integer.")
    if not 1 <= category_id <= INT64_MAX:
        raise _HTTPError(
            "invalid_value", f"Field 'categoryId' must be an integer from 1 to {INT64_MAX}."
        )

    status = data.get("status")
    if "status" in data and status not in PET_STATUSES:
        raise _HTTPError(
            "invalid_value", "Field 'status' must be one of: " + ", ".join(PET_STATUSES) + "."
        )
    return name, category_id, status
