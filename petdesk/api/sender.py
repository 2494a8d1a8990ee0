"""One call to the service, from the gate to the final answer: :class:`Sender`.

The request loop of :class:`~petdesk.api.client.PetStoreClient` (see its module for
the rules it keeps): one request on the wire per client, the rate-limit gate before
each attempt, retries with backoff (GET on 429, 503 and connection failures; POST
only where it cannot have left), same-origin redirects of a GET, one deadline per
attempt, and Stop from any thread. What an answer means is :mod:`petdesk.api.answers`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx

from petdesk import __version__
from petdesk.api.answers import error_for, outcome_unknown, transport_error
from petdesk.api.body import ACCEPT_ENCODING, read_bounded
from petdesk.api.links import as_url, same_origin
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
    service_offset,
)
from petdesk.api.shared import SharedQuota
from petdesk.api.watchdog import Interruptible, Watchdog
from petdesk.core.clock import Clock
from petdesk.core.errors import (
    ContractError,
    OutcomeUnknownError,
    PetStoreError,
    RequestCancelled,
    RequestTimeoutError,
    UnknownAddressError,
)
from petdesk.core.quota import QuotaFigures, merge_figures
from petdesk.core.waits import WaitReason
from petdesk.core.wording import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

USER_AGENT = f"PetDesk/{__version__} (+httpx/{httpx.__version__})"
_QUOTA_HEADERS = ("x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset")
_MAX_HOPS = 4


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
class SenderSettings:
    """How a :class:`Sender` sends: checked by the client before it builds one."""

    base: httpx.URL
    timeout: float
    policy: RequestPolicy
    clock: Clock
    listener: RequestListener
    rng: random.Random
    #: The key's quota shared with the other desks of a store (``None``: this client
    #: paces itself from its own answers alone).
    shared: SharedQuota | None = None


class Sender:
    """Sends the client's requests: one on the wire at a time, Stop from any thread."""

    def __init__(self, settings: SenderSettings, api_key: str,
                 transport: httpx.BaseTransport) -> None:
        self._settings = settings
        self.__key = api_key
        self.gate = RateLimitGate(settings.clock, settings.policy)
        #: The quota of a server that sends no X-RateLimit headers, learnt from 429s.
        self._learned = LearnedQuota(settings.clock)
        self.rate_limit: RateLimitSnapshot | None = None
        """The quota as the last response reported it (``None`` before any)."""
        #: The same, on the service's clock, as it is shared with the other desks.
        self._own: QuotaFigures | None = None
        #: The shared record could not be used the last time (said once, not per request).
        self._shared_failing = False
        self._skew = ClockSkew()
        self._tokens: set[CancelToken] = set()
        self._tokens_lock = threading.Lock()
        self._wire = threading.Lock()
        self._closed = False
        # Stop and the deadline interrupt a PetDeskTransport's sockets; another injected
        # transport (MockTransport, the in-process sandbox) is checked between chunks.
        self._transport = transport if isinstance(transport, Interruptible) else None
        self._watchdog = Watchdog(self._interrupt)
        self.http = httpx.Client(
            transport=transport,
            trust_env=False,  # proxies: see petdesk.api.transport
            timeout=httpx.Timeout(settings.timeout, connect=min(settings.timeout, 10.0)),
            follow_redirects=False,
            headers={"Accept": "application/json", "Accept-Encoding": ACCEPT_ENCODING,
                     "User-Agent": USER_AGENT},
        )

    def close(self) -> None:
        """Stop every request in progress and release the connections (any thread)."""
        self._closed = True
        self.cancel_all()
        self._watchdog.close()
        self.http.close()

    def cancel_all(self) -> None:
        """Cancel every request and wait in progress (any thread)."""
        with self._tokens_lock:
            tokens = list(self._tokens)
        for token in tokens:
            token.cancel()

    def _interrupt(self) -> None:
        if self._transport is not None:
            self._transport.interrupt()

    # -- a call -----------------------------------------------------------------

    def request(
        self,
        method: str,
        url: httpx.URL,
        *,
        body: dict[str, Any] | None = None,
        idempotent: bool,
        cancel: CancelToken | None,
    ) -> httpx.Response:
        """The 2xx answer to ``method url``, or the :class:`PetStoreError` that ended it."""
        token = cancel or CancelToken()
        with self._tokens_lock:
            self._tokens.add(token)
        try:
            return self._loop(_Call(method, url, body, idempotent, token,
                                    self._settings.policy.max_attempts))
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
            with self._tokens_lock:
                self._tokens.discard(token)

    def _loop(self, call: _Call) -> httpx.Response:
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
            # wait ends, nor while another desk of the shared store was told to wait.
            self._heed_shared()
            self.gate.wait_until_open(call.token, self._settings.listener, call.attempt,
                                      call.attempts)
            call.token.raise_if_cancelled()
            self._settings.listener.on_request(call.method, call.url.path, call.attempt)
            told = self._own
            try:
                response = self._send(call)
            except (httpx.TransportError, OSError) as exc:
                return exc
            except PetStoreError as exc:
                if call.idempotent or isinstance(exc, OutcomeUnknownError | _StoppedBeforeSending):
                    raise
                # The POST left and its answer was cut off (stopped, too large,
                # undecodable): the pet may have been added.
                raise outcome_unknown(exc, call.method, call.url) from exc
            self._note_quota(response, call.attempt)
            if self._own is not told and self._own is not None:
                self._write_shared(self._own)
            return response

    def _note_quota(self, response: httpx.Response, attempt: int) -> None:
        """Close the gate as a 429, or the quota learnt from earlier 429s, requires."""
        headerless = not any(name in response.headers for name in _QUOTA_HEADERS)
        if response.status_code == 429:
            wait = max(self._retry_wait(response),
                       backoff_delay(attempt - 1, self._settings.policy, self._settings.rng))
            self.gate.close_for(wait, WaitReason.RATE_LIMITED)
            # The other desks wait as long as this one: their requests would be early too.
            now = self._settings.clock.time()
            on_service = now + service_offset(response.headers, now, self._skew)
            told = self._own if self._own is not None else QuotaFigures(on_service)
            self._own = dataclasses.replace(told, retry_until=on_service + wait)
            if headerless:
                self._learned.on_429(wait)
        elif headerless:
            pause = self._learned.on_answer()
            if pause > 0:
                self.gate.close_for(pause, WaitReason.QUOTA_EXHAUSTED)
        elif self._learned.limit is not None:
            self._learned.forget()  # the server says it itself now

    def _wait_after_failure(self, call: _Call, failure: httpx.TransportError | OSError) -> None:
        """Raise the error of a transport failure, or wait before the next attempt."""
        error, request_left = transport_error(failure, call.method, call.url)
        if request_left and not call.idempotent:
            raise OutcomeUnknownError(method=call.method, url=str(call.url)) from failure
        # A timeout is not retried: the user has already waited the whole timeout
        # once, and a retry would multiply that wait (PetDesk offers to retry).
        # Nor is a name the name server says does not exist: it will not exist in a
        # second either, and "this address does not exist" is the answer to give at once.
        if call.attempt >= call.attempts or isinstance(error, RequestTimeoutError
                                                       | UnknownAddressError):
            raise error from failure
        delay = backoff_delay(call.attempt - 1, self._settings.policy, self._settings.rng)
        log.info("%s %s failed (%s); retrying in %.1f s", call.method, call.url.path,
                 type(failure).__name__, delay)
        self._wait(delay, WaitReason.SERVER_UNREACHABLE, call)

    def _wait(self, delay: float, reason: WaitReason, call: _Call) -> None:
        s = self._settings
        wait_for(s.clock, delay, reason, call.attempt + 1, call.attempts, call.token,
                 s.listener, s.policy)

    def _settle(self, call: _Call, response: httpx.Response) -> httpx.Response | None:
        """The response to return, ``None`` to try again, or the error raised."""
        call.token.raise_if_cancelled()
        status = response.status_code
        if 200 <= status < 300:
            return response
        if status == 429:
            log.warning("rate limited (429) on %s %s; no request for %.0f s", call.method,
                        call.url.path, self.gate.remaining_wait())
            if call.attempt >= call.attempts:
                raise self._error_for(response, call.idempotent)
            return None
        if status == 503 and call.idempotent and call.attempt < call.attempts:
            delay = self._busy_wait(response, call.attempt)
            if delay <= self._settings.policy.max_auto_wait:
                self._wait(delay, WaitReason.SERVER_BUSY, call)
                return None
        raise self._error_for(response, call.idempotent)

    def _busy_wait(self, response: httpx.Response, attempt: int) -> float:
        """How long to wait after a 503: its Retry-After, else the backoff."""
        s = self._settings
        announced = parse_retry_after(response.headers, s.clock.time(), self._skew)
        if announced is not None:
            return s.policy.clamp_wait(announced, "Retry-After")
        return backoff_delay(attempt - 1, s.policy, s.rng)

    def _error_for(self, response: httpx.Response, idempotent: bool) -> PetStoreError:
        return error_for(response, idempotent, secret=self.__key,
                         rate_limit_wait=self.gate.remaining_wait())

    @contextlib.contextmanager
    def _wire_slot(self, token: CancelToken) -> Iterator[None]:
        """Hold the client's one request slot; waiting for it stays cancellable."""
        while not self._wire.acquire(timeout=self._settings.policy.poll_interval):
            token.raise_if_cancelled()
        try:
            yield
        finally:
            self._wire.release()

    # -- one attempt ------------------------------------------------------------

    def _send(self, call: _Call) -> httpx.Response:
        """One attempt, following same-origin redirects of a GET."""
        current = call.url
        # One deadline for the attempt, redirects included.
        deadline = time.monotonic() + self._settings.timeout
        for _hop in range(_MAX_HOPS):
            response = self._exchange(call, current, deadline)
            # A 3xx without a Location is just an unexpected status.
            if not response.has_redirect_location:
                return response
            current = self._redirect_target(call.method, response, current)
        raise ContractError(QT_TRANSLATE_NOOP(
            "PetStoreError",
            "The service redirected too many times."), method=call.method,
                            url=str(call.url))

    def _exchange(self, call: _Call, url: httpx.URL, deadline: float) -> httpx.Response:
        request = self.http.build_request(
            call.method, url, json=call.body,
            headers={"Authorization": f"Bearer {self.__key}"},
        )
        clock = self._settings.clock
        started = time.perf_counter()
        sent_at = clock.time()
        response = self._attempt(request, call.token, deadline)
        self._skew.observe(response.headers, sent_at, clock.time())
        log.debug("%s %s -> %s in %.0f ms", call.method, url.path, response.status_code,
                  (time.perf_counter() - started) * 1000)
        self._observe(response)
        return response

    def _redirect_target(self, method: str, response: httpx.Response,
                         current: httpx.URL) -> httpx.URL:
        """Where a redirect may be followed to, or the error that refuses it."""
        target = as_url(response.headers["location"], current)
        if method == "GET" and target is not None and same_origin(target, self._settings.base):
            return target
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
            response = self.http.send(request, stream=True)
            try:
                return read_bounded(response, check)
            finally:
                response.close()
        except (httpx.TransportError, OSError) as exc:
            instead = self._cut_short(exc, request, token, deadline)
            if instead is None:
                raise
            raise instead from exc
        except RuntimeError as exc:
            if self._closed:  # closed from another thread (quitting): nothing was sent
                raise _StoppedBeforeSending() from exc
            raise
        finally:
            remove()
            self._watchdog.disarm()

    def _cut_short(self, exc: httpx.TransportError | OSError, request: httpx.Request,
                   token: CancelToken, deadline: float) -> Exception | None:
        """What a transport failure was: stopped, past the deadline, or (``None``) itself."""
        connecting = isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout)
        if token.cancelled:  # stopped: say that, not "connection reset"
            return _StoppedBeforeSending() if connecting else RequestCancelled()
        if self._watchdog.fired or time.monotonic() >= deadline:
            if connecting:
                return httpx.ConnectTimeout("the attempt's deadline passed while "
                                            "connecting", request=request)
            return httpx.ReadTimeout("the attempt's deadline passed", request=request)
        return None

    def _observe(self, response: httpx.Response) -> None:
        now = self._settings.clock.time()
        snapshot, reset_ts = parse_rate_limit_headers(response.headers, now, self._skew)
        if snapshot is None:
            return
        self.rate_limit = snapshot
        offset = service_offset(response.headers, now, self._skew)
        self._own = QuotaFigures(now + offset, snapshot.limit, snapshot.remaining,
                                 None if reset_ts is None else reset_ts + offset)
        self.gate.note_quota(snapshot.remaining, reset_ts, self._skew.uncertainty)
        self._settings.listener.on_rate_limit(snapshot)

    # -- the quota shared with the other desks of a store ---------------------------------

    def quota_now(self) -> RateLimitSnapshot | None:
        """The key's quota as known now: the last answer's, or, with a shared store, the
        tighter of it and what every desk of the store last saw (read now); the gate
        heeds the shared record too. On the thread that sends."""
        if self._settings.shared is None:
            return self.rate_limit
        figures = self._heed_shared()
        if figures is None:
            return None
        offset = self._skew.offset
        return RateLimitSnapshot(
            limit=figures.limit, remaining=figures.remaining,
            reset=(None if figures.reset is None
                   else datetime.fromtimestamp(figures.reset - offset, UTC)),
            observed_at=datetime.fromtimestamp(figures.observed_at - offset, UTC))

    def _heed_shared(self) -> QuotaFigures | None:
        """Read the shared record, combine it with this client's own last answer, and
        close the gate for a Retry-After or a used-up window it tells of."""
        shared = self._settings.shared
        if shared is None:
            return None
        try:
            figures = shared.read()
        except Exception as exc:  # the store is advisory here: never fail a request for it
            self._shared_failed("read", exc)
            figures = None
        else:
            self._shared_failing = False
        if self._own is not None:
            figures = merge_figures(figures, self._own)
        if figures is None:
            return None
        now = self._settings.clock.time()
        if figures.retry_until is not None:
            # Ends when the service's clock can first read retry_until, never earlier.
            wait = figures.retry_until - (now + self._skew.lower)
            if wait > 0:
                self.gate.close_for(min(wait, self._settings.policy.max_wait),
                                    WaitReason.RATE_LIMITED)
        if figures.reset is not None:
            self.gate.note_quota(figures.remaining, figures.reset - self._skew.offset,
                                 self._skew.uncertainty)
        return figures

    def _write_shared(self, figures: QuotaFigures) -> None:
        shared = self._settings.shared
        if shared is None:
            return
        try:
            shared.write(figures)
        except Exception as exc:  # never turn an answer received into a failure (a POST's!)
            self._shared_failed("written", exc)

    def _shared_failed(self, what: str, exc: Exception) -> None:
        if not self._shared_failing:
            log.warning("the shared quota record could not be %s (%s): pacing from this "
                        "desk's own answers", what, type(exc).__name__)
        self._shared_failing = True

    def _retry_wait(self, response: httpx.Response) -> float:
        s = self._settings
        now = s.clock.time()
        announced = parse_retry_after(response.headers, now, self._skew)
        if announced is not None:
            return s.policy.clamp_wait(announced, "Retry-After")
        _, reset_ts = parse_rate_limit_headers(response.headers, now, self._skew)
        if reset_ts is not None and reset_ts > now:
            return s.policy.clamp_wait(reset_ts - now + s.policy.reset_slack,
                                       "X-RateLimit-Reset")
        return s.policy.default_retry_after
