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
  Given a :class:`~petdesk.api.shared.SharedQuota` (the desks of one shelter share a
  store), the client reads it before each request and writes each answer's quota
  headers to it, so a wait or a used-up window one desk was told of holds for all.
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

The client checks arguments and builds addresses; :mod:`petdesk.api.sender` sends
(the request loop), :mod:`petdesk.api.answers` reads the answers.
"""

from __future__ import annotations

import dataclasses
import logging
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from types import TracebackType

import httpx

from petdesk.api.answers import parse_pet, parse_pets
from petdesk.api.deprecation import DeprecationInfo, deprecation_from_headers
from petdesk.api.links import as_url, next_link, same_service
from petdesk.api.models import NewPet, Pet
from petdesk.api.paging import PageTrail, PetPage
from petdesk.api.policy import CancelToken, RateLimitGate, RequestListener, RequestPolicy
from petdesk.api.ratelimit import RateLimitSnapshot
from petdesk.api.sender import USER_AGENT, Sender, SenderSettings
from petdesk.api.shared import SharedQuota
from petdesk.core.clock import Clock, SystemClock
from petdesk.core.errors import (
    ConfigurationError,
    ContractError,
    InvalidArgumentError,
    OutcomeUnknownError,
)
from petdesk.core.limits import INT64_MAX, LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN
from petdesk.core.statuses import PetStatus
from petdesk.core.urls import base_url_problem
from petdesk.core.wording import QT_TRANSLATE_NOOP

__all__ = ["USER_AGENT", "PetLookup", "PetPage", "PetStoreClient"]

log = logging.getLogger(__name__)

_KEY_OK = re.compile(r"^[\x21-\x7e]+$")
#: Anything in a next link's path that URL parsing would change or that could move
#: it out of the service: dot segments, escapes, backslashes, "@", whitespace.
_NEEDS_PARSING = re.compile(r"/\.|[%\\@\s#]")


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
    """The transport of a client given none: see ``petdesk.api.transport``."""
    # Deferred: httpcore and truststore load with the first network client; an injected
    # transport (the demo's in-process sandbox, tests) needs neither, and they cost more
    # to import than httpx itself.
    from petdesk.api.transport import network_transport  # noqa: PLC0415 - httpcore, truststore: network clients only

    return network_transport(base)


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
        shared_quota: SharedQuota | None = None,
    ) -> None:
        self._base = _validate_base_url(base_url)
        key = _validate_key(api_key)
        if not (0 < timeout <= 600):
            raise ConfigurationError(QT_TRANSLATE_NOOP(
                "PetStoreError",
                "The timeout must be between 0 and 600 seconds."))
        self.policy = policy or RequestPolicy()
        self.listener = listener or RequestListener()
        settings = SenderSettings(
            self._base, timeout, self.policy, clock or SystemClock(), self.listener,
            rng or random.Random(),  # noqa: S311 - jitter, not cryptography
            shared_quota,
        )
        if transport is None:
            transport = _network_transport(self._base)
        self._sender = Sender(settings, key, transport)
        #: ``GET /pets`` URLs by (limit, status): building one costs more than the rest
        #: of the request's own bookkeeping (figure 7 of the benchmarks).
        self._list_urls: dict[tuple[int, PetStatus | None], httpx.URL] = {}
        #: A next link that starts with this (and has nothing to normalise) is ours.
        self._service_prefix = str(self._base) + "/"

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
        self._sender.close()

    @property
    def base_url(self) -> str:
        return str(self._base)

    @property
    def rate_limit(self) -> RateLimitSnapshot | None:
        """The quota as the last response reported it (``None`` before any)."""
        return self._sender.rate_limit

    def quota_now(self) -> RateLimitSnapshot | None:
        """The quota background work is paced by: :attr:`rate_limit`, or, for a client
        given a shared quota, the tighter of it and what every desk sharing the store
        last saw (read now, on the thread that sends; the gate heeds it too)."""
        return self._sender.quota_now()

    @property
    def gate(self) -> RateLimitGate:
        return self._sender.gate

    def cancel_all(self) -> None:
        """Cancel every request and wait in progress (callable from any thread).

        A read in progress is interrupted at once (its connection is closed).
        """
        self._sender.cancel_all()

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
        target = as_url(url) if isinstance(url, str) else None
        if target is None or not same_service(target, self._base):
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
        response = self._sender.request("POST", url, body=new_pet.to_wire(), idempotent=False,
                                        cancel=cancel)
        if response.status_code != 201:
            log.debug("createPet answered %s instead of 201", response.status_code)
        try:
            return parse_pet(response)
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
        response = self._sender.request("GET", url, idempotent=True, cancel=cancel)
        return PetLookup(parse_pet(response), deprecation_from_headers(response.headers))

    # -- internals --------------------------------------------------------------

    def _page(self, url: httpx.URL, cancel: CancelToken | None) -> PetPage:
        response = self._sender.request("GET", url, idempotent=True, cancel=cancel)
        return PetPage(parse_pets(response), self._next_url(response), str(url))

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
        resolved = (as_url(target) if target.startswith(("https://", "http://"))
                    else as_url(target, response.request.url))
        if resolved is not None and same_service(resolved, self._base):
            return str(resolved)
        log.warning("ignoring a next-page link that is invalid or points away from the service")
        return None
