"""Qt-free client of the Pet Store service (contract: spec/pet-store-service.md).

Nothing here imports Qt: the package can be scripted and tested on its own.

What a UI uses against slow, huge and hostile answers:

* Stop: ``CancelToken.cancel()`` for one job, ``PetStoreClient.cancel_all()`` for
  all; both interrupt a read or a connect in progress at once, from any thread.
  Quitting: ``client.close()`` (any thread) stops the request in progress too.
* Outcomes: ``RequestCancelled`` (stopped, nothing more to say),
  ``RequestTimeoutError`` (the whole attempt took longer than the timeout; not
  retried, so offer Retry), ``OutcomeUnknownError`` (a POST that may have added the
  pet: never say "not added"), ``ContractError`` (e.g. an answer over
  ``MAX_BODY_BYTES``).
* Paging: one ``PageTrail`` per list; ``trail.add(page)`` returns a ``PageUpdate``
  (rows to append, rows to replace by position, and ``end``); "Load more" fetches
  ``trail.next_url`` while it is set; ``PagingEnd.REPEATED`` comes with
  ``PageUpdate.message`` (``REPEATED_PAGE_MESSAGE``) to show.
* Server text and names: see :mod:`petdesk.core.text` (``display``, ``visible``,
  ``has_hidden``); ``PetStoreError.server_message`` and ``details()`` are server
  text, to be shown as plain text only.
"""

from petdesk.api.body import MAX_BODY_BYTES
from petdesk.api.client import USER_AGENT, PetLookup, PetStoreClient
from petdesk.api.deprecation import DOCUMENTED_SUNSET, DeprecationInfo
from petdesk.api.models import ErrorBody, NewPet, Pet
from petdesk.api.paging import REPEATED_PAGE_MESSAGE, PageTrail, PageUpdate, PagingEnd, PetPage
from petdesk.api.policy import (
    CancelToken,
    RateLimitGate,
    RequestListener,
    RequestPolicy,
    backoff_delay,
)
from petdesk.api.ratelimit import RateLimitSnapshot
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
)
from petdesk.core.limits import INT64_MAX, LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN, NAME_MAX_LENGTH
from petdesk.core.statuses import PetStatus
from petdesk.core.waits import WaitInfo, WaitReason

__all__ = [
    "DOCUMENTED_SUNSET",
    "INT64_MAX",
    "LIMIT_DEFAULT",
    "LIMIT_MAX",
    "LIMIT_MIN",
    "MAX_BODY_BYTES",
    "NAME_MAX_LENGTH",
    "REPEATED_PAGE_MESSAGE",
    "USER_AGENT",
    "AuthenticationError",
    "BadRequestError",
    "CancelToken",
    "Clock",
    "ConfigurationError",
    "ConnectTimeoutError",
    "ContractError",
    "DeprecationInfo",
    "ErrorBody",
    "InvalidArgumentError",
    "NetworkError",
    "NewPet",
    "NoConnectionError",
    "NotFoundError",
    "OutcomeUnknownError",
    "PageTrail",
    "PageUpdate",
    "PagingEnd",
    "Pet",
    "PetLookup",
    "PetPage",
    "PetStatus",
    "PetStoreClient",
    "PetStoreError",
    "RateLimitGate",
    "RateLimitSnapshot",
    "RateLimitedError",
    "RequestCancelled",
    "RequestListener",
    "RequestPolicy",
    "RequestTimeoutError",
    "ServerError",
    "SystemClock",
    "UnknownAddressError",
    "WaitInfo",
    "WaitReason",
    "backoff_delay",
]
