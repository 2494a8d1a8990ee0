"""Run ``petdesk-sandbox`` as a child process and read its banner."""

from __future__ import annotations

import queue
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO

BIN = Path(sys.executable).parent
URL_LINE = re.compile(r"^Pet Store sandbox at (http://127\.0\.0\.1:(\d+)/v1)$")


def sandbox_command() -> list[str]:
    exe = BIN / "petdesk-sandbox"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "petdesk.sandbox.server"]


def schemathesis_command() -> list[str]:
    exe = BIN / "schemathesis"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "schemathesis.cli"]


class SandboxProcess:
    """``petdesk-sandbox --port 0 --quiet ARGS``; ``banner()`` waits for it to listen."""

    def __init__(self, *args: str, quiet: bool = True) -> None:
        extra = ["--quiet"] if quiet else []
        self.proc = subprocess.Popen(
            [*sandbox_command(), "--port", "0", *extra, *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.stdout_lines: list[str] = []
        self.stderr_lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        assert self.proc.stdout is not None
        assert self.proc.stderr is not None
        self._readers = [
            threading.Thread(target=self._pump, args=(self.proc.stdout, True), daemon=True),
            threading.Thread(target=self._pump, args=(self.proc.stderr, False), daemon=True),
        ]
        for t in self._readers:
            t.start()
        self.base_url = ""
        self.port = 0
        self.api_keys: list[str] = []
        self.banner_lines: list[str] = []

    def _pump(self, stream: IO[str], is_stdout: bool) -> None:
        for line in stream:
            line = line.rstrip("\n")
            if is_stdout:
                self.stdout_lines.append(line)
                self._queue.put(line)
            else:
                self.stderr_lines.append(line)
        if is_stdout:
            self._queue.put(None)

    def banner(self, timeout: float = 30.0) -> str:
        """Wait for the start-up banner; returns the base URL."""
        while True:
            try:
                line = self._queue.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"no banner; stderr: {self.stderr_lines}") from None
            if line is None:
                raise AssertionError(
                    f"exited early ({self.proc.wait()}): {self.stdout_lines} {self.stderr_lines}"
                )
            self.banner_lines.append(line)
            match = URL_LINE.match(line)
            if match:
                self.base_url, self.port = match.group(1), int(match.group(2))
            elif line.startswith("API key: "):
                self.api_keys.append(line.removeprefix("API key: "))
            elif line == "Press Ctrl+C to stop.":
                assert self.base_url, self.banner_lines
                return self.base_url

    def stop(self, sig: signal.Signals = signal.SIGINT, timeout: float = 20.0) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise
        finally:
            for t in self._readers:
                t.join(timeout=5)
            for stream in (self.proc.stdout, self.proc.stderr):
                if stream is not None:
                    stream.close()
        return code

    def wait_exit(self, timeout: float = 20.0) -> int:
        """Wait for the process to end by itself (e.g. on a command-line error)."""
        code = self.proc.wait(timeout=timeout)
        for t in self._readers:
            t.join(timeout=5)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
        return code

    def __enter__(self) -> SandboxProcess:
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.proc.poll() is None:
            self.stop()
        else:
            self.wait_exit(5)
