"""What the service's answers mean: bodies read as pets, failures as :class:`PetStoreError`.

Everything here is a function of one response (or one transport failure): no state,
no I/O. :mod:`petdesk.api.sender` decides *when* an answer is final;
this module says what it is.
"""

from __future__ import annotations

import json
import re
import socket
import ssl
from collections.abc import Iterator
from typing import Any

import httpx
from pydantic import TypeAdapter, ValidationError

from petdesk.api.models import ErrorBody, Pet
from petdesk.core.errors import (
    AuthenticationError,
    BadRequestError,
    ConnectTimeoutError,
    ContractError,
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
from petdesk.core.wording import QT_TRANSLATE_NOOP

_PETS = TypeAdapter(list[Pet])
_WIRE_FIELDS = {"name": "name", "categoryId": "categoryId", "category_id": "categoryId",
                "status": "status"}
_FIELD_RE = re.compile(r"""['"`](name|categoryId|category_id|status)['"`]""")
#: Something that looks like a markup tag or entity (``<a href``, ``</b>``, ``&lt;``).
_MARKUP = re.compile(r"<[/!a-zA-Z]|&[#a-zA-Z0-9]{1,8};")
#: The name lookup's answers that mean "no such name" (the name server answered), as
#: opposed to "could not ask" (``EAI_AGAIN``: no network, no name server).
_NO_SUCH_NAME = frozenset(code for code in (getattr(socket, "EAI_NONAME", None),
                                            getattr(socket, "EAI_NODATA", None))
                          if code is not None)


# -- transport failures ---------------------------------------------------------------


def transport_error(
    exc: BaseException, method: str, url: httpx.URL
) -> tuple[PetStoreError, bool]:
    """Map a transport failure; the bool says whether the request may have left."""
    kw: dict[str, Any] = {"method": method, "url": str(url)}
    if isinstance(exc, httpx.ConnectTimeout | httpx.PoolTimeout):
        return ConnectTimeoutError(**kw), False
    if isinstance(exc, httpx.TimeoutException):
        return RequestTimeoutError(**kw), True
    if isinstance(exc, httpx.ConnectError):
        return _connect_error(exc, kw), False
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


def _connect_error(exc: httpx.ConnectError, kw: dict[str, Any]) -> PetStoreError:
    if _is_certificate_error(exc):
        return NetworkError(
            "The secure connection to the Pet Store service could not be verified. "
            "The network may be intercepting traffic.", **kw)
    if _is_unknown_name(exc):
        return UnknownAddressError(**kw)
    return NoConnectionError(**kw)


def outcome_unknown(cause: PetStoreError, method: str, url: httpx.URL) -> OutcomeUnknownError:
    """A POST's answer was cut off after it left (``cause``): the pet may have been added."""
    if isinstance(cause, RequestCancelled):
        message = ("Stopped. The pet may or may not have been added: the request had already "
                   "been sent. Refresh the list and check before adding it again.")
    else:
        message = None
    return OutcomeUnknownError(message, status_code=cause.status_code, method=method,
                               url=str(url), server_message=cause.server_message)


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


def _is_unknown_name(exc: BaseException) -> bool:
    return any(isinstance(c, socket.gaierror) and c.errno in _NO_SUCH_NAME
               for c in _causes(exc))


# -- error statuses -------------------------------------------------------------------


def error_for(response: httpx.Response, idempotent: bool, *, secret: str,
              rate_limit_wait: float) -> PetStoreError:
    """The error of a final non-2xx answer. ``secret`` is removed from server text;
    ``rate_limit_wait`` is how long the gate stays closed (what a 429 tells the user)."""
    status = response.status_code
    body, raw = _error_body(response)
    kw: dict[str, Any] = {
        "status_code": status,
        "code": body.code if body else None,
        "server_message": redact(body.message, secret) if body else None,
        "method": response.request.method,
        "url": str(response.request.url),
    }
    if status == 429:
        return RateLimitedError(
            "The Pet Store service is limiting requests. PetDesk paused sending for "
            f"{rate_limit_wait:.0f} s to keep your API key from being blocked; try again then.",
            retry_after=rate_limit_wait, **kw,
        )
    if status >= 500:
        return _server_error(idempotent, kw)
    if status == 400:
        return _bad_request(body, raw, kw)
    return _refusal(status, kw)


def _server_error(idempotent: bool, kw: dict[str, Any]) -> PetStoreError:
    if idempotent:
        return ServerError(**kw)
    error = OutcomeUnknownError(**kw)
    error.__cause__ = ServerError(**kw)
    return error


def _bad_request(body: ErrorBody | None, raw: Any, kw: dict[str, Any]) -> BadRequestError:
    detail = kw["server_message"]
    # Server text joins the sentence only when it is a sentence: markup (an HTML
    # page, a link) stays in the details, which the UI shows as plain text.
    message = (f"The Pet Store service did not accept this: {detail}"
               if detail and not _MARKUP.search(detail) else BadRequestError.user_message)
    return BadRequestError(message, field=_field_of(body, raw), **kw)


def _refusal(status: int, kw: dict[str, Any]) -> PetStoreError:
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


def _error_body(response: httpx.Response) -> tuple[ErrorBody | None, Any]:
    try:
        raw = json.loads(response.content)
    except (ValueError, RecursionError):  # RecursionError: absurdly deep nesting
        return None, None
    try:
        return ErrorBody.model_validate(raw), raw
    except ValidationError:
        return None, raw


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


# -- bodies ---------------------------------------------------------------------------


def parse_pets(response: httpx.Response) -> list[Pet]:
    """The body of ``GET /pets`` as pets, or :class:`ContractError`."""
    content = response.content
    if content[:1] == b"[" and "html" not in response.headers.get("content-type", "").lower():
        # Fast path: pydantic-core parses and validates the bytes in one go (no
        # intermediate dicts). On any problem, the path below decides what to say.
        try:
            return _PETS.validate_json(content)
        except ValidationError:
            pass
    data = _json(response)
    try:
        return _PETS.validate_python(data)
    except ValidationError as exc:
        raise ContractError(server_message=_summarise(exc), status_code=response.status_code,
                            url=str(response.request.url)) from None


def parse_pet(response: httpx.Response) -> Pet:
    """The body of a pet's answer as a :class:`Pet`, or :class:`ContractError`."""
    data = _json(response)
    try:
        return Pet.model_validate(data)
    except ValidationError as exc:
        raise ContractError(server_message=_summarise(exc), status_code=response.status_code,
                            url=str(response.request.url)) from None


def _json(response: httpx.Response) -> Any:
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


def _summarise(exc: ValidationError) -> str:
    """A short, value-free summary of a validation error (no payload echoed)."""
    parts = []
    for err in exc.errors()[:5]:
        loc = ".".join(str(p) for p in err["loc"]) or "(root)"
        parts.append(f"{loc}: {err['msg']}")
    more = exc.error_count() - len(parts)
    return "; ".join(parts) + (f"; and {more} more" if more > 0 else "")
