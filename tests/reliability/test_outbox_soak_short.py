"""The outbox soak (tests/reliability/outbox_soak.py) in short: 20 adds through the
window against a sandbox child process dropping 20 % of connections after the commit
and 10 % before, PetDesk killed with SIGKILL and restarted every 10 adds.

The long form is ``python -m tests.reliability.outbox_soak`` (500 adds, killed every 50;
see README, "Working with bad Wi-Fi")."""

from __future__ import annotations

import pytest

from tests.reliability import outbox_soak


@pytest.mark.slow
def test_20_adds_killed_every_10_are_on_the_server_exactly_once() -> None:
    result = outbox_soak.soak(20, 10, seed=7, max_seconds=240)
    assert result.problems == []
    assert result.kills >= 2
    assert result.duplicates == [] and result.missing == []
    assert result.created == 20
