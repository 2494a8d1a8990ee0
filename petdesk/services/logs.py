"""Logging to the platform log directory, with the API key redacted.

The file's handler carries a :class:`~petdesk.services.redaction.RedactingFilter`, so
every record that reaches the file passes through it.

The file is written on a thread of its own: the ``petdesk`` logger's handler only
queues the record (:class:`logging.handlers.QueueHandler`), so a thread that logs (the
GUI thread among them) never waits on the disk. The folder is made on that thread too.
``flush()`` and ``close()`` (which :func:`logging.shutdown` calls at exit) wait until
what was queued is written.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import queue
from pathlib import Path

from petdesk.core import folders
from petdesk.services.redaction import RedactingFilter


def default_log_dir() -> Path:
    return folders.log_dir()


class _Writer(logging.handlers.QueueListener):
    """Writes the queued records to the file; makes its folder before the first."""

    def __init__(self, records: queue.SimpleQueue[logging.LogRecord], file: logging.Handler,
                 directory: Path) -> None:
        super().__init__(records, file)
        self._directory = directory
        self._folder_made = False
        self.running = False

    def start(self) -> None:
        super().start()
        self.running = True

    def stop(self) -> None:
        """Write what is queued, then end the thread."""
        super().stop()
        self.running = False

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        if not self._folder_made:
            self._folder_made = True
            # A folder that cannot be made ends in the handler's own error report
            # (stderr) at its first write; the writer's thread must go on.
            with contextlib.suppress(OSError):
                self._directory.mkdir(parents=True, exist_ok=True)
        return record


class QueuedFileHandler(logging.handlers.QueueHandler):
    """Queues records for :class:`_Writer`'s thread, which writes them to ``file``."""

    def __init__(self, file: logging.Handler, directory: Path) -> None:
        records: queue.SimpleQueue[logging.LogRecord] = queue.SimpleQueue()
        super().__init__(records)
        self._file = file
        self._writer = _Writer(records, file, directory)
        self._writer.start()

    def flush(self) -> None:
        """Wait until every record queued so far is written."""
        if self._writer.running:
            self._writer.stop()
            self._file.flush()
            self._writer.start()

    def close(self) -> None:
        if self._writer.running:
            self._writer.stop()
        self._file.close()
        super().close()


def setup_logging(log_dir: Path | None = None, *, level: int = logging.INFO,
                  redactor: RedactingFilter | None = None) -> tuple[Path, RedactingFilter]:
    """Send PetDesk's log records to ``<log dir>/petdesk.log`` (rotated).

    Returns the log file and the filter (register loaded keys with
    :meth:`RedactingFilter.add_secret`).
    """
    directory = log_dir or default_log_dir()
    path = directory / "petdesk.log"
    redactor = redactor or RedactingFilter()
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=1_000_000, backupCount=3,
                                                   encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter(
        "%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"))
    handler.addFilter(redactor)
    queued = QueuedFileHandler(handler, directory)
    queued.set_name("petdesk-file")
    logger = logging.getLogger("petdesk")
    for old in list(logger.handlers):
        if old.get_name() == "petdesk-file":
            logger.removeHandler(old)
            old.close()
    logger.addHandler(queued)
    logger.setLevel(level)
    return path, redactor
