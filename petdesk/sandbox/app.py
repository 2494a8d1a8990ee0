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
See :mod:`petdesk.sandbox.faults`. Order of processing: a dropped connection is
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

import hmac
import logging
import math
import threading
import time
from collections.abc import Callable, Iterable
from email.utils import formatdate
from typing import Any, Final
from urllib.parse import urlencode

from petdesk.sandbox.config import SandboxConfig
from petdesk.sandbox.faults import ConnectionDropped, FaultInjector, FaultKind
from petdesk.sandbox.limiter import LIMIT_FIELDS, Decision, KeyCounters, RateLimiter
from petdesk.sandbox.store import Store
from petdesk.sandbox.wire import (
    HTTPError,
    Query,
    Response,
    base_url,
    decode_cursor,
    encode_cursor,
    error_response,
    json_bytes,
    parse_json,
    pet_id,
    read_body,
    validate_new_pet,
)

__all__ = ["DEPRECATION_HEADER", "SUNSET_HEADER", "SandboxApp"]

_log = logging.getLogger(__name__)

#: 2026-01-01T00:00:00Z as an RFC 9745 structured date.
DEPRECATION_HEADER: Final = "@1767225600"
SUNSET_HEADER: Final = "Thu, 05 Dec 2030 00:00:00 GMT"

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

StartResponse = Callable[..., Any]


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
    sleeping); ``sleep`` implements injected latency (real time). ``faults`` draws
    each request's fault (by default from ``config.faults``).
    """

    def __init__(
        self,
        config: SandboxConfig,
        store: Store | None = None,
        *,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], None] = time.sleep,
        faults: FaultInjector | None = None,
    ) -> None:
        if not config.api_keys:
            raise ValueError("SandboxConfig.api_keys must hold at least one key")
        self._config = config
        self.store = store if store is not None else Store(None)
        self.clock = clock
        self._sleep = sleep
        self.faults = faults if faults is not None else FaultInjector(config.faults)
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
        if any(getattr(old, name) != getattr(new, name) for name in LIMIT_FIELDS):
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

    def handle(self, environ: dict[str, Any]) -> Response:
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
        except HTTPError as err:
            response = error_response(err)
        except Exception:
            _log.exception("sandbox: unhandled error")
            response = error_response(HTTPError("internal_error", "Internal server error."))

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
        self, decision: Decision, now: float, cfg: SandboxConfig, keyed: bool
    ) -> Response:
        delay = max(1, math.ceil(decision.retry_at - now))
        who = "This API key" if keyed else "This client"
        if decision.code == "key_temporarily_banned":
            message = (
                f"{who} is temporarily banned for sending requests before its Retry-After "
                f"time had passed. The ban ends in {delay} seconds."
            )
        else:
            message = f"Rate limit exceeded. Retry after {delay} seconds."
        err = HTTPError(
            decision.code or "rate_limited",
            message,
            [("Retry-After", self._retry_after(decision.retry_at, now, cfg))],
        )
        return error_response(err)

    def _injected_error(self, fault: FaultKind, now: float, cfg: SandboxConfig) -> Response:
        if fault is FaultKind.BAD_GATEWAY:
            return Response(502, _BAD_GATEWAY_HTML, "text/html; charset=utf-8")
        if fault is FaultKind.SERVICE_UNAVAILABLE:
            wait = self.faults.config.retry_after_seconds
            return error_response(
                HTTPError(
                    "service_unavailable",
                    "The service is temporarily unavailable (sandbox fault injection).",
                    [("Retry-After", self._retry_after(math.floor(now) + wait, now, cfg))],
                )
            )
        return error_response(
            HTTPError("internal_error", "Internal server error (sandbox fault injection).")
        )

    def _dispatch(
        self,
        environ: dict[str, Any],
        method: str,
        route: tuple[str, str | None] | None,
        key: str | None,
    ) -> Response:
        if key is None:
            sent = isinstance(environ.get("HTTP_AUTHORIZATION"), str)
            challenge = 'Bearer realm="petstore"'
            if sent:
                challenge += ', error="invalid_token"'
                message = "The API key is not valid."
            else:
                message = "An API key is required: send it as a bearer token."
            raise HTTPError("unauthorized", message, [("WWW-Authenticate", challenge)])
        if route is None:
            raise HTTPError("not_found", "No such resource.")
        name, pet_id = route
        allowed = _ROUTES[name]
        if method not in allowed:
            raise HTTPError(
                "method_not_allowed",
                f"Method {method if method.isalpha() else '?'} is not allowed here.",
                [("Allow", ", ".join(allowed))],
            )
        base = base_url(environ)
        if name == "pets":
            if method == "GET":
                return self._list_pets(environ, base)
            return self._create_pet(environ, base)
        if name == "pet":
            assert pet_id is not None
            return self._get_pet(pet_id)
        return Response(200, b"[]")

    def _list_pets(self, environ: dict[str, Any], base: str) -> Response:
        query = Query(str(environ.get("QUERY_STRING", "")))
        limit = query.limit()
        status = query.status()
        cursor = query.single("cursor")
        after_id = decode_cursor(cursor) if cursor is not None else 0
        pets, more = self.store.list_pets(limit=limit, status=status, after_id=after_id)
        response = Response(200, json_bytes([p.to_json() for p in pets]))
        if more and pets:
            params: dict[str, str] = {"limit": str(limit)}
            if status is not None:
                params["status"] = status
            params["cursor"] = encode_cursor(pets[-1].id)
            response.headers.append(("Link", f'<{base}/pets?{urlencode(params)}>; rel="next"'))
        return response

    def _create_pet(self, environ: dict[str, Any], base: str) -> Response:
        body = read_body(environ)
        if not body:
            raise HTTPError("invalid_json", "A JSON request body (a NewPet object) is required.")
        content_type = str(environ.get("CONTENT_TYPE", "")).split(";")[0].strip().lower()
        if content_type != "application/json":
            raise HTTPError(
                "invalid_content_type", "The request body must be sent as application/json."
            )
        data = parse_json(body)
        if not isinstance(data, dict):
            raise HTTPError("invalid_json", "The request body must be a JSON object.")
        name, category_id, status = validate_new_pet(data)
        pet = self.store.add_pet(name, category_id, status)
        response = Response(201, json_bytes(pet.to_json()))
        response.headers.append(("Location", f"{base}/pets/{pet.id}"))
        return response

    def _get_pet(self, raw_id: str) -> Response:
        number = pet_id(raw_id)
        pet = self.store.get_pet(number) if number is not None else None
        if pet is None:
            raise HTTPError("not_found", "No animal has this id.")
        return Response(200, json_bytes(pet.to_json()))
