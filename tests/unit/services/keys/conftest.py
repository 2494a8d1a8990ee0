"""Fixtures for the KeyStore tests.

* ``secret_service``: a real Secret Service (see tests/helpers/secret_service.py).
* Every test: no test secret in any log record (captured at DEBUG), and no helper
  thread left behind (hanging fakes are released, then their threads joined).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator

import pytest

from tests.helpers.keystore_fakes import ALL_SECRETS, OPEN_GATES
from tests.helpers.secret_service import secret_service_fixtures

private_secret_service_session, secret_service = secret_service_fixtures()


@pytest.fixture(autouse=True)
def no_secret_in_logs(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    caplog.set_level(logging.DEBUG)
    yield
    for record in caplog.records:
        text = " ".join(
            [record.getMessage(), repr(record.args), record.exc_text or "", str(record.msg)]
        )
        for secret in ALL_SECRETS:
            assert secret not in text, f"a test secret was logged by {record.name}"


@pytest.fixture(autouse=True)
def release_hung_threads() -> Iterator[None]:
    yield
    for gate in OPEN_GATES:
        gate.set()
    OPEN_GATES.clear()
    for thread in threading.enumerate():
        if thread.name.startswith("petdesk-keyring-"):
            thread.join(timeout=10)
            assert not thread.is_alive(), f"{thread.name} still running after its gate opened"
