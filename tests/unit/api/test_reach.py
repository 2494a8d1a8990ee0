"""What a connection test tells apart: an address that does not exist (the name server
says no such name), no network (nothing to connect to), a refused key, and success —
over loopback for real, except the name lookup (see :mod:`.no_such_name`)."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import httpcore
import httpx
import pytest

from petdesk.api import (
    AuthenticationError,
    NoConnectionError,
    PetStoreClient,
    RequestPolicy,
    UnknownAddressError,
)
from petdesk.core.connection import Reach, is_placeholder, reach_of
from petdesk.sandbox import SandboxConfig
from tests.helpers.sandbox_server import start_server
from tests.unit.api.no_such_name import NoSuchName

KEY = "reach-key-0123456789abcdef"
QUICK = RequestPolicy(backoff_base=0.01, backoff_cap=0.02, poll_interval=0.01)


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    with start_server(SandboxConfig(api_keys=(KEY,), requests_per_window=1000,
                                    requests_per_day=10_000)) as running:
        yield running.base_url


def free_port() -> int:
    """A port on 127.0.0.1 nothing listens on (bound, then closed)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def outcome_of(url: str, key: str = KEY, transport: httpx.BaseTransport | None = None
           ) -> BaseException | None:
    client = PetStoreClient(url, key, timeout=5.0, policy=QUICK, transport=transport)
    try:
        client.list_pets(limit=1)
    except Exception as exc:  # the outcome is what is tested
        return exc
    finally:
        client.close()
    return None


def test_a_refused_port_is_no_network_through_the_real_transport() -> None:
    error = outcome_of(f"http://127.0.0.1:{free_port()}/v1")
    assert isinstance(error, NoConnectionError)
    assert not isinstance(error, UnknownAddressError)
    assert reach_of(error) is Reach.NO_NETWORK
    assert "Check the network connection" in str(error)
    # The chain the name-lookup fake copies: httpx's error, from httpcore's, which holds
    # the socket's.
    cause = error.__cause__
    assert isinstance(cause, httpx.ConnectError)
    assert isinstance(cause.__cause__, httpcore.ConnectError)
    assert isinstance(cause.__cause__.args[0], ConnectionRefusedError)


def test_a_name_that_does_not_exist_is_told_at_once_without_retrying() -> None:
    transport = NoSuchName()
    error = outcome_of("https://petstore.invalid/v1", transport=transport)
    assert isinstance(error, UnknownAddressError)
    assert reach_of(error) is Reach.NO_SUCH_ADDRESS
    assert "does not exist" in str(error) and "network connection" not in str(error)
    assert transport.attempts == 1


def test_a_name_server_that_cannot_be_asked_is_no_network() -> None:
    error = outcome_of("https://petstore.invalid/v1", transport=NoSuchName(socket.EAI_AGAIN))
    assert isinstance(error, NoConnectionError)
    assert reach_of(error) is Reach.NO_NETWORK


def test_a_refused_key_and_a_working_key(server_url: str) -> None:
    refused = outcome_of(server_url, key="wrong-key-0123456789")
    assert isinstance(refused, AuthenticationError)
    assert reach_of(refused) is Reach.KEY_REFUSED
    assert reach_of(outcome_of(server_url)) is Reach.WORKS


def test_a_server_without_the_service_at_that_path(server_url: str) -> None:
    assert reach_of(outcome_of(server_url.removesuffix("/v1") + "/nothing")) is (
        Reach.NOT_THE_SERVICE)


@pytest.mark.parametrize(("url", "example"), [
    ("https://api.petstore.example/v1", True),
    ("https://staging.api.petstore.example/v1/", True),
    (" HTTPS://API.PETSTORE.EXAMPLE/v1 ", True),
    ("https://pets.shelter.org/v1", False),
])
def test_the_specs_example_addresses_are_told_apart(url: str, example: bool) -> None:
    assert is_placeholder(url) is example
