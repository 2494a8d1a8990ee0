"""The one error hierarchy of the Pet Store client.

``str(error)`` is a sentence a shelter worker understands; the technical detail
(HTTP status, server code, server message, URL, cause) stays on attributes and
in :meth:`PetStoreError.details`. No message, repr or detail ever contains the
API key: the client never puts it anywhere but the ``Authorization`` header, and
:func:`redact` scrubs it from anything that echoes it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from petdesk.core.wording import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from datetime import datetime


class PetStoreError(Exception):
    """Base of every error the client raises."""

    #: The sentence shown to the user.
    user_message: str = QT_TRANSLATE_NOOP(
        "PetStoreError",
            "Something went wrong while talking to the Pet Store service.")

    def __init__(
        self,
        message: str | None = None,
        *,
        status_code: int | None = None,
        code: str | None = None,
        server_message: str | None = None,
        url: str | None = None,
        method: str | None = None,
    ) -> None:
        self.user_message = message or type(self).user_message
        super().__init__(self.user_message)
        self.status_code = status_code
        self.code = code
        self.server_message = server_message
        self.url = url
        self.method = method

    def __str__(self) -> str:
        return self.user_message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.user_message!r}, status_code={self.status_code!r})"

    def details(self) -> str:
        """Technical detail for the "Show details" part of an error message."""
        lines = [f"Error type: {type(self).__name__}"]
        if self.method or self.url:
            lines.append(f"Request: {self.method or ''} {self.url or ''}".rstrip())
        if self.status_code is not None:
            lines.append(f"HTTP status: {self.status_code}")
        if self.code:
            lines.append(f"Server code: {self.code}")
        if self.server_message:
            lines.append(f"Server message: {self.server_message}")
        cause = self.__cause__
        if cause is not None:
            lines.append(f"Cause: {type(cause).__name__}: {cause}")
        return "\n".join(lines)


class BadRequestError(PetStoreError):
    """400: the service refused the values sent."""

    user_message = QT_TRANSLATE_NOOP(
        "PetStoreError",
            "The Pet Store service did not accept the values sent.")

    def __init__(
        self, message: str | None = None, *, field: str | None = None, **kw: object
    ) -> None:
        super().__init__(message, **kw)  # type: ignore[arg-type]
        #: The wire name of the field the server complained about, when it can be told.
        self.field = field


class AuthenticationError(PetStoreError):
    """401: the API key is missing or not accepted."""

    user_message = QT_TRANSLATE_NOOP(
        "PetStoreError",
            "The API key was not accepted. Open File › API key… to check it.")


class MissingKeyError(AuthenticationError):
    """No API key is known for the environment (nothing was sent)."""

    user_message = QT_TRANSLATE_NOOP(
        "PetStoreError",
            "No API key is set for this environment. Enter one to continue.")

    def __init__(self, message: str | None = None, *, problem: str | None = None) -> None:
        super().__init__(message)
        self.problem = problem

    def details(self) -> str:
        text = super().details()
        return f"{text}\nKeyring: {self.problem}" if self.problem else text


class NotFoundError(PetStoreError):
    """404: no such pet (or resource)."""

    user_message = QT_TRANSLATE_NOOP("PetStoreError", "No pet with that ID was found.")


class RateLimitedError(PetStoreError):
    """429: over the rate limit. ``retry_after`` says how long to wait (seconds)."""

    user_message = QT_TRANSLATE_NOOP(
        "PetStoreError",
            "The Pet Store service is limiting requests right now.")

    def __init__(
        self,
        message: str | None = None,
        *,
        retry_after: float,
        available_at: datetime | None = None,
        **kw: object,
    ) -> None:
        super().__init__(message, **kw)  # type: ignore[arg-type]
        self.retry_after = retry_after
        self.available_at = available_at


class ServerError(PetStoreError):
    """5xx: the service failed."""

    user_message = QT_TRANSLATE_NOOP(
        "PetStoreError",
            "The Pet Store service had a problem. Please try again in a moment.")


class NetworkError(PetStoreError):
    """The service could not be reached (DNS, refused, reset, TLS)."""

    user_message = QT_TRANSLATE_NOOP(
        "PetStoreError",
            "Could not reach the Pet Store service. Check the network connection.")


class NoConnectionError(NetworkError):
    """No connection could be made: refused, no route, the network is down, or the
    name server could not be asked."""


class UnknownAddressError(NetworkError):
    """The name server says no computer has the service address's name (DNS: no such
    name). Unlike "no network", trying again does not help: the address is wrong."""

    user_message = QT_TRANSLATE_NOOP(
        "PetStoreError",
        "The service address does not exist: no computer on the network has that name. "
        "Check the address in File › API key….")


class RequestTimeoutError(PetStoreError):
    """The service did not answer in time."""

    user_message = QT_TRANSLATE_NOOP(
        "PetStoreError",
            "The Pet Store service took too long to answer.")


class ConnectTimeoutError(RequestTimeoutError):
    """No connection could be made in time (nothing was sent): no network, or a host
    that drops packets."""

    user_message = QT_TRANSLATE_NOOP(
        "PetStoreError",
        "Could not connect to the Pet Store service in time.")


class ContractError(PetStoreError):
    """The response broke the contract: not JSON, wrong shape, an HTML page, a redirect."""

    user_message = QT_TRANSLATE_NOOP(
        "PetStoreError",
            "The Pet Store service sent an answer PetDesk could not understand.")


class OutcomeUnknownError(PetStoreError):
    """A create whose outcome cannot be known (read timeout, 5xx, dropped reply).

    It is never retried automatically: the service may have acted on it.
    """

    user_message = QT_TRANSLATE_NOOP(
        "PetStoreError",
        "The pet may or may not have been added: the service did not confirm it. "
        "Refresh the list and check before adding it again.")


class RequestCancelled(PetStoreError):
    """The request (or the wait before it) was cancelled by the user."""

    user_message = QT_TRANSLATE_NOOP("PetStoreError", "The request was stopped.")


class ConfigurationError(PetStoreError):
    """The client was set up with a value it refuses (e.g. plain http:// to a remote host)."""

    user_message = QT_TRANSLATE_NOOP(
        "PetStoreError",
            "PetDesk is not set up correctly for this service.")


def redact(text: str, secret: str | None) -> str:
    """Return ``text`` with every occurrence of ``secret`` replaced by ``***``."""
    if secret and secret in text:
        return text.replace(secret, "***")
    return text


class InvalidArgumentError(PetStoreError, ValueError):
    """An argument was refused before anything was sent (e.g. ``limit=0``)."""

    user_message = QT_TRANSLATE_NOOP(
        "PetStoreError",
            "That value cannot be sent to the Pet Store service.")
