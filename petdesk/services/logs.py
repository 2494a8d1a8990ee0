"""Logging to the platform log directory, with the API key redacted.

:class:`RedactingFilter` replaces every registered secret (the keys PetDesk has
loaded this session) and anything that looks like a bearer token with ``***``
in each record's final message, including exception text. It is attached to
the handler, so every record that reaches the file passes through it.
"""

from __future__ import annotations

import logging
import logging.handlers
import re
import threading
from pathlib import Path

from petdesk.core import folders

_BEARER = re.compile(r"(?i)(bearer\s+)[^\s\"',;]+")


class RedactingFilter(logging.Filter):
    """Scrubs secrets from log records (thread-safe; add secrets at any time)."""

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()
        self._secrets: set[str] = set()

    def add_secret(self, secret: str | None) -> None:
        if secret and len(secret.strip()) >= 4:
            with self._lock:
                self._secrets.add(secret.strip())

    def redact(self, text: str) -> str:
        with self._lock:
            secrets = sorted(self._secrets, key=len, reverse=True)
        for secret in secrets:
            if secret in text:
                text = text.replace(secret, "***")
        return _BEARER.sub(r"\1***", text)

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = self.redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        if record.exc_info and record.exc_info[1] is not None:
            text = logging.Formatter().formatException(record.exc_info)
            record.exc_text = self.redact(text)
            record.exc_info = None
        elif record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        return True


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
