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

from .client import (
    USER_AGENT,
    PetLookup,
    PetPage,
    PetStoreClient,
)
from .deprecation import DOCUMENTED_SUNSET, DeprecationInfo
from .models import ErrorBody, NewPet, Pet
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
    "NAME_MAX_LENGTH",
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
