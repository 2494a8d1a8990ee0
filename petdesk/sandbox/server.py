"""``petdesk-sandbox``: the sandbox served over real HTTP (standard library only).

A threaded ``http.server`` speaking HTTP/1.1 with keep-alive, which hands every
request to the same WSGI application (:class:`petdesk.sandbox.app.SandboxApp`)
that ``petdesk --demo`` calls in-process. An injected dropped connection
(:class:`~petdesk.sandbox.faults.ConnectionDropped`) closes the socket without any
answer.

Under load: the listen backlog is :data:`LISTEN_BACKLOG` (128), so 150 clients
connecting at once are all queued and answered (the default of 5 left some
without an answer for 25 s). A client gets :data:`HEADER_TIMEOUT` seconds (10)
from the first byte of a request to the end of its headers and body; one that
trickles its headers (slowloris) is disconnected then, so it cannot hold a thread
forever. Between requests an idle keep-alive connection is closed after 30 s.

Command line (``petdesk-sandbox --help``)::

    petdesk-sandbox [--host 127.0.0.1] [--port 8765] [--api-key KEY ...]
                    [--plan free|pro|business] [--rpm N] [--rpd N] [--window SECONDS]
                    [--day SECONDS]
                    [--db PATH | --db :memory:] [--reset]
                    [--retry-after-format seconds|http-date] [--no-rate-limit]
                    [--ban-after N] [--ban-seconds N] [--header-timeout SECONDS]
                    [--fault-... ] [--quiet]

On start it prints ``Pet Store sandbox at http://127.0.0.1:PORT/v1`` and one
``API key: KEY`` line per accepted key (a random key is generated when no
``--api-key`` is given). Ctrl+C (SIGINT) or SIGTERM stop it with exit code 0.
Request lines are logged to stderr unless ``--quiet``; headers (and so the API
key) are never logged.

"""

from __future__ import annotations

import argparse
import contextlib
import io
import secrets
import signal
import socket
import sys
import threading
from collections.abc import Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import FrameType
from typing import Any, Final
from urllib.parse import unquote

from petdesk.sandbox.app import SandboxApp
from petdesk.sandbox.config import PLANS, SandboxConfig
from petdesk.sandbox.faults import ConnectionDropped, FaultConfig
from petdesk.sandbox.store import Store, default_db_path

__all__ = ["DEFAULT_PORT", "HEADER_TIMEOUT", "LISTEN_BACKLOG", "SandboxHTTPServer", "main",
           "url_host"]

DEFAULT_PORT: Final = 8765
_MAX_REQUEST_BODY: Final = 1024 * 1024  # the app itself rejects bodies over 64 KiB
_IDLE_TIMEOUT: Final = 30.0
LISTEN_BACKLOG: Final = 128
HEADER_TIMEOUT: Final = 10.0


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "PetDeskSandbox/1.0"

    def version_string(self) -> str:
        return self.server_version

    timeout = _IDLE_TIMEOUT
    # Headers and body go out in two writes: with Nagle on, the body waits for the
    # client's delayed ACK of the headers (~40 ms per request over loopback).
    disable_nagle_algorithm = True
    server: SandboxHTTPServer

    def __getattr__(self, name: str) -> Any:
        # Every method (GET, POST, PUT, HEAD, OPTIONS, ...) goes to the WSGI app,
        # which answers 405 for the ones a path does not support.
        if name.startswith("do_"):
            return self._run_app
        raise AttributeError(name)

    def setup(self) -> None:
        super().setup()
        self.server.track(self.connection, add=True)
        self._deadline: threading.Timer | None = None

    def handle_one_request(self) -> None:
        # Wait for a request to start with the idle timeout; from its first byte the
        # whole request (line, headers, body) must arrive within the header timeout.
        try:
            started = self.rfile.peek(1)  # type: ignore[attr-defined]
        except OSError:
            started = b""
        if not started:
            self.close_connection = True
            return
        self._deadline = threading.Timer(self.server.header_timeout, self._cut_off)
        self._deadline.daemon = True
        self._deadline.start()
        try:
            super().handle_one_request()
        finally:
            self._request_read()

    def _request_read(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _cut_off(self) -> None:
        self.close_connection = True
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RDWR)

    def finish(self) -> None:
        try:
            super().finish()
        finally:
            self.server.track(self.connection, add=False)

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.log_requests:
            sys.stderr.write(f"{self.address_string()} - {format % args}\n")

    def _read_body(self) -> tuple[bytes, str | None]:
        """The request body and, when it could not be read, the CONTENT_LENGTH to
        show the app instead (the app then answers 400 with all its headers, and
        the connection is closed because the body was not consumed)."""
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            return self._read_chunked()
        raw = self.headers.get("Content-Length")
        if raw is None:
            return b"", None
        try:
            length = int(raw)
        except ValueError:
            return b"", "invalid"
        if length < 0:
            return b"", "invalid"
        if length > _MAX_REQUEST_BODY:
            return b"", str(length)
        return (self.rfile.read(length) if length else b""), None

    def _read_chunked(self) -> tuple[bytes, str | None]:
        chunks: list[bytes] = []
        total = 0
        while True:
            line = self.rfile.readline(1024)
            try:
                size = int(line.split(b";")[0].strip(), 16)
            except ValueError:
                return b"", "invalid"
            if size < 0:
                return b"", "invalid"
            if size == 0:
                while self.rfile.readline(1024) not in (b"\r\n", b"\n", b""):
                    pass
                return b"".join(chunks), None
            total += size
            if total > _MAX_REQUEST_BODY:
                return b"", str(total)
            chunks.append(self.rfile.read(size))
            self.rfile.readline(1024)

    def _environ(self, body: bytes, content_length: str | None) -> dict[str, Any]:
        path, _, query = self.path.partition("?")
        if "://" in path:  # absolute-form request target
            path = "/" + path.split("://", 1)[1].partition("/")[2]
        host, port = self.server.server_address[:2]
        environ: dict[str, Any] = {
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": True,
            "wsgi.multiprocess": False,
            "wsgi.run_once": False,
            "REQUEST_METHOD": self.command,
            "SCRIPT_NAME": "",
            "PATH_INFO": unquote(path, encoding="latin-1"),
            "QUERY_STRING": query,
            "SERVER_NAME": str(host),
            "SERVER_PORT": str(port),
            "SERVER_PROTOCOL": self.request_version,
            "REMOTE_ADDR": self.client_address[0],
            "CONTENT_LENGTH": content_length if content_length is not None else str(len(body)),
        }
        content_type = self.headers.get("Content-Type")
        if content_type is not None:
            environ["CONTENT_TYPE"] = content_type
        for name, value in self.headers.items():
            key = name.upper().replace("-", "_")
            if key in ("CONTENT_TYPE", "CONTENT_LENGTH"):
                continue
            key = "HTTP_" + key
            environ[key] = f"{environ[key]},{value}" if key in environ else value
        return environ

    def _run_app(self) -> None:
        body, unread = self._read_body()
        self._request_read()
        if unread is not None:
            self.close_connection = True
        environ = self._environ(body, unread)
        captured: dict[str, Any] = {}

        def start_response(
            status: str, headers: list[tuple[str, str]], exc_info: Any = None
        ) -> Any:
            captured["status"] = status
            captured["headers"] = headers
            return lambda data: None

        try:
            chunks = self.server.app(environ, start_response)
            payload = b"".join(chunks)
        except ConnectionDropped:
            self.close_connection = True
            with contextlib.suppress(OSError):
                self.connection.shutdown(socket.SHUT_RDWR)
            return
        status = str(captured["status"])
        code_text, _, reason = status.partition(" ")
        self.send_response_only(int(code_text), reason)
        names = set()
        for name, value in captured["headers"]:
            names.add(name.lower())
            self.send_header(name, value)
        if "content-length" not in names:
            self.send_header("Content-Length", str(len(payload)))
        self.send_header("Server", self.version_string())
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)
        self.wfile.flush()
        self.log_request(int(code_text), len(payload))


class SandboxHTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = LISTEN_BACKLOG

    def __init__(
        self,
        address: tuple[str, int],
        app: SandboxApp,
        *,
        log_requests: bool,
        header_timeout: float = HEADER_TIMEOUT,
    ) -> None:
        self.app = app
        self.log_requests = log_requests
        self.header_timeout = header_timeout
        self._connections: set[socket.socket] = set()
        self._connections_lock = threading.Lock()
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, _Handler)

    def track(self, conn: socket.socket, *, add: bool) -> None:
        with self._connections_lock:
            if add:
                self._connections.add(conn)
            else:
                self._connections.discard(conn)

    def close_connections(self) -> None:
        with self._connections_lock:
            conns = list(self._connections)
            self._connections.clear()
        for conn in conns:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)

    def handle_error(self, request: Any, client_address: Any) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, TimeoutError, OSError)):
            return  # the client went away; nothing to report
        if self.log_requests:
            super().handle_error(request, client_address)


def url_host(host: str) -> str:
    """``host`` as it is written in a URL (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host


# ---------------------------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------------------------


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be a positive integer")
    return value


def _rate(text: str) -> float:
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError("must be between 0 and 1")
    return value


def _build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="petdesk-sandbox",
        description="Serve the embedded Pet Store sandbox over HTTP on loopback.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    p.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0 = free)"
    )
    p.add_argument(
        "--api-key",
        action="append",
        dest="api_keys",
        metavar="KEY",
        help="accepted bearer key (repeatable; default: one random key, printed)",
    )
    p.add_argument("--plan", choices=sorted(PLANS), default="free", help="rate-limit plan")
    p.add_argument("--rpm", type=_positive_int, help="requests allowed per window (custom plan)")
    p.add_argument("--rpd", type=_positive_int, help="requests allowed per day (custom plan)")
    p.add_argument(
        "--window", type=_positive_int, default=60, help="rate-limit window in seconds (60)"
    )
    p.add_argument(
        "--day",
        type=_positive_int,
        default=86_400,
        metavar="SECONDS",
        help="length of the day the per-day quota counts (86400); with --window, runs a "
        "plan on a faster clock, e.g. --window 1 --day 1440 is the plan 60 times faster",
    )
    p.add_argument(
        "--db",
        default=None,
        help="SQLite file (default: the PetDesk data directory); ':memory:' for none",
    )
    p.add_argument("--reset", action="store_true", help="delete all animals and re-seed")
    p.add_argument(
        "--retry-after-format",
        choices=("seconds", "http-date"),
        default="seconds",
        help="Retry-After as delay-seconds (default) or HTTP-date",
    )
    p.add_argument("--no-rate-limit", action="store_true", help="switch rate limiting off")
    p.add_argument(
        "--ban-after",
        type=int,
        default=3,
        metavar="N",
        help="ban a key on its N-th request during Retry-After (0 = never; default 3)",
    )
    p.add_argument(
        "--ban-seconds", type=_positive_int, default=300, help="ban length (default 300)"
    )
    faults = p.add_argument_group("fault injection (off by default)")
    faults.add_argument("--fault-latency", type=float, default=0.0, metavar="SECONDS")
    faults.add_argument("--fault-error-rate", type=_rate, default=0.0, metavar="SHARE")
    faults.add_argument("--fault-malformed-rate", type=_rate, default=0.0, metavar="SHARE")
    faults.add_argument("--fault-drop-rate", type=_rate, default=0.0, metavar="SHARE",
                        help="drop the connection before processing (nothing is done)")
    faults.add_argument("--fault-drop-after-commit-rate", type=_rate, default=0.0,
                        metavar="SHARE",
                        help="process the request (a POST adds its pet), then drop the "
                             "connection before the answer")
    faults.add_argument("--fault-429-rate", type=_rate, default=0.0, metavar="SHARE")
    faults.add_argument("--fault-seed", type=int, default=0, metavar="N")
    p.add_argument("--header-timeout", type=float, default=HEADER_TIMEOUT, metavar="SECONDS",
                   help=f"time allowed to send a request's headers and body ({HEADER_TIMEOUT:g})")
    p.add_argument("--quiet", action="store_true", help="do not log requests to stderr")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = _build_parser().parse_args(argv)
    plan = PLANS[args.plan]
    try:
        faults = FaultConfig(
            latency_seconds=args.fault_latency,
            error_rate=args.fault_error_rate,
            malformed_json_rate=args.fault_malformed_rate,
            drop_connection_rate=args.fault_drop_rate,
            drop_after_commit_rate=args.fault_drop_after_commit_rate,
            rate_limit_rate=args.fault_429_rate,
            seed=args.fault_seed,
        )
        config = SandboxConfig(
            api_keys=tuple(args.api_keys or (secrets.token_urlsafe(24),)),
            requests_per_window=args.rpm or plan.requests_per_minute,
            requests_per_day=args.rpd or plan.requests_per_day,
            window_seconds=args.window,
            day_seconds=args.day,
            rate_limit_enabled=not args.no_rate_limit,
            retry_after_format=args.retry_after_format,
            ban_after_early_requests=args.ban_after,
            ban_seconds=args.ban_seconds,
            faults=faults,
        )
    except ValueError as exc:
        print(f"petdesk-sandbox: {exc}", file=sys.stderr)
        return 2

    db = args.db if args.db is not None else str(default_db_path())
    store = Store(None if db == ":memory:" else Path(db))
    try:
        if args.reset and not store.created:
            store.reset()
        app = SandboxApp(config, store)
        try:
            httpd = SandboxHTTPServer((args.host, args.port), app, log_requests=not args.quiet,
                                       header_timeout=args.header_timeout)
        except OSError as exc:
            print(
                f"petdesk-sandbox: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr
            )
            return 1
        return _serve(httpd, config, store, db)
    finally:
        store.close()


def _serve(httpd: SandboxHTTPServer, config: SandboxConfig, store: Store, db: str) -> int:
    host, port = str(httpd.server_address[0]), int(httpd.server_address[1])

    stopping = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        # Never raise from here: the signal may land anywhere in serve_forever
        # (socketserver catches Exception around request handling). Ask the
        # serving loop to end from another thread instead; it ends within one poll.
        if not stopping.is_set():
            stopping.set()
            threading.Thread(target=httpd.shutdown, daemon=True).start()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        print(f"Pet Store sandbox at http://{url_host(host)}:{port}/v1")
        for key in config.api_keys:
            print(f"API key: {key}")
        if config.rate_limit_enabled:
            print(
                f"Rate limit: {config.requests_per_window} requests per "
                f"{config.window_seconds} s, {config.requests_per_day} per day"
            )
        else:
            print("Rate limit: off")
        print(f"Database: {db} ({store.count()} animals)")
        print("Press Ctrl+C to stop.", flush=True)
        httpd.serve_forever(poll_interval=0.2)
        return 0
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        httpd.close_connections()
        httpd.server_close()
        print("Sandbox stopped.", flush=True)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
