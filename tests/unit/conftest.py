"""Fixtures for the store tests: a fake clock, a store in tmp_path (once per
implementation), live sandboxes."""

from tests.helpers.postgres import postgres_address, postgres_server
from tests.helpers.stores import (
           API_KEY,
           SandboxFactory,
           clock,
           make_sandbox,
           reopen,
    sqlite_store,
           store,
           store_file,
)

__all__ = ["API_KEY", "SandboxFactory", "clock", "make_sandbox", "postgres_address",
           "postgres_server", "reopen", "sqlite_store", "store", "store_file"]
