"""The outbox soak, short form: kill -9 of the app mid-send, restarts, faults."""

from __future__ import annotations

import pytest

from tests.unit.storage.soak import run_soak


@pytest.mark.slow
def test_adds_survive_sigkill_and_faults_exactly_once() -> None:
    # 20 ms on the server per request: a kill on "sending" lands while it is in flight.
    result = run_soak(60, 12, seed=7, latency=0.02)
    assert result.kills >= 3
    assert result.interrupted >= 1  # the server added a pet for an app that was dead
    assert sum(result.faults.values()) >= 3
    assert result.exact, result
