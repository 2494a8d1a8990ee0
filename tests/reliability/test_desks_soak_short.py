"""The multi-desk soak (tests/reliability/desks_soak.py) in short: five desks on one
store and one key import 60 adds between them against a sandbox child at Free-plan
limits (on a clock 60 times faster) dropping 20 % of connections after the commit and
10 % before; one desk is killed with SIGKILL and started again. The desks are the real
``petdesk import``, on one SQLite file or on the shared store (a real PostgreSQL server
this test starts, named in the desks' settings, restarted once mid-run at a moment
drawn from the seed; no desk queues its rows without it).

The long form is ``python -m tests.reliability.desks_soak`` (1,000 adds, desks killed at
random; ``--store postgres``)."""

from __future__ import annotations

import pytest

from tests.reliability import desks_soak


@pytest.mark.slow
@pytest.mark.parametrize("store", desks_soak.STORES)
def test_five_desks_on_one_store_add_60_pets_exactly_once_despite_a_kill(store: str) -> None:
    result = desks_soak.soak(60, desks=5, seed=7, kill_mean=3.0, max_kills=1, store=store,
                             max_seconds=150)
    assert result.problems == []
    assert result.kills == 1
    assert result.store_restarts == (1 if store == "postgres" else 0)
    assert result.store_fallbacks == 0
    assert result.duplicates == [] and result.missing == []
    assert result.created == 60
    assert result.bans == 0 and result.bans_at_most == 0
    assert max(result.desk_429s.values()) <= 1
