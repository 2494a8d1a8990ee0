"""A real PostgreSQL server for the shared store's tests (started by the test run)."""

from tests.helpers.postgres import postgres_address, postgres_server

__all__ = ["postgres_address", "postgres_server"]
