from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

from petdesk.api import PetStoreClient, RequestListener, RequestPolicy, WaitInfo
from tests.helpers.api_fakes import FakeClock, Handler, Recorder

BASE = "https://pets.example.test/v1"
KEY = "sk-test-4f9a1c2e8b7d6a5f"


class RecordingListener(RequestListener):
    def __init__(self) -> None:
        self.waits: list[WaitInfo] = []
        self.over: list[bool] = []
        self.snapshots: list[object] = []

    def on_wait(self, info: WaitInfo) -> None:
        self.waits.append(info)

    def on_wait_over(self, cancelled: bool) -> None:
        self.over.append(cancelled)

    def on_rate_limit(self, snapshot: object) -> None:
        self.snapshots.append(snapshot)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def listener() -> RecordingListener:
    return RecordingListener()


MakeClient = Callable[..., tuple[PetStoreClient, Recorder]]


@pytest.fixture
def make_client(clock: FakeClock, listener: RecordingListener) -> MakeClient:
    made: list[PetStoreClient] = []

    def factory(respond: Handler, policy: RequestPolicy | None = None,
                base_url: str = BASE) -> tuple[PetStoreClient, Recorder]:
        recorder = Recorder(clock, respond)
        client = PetStoreClient(base_url, KEY, transport=httpx.MockTransport(recorder),
                                clock=clock, listener=listener, policy=policy)
        made.append(client)
        return client, recorder

    yield factory  # type: ignore[misc]
    for client in made:
        client.close()
