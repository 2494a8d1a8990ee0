"""Reading a response body with a bound on its *decoded* size.

:data:`MAX_BODY_BYTES` is 4 MiB. A full page of 100 pets is about 10 KB and an
error body a few hundred bytes, so the cap leaves 400 times the room the
contract needs: a page whose names run to ~40,000 characters each, or one pet
with a 1 MB name, still loads. At the same time the body, its JSON parse and
its validation together stay well under the 64 MiB of memory growth PetDesk
allows itself for one response, whatever the server sends.

The body is read as a stream and decompressed here, in steps of 64 KiB of
output (``zlib`` with ``max_length``), not by httpx's decoders, which inflate
each network chunk in one go (64 KiB of gzip can become 64 MiB). So a gzip
bomb, a 200 MB body or an endless chunked stream costs at most the cap plus one
step before reading stops with a :class:`ContractError`. Only ``gzip`` and
``deflate`` are asked for (``Accept-Encoding``); any other encoding is refused
the same way.
"""

from __future__ import annotations

import itertools
import zlib
from collections.abc import Callable, Iterable, Iterator

import httpx

from petdesk.core.errors import ContractError

__all__ = ["ACCEPT_ENCODING", "MAX_BODY_BYTES", "read_bounded"]

MAX_BODY_BYTES = 4 * 1024 * 1024
ACCEPT_ENCODING = "gzip, deflate"
_STEP = 64 * 1024
_DROPPED_HEADERS = {b"content-encoding", b"content-length", b"transfer-encoding"}


class _Inflater:
    """Incremental, bounded decompression of one content coding."""

    def __init__(self, coding: str) -> None:
        self._coding = coding
        self._zlib: zlib._Decompress | None = None
        self._first = coding == "deflate"
        if coding in ("gzip", "x-gzip"):
            self._zlib = zlib.decompressobj(zlib.MAX_WBITS | 16)
        elif coding == "deflate":
            self._zlib = zlib.decompressobj(zlib.MAX_WBITS)

    def feed(self, data: bytes) -> Iterator[bytes]:
        if self._zlib is None:
            yield data
            return
        pending = data
        while pending:
            try:
                out = self._zlib.decompress(pending, _STEP)
            except zlib.error:
                if self._first:
                    # "deflate" sent as a raw stream without the zlib wrapper.
                    self._zlib = zlib.decompressobj(-zlib.MAX_WBITS)
                    self._first = False
                    continue
                raise
            self._first = False
            pending = self._zlib.unconsumed_tail
            if self._zlib.eof:
                pending = b""
            yield out

    def finish(self) -> Iterator[bytes]:
        """Whatever output is still pending; the stream must have ended properly."""
        if self._zlib is None:
            return
        while not self._zlib.eof:
            out = self._zlib.decompress(self._zlib.unconsumed_tail, _STEP)
            if not out:
                raise zlib.error("the compressed stream ends early")
            yield out


def _coding(response: httpx.Response) -> str:
    codings = [c.strip().lower() for c in response.headers.get("content-encoding", "").split(",")]
    codings = [c for c in codings if c and c != "identity"]
    if not codings:
        return "identity"
    if len(codings) > 1 or codings[0] not in ("gzip", "x-gzip", "deflate"):
        raise _error(response, "The service sent its answer compressed in a way PetDesk "
                     "cannot read.", f"Content-Encoding: {', '.join(codings)[:80]}")
    return str(codings[0])


def _error(response: httpx.Response, message: str, detail: str) -> ContractError:
    return ContractError(message, status_code=response.status_code,
                         method=response.request.method, url=str(response.request.url),
                         server_message=detail)


def read_bounded(
    response: httpx.Response,
    check: Callable[[], None],
    limit: int = MAX_BODY_BYTES,
) -> httpx.Response:
    """Read ``response`` (opened with ``stream=True``) and return a complete copy.

    ``check`` is called after every network chunk and may raise (cancelled, past
    the deadline). Over ``limit`` decoded bytes, or a body that cannot be
    decoded: :class:`ContractError`. The copy carries the decoded body, the
    request and the headers minus the framing ones (``Content-Encoding``,
    ``Content-Length``, ``Transfer-Encoding``).
    """
    chunks: Iterable[bytes]
    if response.is_stream_consumed:
        # A transport that hands over a body already read and decoded (MockTransport).
        inflater, chunks = _Inflater("identity"), [response.content]
    else:
        inflater, chunks = _Inflater(_coding(response)), response.iter_raw()
    body = bytearray()
    try:
        for raw in itertools.chain(chunks, [None]):
            check()
            for piece in inflater.feed(raw) if raw is not None else inflater.finish():
                body += piece
                if len(body) > limit:
                    raise _too_large(response, limit)
    except zlib.error as exc:
        raise _error(response, "The service sent a compressed answer that could not be "
                     "unpacked.", "invalid compressed data") from exc
    if len(body) > limit:
        raise _too_large(response, limit)
    headers = [(k, v) for k, v in response.headers.raw if k.lower() not in _DROPPED_HEADERS]
    return httpx.Response(response.status_code, headers=headers, content=bytes(body),
                          request=response.request)


def _too_large(response: httpx.Response, limit: int) -> ContractError:
    return _error(
        response,
        f"The service sent an answer larger than PetDesk accepts ({limit // (1024 * 1024)} MB), "
        "so it was not read.",
        f"body over {limit} bytes",
    )
