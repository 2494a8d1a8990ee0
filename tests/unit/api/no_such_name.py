"""A transport for a host name that does not exist, without asking a name server.

A real lookup of even a reserved name (``petstore.invalid``) goes to the machine's
resolver, which may ask a name server elsewhere. This raises what the lookup raises
through httpcore and httpx instead: ``socket.gaierror`` (``EAI_NONAME``: "no such
name"; ``EAI_AGAIN``: "could not ask") as the argument of ``httpcore.ConnectError``,
which ``httpx.ConnectError`` is raised from — the same chain as a refused connect,
whose real form ``test_reach.py`` checks on loopback.
"""

from __future__ import annotations

import socket

import httpcore
import httpx


class NoSuchName(httpx.BaseTransport):
    def __init__(self, errno: int = socket.EAI_NONAME) -> None:
        self.errno = errno
        self.attempts = 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.attempts += 1
        try:
            try:
                raise socket.gaierror(self.errno, "Name or service not known")
            except OSError as exc:
                raise httpcore.ConnectError(exc) from None  # as httpcore's pool re-raises it
        except httpcore.ConnectError as exc:
            raise httpx.ConnectError(str(exc), request=request) from exc
