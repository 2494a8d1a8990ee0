"""A TCP relay on 127.0.0.1 in front of a server, whose line the test can cut: every
open connection ends at once and new ones are closed as soon as they arrive (a
dropped network, as the desk sees it), until it is joined again."""

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
        self._accepting = threading.Thread(target=self._accept, daemon=True)
        self._accepting.start()

    def cut(self) -> None:
        with self._lock:
            self._cut = True
            for sock in self._open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._open.clear()

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
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=_pump, args=(a, b), daemon=True).start()


def _pump(source: socket.socket, sink: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while data := source.recv(65536):
            sink.sendall(data)
    with contextlib.suppress(OSError):
        sink.shutdown(socket.SHUT_WR)


@contextlib.contextmanager
def cuttable_line(target: int) -> Iterator[CuttableLine]:
    line = CuttableLine(target)
    try:
        yield line
    finally:
        line.close()
