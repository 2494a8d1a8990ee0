"""A private, unlocked Secret Service for tests: gnome-keyring in its own D-Bus session.

Reusable from any test directory::

    from tests.helpers.secret_service import secret_service_fixtures

    private_secret_service_session, secret_service = secret_service_fixtures()

or, without pytest fixtures::

    with private_secret_service(tmp_path) as service:
        with service.activated():          # DBUS_SESSION_BUS_ADDRESS set in os.environ
            backend = service.backend()    # keyring.backends.SecretService.Keyring()
            ...

How it works:

* ``dbus-daemon --config-file=<base>/session.conf --nofork --print-address=1`` is
  started as a child process; the first line it prints is the bus address. The config
  is the session bus's, minus the service directories: nothing on this bus is
  D-Bus-activated (otherwise the first Secret Service call could race the test's
  daemon by activating a second, locked gnome-keyring, or a password prompter).
* ``gnome-keyring-daemon --foreground --unlock --components=secrets`` is started as a
  child process with HOME, XDG_* and DBUS_SESSION_BUS_ADDRESS pointing into ``<base>``;
  the password is written to its stdin, so it creates and unlocks a "login" collection
  (stored encrypted in ``<base>/home/.local/share/keyrings/login.keyring``) and makes it
  the default collection.
* Readiness is polled (with a deadline, not a fixed sleep): the default collection
  exists on the bus and is unlocked.
* On exit both daemons are terminated (killed if they do not stop) and reaped.

The process-wide ``DBUS_SESSION_BUS_ADDRESS`` is only set inside ``activated()`` (the
function-scoped ``secret_service`` fixture uses it): ``tests/conftest.py`` removes it for
every other test, so nothing reaches the developer's own keyring. ``tests/conftest.py``
also points ``PYTHON_KEYRING_BACKEND`` at the fail backend, so pass ``service.backend()``
explicitly instead of relying on ``keyring.get_keyring()``.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

STARTUP_TIMEOUT = 10.0

# /usr/share/dbus-1/session.conf without <standard_session_servicedirs/> and includes:
# no D-Bus activation on the private bus.
_BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def missing_tools() -> str | None:
    """Why a private Secret Service cannot be started here, or None when it can."""
    missing = [t for t in ("dbus-daemon", "gnome-keyring-daemon") if shutil.which(t) is None]
    if not missing:
        return None
    return (
        f"{' and '.join(missing)} not installed; install the Debian packages "
        "gnome-keyring and dbus (.ci/run does) to test against a real Secret Service"
    )


@dataclass
class SecretService:
    """A running private D-Bus session with an unlocked gnome-keyring in it."""

    address: str
    base: Path
    home: Path
    dbus_process: subprocess.Popen[bytes]
    keyring_process: subprocess.Popen[bytes]

    @contextlib.contextmanager
    def activated(self) -> Iterator[SecretService]:
        """Set DBUS_SESSION_BUS_ADDRESS to this bus in os.environ; restore it afterwards."""
        old = os.environ.get("DBUS_SESSION_BUS_ADDRESS")
        os.environ["DBUS_SESSION_BUS_ADDRESS"] = self.address
        try:
            yield self
        finally:
            if old is None:
                os.environ.pop("DBUS_SESSION_BUS_ADDRESS", None)
            else:
                os.environ["DBUS_SESSION_BUS_ADDRESS"] = old

    def backend(self) -> Any:
        """A fresh keyring.backends.SecretService.Keyring (use it inside ``activated()``)."""
        from keyring.backends import SecretService as secret_service_module

        return secret_service_module.Keyring()

    def files(self) -> Iterator[Path]:
        """Every regular file under this service's HOME (where the keyring files live)."""
        return walk_files(self.home)

    def alive(self) -> bool:
        return self.dbus_process.poll() is None and self.keyring_process.poll() is None


def walk_files(root: Path) -> Iterator[Path]:
    """Every regular file under root (symlinks not followed)."""
    for dirpath, _dirnames, filenames in os.walk(root):
        for name in filenames:
            path = Path(dirpath) / name
            if path.is_file() and not path.is_symlink():
                yield path


def files_containing(roots: list[Path], needle: str) -> list[Path]:
    """The files under any of roots whose bytes contain needle (UTF-8 or UTF-16)."""
    patterns = [needle.encode("utf-8"), needle.encode("utf-16-le")]
    hits = []
    for root in roots:
        for path in walk_files(root):
            try:
                data = path.read_bytes()
            except OSError:
                continue
            if any(p in data for p in patterns):
                hits.append(path)
    return hits


def _read_first_line(stream: IO[bytes], deadline: float) -> bytes:
    line = b""
    fd = stream.fileno()
    while not line.endswith(b"\n"):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("dbus-daemon did not print its address in time")
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            continue
        chunk = os.read(fd, 1)
        if not chunk:
            raise RuntimeError("dbus-daemon exited before printing its address")
        line += chunk
    return line


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()


def _wait_until_ready(
    address: str, deadline: float, keyring_process: subprocess.Popen[bytes]
) -> None:
    """Poll the bus until the default collection exists and is unlocked."""
    import secretstorage
    from jeepney.bus_messages import message_bus
    from jeepney.io.blocking import Proxy, open_dbus_connection

    last_error = "not started"
    while time.monotonic() < deadline:
        if keyring_process.poll() is not None:
            raise RuntimeError(
                f"gnome-keyring-daemon exited with status {keyring_process.returncode}"
            )
        try:
            with contextlib.closing(open_dbus_connection(bus=address)) as connection:
                owned = Proxy(message_bus, connection).NameHasOwner("org.freedesktop.secrets")
                if owned[0] == 1:
                    collection = secretstorage.get_default_collection(connection)
                    if not collection.is_locked():
                        return
                    last_error = "default collection is locked"
                else:
                    last_error = "org.freedesktop.secrets not on the bus yet"
        except Exception as exc:  # not ready yet; report the type if we give up
            last_error = type(exc).__name__
        time.sleep(0.02)  # polling interval for a condition with a deadline
    raise TimeoutError(f"gnome-keyring did not become ready in time ({last_error})")


@contextlib.contextmanager
def private_secret_service(
    base: Path | None = None, *, password: str = "petdesk-test-login"
) -> Iterator[SecretService]:
    """Start dbus-daemon + unlocked gnome-keyring under base (a temp dir if None)."""
    reason = missing_tools()
    if reason is not None:
        raise RuntimeError(reason)
    with contextlib.ExitStack() as stack:
        if base is None:
            base = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="petdesk-ss-")))
        home = base / "home"
        run = base / "run"
        for path in (home, home / ".local/share", home / ".config", home / ".cache", run):
            path.mkdir(parents=True, exist_ok=True, mode=0o700)
        deadline = time.monotonic() + STARTUP_TIMEOUT

        daemon_env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "HOME": str(home),
            "XDG_DATA_HOME": str(home / ".local/share"),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_CACHE_HOME": str(home / ".cache"),
            "XDG_RUNTIME_DIR": str(run),
        }
        config = base / "session.conf"
        config.write_text(_BUS_CONFIG.format(socket=run / "bus"))
        dbus_process = subprocess.Popen(
            ["dbus-daemon", f"--config-file={config}", "--nofork", "--print-address=1"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=daemon_env,
        )
        stack.callback(_stop, dbus_process)
        address = _read_first_line(_require(dbus_process.stdout), deadline).decode().strip()

        log = stack.enter_context((base / "gnome-keyring.log").open("wb"))
        keyring_process = subprocess.Popen(
            [
                "gnome-keyring-daemon",
                "--foreground",
                "--unlock",
                "--components=secrets",
                f"--control-directory={run / 'keyring'}",
            ],
            stdin=subprocess.PIPE,
            stdout=log,
            stderr=log,
            env={**daemon_env, "DBUS_SESSION_BUS_ADDRESS": address},
        )
        stack.callback(_stop, keyring_process)
        stdin = _require(keyring_process.stdin)
        stdin.write(password.encode())
        stdin.close()
        try:
            _wait_until_ready(address, deadline, keyring_process)
        except Exception as exc:
            details = (base / "gnome-keyring.log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"{exc}; gnome-keyring-daemon said: {details!r}") from exc
        yield SecretService(address, base, home, dbus_process, keyring_process)


def _require(stream: IO[bytes] | None) -> IO[bytes]:
    assert stream is not None
    return stream


def secret_service_fixtures() -> tuple[Callable[..., Any], Callable[..., Any]]:
    """(session fixture starting the daemons, function fixture activating them).

    Assign both in a conftest.py or test module; tests request ``secret_service``.
    Skips with a clear reason only when dbus-daemon or gnome-keyring-daemon is absent.
    """
    import pytest

    @pytest.fixture(scope="session")
    def private_secret_service_session(
        tmp_path_factory: pytest.TempPathFactory,
    ) -> Iterator[SecretService]:
        reason = missing_tools()
        if reason is not None:
            pytest.skip(reason)
        base = tmp_path_factory.mktemp("secret-service")
        with private_secret_service(base) as service:
            yield service

    @pytest.fixture
    def secret_service(
        private_secret_service_session: SecretService,
    ) -> Iterator[SecretService]:
        assert private_secret_service_session.alive(), "private Secret Service died"
        with private_secret_service_session.activated() as service:
            yield service

    return private_secret_service_session, secret_service
