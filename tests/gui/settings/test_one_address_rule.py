"""One rule for service addresses: the client, Settings and
``--base-url`` accept and refuse exactly the same addresses."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt

from petdesk.__main__ import main
from petdesk.api import ConfigurationError, PetStoreClient
from petdesk.core.urls import base_url_problem
from tests.gui.conftest import Sandbox
from tests.helpers.drive import open_settings

ACCEPTED = [
    "https://api.petstore.example/v1",
    "http://127.0.0.1:8765/v1",
    "http://127.0.0.2/v1",  # all of 127.0.0.0/8 is this computer
    "http://localhost:8765/v1",
    "http://[::1]:8765/v1",
]
REFUSED = [
    "http://api.petstore.example/v1",  # plain http to another computer
    "http://localhost.localdomain/v1",  # a name that merely resolves to loopback
    "http://pets.localhost/v1",
    "http://10.0.0.5/v1",
    "ftp://api.petstore.example/v1",
    "https://user@api.petstore.example/v1",
    "https://api.petstore.example/v1?x=1",
    "not an address",
]


@pytest.mark.parametrize("url", ACCEPTED + REFUSED)
def test_the_client_follows_the_rule(url: str) -> None:
    problem = base_url_problem(url)
    assert (problem is None) == (url in ACCEPTED)
    if problem is None:
        PetStoreClient(url, "pk-test-key").close()
    else:
        with pytest.raises(ConfigurationError, match=re.escape(problem)):
            PetStoreClient(url, "pk-test-key")


@pytest.mark.parametrize("url", REFUSED)
def test_base_url_on_the_command_line_follows_the_rule(url: str, capsys) -> None:
    assert main(["--base-url", url]) == 2
    assert base_url_problem(url) in capsys.readouterr().err


@pytest.mark.parametrize("url", ["http://127.0.0.2/v1", "http://pets.localhost/v1",
                                 "http://api.petstore.example/v1", "http://[::1]:8765/v1"])
def test_settings_follow_the_rule(qtbot, loopback: Sandbox, make_window, url: str) -> None:
    window = make_window(loopback)
    dialog = open_settings(qtbot, window)
    dialog.productionUrlEdit.selectAll()
    qtbot.keyClicks(dialog.productionUrlEdit, url)
    qtbot.keyClick(dialog.productionUrlEdit, Qt.Key.Key_Return)
    problem = base_url_problem(url)
    if problem is None:
        qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5_000)
    else:
        assert dialog.isVisible()
        assert problem in dialog.problemLabel.text()
        assert dialog.productionUrlEdit.text() == url  # what was typed is kept
        qtbot.keyClick(dialog.productionUrlEdit, Qt.Key.Key_Escape)
