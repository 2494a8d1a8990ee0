"""Fixtures of the reliability suite: hostile servers on 127.0.0.1 and a short-fused policy."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from petdesk.api import RequestPolicy
from tests.reliability.hostile import HostileServer

#: A distinctive key: tests assert it shows up nowhere but the Authorization header.
KEY = "pk-reliab-Axolotl-7d31c09e5b"

#: Small waits wherever the case allows (a 429's Retry-After is still obeyed as sent).
FAST_POLICY = RequestPolicy(
    max_retries=1,
    backoff_base=0.01,
    backoff_cap=0.05,
    default_retry_after=0.4,
    min_wait=0.05,
    max_auto_wait=5.0,
    poll_interval=0.01,
)
#: Read timeout of the clients under test (the "never answers" server is waited on this long).
TIMEOUT = 0.5


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # As in tests/gui: Qt's offscreen plugin warns whenever a window's size constraints
    # change; a limit of the test platform. Every other Qt warning still fails a test.
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.qt_log_ignore(
                "This plugin does not support propagateSizeHints"))


@pytest.fixture
def server() -> Iterator[HostileServer]:
    with HostileServer() as srv:
        yield srv


@pytest.fixture
def elsewhere() -> Iterator[HostileServer]:
    """A second hostile server: another port, so another origin."""
    with HostileServer() as srv:
        yield srv


@pytest.fixture(autouse=True)
def key_never_logged(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    caplog.set_level(logging.DEBUG)
    yield
    for record in caplog.records:
        text = " ".join([record.getMessage(), repr(record.args), record.exc_text or ""])
        assert KEY not in text, f"the API key was logged by {record.name}"
