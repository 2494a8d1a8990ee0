"""Numbers from the contract (spec sections 2 and 8) and PetDesk's own bounds."""

from __future__ import annotations

#: ``GET /pets`` ``limit``: minimum, maximum and default page size (spec 4.1, 8).
LIMIT_MIN = 1
LIMIT_MAX = 100
LIMIT_DEFAULT = 20

#: Identifiers are int64 (spec section 2).
INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)

#: The longest name PetDesk sends (the spec gives no bound; see petdesk.api.models).
NAME_MAX_LENGTH = 100
