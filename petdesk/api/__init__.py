"""Qt-free client of the Pet Store service (contract: spec/pet-store-service.md).

Nothing here imports Qt: the package can be scripted and tested on its own.
"""

from .client import (
    LIMIT_DEFAULT,
    LIMIT_MAX,
    LIMIT_MIN,
    USER_AGENT,
    PetLookup,
    PetPage,
    PetStoreClient,
)
from .deprecation import DOCUMENTED_SUNSET, DeprecationInfo
from .errors import (
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
from .models import INT64_MAX, NAME_MAX_LENGTH, ErrorBody, NewPet, Pet, PetStatus
from .policy import (
    CancelToken,
    Clock,
    RateLimitGate,
    RequestListener,
    RequestPolicy,
    SystemClock,
    WaitInfo,
    WaitReason,
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
