"""This computer's desk as the store records it: its name and the signed-in user, in
plain bounded text."""

from __future__ import annotations

import getpass
import socket

from petdesk.services.desk import MAX_DESK_TEXT, clean_desk_text, this_desk


def test_this_desk_is_the_computers_name_and_the_signed_in_user() -> None:
    desk = this_desk()
    assert desk.name == clean_desk_text(socket.gethostname())
    assert desk.user == clean_desk_text(getpass.getuser())


def test_control_and_format_characters_are_left_out_and_the_text_trimmed() -> None:
    assert clean_desk_text(" front\x00-desk\n\u202e ") == "front-desk"
    assert clean_desk_text("anna\x1b[31m") == "anna[31m"
    assert clean_desk_text("Zoë's laptop") == "Zoë's laptop"
    assert clean_desk_text("\t\r\n") == ""


def test_a_long_name_is_cut_to_what_a_cell_shows() -> None:
    assert clean_desk_text("x" * 300) == "x" * MAX_DESK_TEXT
    assert len(clean_desk_text("desk " * 40)) <= MAX_DESK_TEXT
