"""Logging to the platform log directory, with the API key redacted.

The file's handler carries a :class:`~petdesk.services.redaction.RedactingFilter`, so
every record that reaches the file passes through it.
"""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

from petdesk.core import folders
from petdesk.services.redaction import RedactingFilter


def default_log_dir() -> Path:
    return folders.log_dir()


def setup_logging(log_dir: Path | None = None, *, level: int = logging.INFO,
                  redactor: RedactingFilter | None = None) -> tuple[Path, RedactingFilter]:
    """Send PetDesk's log records to ``<log dir>/petdesk.log`` (rotated).

    Returns the log file and the filter (register loaded keys with
    :meth:`RedactingFilter.add_secret`).
    """
    directory = log_dir or default_log_dir()
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "petdesk.log"
    redactor = redactor or RedactingFilter()
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=1_000_000, backupCount=3,
                                                   encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter(
        "%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"))
    handler.addFilter(redactor)
    handler.set_name("petdesk-file")
    logger = logging.getLogger("petdesk")
    for old in list(logger.handlers):
        if old.get_name() == "petdesk-file":
            logger.removeHandler(old)
            old.close()
    logger.addHandler(handler)
    logger.setLevel(level)
    return path, redactor
