"""The log file: written on a thread of its own, never on the thread that logs, and
complete when the process ends."""

from __future__ import annotations

import logging
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from petdesk.services.logs import setup_logging
from petdesk.services.redaction import RedactingFilter

KEY = "pk-logs-Okapi-1a2b3c4d5e6f"


class ThreadNoting(RedactingFilter):
    """The file handler's filter, noting the thread each record is written on."""

    def __init__(self) -> None:
        super().__init__()
        self.threads: list[str] = []

    def filter(self, record: logging.LogRecord) -> bool:
        self.threads.append(threading.current_thread().name)
        return super().filter(record)


@pytest.fixture
def petdesk_logger() -> Iterator[logging.Logger]:
    logger = logging.getLogger("petdesk")
    level = logger.level
    yield logger
    for handler in list(logger.handlers):
        if handler.get_name() == "petdesk-file":
            logger.removeHandler(handler)
            handler.close()
    logger.setLevel(level)


def flush(logger: logging.Logger) -> None:
    for handler in logger.handlers:
        handler.flush()


def test_records_are_written_to_the_file_on_a_thread_other_than_the_one_that_logs(
        tmp_path: Path, petdesk_logger: logging.Logger) -> None:
    noting = ThreadNoting()
    noting.add_secret(KEY)
    path, _ = setup_logging(tmp_path, redactor=noting)
    logging.getLogger("petdesk.gui").warning("the key %s was refused", KEY)
    flush(petdesk_logger)
    assert "the key *** was refused" in path.read_text(encoding="utf-8")
    assert noting.threads and threading.current_thread().name not in noting.threads


def test_the_log_folder_is_made_by_the_writer_when_the_first_record_comes(
        tmp_path: Path, petdesk_logger: logging.Logger) -> None:
    folder = tmp_path / "state" / "PetDesk" / "log"
    path, _ = setup_logging(folder)
    assert not folder.exists()  # nothing touched the disk on the calling thread
    logging.getLogger("petdesk").info("PetDesk started")
    flush(petdesk_logger)
    assert path.read_text(encoding="utf-8").rstrip().endswith("PetDesk started")


def test_a_folder_that_cannot_be_made_loses_the_log_but_never_stops_the_app(
        tmp_path: Path, petdesk_logger: logging.Logger,
        capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the log folder should be", encoding="utf-8")
    path, _ = setup_logging(blocker / "log")
    logging.getLogger("petdesk").warning("first")
    flush(petdesk_logger)  # returns: the writer's thread went on
    logging.getLogger("petdesk").warning("second")
    flush(petdesk_logger)
    assert not path.exists()
    assert "Logging error" in capsys.readouterr().err


def test_everything_logged_is_in_the_file_when_the_process_ends(tmp_path: Path) -> None:
    code = ("import logging, pathlib, sys\n"
            "from petdesk.services.logs import setup_logging\n"
            "setup_logging(pathlib.Path(sys.argv[1]))\n"
            "for i in range(2000):\n"
            "    logging.getLogger('petdesk.x').info('line %d', i)\n")
    subprocess.run([sys.executable, "-c", code, str(tmp_path)], check=True, timeout=60)
    lines = (tmp_path / "petdesk.log").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2000 and lines[-1].endswith("line 1999")
