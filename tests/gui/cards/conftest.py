"""Fixtures for the kennel-card and category tests: an I/O runner like the main
window's worker (the function runs on another thread, its outcome comes back on
the GUI thread), where the file dialogs open, and the Debian tools that read what
was printed."""

from __future__ import annotations

import shutil
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QSettings, Signal

from petdesk.gui.common.file_folders import FileFolders
from petdesk.gui.settings.settings import AppSettings


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # As in tests/gui/conftest.py: Qt's offscreen platform plugin warns when a window's
    # size constraints change after it was created, a limit of the test platform.
    # Every other Qt warning still fails the test.
    # pytest-qt reads only the closest qt_log_ignore marker: keep a module's own.
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            own = item.get_closest_marker("qt_log_ignore")
            item.add_marker(pytest.mark.qt_log_ignore(
                "This plugin does not support propagateSizeHints", *(own.args if own else ())))


class ThreadIo(QObject):
    """``run_io`` for tests: ``fn`` on a new thread, the callback on the GUI thread."""

    _done = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self._done.connect(self._deliver)
        self.calls = 0
        self.threads: list[threading.Thread] = []

    def __call__(self, fn: Callable[[], object], on_done: Callable[[object], None],
                 on_error: Callable[[BaseException], None]) -> None:
        self.calls += 1

        def work() -> None:
            try:
                result: object = fn()
            except Exception as error:  # delivered to on_error on the GUI thread
                self._done.emit((on_error, error))
            else:
                self._done.emit((on_done, result))

        thread = threading.Thread(target=work, daemon=True)
        self.threads.append(thread)
        thread.start()

    def _deliver(self, pair: tuple[Callable[[object], None], object]) -> None:
        callback, value = pair
        callback(value)


@pytest.fixture
def run_io() -> Iterator[ThreadIo]:
    io = ThreadIo()
    yield io
    for thread in io.threads:
        thread.join(5)


def _need(tool: str, package: str) -> str:
    found = shutil.which(tool)
    if found is None:
        pytest.fail(f"{tool} is missing: apt-get install {package} (.ci/run installs it)")
    return found


def pdf_to_png(pdf: Path, out_prefix: Path, dpi: int = 150) -> list[Path]:
    """Every page of ``pdf`` rasterised by poppler's pdftoppm."""
    tool = _need("pdftoppm", "poppler-utils")
    subprocess.run([tool, "-r", str(dpi), "-png", str(pdf), str(out_prefix)], check=True,
                   capture_output=True)
    return sorted(out_prefix.parent.glob(out_prefix.name + "-*.png"))


def decode_qr(image: Path) -> list[str]:
    """The QR codes zbar finds in ``image``, in reading order."""
    tool = _need("zbarimg", "zbar-tools")
    result = subprocess.run([tool, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable",
                             str(image)], capture_output=True, text=True, check=False)
    # zbarimg exits 4 when it found no symbol.
    assert result.returncode in (0, 4), result.stderr
    return result.stdout.split()


@pytest.fixture
def folders(tmp_path: Path) -> FileFolders:
    """Where the file dialogs open, kept in private settings."""
    return FileFolders(AppSettings(QSettings(str(tmp_path / "petdesk.ini"),
                                             QSettings.Format.IniFormat)))
