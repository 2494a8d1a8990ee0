"""``PetStoreClient``: the one way PetDesk talks to the Pet Store service.

Contract: spec sections 4, 5, 7 and 8. Behaviour worth knowing:

* Arguments are checked before anything is sent (``limit`` 1..100, ids positive
  int64, a :class:`~petdesk.api.models.NewPet` that validates).
* Every request carries ``Authorization: Bearer <key>``, ``Accept:
  application/json`` and ``User-Agent: PetDesk/<version>``. The key is kept in a
  private attribute, is never in a ``repr``, a log record or an error message.
* ``https://`` only, except ``http://`` to a loopback address (the sandbox).
  TLS is verified against the operating system's trust store (``truststore``);
  there is no switch to turn verification off.
* Redirects are not followed blindly: a same-origin redirect of a GET is
  followed (key included); a redirect to another origin is refused, so the key
  never reaches another host.
* All requests pass one :class:`~petdesk.api.policy.RateLimitGate` (see there).
  GET is retried on 429, 503 and connection failures (not after a timeout: the
  user has waited the whole timeout already); POST only on 429
  and on connection failures before the request left, never after a read
  timeout, a dropped reply or a 5xx (:class:`OutcomeUnknownError`).
* Bodies are read as a stream and capped at :data:`~petdesk.api.body.MAX_BODY_BYTES`
  *decoded* (see :mod:`petdesk.api.body`): a gzip bomb, a 200 MB body or an
  endless stream ends in a :class:`ContractError`, with memory bounded.
* ``timeout`` bounds each attempt as a whole (connect, headers and body), not
  each read: a server trickling 1 byte/s is cut off when the time is up. A
  :class:`CancelToken` cancelled (or :meth:`PetStoreClient.cancel_all` called)
  from another thread interrupts a read in progress at once: the transport's
  sockets are shut down (:mod:`petdesk.api.transport`). A POST stopped or timed
  out after it left is :class:`OutcomeUnknownError`, never "not added".
* Proxies: a service on this computer never goes through a proxy; https follows
  the system's proxy settings (policy in :mod:`petdesk.api.transport`).
* Every failure is a :class:`PetStoreError`, including addresses with invalid
  international host names in ``Link`` and ``Location``.
* Paging: the spec says "paginated" but shows no mechanism. When the server
  sends ``Link: <…>; rel="next"`` (RFC 8288) the next page can be fetched with
  :meth:`PetStoreClient.fetch_page` or :meth:`PetStoreClient.iter_pages`;
  without one, the first page is all there is. A next link to another origin is
  ignored (and logged), never followed with the key. A next link already
  visited ends :meth:`PetStoreClient.iter_pages` (see :mod:`petdesk.api.paging`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import random
import re
import socket
import ssl
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from types import TracebackType
from typing import Any

import httpx
from pydantic import TypeAdapter, ValidationError

from petdesk import __version__
from petdesk.api.body import ACCEPT_ENCODING, read_bounded
from petdesk.api.deprecation import DeprecationInfo, deprecation_from_headers
from petdesk.api.links import next_link
from petdesk.api.models import ErrorBody, NewPet, Pet
from petdesk.api.paging import PageTrail, PetPage
from petdesk.api.policy import (
    CancelToken,
    LearnedQuota,
    RateLimitGate,
    RequestListener,
    RequestPolicy,
    backoff_delay,
    wait_for,
)
from petdesk.api.ratelimit import (
    ClockSkew,
    RateLimitSnapshot,
    parse_rate_limit_headers,
    parse_retry_after,
)
from petdesk.api.watchdog import Interruptible, Watchdog
from petdesk.core.clock import Clock, SystemClock
from petdesk.core.errors import (
    AuthenticationError,
    BadRequestError,
    ConfigurationError,
    ConnectTimeoutError,
    ContractError,
    InvalidArgumentError,
    NetworkError,
    NoConnectionError,
    NotFoundError,
    OutcomeUnknownError,
    PetStoreError,
    RateLimitedError,
    RequestCancelled,
    RequestTimeoutError,
    ServerError,
    UnknownAddressError,
    redact,
)
from petdesk.core.limits import INT64_MAX, LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN
from petdesk.core.statuses import PetStatus
from petdesk.core.urls import base_url_problem
from petdesk.core.waits import WaitReason
from petdesk.core.wording import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

USER_AGENT = f"PetDesk/{__version__} (+httpx/{httpx.__version__})"
_PETS = TypeAdapter(list[Pet])
_WIRE_FIELDS = {"name": "name", "categoryId": "categoryId", "category_id": "categoryId",
                "status": "status"}
_FIELD_RE = re.compile(r"""['"`](name|categoryId|category_id|status)['"`]""")
_QUOTA_HEADERS = ("x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset")
_KEY_OK = re.compile(r"^[\x21-\x7e]+$")
#: Anything in a next link's path that URL parsing would change or that could move
#: it out of the service: dot segments, escapes, backslashes, "@", whitespace.
_NEEDS_PARSING = re.compile(r"/\.|[%\\@\s#]")
#: Something that looks like a markup tag or entity (``<a href``, ``</b>``, ``&lt;``).
_MARKUP = re.compile(r"<[/!a-zA-Z]|&[#a-zA-Z0-9]{1,8};")


class _StoppedBeforeSending(RequestCancelled):
    """Stopped while connecting: nothing was sent (so a POST did not happen)."""


@dataclass
class _Call:
    """One call of the client: a request and the attempts at it."""

    method: str
    url: httpx.URL
    body: dict[str, Any] | None
    idempotent: bool
    token: CancelToken
    attempts: int
    attempt: int = 1


@dataclass(frozen=True)
class PetLookup:
    """The result of ``GET /pets/{petId}`` with its deprecation notice."""

    pet: Pet
    deprecation: DeprecationInfo


def _validate_base_url(base_url: str) -> httpx.URL:
    problem = base_url_problem(base_url) if isinstance(base_url, str) else "not text"
    if problem is not None:
        raise ConfigurationError(problem)
    try:
        url = httpx.URL(base_url.strip())
    except (httpx.InvalidURL, TypeError) as exc:
        raise ConfigurationError(QT_TRANSLATE_NOOP(
            "PetStoreError",
            "The service address is not a valid address.")) from exc
    return url.copy_with(path=url.path.rstrip("/") or "")


def _validate_key(api_key: str) -> str:
    if not isinstance(api_key, str) or not api_key.strip():
        raise ConfigurationError(QT_TRANSLATE_NOOP("PetStoreError", "No API key is set."))
    key = api_key.strip()
    if not _KEY_OK.match(key):
        raise ConfigurationError(
            "The API key contains spaces or characters that cannot be sent; "
            "check for a paste error."
        )
    return key


def _check_limit(limit: int) -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or not (
        LIMIT_MIN <= limit <= LIMIT_MAX
    ):
        raise InvalidArgumentError(
            f"The page size must be a whole number from {LIMIT_MIN} to {LIMIT_MAX}."
        )
    return limit


def _check_status(status: PetStatus | str | None) -> PetStatus | None:
    if status is None:
        return None
    try:
        return PetStatus(status)
    except ValueError as exc:
        raise InvalidArgumentError(
            "The status must be one of: available, pending, sold."
        ) from exc


def _check_id(pet_id: int) -> int:
    if isinstance(pet_id, bool) or not isinstance(pet_id, int) or not (1 <= pet_id <= INT64_MAX):
        raise InvalidArgumentError(QT_TRANSLATE_NOOP(
            "PetStoreError",
            "A pet ID is a whole number from 1 to 9223372036854775807."))
    return pet_id


def _network_transport(base: httpx.URL) -> httpx.BaseTransport:
    """The transport of a client given none: sockets that can be interrupted, TLS
    verified against the OS trust store (Windows, macOS Keychain, the Linux CA bundle),
    the system's proxy for ``base``. httpcore and truststore load here, with the first
    such client: an injected transport (the demo's sandbox, tests) needs neither."""
    import truststore  # with the first network client (PLC0415: a named exception)

    from petdesk.api.transport import PetDeskTransport, proxy_for  # httpcore, likewise

    return PetDeskTransport(truststore.SSLContext(ssl.PROTOCOL_TLS_CLIENT), proxy_for(base))


def _url(text: str, base: httpx.URL | None = None) -> httpx.URL | None:
    """``text`` as a URL (joined to ``base``), or ``None`` when it is not a valid one.

    Host names are checked here, once: an invalid international name (``xn--`` that
    does not decode) is ``None`` rather than an ``idna`` error later.
    """
    try:
        url = base.join(text) if base is not None else httpx.URL(text)
        url.host  # noqa: B018 - decodes the host name; raises for an invalid one
    except (httpx.InvalidURL, ValueError, TypeError):  # idna.IDNAError is a ValueError
        return None
    return url


class PetStoreClient:
    """Synchronous, thread-safe-to-cancel client of the Pet Store service.

    Use it from one thread (PetDesk's worker); :meth:`cancel_all` may be called
    from any other thread and makes every running wait end within 100 ms.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        transport: httpx.BaseTransport | None = None,
        timeout: float = 15.0,
        policy: RequestPolicy | None = None,
        clock: Clock | None = None,
        listener: RequestListener | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self._base = _validate_base_url(base_url)
        self.__key = _validate_key(api_key)
        if not (0 < timeout <= 600):
            raise ConfigurationError(QT_TRANSLATE_NOOP(
                "PetStoreError",
                "The timeout must be between 0 and 600 seconds."))
        self.policy = policy or RequestPolicy()
        self._clock: Clock = clock or SystemClock()
        self.listener = listener or RequestListener()
        self._rng = rng or random.Random()  # noqa: S311 - jitter, not cryptography
        self._gate = RateLimitGate(self._clock, self.policy)
        #: The quota of a server that sends no X-RateLimit headers, learnt from 429s.
        self._learned = LearnedQuota(self._clock)
        self._rate_limit: RateLimitSnapshot | None = None
        self._skew = ClockSkew()
        self._tokens: set[CancelToken] = set()
        #: ``GET /pets`` URLs by (limit, status): building one costs more than the rest
        #: of the request's own bookkeeping (figure 7 of the benchmarks).
        self._list_urls: dict[tuple[int, PetStatus | None], httpx.URL] = {}
        #: A next link that starts with this (and has nothing to normalise) is ours.
        self._service_prefix = str(self._base) + "/"
        self._tokens_lock = threading.Lock()
        self._wire = threading.Lock()
        self._timeout = timeout
        self._closed = False
        # Stop and the deadline interrupt a PetDeskTransport's sockets; another injected
        # transport (MockTransport, the in-process sandbox) is checked between chunks.
        if transport is None:
            transport = _network_transport(self._base)
        self._transport = transport if isinstance(transport, Interruptible) else None
        self._watchdog = Watchdog(self._interrupt)
        self._http = httpx.Client(
            transport=transport,
            trust_env=False,  # proxies: see petdesk.api.transport
            timeout=httpx.Timeout(timeout, connect=min(timeout, 10.0)),
            follow_redirects=False,
            headers={"Accept": "application/json", "Accept-Encoding": ACCEPT_ENCODING,
                     "User-Agent": USER_AGENT},
        )

    # -- plumbing ---------------------------------------------------------------

    def __repr__(self) -> str:
        return f"PetStoreClient(base_url={str(self._base)!r})"

    def __enter__(self) -> PetStoreClient:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Stop every request in progress and release the connections (any thread)."""
        self._closed = True
        self.cancel_all()
        self._watchdog.close()
        self._http.close()

    @property
    def base_url(self) -> str:
        return str(self._base)

    @property
    def rate_limit(self) -> RateLimitSnapshot | None:
        """The quota as the last response reported it (``None`` before any)."""
        return self._rate_limit

    @property
    def gate(self) -> RateLimitGate:
        return self._gate

    def cancel_all(self) -> None:
        """Cancel every request and wait in progress (callable from any thread).

        A read in progress is interrupted at once (its connection is closed).
        """
        with self._tokens_lock:
            tokens = list(self._tokens)
        for token in tokens:
            token.cancel()

    def _interrupt(self) -> None:
        if self._transport is not None:
            self._transport.interrupt()

    # -- operations -------------------------------------------------------------

    def list_pets(
        self,
        limit: int = LIMIT_DEFAULT,
        status: PetStatus | None = None,
        *,
        cancel: CancelToken | None = None,
    ) -> list[Pet]:
        """``GET /pets`` (listPets): the first page."""
        return self.list_pets_page(limit, status, cancel=cancel).pets

    def list_pets_page(
        self,
        limit: int = LIMIT_DEFAULT,
        status: PetStatus | None = None,
        *,
        cancel: CancelToken | None = None,
    ) -> PetPage:
        checked_limit, checked = _check_limit(limit), _check_status(status)
        url = self._list_urls.get((checked_limit, checked))
        if url is None:
            params: dict[str, str | int] = {"limit": checked_limit}
            if checked is not None:
                params["status"] = checked.value
            url = self._base.copy_with(path=self._base.path + "/pets", params=params)
            self._list_urls[(checked_limit, checked)] = url
        return self._page(url, cancel)

    def fetch_page(self, url: str, *, cancel: CancelToken | None = None) -> PetPage:
        """Fetch a page a previous :class:`PetPage` offered as ``next_url``."""
        target = _url(url) if isinstance(url, str) else None
        if target is None or not self._same_service(target):
            raise InvalidArgumentError(QT_TRANSLATE_NOOP(
                "PetStoreError",
                "That page address does not belong to this service."))
        return self._page(target, cancel)

    def iter_pages(
        self,
        limit: int = LIMIT_DEFAULT,
        status: PetStatus | None = None,
        *,
        cancel: CancelToken | None = None,
    ) -> Iterator[PetPage]:
        """Every page in turn. Ends on the last page, or on a next link already visited:
        then the last page yielded has ``end=PagingEnd.REPEATED`` (see
        :mod:`petdesk.api.paging`)."""
        trail = PageTrail()
        page = self.list_pets_page(limit, status, cancel=cancel)
        while True:
            update = trail.add(page)
            if update.end is not None:
                yield dataclasses.replace(page, next_url=trail.next_url, end=update.end)
                return
            yield page
            assert trail.next_url is not None
            page = self.fetch_page(trail.next_url, cancel=cancel)

    def create_pet(self, new_pet: NewPet, *, cancel: CancelToken | None = None) -> Pet:
        """``POST /pets`` (createPet). Never sent twice unless the server cannot have acted."""
        if not isinstance(new_pet, NewPet):
            raise InvalidArgumentError("create_pet needs a NewPet.")
        url = self._base.copy_with(path=self._base.path + "/pets")
        response = self._request("POST", url, body=new_pet.to_wire(), idempotent=False,
                                 cancel=cancel)
        if response.status_code != 201:
            log.debug("createPet answered %s instead of 201", response.status_code)
        try:
            return self._parse(response, Pet)
        except ContractError as exc:
            # A success status whose body cannot be read: the pet was most likely added.
            # Saying "could not understand" alone invites a second, duplicate submit.
            raise OutcomeUnknownError(
                "The pet was probably added, but the service's answer could not be read. "
                "Refresh the list and check before adding it again.",
                status_code=response.status_code, method="POST", url=str(url),
                server_message=exc.server_message,
            ) from exc

    def get_pet(self, pet_id: int, *, cancel: CancelToken | None = None) -> Pet:
        """``GET /pets/{petId}`` (getPet, deprecated: removal on 5 December 2030)."""
        return self.get_pet_detailed(pet_id, cancel=cancel).pet

    def get_pet_detailed(self, pet_id: int, *, cancel: CancelToken | None = None) -> PetLookup:
        """Like :meth:`get_pet`, with the deprecation notice the response carried."""
        url = self._base.copy_with(path=f"{self._base.path}/pets/{_check_id(pet_id)}")
        response = self._request("GET", url, idempotent=True, cancel=cancel)
        return PetLookup(self._parse(response, Pet), deprecation_from_headers(response.headers))

    # -- internals --------------------------------------------------------------

    def _page(self, url: httpx.URL, cancel: CancelToken | None) -> PetPage:
        response = self._request("GET", url, idempotent=True, cancel=cancel)
        pets = self._parse_list(response)
        return PetPage(pets, self._next_url(response), str(url))

    def _next_url(self, response: httpx.Response) -> str | None:
        """The next page's address, when the server offers one under this service."""
        target = next_link(response)
        if not target:
            return None
        if (target.startswith(self._service_prefix) and target.isascii()
                and target.isprintable()
                and not _NEEDS_PARSING.search(target, len(self._service_prefix) - 1)):
            # The usual case: an absolute link under the service address, without dot
            # segments, escapes or userinfo tricks, so no URL parsing is needed.
            # (fetch_page() checks it again anyway.)
            return target
        # An absolute target (what servers send) needs no join, which is slow.
        resolved = (_url(target) if target.startswith(("https://", "http://"))
                    else _url(target, response.request.url))
        if resolved is not None and self._same_service(resolved):
            return str(resolved)
        log.warning("ignoring a next-page link that is invalid or points away from the service")
        return None

    def _same_origin(self, url: httpx.URL) -> bool:
        # raw_host: the ASCII form, compared without decoding international names.
        return (url.scheme, url.raw_host.lower(), url.port) == (
            self._base.scheme, self._base.raw_host.lower(), self._base.port)

    def _same_service(self, url: httpx.URL) -> bool:
        return self._same_origin(url) and (
            url.path == self._base.path or url.path.startswith(self._base.path + "/")
        )

    def _register(self, token: CancelToken) -> None:
        with self._tokens_lock:
            self._tokens.add(token)

    def _unregister(self, token: CancelToken) -> None:
        with self._tokens_lock:
            self._tokens.discard(token)

    def _request(
        self,
        method: str,
        url: httpx.URL,
        *,
        body: dict[str, Any] | None = None,
        idempotent: bool,
        cancel: CancelToken | None,
    ) -> httpx.Response:
        token = cancel or CancelToken()
        self._register(token)
        try:
            return self._request_loop(method, url, body, idempotent, token)
        except PetStoreError:
            raise
        except Exception as exc:
            # A defect or a library error nobody foresaw: still a PetStoreError, and for
            # a POST never "not added".
            log.exception("unexpected failure of %s %s", method, url.path)
            if not idempotent:
                raise OutcomeUnknownError(method=method, url=str(url)) from exc
            raise ContractError(method=method, url=str(url),
                                server_message=type(exc).__name__) from exc
        finally:
            self._unregister(token)

    def _request_loop(
        self,
        method: str,
        url: httpx.URL,
        body: dict[str, Any] | None,
        idempotent: bool,
        token: CancelToken,
    ) -> httpx.Response:
        call = _Call(method, url, body, idempotent, token, self.policy.max_attempts)
        while True:
            outcome = self._on_the_wire(call)
            if isinstance(outcome, httpx.Response):
                response = self._settle(call, outcome)
                if response is not None:
                    return response
            else:
                self._wait_after_failure(call, outcome)
            call.attempt += 1

    def _on_the_wire(self, call: _Call) -> httpx.Response | httpx.TransportError | OSError:
        """One attempt: the response, or the transport failure to decide about."""
        # One request on the wire per client: callers on other threads queue here, so a
        # 429 closes the gate before the next request can leave (else they race into the
        # announced window and count towards a ban).
        with self._wire_slot(call.token):
            # The gate: after a 429 (or with the quota at 0) nothing leaves before the
            # wait ends.
            self._gate.wait_until_open(call.token, self.listener, call.attempt, call.attempts)
            call.token.raise_if_cancelled()
            self.listener.on_request(call.method, call.url.path, call.attempt)
            try:
                response = self._send(call.method, call.url, call.body, call.token)
            except (httpx.TransportError, OSError) as exc:
                return exc
            except PetStoreError as exc:
                if call.idempotent or isinstance(exc, OutcomeUnknownError | _StoppedBeforeSending):
                    raise
                # The POST left and its answer was cut off (stopped, too large,
                # undecodable): the pet may have been added.
                raise _outcome_unknown(exc, call.method, call.url) from exc
            self._note_quota(response, call.attempt)
            return response

    def _note_quota(self, response: httpx.Response, attempt: int) -> None:
        """Close the gate as a 429, or the quota learnt from earlier 429s, requires."""
        headerless = not any(name in response.headers for name in _QUOTA_HEADERS)
        if response.status_code == 429:
            wait = max(self._retry_wait(response),
                       backoff_delay(attempt - 1, self.policy, self._rng))
            self._gate.close_for(wait, WaitReason.RATE_LIMITED)
            if headerless:
                self._learned.on_429(wait)
        elif headerless:
            pause = self._learned.on_answer()
            if pause > 0:
                self._gate.close_for(pause, WaitReason.QUOTA_EXHAUSTED)
        elif self._learned.limit is not None:
            self._learned.forget()  # the server says it itself now

    def _wait_after_failure(self, call: _Call, failure: httpx.TransportError | OSError) -> None:
        """Raise the error of a transport failure, or wait before the next attempt."""
        error, request_left = self._transport_error(failure, call.method, call.url)
        if request_left and not call.idempotent:
            raise OutcomeUnknownError(method=call.method, url=str(call.url)) from failure
        # A timeout is not retried: the user has already waited the whole timeout
        # once, and a retry would multiply that wait (PetDesk offers to retry).
        # Nor is a name the name server says does not exist: it will not exist in a
        # second either, and "this address does not exist" is the answer to give at once.
        if call.attempt >= call.attempts or isinstance(error, RequestTimeoutError
                                                       | UnknownAddressError):
            raise error from failure
        delay = backoff_delay(call.attempt - 1, self.policy, self._rng)
        log.info("%s %s failed (%s); retrying in %.1f s", call.method, call.url.path,
                 type(failure).__name__, delay)
        wait_for(self._clock, delay, WaitReason.SERVER_UNREACHABLE, call.attempt + 1,
                 call.attempts, call.token, self.listener, self.policy)

    def _settle(self, call: _Call, response: httpx.Response) -> httpx.Response | None:
        """The response to return, ``None`` to try again, or the error raised."""
        call.token.raise_if_cancelled()
        status = response.status_code
        if 200 <= status < 300:
            return response
        if status == 429:
            log.warning("rate limited (429) on %s %s; no request for %.0f s", call.method,
                        call.url.path, self._gate.remaining_wait())
            if call.attempt >= call.attempts:
                raise self._error_for(response, call.idempotent)
            return None
        if status == 503 and call.idempotent and call.attempt < call.attempts:
            announced = parse_retry_after(response.headers, self._clock.time(), self._skew)
            delay = (self.policy.clamp_wait(announced, "Retry-After") if announced is not None
                     else backoff_delay(call.attempt - 1, self.policy, self._rng))
            if delay <= self.policy.max_auto_wait:
                wait_for(self._clock, delay, WaitReason.SERVER_BUSY, call.attempt + 1,
                         call.attempts, call.token, self.listener, self.policy)
                return None
        raise self._error_for(response, call.idempotent)

    @contextlib.contextmanager
    def _wire_slot(self, token: CancelToken) -> Iterator[None]:
        """Hold the client's one request slot; waiting for it stays cancellable."""
        while not self._wire.acquire(timeout=self.policy.poll_interval):
            token.raise_if_cancelled()
        try:
            yield
        finally:
            self._wire.release()

    def _send(self, method: str, url: httpx.URL, body: dict[str, Any] | None,
              token: CancelToken) -> httpx.Response:
        current = url
        deadline = time.monotonic() + self._timeout  # one for the attempt, redirects included
        for _hop in range(4):
            request = self._http.build_request(
                method, current, json=body,
                headers={"Authorization": f"Bearer {self.__key}"},
            )
            started = time.perf_counter()
            sent_at = self._clock.time()
            response = self._attempt(request, token, deadline)
            self._skew.observe(response.headers, sent_at, self._clock.time())
            log.debug("%s %s -> %s in %.0f ms", method, current.path, response.status_code,
                      (time.perf_counter() - started) * 1000)
            self._observe(response)
            # A 3xx without a Location is just an unexpected status (it used to be a KeyError).
            if not response.has_redirect_location:
                return response
            target = _url(response.headers["location"], current)
            if method != "GET" or target is None or not self._same_origin(target):
                if method != "GET":
                    raise OutcomeUnknownError(
                        status_code=response.status_code, method=method, url=str(current)
                    )
                raise ContractError(
                    "The service tried to send PetDesk to another address. PetDesk did not "
                    "follow it, so your API key stays private.",
                    status_code=response.status_code, method=method, url=str(current),
                    server_message=(
                        f"redirect to {target.scheme}://{target.raw_host.decode('ascii')}"
                        if target is not None else "redirect to an invalid address"),
                )
            current = target
        raise ContractError(QT_TRANSLATE_NOOP(
            "PetStoreError",
            "The service redirected too many times."), method=method,
                            url=str(url))

    def _attempt(self, request: httpx.Request, token: CancelToken,
                 deadline: float) -> httpx.Response:
        """One request and its whole body before ``deadline`` (``time.monotonic()``),
        stoppable from any thread."""
        if self._transport is not None:
            self._transport.rearm()
        self._watchdog.arm(max(0.0, deadline - time.monotonic()))
        remove = token.on_cancel(self._interrupt)

        def check() -> None:  # between chunks, for transports that cannot be interrupted
            if token.cancelled:
                raise RequestCancelled()
            if time.monotonic() >= deadline:
                raise httpx.ReadTimeout("the attempt's deadline passed", request=request)

        try:
            response = self._http.send(request, stream=True)
            try:
                return read_bounded(response, check)
            finally:
                response.close()
        except (httpx.TransportError, OSError) as exc:
            if token.cancelled:  # stopped: say that, not "connection reset"
                if isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout):
                    raise _StoppedBeforeSending() from exc
                raise RequestCancelled() from exc
            if self._watchdog.fired or time.monotonic() >= deadline:
                if isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout):
                    raise httpx.ConnectTimeout("the attempt's deadline passed while "
                                               "connecting", request=request) from exc
                raise httpx.ReadTimeout("the attempt's deadline passed",
                                        request=request) from exc
            raise
        except RuntimeError as exc:
            if self._closed:  # closed from another thread (quitting): nothing was sent
                raise _StoppedBeforeSending() from exc
            raise
        finally:
            remove()
            self._watchdog.disarm()

    def _observe(self, response: httpx.Response) -> None:
        snapshot, reset_ts = parse_rate_limit_headers(response.headers, self._clock.time(),
                                                      self._skew)
        if snapshot is None:
            return
        self._rate_limit = snapshot
        self._gate.note_quota(snapshot.remaining, reset_ts, self._skew.uncertainty)
        self.listener.on_rate_limit(snapshot)

    def _retry_wait(self, response: httpx.Response) -> float:
        now = self._clock.time()
        announced = parse_retry_after(response.headers, now, self._skew)
        if announced is not None:
            return self.policy.clamp_wait(announced, "Retry-After")
        _, reset_ts = parse_rate_limit_headers(response.headers, now, self._skew)
        if reset_ts is not None and reset_ts > now:
            return self.policy.clamp_wait(reset_ts - now + self.policy.reset_slack,
                                          "X-RateLimit-Reset")
        return self.policy.default_retry_after

    def _transport_error(
        self, exc: BaseException, method: str, url: httpx.URL
    ) -> tuple[PetStoreError, bool]:
        """Map a transport failure; the bool says whether the request may have left."""
        kw: dict[str, Any] = {"method": method, "url": str(url)}
        if isinstance(exc, httpx.ConnectTimeout | httpx.PoolTimeout):
            return ConnectTimeoutError(**kw), False
        if isinstance(exc, httpx.TimeoutException):
            return RequestTimeoutError(**kw), True
        if isinstance(exc, httpx.ConnectError):
            if _is_certificate_error(exc):
                return NetworkError(
                    "The secure connection to the Pet Store service could not be verified. "
                    "The network may be intercepting traffic.", **kw), False
            if _is_unknown_name(exc):
                return UnknownAddressError(**kw), False
            return NoConnectionError(**kw), False
        if isinstance(exc, httpx.ProxyError):
            return NetworkError(
                "Could not reach the Pet Store service through the proxy set on this "
                "computer. Check the proxy settings.", **kw), False
        if isinstance(exc, httpx.UnsupportedProtocol | httpx.LocalProtocolError):
            return NetworkError(**kw), False
        return NetworkError(QT_TRANSLATE_NOOP(
            "PetStoreError",
            "The connection to the Pet Store service was interrupted."),
                            **kw), True

    def _error_body(self, response: httpx.Response) -> tuple[ErrorBody | None, Any]:
        try:
            raw = json.loads(response.content)
        except (ValueError, RecursionError):  # RecursionError: absurdly deep nesting
            return None, None
        try:
            return ErrorBody.model_validate(raw), raw
        except ValidationError:
            return None, raw

    def _error_for(self, response: httpx.Response, idempotent: bool) -> PetStoreError:
        status = response.status_code
        body, raw = self._error_body(response)
        kw: dict[str, Any] = {
            "status_code": status,
            "code": body.code if body else None,
            "server_message": redact(body.message, self.__key) if body else None,
            "method": response.request.method,
            "url": str(response.request.url),
        }
        if status == 429:
            wait = self._gate.remaining_wait()
            return RateLimitedError(
                "The Pet Store service is limiting requests. PetDesk paused sending for "
                f"{wait:.0f} s to keep your API key from being blocked; try again then.",
                retry_after=wait, **kw,
            )
        if status >= 500:
            if not idempotent:
                error = OutcomeUnknownError(**kw)
                error.__cause__ = ServerError(**kw)
                return error
            return ServerError(**kw)
        if status == 400:
            field = _field_of(body, raw)
            detail = kw["server_message"]
            # Server text joins the sentence only when it is a sentence: markup (an HTML
            # page, a link) stays in the details, which the UI shows as plain text.
            message = (f"The Pet Store service did not accept this: {detail}"
                       if detail and not _MARKUP.search(detail) else BadRequestError.user_message)
            return BadRequestError(message, field=field, **kw)
        if status == 401:
            return AuthenticationError(**kw)
        if status == 404:
            return NotFoundError(**kw)
        if status == 403:
            return AuthenticationError(QT_TRANSLATE_NOOP(
                "PetStoreError",
                "This API key is not allowed to do that."), **kw)
        return PetStoreError(
            f"The Pet Store service answered with an unexpected status ({status}).", **kw
        )

    def _json(self, response: httpx.Response) -> Any:
        kw: dict[str, Any] = {"status_code": response.status_code,
                              "method": response.request.method,
                              "url": str(response.request.url)}
        content_type = response.headers.get("content-type", "").lower()
        if "html" in content_type or response.content.lstrip()[:1] == b"<":
            raise ContractError(
                "The service sent a web page instead of data. A proxy or a network "
                "login page may be in the way.", server_message=content_type or None, **kw)
        try:
            return json.loads(response.content)
        except (ValueError, RecursionError) as exc:  # RecursionError: absurdly deep nesting
            raise ContractError(server_message="response is not valid JSON", **kw) from exc

    def _parse_list(self, response: httpx.Response) -> list[Pet]:
        content = response.content
        if content[:1] == b"[" and "html" not in response.headers.get("content-type", "").lower():
            # Fast path: pydantic-core parses and validates the bytes in one go (no
            # intermediate dicts). On any problem, the path below decides what to say.
            try:
                return _PETS.validate_json(content)
            except ValidationError:
                pass
        data = self._json(response)
        try:
            return _PETS.validate_python(data)
        except ValidationError as exc:
            raise ContractError(server_message=_summarise(exc), status_code=response.status_code,
                                url=str(response.request.url)) from None

    def _parse(self, response: httpx.Response, model: type[Pet]) -> Pet:
        data = self._json(response)
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            raise ContractError(server_message=_summarise(exc), status_code=response.status_code,
                                url=str(response.request.url)) from None


def _outcome_unknown(cause: PetStoreError, method: str, url: httpx.URL) -> OutcomeUnknownError:
    if isinstance(cause, RequestCancelled):
        message = ("Stopped. The pet may or may not have been added: the request had already "
                   "been sent. Refresh the list and check before adding it again.")
    else:
        message = None
    return OutcomeUnknownError(message, status_code=cause.status_code, method=method,
                               url=str(url), server_message=cause.server_message)


def _summarise(exc: ValidationError) -> str:
    """A short, value-free summary of a validation error (no payload echoed)."""
    parts = []
    for err in exc.errors()[:5]:
        loc = ".".join(str(p) for p in err["loc"]) or "(root)"
        parts.append(f"{loc}: {err['msg']}")
    more = exc.error_count() - len(parts)
    return "; ".join(parts) + (f"; and {more} more" if more > 0 else "")


def _field_of(body: ErrorBody | None, raw: Any) -> str | None:
    if isinstance(raw, dict):
        field = raw.get("field")
        if isinstance(field, str) and field in _WIRE_FIELDS:
            return _WIRE_FIELDS[field]
    if body is not None:
        match = _FIELD_RE.search(body.message) or _FIELD_RE.search(body.code)
        if match:
            return _WIRE_FIELDS[match.group(1)]
    return None


def _causes(exc: BaseException) -> Iterator[BaseException]:
    """``exc`` and what it was raised from: httpx's error wraps httpcore's, which holds
    the socket's as its argument (httpcore's pool re-raises it ``from None``)."""
    seen: set[int] = set()
    todo: list[BaseException] = [exc]
    while todo:
        current = todo.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        todo += [e for e in (current.__cause__, current.__context__, *current.args)
                 if isinstance(e, BaseException)]


def _is_certificate_error(exc: BaseException) -> bool:
    return any(isinstance(c, ssl.SSLCertVerificationError) for c in _causes(exc))


#: The name lookup's answers that mean "no such name" (the name server answered), as
#: opposed to "could not ask" (``EAI_AGAIN``: no network, no name server).
_NO_SUCH_NAME = frozenset(code for code in (getattr(socket, "EAI_NONAME", None),
                                            getattr(socket, "EAI_NODATA", None))
                          if code is not None)


def _is_unknown_name(exc: BaseException) -> bool:
    return any(isinstance(c, socket.gaierror) and c.errno in _NO_SUCH_NAME
               for c in _causes(exc))
