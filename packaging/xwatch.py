"""Watch an X display from outside: when does a program's first window get painted?

Used by ``packaging/measure.py`` to time a frozen app's start-up without any hook in
the app: it starts its own ``Xvfb``, asks the X server (through ``libX11`` and
``libXdamage`` with :mod:`ctypes`, no Python X library needed) for

* ``CreateNotify`` / ``MapNotify`` of every top-level window (``SubstructureNotify``
  on the root window), and
* a ``DamageNotify`` (the DAMAGE extension, level *non-empty*) the first time anything
  is drawn into each new top-level window — Qt's xcb windows have no background
  (``back_pixmap None``), so the first damage is the app's first painted frame
  reaching the server.

A launch's figure is ``time.monotonic()`` just before spawning to the first damage
of the first top-level window that is mapped and not override-redirect (a menu or
tool tip would be): the main window painted, as the X server sees it.

Linux/X11 only; standard library only (``Xvfb`` and ``libXdamage.so.1`` come from
the distribution: ``xvfb``, ``libxdamage1``).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import select
import shutil
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

CREATE_NOTIFY = 16
MAP_NOTIFY = 19
SUBSTRUCTURE_NOTIFY_MASK = 1 << 19
DAMAGE_REPORT_NON_EMPTY = 3
_EVENT_LONGS = 24  # sizeof(XEvent) is 24 longs on every platform

_ErrorHandler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)


class XWatchError(RuntimeError):
    """The display could not be started or watched, or the app showed no window."""


@dataclass(frozen=True)
class Launch:
    """One launch: seconds from spawn to the main window mapped and first painted."""

    mapped: float
    painted: float


def _load(name: str) -> ctypes.CDLL:
    path = ctypes.util.find_library(name) or f"lib{name}.so"
    try:
        return ctypes.CDLL(path)
    except OSError as exc:
        raise XWatchError(f"lib{name} is missing ({exc}): install it from the distribution") \
            from exc


def _ignore_errors(_display: int | None, _event: int | None) -> int:
    return 0  # BadWindow for a window that is already gone: nothing to watch


class XDisplay:
    """A private ``Xvfb`` and one connection to it that watches new top-level windows."""

    def __init__(self, size: str = "1400x900x24") -> None:
        if shutil.which("Xvfb") is None:
            raise XWatchError("Xvfb is not installed (apt-get install xvfb)")
        read_fd, write_fd = os.pipe()
        self._server = subprocess.Popen(  # noqa: S603
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", size, "-nolisten", "tcp"],  # noqa: S607
            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(write_fd)
        try:
            number = self._read_display_number(read_fd)
        finally:
            os.close(read_fd)
        self.name = f":{number}"
        self._x11 = _load("X11")
        self._damage = _load("Xdamage")
        x11, dmg = self._x11, self._damage
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XDefaultRootWindow.restype = ctypes.c_ulong
        x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x11.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
        x11.XFlush.argtypes = [ctypes.c_void_p]
        x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x11.XPending.argtypes = [ctypes.c_void_p]
        x11.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        x11.XConnectionNumber.argtypes = [ctypes.c_void_p]
        x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        x11.XSetErrorHandler.argtypes = [_ErrorHandler]
        dmg.XDamageQueryExtension.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int),
                                              ctypes.POINTER(ctypes.c_int)]
        dmg.XDamageCreate.restype = ctypes.c_ulong
        dmg.XDamageCreate.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int]
        self._handler = _ErrorHandler(_ignore_errors)  # kept: ctypes must not free it
        x11.XSetErrorHandler(self._handler)
        self._dpy = x11.XOpenDisplay(self.name.encode())
        if not self._dpy:
            self.close()
            raise XWatchError(f"cannot open the X display {self.name}")
        event_base, error_base = ctypes.c_int(), ctypes.c_int()
        if not dmg.XDamageQueryExtension(self._dpy, ctypes.byref(event_base),
                                         ctypes.byref(error_base)):
            self.close()
            raise XWatchError("the X server has no DAMAGE extension")
        self._damage_notify = event_base.value  # XDamageNotify is event 0 of the extension
        self._root = x11.XDefaultRootWindow(self._dpy)
        x11.XSelectInput(self._dpy, self._root, SUBSTRUCTURE_NOTIFY_MASK)
        x11.XSync(self._dpy, 0)
        self._fd = x11.XConnectionNumber(self._dpy)
        self._event = (ctypes.c_long * _EVENT_LONGS)()

    def _read_display_number(self, fd: int, timeout: float = 20.0) -> int:
        data = b""
        deadline = time.monotonic() + timeout
        while not data.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                self._server.kill()
                raise XWatchError("Xvfb did not start")
            chunk = os.read(fd, 64)
            if not chunk:
                raise XWatchError(f"Xvfb exited with status {self._server.wait()}")
            data += chunk
        return int(data.strip())

    def _drain(self) -> None:
        x11 = self._x11
        x11.XSync(self._dpy, 0)
        while x11.XPending(self._dpy):
            x11.XNextEvent(self._dpy, self._event)

    def _next_event(self, deadline: float) -> tuple[int, list[int]] | None:
        x11 = self._x11
        while not x11.XPending(self._dpy):
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            select.select([self._fd], [], [], min(left, 0.05))
        x11.XNextEvent(self._dpy, self._event)
        words = list(self._event)
        return words[0] & 0xFFFFFFFF, words

    def launch(self, command: Sequence[str], env: Mapping[str, str], *,
               timeout: float = 60.0) -> Launch:
        """Start ``command`` on this display, return when its main window painted, and
        end it (SIGKILL: the figure is taken, nothing of the run is kept)."""
        self._drain()  # events of earlier launches
        child_env = {k: v for k, v in env.items() if k != "WAYLAND_DISPLAY"}
        child_env.update(DISPLAY=self.name, QT_QPA_PLATFORM="xcb")
        with open(os.devnull, "wb") as null, tempfile.TemporaryFile() as err:
            t0 = time.monotonic()
            proc = subprocess.Popen(command, env=child_env, stdout=null, stderr=err)  # noqa: S603
            try:
                return self._watch(proc, t0, timeout)
            except XWatchError as exc:
                err.seek(0)
                tail = err.read()[-2000:].decode("utf-8", "replace")
                raise XWatchError(f"{command[0]}: {exc}\n{tail}") from None
            finally:
                proc.kill()
                proc.wait()

    def _watch(self, proc: subprocess.Popen[bytes], t0: float, timeout: float) -> Launch:
        deadline = t0 + timeout
        main: int | None = None
        mapped = 0.0
        while True:
            got = self._next_event(min(deadline, time.monotonic() + 0.1))
            if got is None:
                if proc.poll() is not None:
                    raise XWatchError(f"exited with status {proc.returncode} before its "
                                      "window was painted")
                if time.monotonic() >= deadline:
                    raise XWatchError(f"no painted window within {timeout:g} s")
                continue
            now = time.monotonic()
            kind, words = got
            # XCreateWindowEvent / XMapEvent: type, serial, send_event, display,
            # parent|event, window, ...; XDamageNotifyEvent: ..., drawable, damage, ...
            window = words[5] & 0xFFFFFFFFFFFFFFFF
            if kind == CREATE_NOTIFY and words[4] == self._root:
                self._damage.XDamageCreate(self._dpy, window, DAMAGE_REPORT_NON_EMPTY)
                self._x11.XFlush(self._dpy)
            elif kind == MAP_NOTIFY and main is None:
                override_redirect = words[6] & 0xFFFFFFFF
                if not override_redirect:
                    main, mapped = window, now
            elif kind == self._damage_notify and main is not None and words[4] == main:
                return Launch(mapped=mapped - t0, painted=now - t0)

    def close(self) -> None:
        dpy, self._dpy = getattr(self, "_dpy", None), None
        if dpy:
            self._x11.XCloseDisplay(dpy)
        self._server.terminate()
        try:
            self._server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._server.kill()
            self._server.wait()

    def __enter__(self) -> XDisplay:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


if __name__ == "__main__":  # a quick look: python packaging/xwatch.py CMD...
    import sys

    with XDisplay() as display:
        for _ in range(3):
            result = display.launch(sys.argv[1:], dict(os.environ, HOME=str(Path.home())))
            print(f"mapped {result.mapped * 1e3:.0f} ms, painted {result.painted * 1e3:.0f} ms")
