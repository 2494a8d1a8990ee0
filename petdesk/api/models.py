"""Pydantic models of the Pet Store contract (spec section 2).

Decisions where the spec is silent:

* ``name``: the spec only says "string, required". PetDesk strips surrounding
  whitespace, refuses an empty result ("must not be blank") and caps the length
  at :data:`NAME_MAX_LENGTH` characters, so a pasted 10 kB blob is a clear
  message instead of a request the service may mangle. Control characters
  (category Cc: NUL, ESC, ...) and invisible format characters (category Cf:
  bidi overrides such as U+202E, zero-width spaces and joiners, ...) are refused,
  each with its own message, so PetDesk never creates a name that reads as
  something it is not (``"\\u202egnp.exe"`` shows as "exe.png"). Any other
  Unicode (accents, right-to-left scripts, emoji) is fine; emoji sequences glued
  with the zero-width joiner (U+200D, itself Cf) are refused with the rest.
* ``categoryId``: int64 and positive (identifiers are assigned from 1). Booleans,
  floats and numeric strings are refused (strict), so ``True`` never becomes 1.
* ``status`` has no default (spec section 2): ``None`` means "not given" and is
  left out of the request body.
* Fields the server adds in a later version are tolerated and ignored
  (forward compatibility); a missing required field is a contract error.
"""

from __future__ import annotations

import os
import unicodedata
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, field_validator

from petdesk.core.limits import INT64_MAX, INT64_MIN, NAME_MAX_LENGTH
from petdesk.core.statuses import PetStatus
from petdesk.core.wording import QT_TRANSLATE_NOOP

# PetDesk runs no pydantic plugins (pydantic's documented switch): a plugin installed
# beside it would see every pet it validates, and looking for plugins reads the
# metadata of every installed package when the first model is built. Read then, so set
# before the models below; an environment that sets the variable keeps its choice.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

#: A positive int64 identifier (``id``, ``categoryId``, ``petId``).
PositiveInt64 = Annotated[StrictInt, Field(ge=1, le=INT64_MAX)]


def _check_name(value: str) -> str:
    stripped = value.strip()
    if not stripped:
        raise ValueError(QT_TRANSLATE_NOOP("PetRules", "must not be blank"))
    if len(stripped) > NAME_MAX_LENGTH:
        raise ValueError(QT_TRANSLATE_NOOP("PetRules", "must be at most {max} characters").format(
            max=NAME_MAX_LENGTH))
    categories = [unicodedata.category(ch) for ch in stripped]
    if "Cc" in categories:  # control characters first: the more common paste error
        ch = stripped[categories.index("Cc")]
        raise ValueError(QT_TRANSLATE_NOOP(
            "PetRules", "must not contain control characters (found U+{code})").format(
            code=f"{ord(ch):04X}"))
    if "Cf" in categories:
        ch = stripped[categories.index("Cf")]
        raise ValueError(QT_TRANSLATE_NOOP(
            "PetRules", "must not contain invisible formatting characters such as direction "
            "overrides or zero-width spaces (found U+{code})").format(code=f"{ord(ch):04X}"))
    return stripped


class _Model(BaseModel):
    model_config = ConfigDict(
        populate_by_name=True,
        extra="ignore",
        frozen=True,
        use_enum_values=False,
    )


class NewPet(_Model):
    """Request body of ``POST /pets`` (spec section 2, ``NewPet``): no ``id``."""

    name: str = Field(max_length=10_000)
    category_id: PositiveInt64 = Field(alias="categoryId")
    status: PetStatus | None = None

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return _check_name(value)

    def to_wire(self) -> dict[str, Any]:
        """The JSON body as sent: wire names, ``status`` omitted when not given."""
        return self.model_dump(by_alias=True, mode="json", exclude_none=True)


class Pet(_Model):
    """A pet as the service returns it (spec section 2, ``Pet``).

    Names coming *from* the server are not length-checked: PetDesk shows what the
    service stores, it does not refuse to display it.
    """

    id: Annotated[StrictInt, Field(ge=INT64_MIN, le=INT64_MAX)]
    name: str
    category_id: Annotated[StrictInt, Field(ge=INT64_MIN, le=INT64_MAX)] = Field(
        alias="categoryId"
    )
    status: PetStatus | None = None

    def to_wire(self) -> dict[str, Any]:
        return self.model_dump(by_alias=True, mode="json", exclude_none=True)


class ErrorBody(_Model):
    """The ``Error`` object (spec section 2) carried by every error response."""

    code: str
    message: str
    status: int
