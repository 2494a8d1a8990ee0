"""A hostile Pet Store on 127.0.0.1: scripted misbehaviour over real sockets.

Standard library only (``socket``, ``threading``). One :class:`HostileServer`
listens on a free loopback port and answers every request with whatever its
*script* says: a callable ``(Seen) -> Behaviour`` (or one fixed behaviour). A
test switches the script at any time with :meth:`HostileServer.script` — the
usual pattern is "misbehave, then :meth:`HostileServer.behave` and check that
the next action works".

Behaviours (each one is a small object; :func:`good` builds the correct replies):

* :class:`Reply`: a full response (any status, headers, body), keep-alive.
* :class:`Truncated`: ``Content-Length`` larger than what is sent, then close.
* :class:`Reset`: read the request, then close with ``SO_LINGER 0`` (a TCP RST).
* :class:`Hang`: accept the request and never answer; the connection is held
  until :meth:`HostileServer.stop` (the fixture's teardown) releases it.
* :class:`Stream`: headers, then a body produced piece by piece (with a pause
  between pieces, chunked or with a ``Content-Length``): a body trickled at
  1 byte/s (:func:`trickle`), 200 MB (:func:`huge_body`), an endless chunked
  stream (:func:`endless_chunked`), a gzip bomb (:func:`gzip_bomb`).
  :attr:`HostileServer.body_bytes_sent` counts what actually went out.

Every request is recorded as a :class:`Seen` with its arrival time on
``time.monotonic()`` (the clock the client's waits use).

**Ban watcher.** Every 429 the server sends with a ``Retry-After`` it can read
(delay-seconds or an HTTP-date) *announces a window*: from the moment the reply
was sent until the moment named. :attr:`HostileServer.early` lists every request
that arrived inside any announced window — a client that honours ``Retry-After``
keeps it empty. Windows of other statuses (503) are recorded separately in
:attr:`HostileServer.windows` with their status, for gap checks.

The server never leaves a thread behind: :meth:`stop` closes the listener and
every connection (hanging ones included) and joins all threads, failing loudly
if one does not end.
"""

from __future__ import annotations

import contextlib
import json
import math
import socket
import struct
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from email.utils import formatdate, parsedate_to_datetime
from typing import Any

__all__ = [
    "Behaviour",
    "Hang",
    "HostileServer",
    "QuotaScript",
    "Reply",
    "Reset",
    "Seen",
    "Stream",
    "Truncated",
    "Window",
    "endless_chunked",
    "error_reply",
    "good",
    "gzip_bomb",
    "gzip_reply",
    "hostile_server",
    "huge_body",
    "pet_json",
    "rate_limited",
    "trickle",
]

_REASONS = {
    200: "OK", 201: "Created", 301: "Moved Permanently", 302: "Found",
    307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request",
    401: "Unauthorized", 404: "Not Found", 429: "Too Many Requests",
    500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
}
_POLL = 0.05
_MAX_HEAD = 64 * 1024


# -- what the server saw ---------------------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """One request as it arrived."""

    method: str
    path: str  # with the query string
    headers: dict[str, str]  # lower-case names
    body: bytes
    arrived: float  # time.monotonic()
    connection: int  # serial number of the TCP connection it came on

    @property
    def authorization(self) -> str | None:
        return self.headers.get("authorization")

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass(frozen=True)
class Window:
    """A wait the server announced with ``Retry-After`` (monotonic times)."""

    status: int
    start: float
    end: float

    def contains(self, t: float) -> bool:
        return self.start < t < self.end


# -- behaviours ---------------------------------------------------------------------------


class Behaviour:
    """What the server does with one request.

    ``acts`` says whether the server may have acted on a POST answered this way
    (created a pet): a client must never send the same POST again after one.
    """

    name = "behaviour"
    acts = True

    def run(self, conn: socket.socket, seen: Seen, server: HostileServer) -> bool:
        """Do it; return True to keep the connection open for the next request."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name


@dataclass(repr=False)
class Reply(Behaviour):
    status: int
    body: bytes = b""
    headers: list[tuple[str, str]] = field(default_factory=list)
    content_type: str | None = "application/json"
    close: bool = False
    #: Send a ``Date`` header (the real time) unless the headers carry one.
    date: bool = True

    @property
    def name(self) -> str:  # type: ignore[override]
        return f"reply {self.status}"

    @property
    def acts(self) -> bool:  # type: ignore[override]
        # 2xx and 5xx: the server may have done the work. 3xx and 4xx: it did not.
        return self.status < 300 or self.status >= 500

    def head(self, content_length: int) -> bytes:
        lines = [f"HTTP/1.1 {self.status} {_REASONS.get(self.status, 'Whatever')}"]
        names = {name.lower() for name, _ in self.headers}
        if self.content_type and "content-type" not in names:
            lines.append(f"Content-Type: {self.content_type}")
        if self.date and "date" not in names:
            lines.append(f"Date: {formatdate(time.time(), usegmt=True)}")
        lines += [f"{name}: {value}" for name, value in self.headers]
        lines.append(f"Content-Length: {content_length}")
        if self.close:
            lines.append("Connection: close")
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")

    def run(self, conn: socket.socket, seen: Seen, server: HostileServer) -> bool:
        payload = self.head(len(self.body)) + (b"" if seen.method == "HEAD" else self.body)
        server.note_reply(self)
        conn.sendall(payload)
        return not self.close


@dataclass(repr=False)
class Truncated(Behaviour):
    """Promise ``declared`` bytes, send ``body`` (fewer), close."""

    status: int = 200
    body: bytes = b'[{"id": 1, "name": "Re'
    declared: int = 4096
    name = "truncated body"

    def run(self, conn: socket.socket, seen: Seen, server: HostileServer) -> bool:
        head = Reply(self.status).head(self.declared)
        conn.sendall(head + self.body)
        return False


class Reset(Behaviour):
    """Read the request, then reset the connection (RST, no answer)."""

    name = "connection reset"

    def run(self, conn: socket.socket, seen: Seen, server: HostileServer) -> bool:
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        return False


class Hang(Behaviour):
    """Never answer: hold the connection until the server stops."""

    name = "never answers"

    def run(self, conn: socket.socket, seen: Seen, server: HostileServer) -> bool:
        server.hung.set()
        server.stopping.wait()
        return False


@dataclass(repr=False)
class Stream(Behaviour):
    """Headers, then the pieces ``body()`` yields, ``pause`` seconds apart.

    ``length`` is the ``Content-Length`` announced; ``None`` sends the body chunked.
    Stops when the client goes away or the server stops.
    """

    body: Callable[[], Iterator[bytes]]
    length: int | None = None
    status: int = 200
    headers: list[tuple[str, str]] = field(default_factory=list)
    pause: float = 0.0
    name = "streamed body"

    def run(self, conn: socket.socket, seen: Seen, server: HostileServer) -> bool:
        lines = [f"HTTP/1.1 {self.status} {_REASONS.get(self.status, 'Whatever')}",
                 "Content-Type: application/json",
                 f"Date: {formatdate(time.time(), usegmt=True)}"]
        lines += [f"{name}: {value}" for name, value in self.headers]
        lines.append(f"Content-Length: {self.length}" if self.length is not None
                     else "Transfer-Encoding: chunked")
        conn.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        conn.settimeout(5.0)  # a client that stops reading: give up, do not spin
        for piece in self.body():
            if server.stopping.is_set():
                return False
            frame = piece if self.length is not None else (
                f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
            conn.sendall(frame)
            server.note_sent(len(piece))
            if self.pause and server.stopping.wait(self.pause):
                return False
        if self.length is None:
            conn.sendall(b"0\r\n\r\n")
        return False


def trickle(body: bytes, interval: float) -> Stream:
    """``body`` one byte at a time, ``interval`` seconds apart (1 byte/s: interval 1)."""
    return Stream(lambda: (body[i:i + 1] for i in range(len(body))), len(body),
                  pause=interval)


_PIECE = 64 * 1024


def _spaces(total: int | None) -> Iterator[bytes]:
    """A JSON array of nothing but whitespace: ``[`` and then ``total`` bytes (None: forever)."""
    yield b"["
    sent = 1
    blank = b" " * _PIECE
    while total is None or sent < total:
        piece = blank if total is None else blank[: min(_PIECE, total - sent)]
        sent += len(piece)
        yield piece


def huge_body(size: int = 200 * 1024 * 1024) -> Stream:
    """``size`` bytes with a matching ``Content-Length``."""
    return Stream(lambda: _spaces(size), size)


def endless_chunked(limit: int | None = None) -> Stream:
    """A chunked body that never ends (or ends after ``limit`` bytes)."""
    return Stream(lambda: _spaces(limit), None)


def gzip_bomb(inflated: int) -> bytes:
    """A gzip member that inflates to ``inflated`` zero bytes (about 1/1000 of that)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    block = bytes(1024 * 1024)
    parts = [packer.compress(block) for _ in range(inflated // len(block))]
    parts.append(packer.flush())
    return b"".join(parts)


def gzip_reply(payload: bytes) -> Stream:
    """``payload`` (gzip bytes) sent as a ``Content-Encoding: gzip`` body."""
    return Stream(lambda: (payload[i:i + _PIECE] for i in range(0, len(payload), _PIECE)),
                  len(payload), headers=[("Content-Encoding", "gzip")])


# -- replies that make sense ----------------------------------------------------------------


def pet_json(pet_id: int = 1, name: str = "Rex", category_id: int = 1,
             status: str | None = "available") -> dict[str, Any]:
    pet: dict[str, Any] = {"id": pet_id, "name": name, "categoryId": category_id}
    if status is not None:
        pet["status"] = status
    return pet


def _json_reply(status: int, data: Any, headers: Iterable[tuple[str, str]] = ()) -> Reply:
    return Reply(status, json.dumps(data).encode(), list(headers))


def error_reply(status: int, code: str, message: str,
                headers: Iterable[tuple[str, str]] = ()) -> Reply:
    return _json_reply(status, {"code": code, "message": message, "status": status}, headers)


def good(seen: Seen) -> Behaviour:
    """The correct answer of the Pet Store for list, get and create."""
    path = seen.path.split("?", 1)[0]
    if seen.method == "POST" and path.endswith("/pets"):
        try:
            body = seen.json()
        except ValueError:
            return error_reply(400, "invalid_json", "The body is not JSON.")
        return _json_reply(201, pet_json(100, body.get("name", "?"), body.get("categoryId", 1),
                                         body.get("status")))
    if seen.method == "GET" and path.endswith("/pets"):
        return _json_reply(200, [pet_json(1), pet_json(2, "Mia", 2, "pending")])
    if seen.method == "GET" and "/pets/" in path:
        pet_id = path.rsplit("/", 1)[1]
        if pet_id.isdigit():
            return _json_reply(200, pet_json(int(pet_id)))
    return error_reply(404, "not_found", "No such thing.")


def rate_limited(retry_after: str | None,
                 headers: Iterable[tuple[str, str]] = ()) -> Reply:
    """A 429 with the given raw ``Retry-After`` value (None: no header)."""
    extra = list(headers)
    if retry_after is not None:
        extra.append(("Retry-After", retry_after))
    return error_reply(429, "rate_limited", "Rate limit exceeded.", extra)


class QuotaScript:
    """A rate-limited service: fixed windows of ``window`` seconds (aligned to Unix
    time), ``per_window`` requests in each. Over the quota: 429 with ``Retry-After``
    until the window ends (delay-seconds rounded up, or an HTTP-date). Good replies
    otherwise, with ``X-RateLimit-*`` headers when ``limit_headers``."""

    def __init__(self, per_window: int, retry_after: int = 1, *, http_date: bool = False,
                 limit_headers: bool = True) -> None:
        self.per_window = per_window
        self.window = retry_after
        self.http_date = http_date
        self.limit_headers = limit_headers
        self._lock = threading.Lock()
        self._current = -1
        self._used = 0
        self.limited = 0
        self.served = 0

    def __call__(self, seen: Seen) -> Behaviour:
        now = time.time()
        index = int(now // self.window)
        end = (index + 1) * self.window
        with self._lock:
            if index != self._current:
                self._current, self._used = index, 0
            if self._used >= self.per_window:
                self.limited += 1
                value = (formatdate(end, usegmt=True) if self.http_date
                         else str(max(1, math.ceil(end - now))))
                headers = ([("X-RateLimit-Limit", str(self.per_window)),
                            ("X-RateLimit-Remaining", "0"),
                            ("X-RateLimit-Reset", str(end))] if self.limit_headers else [])
                return rate_limited(value, headers)
            self._used += 1
            self.served += 1
            remaining = self.per_window - self._used
        reply = good(seen)
        if self.limit_headers and isinstance(reply, Reply):
            reply.headers += [("X-RateLimit-Limit", str(self.per_window)),
                              ("X-RateLimit-Remaining", str(remaining)),
                              ("X-RateLimit-Reset", str(end))]
        return reply


# -- the server ------------------------------------------------------------------------------


Script = Callable[[Seen], Behaviour]


class HostileServer:
    """A scripted HTTP/1.1 server on 127.0.0.1 (a free port). Use :func:`hostile_server`."""

    def __init__(self, script: Script | Behaviour | None = None, host: str = "127.0.0.1") -> None:
        self._lock = threading.Lock()
        self._script: Script = good
        self.script(script or good)
        self.requests: list[Seen] = []
        self.windows: list[Window] = []
        self.replies: list[Behaviour] = []
        self.stopping = threading.Event()
        self.hung = threading.Event()
        self._threads: list[threading.Thread] = []
        self._conns: set[socket.socket] = set()
        self._serial = 0
        #: Body bytes :class:`Stream` replies managed to send (before the client hung up).
        self.body_bytes_sent = 0
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind((host, 0))
        self._listener.listen(128)
        self._listener.settimeout(_POLL)
        self.host, self.port = self._listener.getsockname()[:2]
        self.origin = f"http://{host}:{self.port}"
        self.base_url = f"{self.origin}/v1"
        self._acceptor = threading.Thread(target=self._accept_loop, name="hostile-accept",
                                          daemon=True)
        self._acceptor.start()

    # -- scripting -----------------------------------------------------------------------

    def script(self, script: Script | Behaviour) -> None:
        """Answer every following request with ``script`` (a behaviour or a callable)."""
        chosen: Script = (lambda _seen: script) if isinstance(script, Behaviour) else script
        with self._lock:
            self._script = chosen

    def behave(self) -> None:
        """Switch to the correct Pet Store answers."""
        self.script(good)

    def note_reply(self, reply: Reply) -> None:
        """Record the wait a reply announces (called just before it is sent)."""
        if reply.status not in (429, 503):
            return
        raw = next((v for n, v in reply.headers if n.lower() == "retry-after"), None)
        seconds = _announced_seconds(raw)
        if seconds is None:
            return
        start = time.monotonic()
        with self._lock:
            self.windows.append(Window(reply.status, start, start + seconds))

    def note_sent(self, count: int) -> None:
        with self._lock:
            self.body_bytes_sent += count

    # -- what happened --------------------------------------------------------------------

    def seen(self, method: str | None = None) -> list[Seen]:
        with self._lock:
            return [s for s in self.requests if method is None or s.method == method]

    def count(self, method: str | None = None) -> int:
        return len(self.seen(method))

    @property
    def early(self) -> list[Seen]:
        """Requests that arrived inside a window announced by a 429 (the ban watcher)."""
        with self._lock:
            windows = [w for w in self.windows if w.status == 429]
            return [s for s in self.requests if any(w.contains(s.arrived) for w in windows)]

    def posts_after_action(self) -> int:
        """POSTs that arrived after a POST the server may have acted on."""
        with self._lock:
            pairs = list(zip(self.requests, self.replies, strict=False))
        acted = False
        repeats = 0
        for seen, behaviour in pairs:
            if seen.method != "POST":
                continue
            if acted:
                repeats += 1
            acted = acted or behaviour.acts
        return repeats

    def clear(self) -> None:
        with self._lock:
            self.requests.clear()
            self.replies.clear()

    # -- life cycle -----------------------------------------------------------------------

    def stop(self) -> None:
        """Release hanging requests, close everything, join every thread."""
        self.stopping.set()
        self._acceptor.join(timeout=5)
        self._listener.close()
        with self._lock:
            conns = list(self._conns)
        for conn in conns:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
        for thread in list(self._threads):
            thread.join(timeout=5)
        alive = [t.name for t in [self._acceptor, *self._threads] if t.is_alive()]
        assert not alive, f"hostile server threads still running: {alive}"

    def __enter__(self) -> HostileServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- internals ------------------------------------------------------------------------

    def _accept_loop(self) -> None:
        while not self.stopping.is_set():
            try:
                conn, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with self._lock:
                self._serial += 1
                serial = self._serial
                self._conns.add(conn)
            thread = threading.Thread(target=self._serve, args=(conn, serial),
                                      name=f"hostile-conn-{serial}", daemon=True)
            self._threads.append(thread)
            thread.start()

    def _serve(self, conn: socket.socket, serial: int) -> None:
        conn.settimeout(_POLL)
        buffer = b""
        try:
            while not self.stopping.is_set():
                parsed = self._read_request(conn, buffer, serial)
                if parsed is None:
                    return
                seen, buffer = parsed
                with self._lock:
                    script = self._script
                behaviour = script(seen)
                with self._lock:
                    self.requests.append(seen)
                    self.replies.append(behaviour)
                if not behaviour.run(conn, seen, self):
                    return
        except OSError:
            return
        finally:
            with self._lock:
                self._conns.discard(conn)
            conn.close()

    def _recv(self, conn: socket.socket) -> bytes | None:
        """One chunk; None when the peer closed or the server stops."""
        while not self.stopping.is_set():
            try:
                chunk = conn.recv(65536)
            except TimeoutError:
                continue
            return chunk or None
        return None

    def _read_request(self, conn: socket.socket, buffer: bytes,
                      serial: int) -> tuple[Seen, bytes] | None:
        while b"\r\n\r\n" not in buffer:
            if len(buffer) > _MAX_HEAD:
                return None
            chunk = self._recv(conn)
            if chunk is None:
                return None
            buffer += chunk
        arrived = time.monotonic()
        head, _, rest = buffer.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        method, path, _version = ([*lines[0].split(" "), "", ""])[:3]
        headers: dict[str, str] = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0") or 0)
        while len(rest) < length:
            chunk = self._recv(conn)
            if chunk is None:
                return None
            rest += chunk
        body, rest = rest[:length], rest[length:]
        return Seen(method, path, headers, body, arrived, serial), rest


def _announced_seconds(raw: str | None) -> float | None:
    """What a Retry-After value tells a client that reads it as RFC 9110 says."""
    if raw is None:
        return None
    text = raw.strip()
    if text.isdigit():
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, when.timestamp() - time.time())


@contextlib.contextmanager
def hostile_server(script: Script | Behaviour | None = None) -> Iterator[HostileServer]:
    server = HostileServer(script)
    try:
        yield server
    finally:
        server.stop()
