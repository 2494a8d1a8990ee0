"""The client's HTTP transport: interruptible sockets, one deadline per attempt, proxies.

``httpx.HTTPTransport`` cannot stop a read that is blocked in the socket: a
server that answers at 1 byte/s keeps a request alive for as long as each byte
comes within the read timeout, and nothing another thread does ends it sooner.
So :class:`PetDeskTransport` is built on httpcore's public API with a network
backend that remembers every socket it opened. :meth:`PetDeskTransport.interrupt`
shuts them down (``shutdown(SHUT_RDWR)``, safe from any thread); the blocked read
returns at once with an error, which the client turns into "stopped" or "took
too long". One client has at most one request on the wire, so interrupting all
of its sockets interrupts exactly that request (idle keep-alive connections are
dropped too and are simply reopened).

:class:`~petdesk.api.watchdog.Watchdog` is that other thread for deadlines: armed
with the attempt's timeout before the request leaves, it interrupts the transport
when the time is up, so the timeout bounds connect + headers + body together, not
each read. A connect (with its name lookup) runs on a short-lived helper thread, so
an interrupt ends the wait for it at once too.

The client imports this module (httpcore, truststore's context) when it builds its
first network transport, not for an injected one (tests, the demo's in-process
sandbox).

**Proxies** (:func:`proxy_for`):

* A service on this computer (:func:`petdesk.core.urls.is_this_computer`) never
  goes through a proxy, whatever ``HTTP_PROXY``, ``HTTPS_PROXY`` or ``ALL_PROXY``
  say: the request and its API key stay on the machine.
* An ``https://`` service goes through the proxy the system names for https
  (``urllib.request.getproxies()``: the environment variables, and on Windows
  and macOS the system settings), unless ``NO_PROXY`` (or the system's bypass
  list) exempts the host. Corporate networks need this. Through an ``http://``
  or ``https://`` proxy the connection is a ``CONNECT`` tunnel and TLS runs end to
  end with the service, verified against the operating system's trust store: a
  proxy that terminates TLS must present a certificate that store trusts (as an
  IT department's inspection proxy does, once its root is installed), otherwise
  the request fails as "could not be verified" and the key is never sent.
* Any other proxy scheme (``socks5://``, ...) is not used: every request fails
  with a plain message instead of silently bypassing a proxy the network requires.
"""

from __future__ import annotations

import contextlib
import socket
import ssl
import threading
import time
import urllib.request
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import httpcore
import httpx
import truststore

from petdesk.core.urls import is_this_computer

__all__ = ["PetDeskTransport", "proxy_for"]

#: httpcore exceptions and the httpx exceptions the client understands (most specific first).
_ERRORS: tuple[tuple[type[Exception], type[httpx.TransportError]], ...] = (
    (httpcore.ConnectTimeout, httpx.ConnectTimeout),
    (httpcore.ReadTimeout, httpx.ReadTimeout),
    (httpcore.WriteTimeout, httpx.WriteTimeout),
    (httpcore.PoolTimeout, httpx.PoolTimeout),
    (httpcore.TimeoutException, httpx.TimeoutException),
    (httpcore.ConnectError, httpx.ConnectError),
    (httpcore.ReadError, httpx.ReadError),
    (httpcore.WriteError, httpx.WriteError),
    (httpcore.NetworkError, httpx.NetworkError),
    (httpcore.ProxyError, httpx.ProxyError),
    (httpcore.UnsupportedProtocol, httpx.UnsupportedProtocol),
    (httpcore.LocalProtocolError, httpx.LocalProtocolError),
    (httpcore.RemoteProtocolError, httpx.RemoteProtocolError),
    (httpcore.ProtocolError, httpx.ProtocolError),
)


@contextlib.contextmanager
def _mapped() -> Iterator[None]:
    try:
        yield
    except tuple(source for source, _ in _ERRORS) as exc:
        for source, target in _ERRORS:
            if isinstance(exc, source):
                raise target(str(exc)) from exc
        raise httpx.TransportError(str(exc)) from exc  # pragma: no cover - all mapped above


def proxy_for(base_url: httpx.URL) -> str | None:
    """The proxy URL requests to ``base_url`` go through, or ``None`` for none.

    See the module docstring for the policy.
    """
    host = base_url.raw_host.decode("ascii", "replace")
    if is_this_computer(host) or base_url.scheme != "https":
        return None
    proxies = urllib.request.getproxies()
    proxy = proxies.get("https") or proxies.get("all")
    if not proxy or urllib.request.proxy_bypass(host):
        return None
    return proxy if "://" in proxy else f"http://{proxy}"  # "proxy.corp:3128" is common


class _Sockets:
    """The sockets of one transport, so another thread can shut them down."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        self._armed = False
        #: Set while interrupted: a connect in progress stops waiting.
        self.interrupted = threading.Event()

    def add(self, sock: socket.socket | None) -> None:
        if sock is None:
            return
        with self._lock:
            self._open.add(sock)
            interrupted = self._armed
        if interrupted:  # interrupted while connecting: the new socket is dead on arrival
            _shutdown(sock)

    def discard(self, sock: socket.socket | None) -> None:
        with self._lock:
            if sock is not None:
                self._open.discard(sock)

    def interrupt(self) -> None:
        with self._lock:
            self._armed = True
            socks = list(self._open)
        self.interrupted.set()
        for sock in socks:
            _shutdown(sock)

    def rearm(self) -> None:
        with self._lock:
            self._armed = False
        self.interrupted.clear()


def _shutdown(sock: socket.socket) -> None:
    # socket.socket.shutdown, not SSLSocket.shutdown: the latter also drops the TLS
    # object that the reading thread is using.
    with contextlib.suppress(OSError):
        socket.socket.shutdown(sock, socket.SHUT_RDWR)


class _TrackedStream(httpcore.NetworkStream):
    def __init__(self, inner: httpcore.NetworkStream, sockets: _Sockets) -> None:
        self._inner = inner
        self._sockets = sockets
        self._sock: socket.socket | None = inner.get_extra_info("socket")
        sockets.add(self._sock)

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, timeout)

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, timeout)

    def close(self) -> None:
        self._sockets.discard(self._sock)
        self._inner.close()

    def start_tls(
        self,
        ssl_context: ssl.SSLContext,
        server_hostname: str | None = None,
        timeout: float | None = None,
    ) -> httpcore.NetworkStream:
        self._sockets.discard(self._sock)
        return _TrackedStream(self._inner.start_tls(ssl_context, server_hostname, timeout),
                              self._sockets)

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


_CONNECT_POLL = 0.02


class _Connect:
    """One connect running on its own (daemon) thread."""

    def __init__(self, connect: Callable[[], httpcore.NetworkStream]) -> None:
        self.done = threading.Event()
        self._lock = threading.Lock()
        self._abandoned = False
        self._stream: httpcore.NetworkStream | None = None
        self._error: BaseException | None = None
        self._connect = connect
        threading.Thread(target=self._run, name="petdesk-connect", daemon=True).start()

    def _run(self) -> None:
        try:
            stream = self._connect()
        except BaseException as exc:  # handed to the caller
            self._error = exc
        else:
            with self._lock:
                abandoned = self._abandoned
                self._stream = stream
            if abandoned:
                stream.close()
        finally:
            self.done.set()

    def abandon(self) -> None:
        with self._lock:
            self._abandoned = True
            stream, self._stream = self._stream, None
        if stream is not None:
            stream.close()

    def result(self) -> httpcore.NetworkStream:
        if self._error is not None:
            raise self._error
        assert self._stream is not None
        return self._stream


class _TrackingBackend(httpcore.NetworkBackend):
    def __init__(self, sockets: _Sockets) -> None:
        self._inner = httpcore.SyncBackend()
        self._sockets = sockets

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        """Connect on a helper thread, so that an interrupt stops the wait at once.

        A name lookup or a connect to a host that drops packets blocks in the
        operating system, where no other thread can reach it. The caller waits for
        the helper instead; when interrupted it leaves, and the helper closes
        whatever it gets once its connect ends (within the connect timeout).
        """
        pending = _Connect(lambda: self._inner.connect_tcp(host, port, timeout, local_address,
                                                            socket_options))
        while not pending.done.wait(_CONNECT_POLL):
            if self._sockets.interrupted.is_set():
                pending.abandon()
                raise httpcore.ConnectError("the connect was interrupted")
        return _TrackedStream(pending.result(), self._sockets)

    def connect_unix_socket(
        self, path: str, timeout: float | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:  # pragma: no cover - PetDesk never uses Unix sockets
        raise httpcore.UnsupportedProtocol("Unix sockets are not used")

    def sleep(self, seconds: float) -> None:  # pragma: no cover - httpcore retries are off
        time.sleep(seconds)


class _Stream(httpx.SyncByteStream):
    def __init__(self, inner: Iterable[bytes]) -> None:
        self._inner = inner

    def __iter__(self) -> Iterator[bytes]:
        with _mapped():
            yield from self._inner

    def close(self) -> None:
        close = getattr(self._inner, "close", None)
        if close is not None:
            with _mapped():
                close()


class _Refused(httpx.BaseTransport):
    """A transport for a proxy PetDesk cannot use: every request fails plainly."""

    def __init__(self, proxy: str) -> None:
        self._scheme = proxy.partition("://")[0][:20] or "unknown"

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        raise httpx.ProxyError(f"unsupported proxy scheme {self._scheme!r}")


class PetDeskTransport(httpx.BaseTransport):
    """An ``httpx`` transport whose sockets another thread can shut down.

    ``proxy`` is the proxy URL (see :func:`proxy_for`) or ``None``.
    """

    def __init__(self, ssl_context: ssl.SSLContext, proxy: str | None = None) -> None:
        self._sockets = _Sockets()
        self.proxy = proxy
        backend = _TrackingBackend(self._sockets)
        self._refused: _Refused | None = None
        self._pool: httpcore.ConnectionPool
        if proxy is None:
            self._pool = httpcore.ConnectionPool(ssl_context=ssl_context, network_backend=backend,
                                                 max_connections=4)
            return
        try:
            url = httpx.URL(proxy)
        except httpx.InvalidURL:
            url = httpx.URL("invalid://proxy")
        if url.scheme not in ("http", "https") or not url.host:
            self._refused = _Refused(proxy)
            self._pool = httpcore.ConnectionPool(ssl_context=ssl_context, network_backend=backend)
            return
        auth = (url.username, url.password) if url.username else None
        self._pool = httpcore.HTTPProxy(
            proxy_url=str(url.copy_with(username=None, password=None)), proxy_auth=auth,
            ssl_context=ssl_context, network_backend=backend, max_connections=4,
        )

    def interrupt(self) -> None:
        """Shut down every socket (any thread): a blocked read or write fails at once.

        Sockets that finish connecting afterwards are shut down too, until :meth:`rearm`.
        """
        self._sockets.interrupt()

    def rearm(self) -> None:
        """Let new connections live again (call before the next attempt)."""
        self._sockets.rearm()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if self._refused is not None:
            return self._refused.handle_request(request)
        assert isinstance(request.stream, httpx.SyncByteStream)
        core_request = httpcore.Request(
            method=request.method,
            url=httpcore.URL(scheme=request.url.raw_scheme, host=request.url.raw_host,
                             port=request.url.port, target=request.url.raw_path),
            headers=request.headers.raw,
            content=request.stream,
            extensions=request.extensions,
        )
        with _mapped():
            response = self._pool.handle_request(core_request)
        assert isinstance(response.stream, Iterable)
        return httpx.Response(status_code=response.status, headers=response.headers,
                              stream=_Stream(response.stream), extensions=response.extensions)

    def close(self) -> None:
        self._pool.close()


def network_transport(base_url: httpx.URL) -> PetDeskTransport:
    """The transport of a client given none: sockets that can be interrupted, TLS
    verified against the OS trust store (Windows, macOS Keychain, the Linux CA bundle),
    the system's proxy for ``base_url``."""
    return PetDeskTransport(truststore.SSLContext(ssl.PROTOCOL_TLS_CLIENT), proxy_for(base_url))
