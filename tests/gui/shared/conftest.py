"""A real PostgreSQL server for the window's shared store tests."""

from tests.helpers.postgres import postgres_address, postgres_server

__all__ = ["postgres_address", "postgres_server"]
