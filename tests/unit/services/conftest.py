"""Fixtures for the services' tests: a fake clock, a store in tmp_path (once per
implementation), live sandboxes."""

from tests.helpers.stores import clock, make_sandbox, other_desk, sqlite_store, store, store_file

__all__ = ["clock", "make_sandbox", "other_desk", "sqlite_store", "store", "store_file"]
