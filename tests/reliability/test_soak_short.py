"""The soak (tests/reliability/soak.py) in short: 1,000 requests through the worker.

The full run is ``python -m tests.reliability.soak`` (10,000 requests; see README,
"Reliability")."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tests.reliability import soak


@pytest.mark.slow
def test_soak_1000_requests_through_the_worker(qapp: Any,
                                               caplog: pytest.LogCaptureFixture) -> None:
    # The suite's autouse fixture keeps every DEBUG record in memory; that would be the
    # test harness growing, not PetDesk.
    caplog.set_level(logging.WARNING)
    result = soak.run(1_000, max_seconds=60)
    print(result)
    assert result.ok, result.problems
    assert result.failures == 0 and result.qt_warnings == []
    assert result.after_warmup is not None and result.at_end is not None
    assert result.rss_growth < soak.RSS_LIMIT
    assert result.after_shutdown is not None and result.after_shutdown.tcp == 0
