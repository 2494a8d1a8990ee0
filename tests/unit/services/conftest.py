"""Fixtures for the services' tests: a fake clock, a store in tmp_path (once per
implementation), live sandboxes."""

from tests.helpers.postgres import postgres_address, postgres_server
from tests.helpers.stores import clock, make_sandbox, reopen, sqlite_store, store, store_file

__all__ = ["clock", "make_sandbox", "postgres_address", "postgres_server",
           "reopen", "sqlite_store", "store", "store_file"]
