"""A server without X-RateLimit headers: the client learns its quota from the first 429
(benchmark figure 4's "at most one 429 without headers"), and never sends early."""

from __future__ import annotations

import math

import httpx
import pytest

from petdesk.api import PetStoreClient, RequestPolicy
from petdesk.api.policy import LearnedQuota
from tests.helpers.api_fakes import FakeClock, Recorder, error, ok, pet_json
from tests.unit.api.conftest import BASE, KEY


class HeaderlessWindows:
    """Fixed windows of ``limit`` requests per ``window`` s on the wall clock, no quota
    headers; 429s carry Retry-After in whole seconds (rounded up), as the sandbox does."""

    def __init__(self, clock: FakeClock, limit: int, window: float) -> None:
        self.clock, self.limit, self.window = clock, limit, window
        self.counts: dict[int, int] = {}
        self.retry_at = 0.0
        self.too_many = 0
        self.early = 0

    def __call__(self, request: httpx.Request) -> httpx.Response:
        now = self.clock.time()
        if now < self.retry_at:
            self.early += 1
        index = int(now // self.window)
        if self.counts.get(index, 0) >= self.limit:
            self.too_many += 1
            self.retry_at = (index + 1) * self.window
            return error(429, "rate_limited", "slow down",
                         {"retry-after": str(max(1, math.ceil(self.retry_at - now)))})
        self.counts[index] = self.counts.get(index, 0) + 1
        self.clock.advance(0.001)  # a millisecond per request
        return ok([pet_json()])


@pytest.mark.parametrize("offset", [0.0, 0.02, 1.3, 4.2])
def test_one_429_then_the_learnt_quota_is_kept(offset: float) -> None:
    clock = FakeClock(wall=1_800_000_000.0 + offset)  # a multiple of 5 plus the offset
    server = HeaderlessWindows(clock, limit=60, window=5.0)
    client = PetStoreClient(BASE, KEY, transport=httpx.MockTransport(Recorder(clock, server)),
                            clock=clock, policy=RequestPolicy(backoff_base=0.0))
    started = clock.time()
    for _ in range(400):
        assert len(client.list_pets()) == 1
    client.close()
    assert server.early == 0
    # Started at a window start: one 429. Mid-window the first period looks short, which
    # costs at most one more, after which the window is known exactly.
    assert server.too_many <= (1 if offset < 0.05 else 2)
    windows = math.ceil(400 / 60)
    first_window_start = (started // 5.0) * 5.0
    assert clock.time() - first_window_start < (windows - 1) * 5.0 + 2.5


def test_the_learner_alone() -> None:
    clock = FakeClock()
    learned = LearnedQuota(clock)
    for _ in range(3):
        assert learned.on_answer() == 0.0
        clock.advance(0.1)
    learned.on_429(4.7)  # 3 answered, then the period ends 4.7 s from now
    assert (learned.limit, learned.period) == (3, pytest.approx(5.0))  # first answer -> end
    clock.advance(4.7)
    assert learned.on_answer() == 0.0
    assert learned.on_answer() == 0.0
    pause = learned.on_answer()  # the third of the period: rest until it ends
    assert pause == pytest.approx(5.0)
    learned.forget()
    assert learned.limit is None and learned.on_answer() == 0.0
