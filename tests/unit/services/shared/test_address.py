"""Which shared store addresses are accepted, and what a refused one is told."""

from __future__ import annotations

import pytest

from petdesk.services.shared.address import PASSWORD_IN_ADDRESS, address_problem, server_of


@pytest.mark.parametrize("address", [
    "postgresql://petdesk@db.shelter.lan:5432/petdesk?sslmode=require",
    "postgres://petdesk@10.0.0.5/petdesk",
    "  postgresql://petdesk@[::1]:5433/shelter?sslmode=verify-full  ",
])
def test_a_postgresql_address_with_server_and_database_is_accepted(address: str) -> None:
    assert address_problem(address) is None


@pytest.mark.parametrize("address", [
    "postgresql://petdesk:hunter2@db.shelter.lan/petdesk",
    "postgresql://petdesk@db.shelter.lan/petdesk?password=hunter2",
])
def test_an_address_with_a_password_is_refused_and_sent_to_the_password_field(
        address: str) -> None:
    assert address_problem(address) == PASSWORD_IN_ADDRESS
    assert "Password field" in PASSWORD_IN_ADDRESS
    assert "hunter2" not in str(address_problem(address))


@pytest.mark.parametrize(("address", "words"), [
    ("https://db.shelter.lan/petdesk", "must start with postgresql://"),
    ("postgresql:///petdesk", "name the database server"),
    ("postgresql://petdesk@db.shelter.lan", "end with the database's name"),
    ("postgresql://petdesk@db.shelter.lan:99999/petdesk", "not valid"),
    ("postgresql://petdesk@db.shelter.lan/petdesk?sslmode=always", "sslmode must be"),
])
def test_a_bad_address_says_what_is_wrong(address: str, words: str) -> None:
    problem = address_problem(address)
    assert problem is not None and words in problem


def test_messages_name_the_server_and_database_only() -> None:
    assert server_of("postgresql://petdesk@db.shelter.lan:5432/petdesk?sslmode=require") == (
        "db.shelter.lan:5432/petdesk")
