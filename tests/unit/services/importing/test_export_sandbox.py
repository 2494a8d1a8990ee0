"""Export through the real client from a real sandbox over loopback, then import the file
back: every pet comes back, and each is flagged as already known."""

from __future__ import annotations

import argparse
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from petdesk.api import PetStoreClient
from petdesk.api.client import PetPage
from petdesk.api.policy import CancelToken
from petdesk.core.statuses import PetStatus
from petdesk.sandbox import SandboxConfig
from petdesk.services.importing.duplicates import KnownPets
from petdesk.services.importing.errors import ImportCancelled
from petdesk.services.importing.headless import ExitStatus, export_query, query_pages, run_export
from petdesk.services.importing.preview import RowState
from petdesk.services.importing.session import inspect_file, preview_file
from tests.helpers.sandbox_server import RunningSandbox, start_server

KEY = "bulk-test-key-0123456789"


@pytest.fixture
def sandbox() -> Iterator[RunningSandbox]:
    running = start_server(SandboxConfig(api_keys=(KEY,), requests_per_window=10_000,
                                         requests_per_day=100_000))
    yield running
    running.stop()


@pytest.fixture
def client(sandbox: RunningSandbox) -> Iterator[PetStoreClient]:
    with PetStoreClient(sandbox.base_url, KEY) as made:
        yield made


@pytest.mark.parametrize("suffix", ["xlsx", "csv"])
def test_export_every_page_then_import_finds_them_all_known(
        tmp_path: Path, client: PetStoreClient, suffix: str) -> None:
    every = [pet for page in query_pages(client, None) for pet in page]
    assert len(every) > 100  # more than one page of 100
    path = tmp_path / f"all.{suffix}"
    assert export_query(client, path) == len(every)

    layout = inspect_file(path)
    known = KnownPets()
    for pet in every:
        known.add(pet.name, pet.category_id, pet.status, pet_id=pet.id)
    preview = preview_file(layout, layout.mapping, known)
    assert len(preview.rows) == len(every)
    valid = [row for row in preview.rows if row.state is not RowState.INVALID]
    assert all(row.state is RowState.DUPLICATE for row in valid)
    assert {row.duplicate_of.pet_id for row in valid if row.duplicate_of} <= {
        pet.id for pet in every}
    assert preview.to_send() == []


def test_export_a_status_and_cancel_midway(tmp_path: Path, client: PetStoreClient) -> None:
    sold = [pet for page in query_pages(client, PetStatus.SOLD) for pet in page]
    path = tmp_path / "sold.csv"
    assert export_query(client, path, PetStatus.SOLD) == len(sold)
    assert all(pet.status is PetStatus.SOLD for pet in sold)

    token = CancelToken()

    class CancelAfterFirstPage:
        def iter_pages(self, limit: int = 20, status: PetStatus | None = None, *,
                       cancel: CancelToken | None = None) -> Iterator[PetPage]:
            for page in client.iter_pages(limit, status, cancel=cancel):
                yield page
                token.cancel()  # the user presses Cancel while the next page loads

    with pytest.raises(ImportCancelled):
        export_query(CancelAfterFirstPage(), tmp_path / "cancelled.xlsx", cancel=token)
    assert list(tmp_path.iterdir()) == [path]


def test_the_export_command_reports_a_refused_key(tmp_path: Path,
                                                  sandbox: RunningSandbox) -> None:
    args = argparse.Namespace(output=tmp_path / "x.csv", status=None)
    err = io.StringIO()
    with PetStoreClient(sandbox.base_url, "wrong-key-0123456789") as wrong:
        status = run_export(args, query_pages(wrong, None), err)
    assert status is ExitStatus.FAILED
    assert err.getvalue().startswith("petdesk export: ")
    assert not (tmp_path / "x.csv").exists()
