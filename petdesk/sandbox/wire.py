"""The HTTP side of a sandbox request: reading its query, path and body, writing errors.

Every check here raises :class:`HTTPError` with the code and the message the
docstring of :mod:`petdesk.sandbox.app` names ("Errors"), so the app turns the first
problem found into the Error body the client reads.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import parse_qs

from petdesk.sandbox.store import INT64_MAX, PET_STATUSES

API_PREFIX: Final = "/v1"
MAX_BODY_BYTES: Final = 64 * 1024
NAME_MAX_LENGTH: Final = 100
LIMIT_MIN: Final = 1
LIMIT_MAX: Final = 100
LIMIT_DEFAULT: Final = 20
#: Characters removed around names and not counted as content. Matches the
#: character class of the ``pattern`` of ``name`` in resources/openapi.yaml.
NAME_WHITESPACE: Final = (
    " \t\n\r\f\v\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)

ERROR_CODES: Final[dict[str, int]] = {
    "missing_field": 400,
    "invalid_value": 400,
    "invalid_json": 400,
    "invalid_content_type": 400,
    "body_too_large": 400,
    "unauthorized": 401,
    "not_found": 404,
    "method_not_allowed": 405,
    "rate_limited": 429,
    "key_temporarily_banned": 429,
    "internal_error": 500,
    "service_unavailable": 503,
}

_INTEGER_RE: Final = re.compile(r"-?[0-9]+")
_CURSOR_RE: Final = re.compile(r"[A-Za-z0-9_-]{11}")
_HOST_RE: Final = re.compile(r"(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


class HTTPError(Exception):
    def __init__(self, code: str, message: str, headers: list[tuple[str, str]] | None = None):
        super().__init__(message)
        self.code = code
        self.status = ERROR_CODES[code]
        self.message = message
        self.headers = headers or []


@dataclass(slots=True)
class Response:
    status: int
    body: bytes
    content_type: str = "application/json"
    headers: list[tuple[str, str]] = field(default_factory=list)


def json_bytes(data: object) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def error_response(err: HTTPError) -> Response:
    body = json_bytes({"code": err.code, "message": err.message, "status": err.status})
    return Response(err.status, body, headers=list(err.headers))


def pet_id(raw_id: str) -> int | None:
    """The ``petId`` of a path as a number; ``None`` for one too long to be an animal's."""
    if not _INTEGER_RE.fullmatch(raw_id):
        raise HTTPError("invalid_value", "Path parameter 'petId' must be an integer.")
    return int(raw_id) if len(raw_id) <= 20 else None


class Query:
    """The query string of ``GET /pets``, checked parameter by parameter."""

    def __init__(self, text: str) -> None:
        try:
            self._values = parse_qs(text, keep_blank_values=True, max_num_fields=50)
        except ValueError:
            raise HTTPError("invalid_value", "Too many query parameters.") from None

    def single(self, name: str) -> str | None:
        values = self._values.get(name)
        if values is None:
            return None
        if len(values) != 1:
            raise HTTPError("invalid_value", f"Query parameter '{name}' must be given once.")
        return values[0]

    def limit(self) -> int:
        raw = self.single("limit")
        if raw is None:
            return LIMIT_DEFAULT
        limit = 0  # anything unparsable is reported as out of range
        if _INTEGER_RE.fullmatch(raw) and len(raw.lstrip("-0")) <= 4:
            limit = int(raw)
        if not LIMIT_MIN <= limit <= LIMIT_MAX:
            raise HTTPError(
                "invalid_value",
                f"Query parameter 'limit' must be an integer from {LIMIT_MIN} to {LIMIT_MAX}.",
            )
        return limit

    def status(self) -> str | None:
        status = self.single("status")
        if status is not None and status not in PET_STATUSES:
            raise HTTPError(
                "invalid_value",
                "Query parameter 'status' must be one of: " + ", ".join(PET_STATUSES) + ".",
            )
        return status


def base_url(environ: dict[str, Any]) -> str:
    """Absolute URL of the API root (``.../v1``) as the client addressed it."""
    scheme = str(environ.get("wsgi.url_scheme", "http"))
    host = environ.get("HTTP_HOST")
    if not isinstance(host, str) or not _HOST_RE.fullmatch(host):
        server = str(environ.get("SERVER_NAME", "127.0.0.1"))
        if ":" in server and not server.startswith("["):
            server = f"[{server}]"
        port = str(environ.get("SERVER_PORT", ""))
        default = "443" if scheme == "https" else "80"
        host = server if port in ("", default) else f"{server}:{port}"
    return f"{scheme}://{host}{environ.get('SCRIPT_NAME', '')}{API_PREFIX}"


def encode_cursor(last_id: int) -> str:
    return base64.urlsafe_b64encode(last_id.to_bytes(8, "big")).decode("ascii").rstrip("=")


def decode_cursor(cursor: str) -> int:
    if not _CURSOR_RE.fullmatch(cursor):
        raise HTTPError("invalid_value", "Query parameter 'cursor' is not a valid paging cursor.")
    try:
        raw = base64.urlsafe_b64decode(cursor + "=")
    except (binascii.Error, ValueError):  # pragma: no cover - the pattern rules it out
        raise HTTPError(
            "invalid_value", "Query parameter 'cursor' is not a valid paging cursor."
        ) from None
    return int.from_bytes(raw, "big")


def read_body(environ: dict[str, Any]) -> bytes:
    raw_length = str(environ.get("CONTENT_LENGTH", "") or "0").strip()
    try:
        length = int(raw_length)
    except ValueError:
        raise HTTPError("invalid_json", "Invalid Content-Length.") from None
    if length > MAX_BODY_BYTES:
        raise HTTPError("body_too_large", f"The request body exceeds {MAX_BODY_BYTES} bytes.")
    if length <= 0:
        return b""
    stream = environ.get("wsgi.input")
    if stream is None:
        return b""
    data: bytes = stream.read(length)
    return data


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not allowed in JSON")


def parse_json(body: bytes) -> object:
    try:
        text = body.decode("utf-8")
        return json.loads(text, parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise HTTPError("invalid_json", "The request body is not valid JSON.") from None


def validate_new_pet(data: dict[str, Any]) -> tuple[str, int, str | None]:
    if "name" not in data:
        raise HTTPError("missing_field", "Field 'name' is required.")
    name = data["name"]
    if not isinstance(name, str):
        raise HTTPError("invalid_value", "Field 'name' must be a string.")
    if len(name) > NAME_MAX_LENGTH:
        raise HTTPError(
            "invalid_value", f"Field 'name' must be at most {NAME_MAX_LENGTH} characters long."
        )
    name = name.strip(NAME_WHITESPACE)
    if not name:
        raise HTTPError("invalid_value", "Field 'name' must not be blank.")
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise HTTPError("invalid_value", "Field 'name' must be valid Unicode text.") from None

    if "categoryId" not in data:
        raise HTTPError("missing_field", "Field 'categoryId' is required.")
    category_id = data["categoryId"]
    if isinstance(category_id, bool) or not isinstance(category_id, int):
        raise HTTPError("invalid_value", "Field 'categoryId' must be an integer.")
    if not 1 <= category_id <= INT64_MAX:
        raise HTTPError(
            "invalid_value", f"Field 'categoryId' must be an integer from 1 to {INT64_MAX}."
        )

    status = data.get("status")
    if "status" in data and status not in PET_STATUSES:
        raise HTTPError(
            "invalid_value", "Field 'status' must be one of: " + ", ".join(PET_STATUSES) + "."
        )
    return name, category_id, status
