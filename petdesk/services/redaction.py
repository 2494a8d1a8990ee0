"""The API key and bearer tokens redacted from log records and crash reports.

:class:`RedactingFilter` replaces every registered secret (the keys PetDesk has
loaded this session) and anything that looks like a bearer token with ``***``
in each record's final message, including exception text. The log file's handler
(:mod:`petdesk.services.logs`) and the crash dialog both pass their text through it.
"""

from __future__ import annotations

import logging
import re
import threading

__all__ = ["RedactingFilter"]

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
