"""Quitting is always clean: Ctrl+Q during a request that never answers, during a
long Retry-After wait, or during a keyring call that never returns, ends the process
with exit code 0 without waiting for the request, and no QThread is left to Qt's
teardown (which would abort with "QThread: Destroyed while thread is still running")."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.quitting import quit_during_request

KEY = "quit-test-key-0123456789"


class Server:
    """Accepts connections on loopback; ``mode`` "hang" never answers, "wait" answers
    429 with Retry-After: 120. Touches ``flag`` when a request arrived."""

    def __init__(self, mode: str, flag: Path) -> None:
        self.mode = mode
        self.flag = flag
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.conns: list[socket.socket] = []
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.conns.append(conn)
            conn.recv(65536)
            if self.mode == "wait":
                body = b'{"code":"rate_limited","status":429,"message":"Slow down."}'
                conn.sendall(b"HTTP/1.1 429 Too Many Requests\r\nRetry-After: 120\r\n"
                             b"Content-Type: application/json\r\nContent-Length: "
                             + str(len(body)).encode() + b"\r\n\r\n" + body)
            self.flag.touch()

    def close(self) -> None:
        self.sock.close()
        for conn in self.conns:
            conn.close()


@pytest.fixture(params=["hang", "wait", "keyring"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    box = Server(request.param, tmp_path / "request-arrived")
    yield box
    box.close()


def test_ctrl_q_during_a_hung_request_a_wait_or_a_keyring_call_exits_0_at_once(
        server: Server, tmp_path: Path) -> None:
    keyring = server.mode == "keyring"  # no key in the environment: the keyring hangs
    run = quit_during_request(
        f"http://127.0.0.1:{server.port}/v1", server.flag, key=None if keyring else KEY,
        extra_env={"PYTHON_KEYRING_BACKEND": "tests.helpers.hanging_keyring.HangingKeyring"}
        if keyring else None)
    # The request never ends (or Retry-After says 120 s): exiting at all proves the quit
    # did not wait for it.
    assert run.returncode == 0, run.stderr
    assert run.pressed, run.stderr
    assert "QThread" not in run.stderr and "Destroyed" not in run.stderr, run.stderr
