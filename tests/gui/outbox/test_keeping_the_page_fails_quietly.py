"""A page or a looked-up pet that cannot be kept for the next start (a read-only store
file, a shared store that went away) costs the user nothing: the log gets one warning
line naming why, not an error with a traceback."""

from __future__ import annotations

import logging
import sqlite3
from types import SimpleNamespace
from typing import Any

import pytest

from petdesk.api import Pet, PetLookup, PetPage
from petdesk.api.deprecation import DOCUMENTED_SUNSET, DeprecationInfo
from petdesk.core.store_trouble import StoreTrouble
from petdesk.gui.outbox.controller import keep_looked_up, keep_page
from petdesk.storage.rows import SharedStoreUnavailable

REX = Pet(id=7, name="Rex", category_id=1, status=None)
FOUND_NOTICE = DeprecationInfo(True, None, DOCUMENTED_SUNSET, "documented")


class _Refusing:
    """The session's pets, on a store that refuses every write."""

    def __init__(self, error: Exception) -> None:
        self._error = error

    def save_first_page(self, *_args: object) -> None:
        raise self._error

    def save_looked_up(self, *_args: object) -> None:
        raise self._error


def _ctx(error: Exception) -> Any:
    return SimpleNamespace(session=SimpleNamespace(pets=_Refusing(error)),
                           has_store=lambda: True)


def _one_warning(caplog: pytest.LogCaptureFixture) -> logging.LogRecord:
    records = [r for r in caplog.records if r.name == "petdesk.gui.outbox.controller"]
    assert [r.levelno for r in records] == [logging.WARNING]
    record = records[0]
    assert record.exc_info is None and record.exc_text is None  # no traceback
    assert "Traceback" not in caplog.text
    assert "\n" not in record.getMessage()
    return record


@pytest.mark.parametrize(("error", "reason"), [
    (sqlite3.OperationalError("attempt to write a readonly database"),
     "OperationalError: attempt to write a readonly database"),
    (SharedStoreUnavailable(StoreTrouble.UNREACHABLE),
     f"SharedStoreUnavailable: {StoreTrouble.UNREACHABLE.sentence}"),
    (sqlite3.OperationalError("server closed the connection unexpectedly\n\tThis "
                              "probably means the server terminated abnormally"),
     "OperationalError: server closed the connection unexpectedly This probably means "
     "the server terminated abnormally")],
    ids=["read-only store file", "shared store down", "message of several lines"])
def test_a_page_that_cannot_be_kept_logs_one_warning_line_without_a_traceback(
        caplog: pytest.LogCaptureFixture, error: Exception, reason: str) -> None:
    query = SimpleNamespace(status=None, limit=20)
    with caplog.at_level(logging.INFO):
        keep_page(query, PetPage(pets=[REX], next_url=None), _ctx(error))
    assert _one_warning(caplog).getMessage() == (
        f"the page could not be kept for the next start: {reason}")


def test_a_looked_up_pet_that_cannot_be_kept_logs_one_warning_line_without_a_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    error = sqlite3.OperationalError("attempt to write a readonly database")
    with caplog.at_level(logging.INFO):
        keep_looked_up(7, PetLookup(REX, FOUND_NOTICE), _ctx(error))
    assert _one_warning(caplog).getMessage() == (
        "the pet could not be kept for working offline: "
        "OperationalError: attempt to write a readonly database")
