"""A TCP relay on 127.0.0.1 in front of a server, whose line the test can cut: every
open connection ends at once and new ones are closed as soon as they arrive (a
dropped network, as the desk sees it), until it is joined again. It can also lose the
answer to one PostgreSQL COMMIT: the server commits, the connection drops before the
client hears so."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator


class CuttableLine:
    """Forwards ``127.0.0.1:port`` to ``127.0.0.1:target``; see the module docstring."""

    def __init__(self, target: int) -> None:
        self._target = target
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self._cut = False
        #: What a transaction must have sent for its COMMIT's answer to be lost.
        self._lose_commit_after: bytes | None = None
        #: The line is cut when that answer is lost (else only its connection drops).
        self._cut_with_commit = False
        self._accepting = threading.Thread(target=self._accept, daemon=True)
        self._accepting.start()

    def carry(self, address: str) -> str:
        """The database ``address`` (``postgresql://user@host:port/db``) reached through
        this line instead: the same database, the line's port."""
        host, _, rest = address.rpartition("@")[2].partition(":")
        return address.replace(f"{host}:{rest.partition('/')[0]}/", f"{host}:{self.port}/")

    def cut(self) -> None:
        with self._lock:
            self._cut = True
            for sock in self._open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._open.clear()

    def lose_commit_answer(self, after: bytes, *, then_cut: bool = False) -> None:
        """The next transaction that sends ``after`` (e.g. ``b"INSERT INTO outbox"``)
        is committed by the server, whose answer never arrives: its connection drops
        (``then_cut``: the whole line is cut then)."""
        with self._lock:
            self._lose_commit_after = after
            self._cut_with_commit = then_cut

    def join(self) -> None:
        with self._lock:
            self._cut = False

    def close(self) -> None:
        self.cut()
        self._listener.close()
        self._accepting.join(5)

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return  # closed
            with self._lock:
                if self._cut:
                    client.close()
                    continue
                try:
                    server = socket.create_connection(("127.0.0.1", self._target), timeout=5)
                except OSError:
                    client.close()
                    continue
                server.settimeout(None)
                self._open += [client, server]
            marked = threading.Event()  # this connection sent what loses its COMMIT's answer
            threading.Thread(target=self._requests, args=(client, server, marked),
                             daemon=True).start()
            threading.Thread(target=self._answers, args=(server, client, marked),
                             daemon=True).start()

    def _requests(self, source: socket.socket, sink: socket.socket,
                  marked: threading.Event) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                with self._lock:
                    after = self._lose_commit_after
                    if after is not None and after in data:
                        self._lose_commit_after = None
                        marked.set()
                sink.sendall(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_WR)

    def _answers(self, source: socket.socket, sink: socket.socket,
                 marked: threading.Event) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                at = data.find(_COMMITTED) if marked.is_set() else -1
                if at >= 0:
                    sink.sendall(data[:at])
                    if self._cut_with_commit:
                        self.cut()
                    for sock in (source, sink):
                        with contextlib.suppress(OSError):
                            sock.shutdown(socket.SHUT_RDWR)
                    return
                sink.sendall(data)
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_WR)


#: PostgreSQL's CommandComplete message for a COMMIT.
_COMMITTED = b"C\x00\x00\x00\x0bCOMMIT\x00"


@contextlib.contextmanager
def cuttable_line(target: int) -> Iterator[CuttableLine]:
    line = CuttableLine(target)
    try:
        yield line
    finally:
        line.close()
