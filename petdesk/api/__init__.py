"""Qt-free client of the Pet Store service (contract: spec/pet-store-service.md).

Nothing here imports Qt: the package can be scripted and tested on its own.
"""

from petdesk.core.clock import Clock, SystemClock
from petdesk.core.errors import (
    AuthenticationError,
    BadRequestError,
    ConfigurationError,
    ContractError,
    InvalidArgumentError,
    NetworkError,
    NotFoundError,
    OutcomeUnknownError,
    PetStoreError,
    RateLimitedError,
    RequestCancelled,
    RequestTimeoutError,
    ServerError,
)
from petdesk.core.limits import INT64_MAX, LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN, NAME_MAX_LENGTH
from petdesk.core.statuses import PetStatus
from petdesk.core.waits import WaitInfo, WaitReason

from .body import MAX_BODY_BYTES
from .client import (
    USER_AGENT,
    PetLookup,
    PetStoreClient,
)
from .deprecation import DOCUMENTED_SUNSET, DeprecationInfo
from .models import ErrorBody, NewPet, Pet
from .paging import REPEATED_PAGE_MESSAGE, PageTrail, PageUpdate, PagingEnd, PetPage
from .policy import (
    CancelToken,
    RateLimitGate,
    RequestListener,
    RequestPolicy,
    backoff_delay,
)
from .ratelimit import RateLimitSnapshot

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
    "ContractError",
    "DeprecationInfo",
    "ErrorBody",
    "InvalidArgumentError",
    "NetworkError",
    "NewPet",
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
    "WaitInfo",
    "WaitReason",
    "backoff_delay",
]
