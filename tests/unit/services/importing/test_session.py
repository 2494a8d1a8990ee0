"""The two steps the import dialog runs on the worker: inspect, then preview."""

from __future__ import annotations

from pathlib import Path

import pytest

from petdesk.services.importing.control import CancelToken
from petdesk.services.importing.errors import FileRejected, ImportCancelled
from petdesk.services.importing.mapping import Field
from petdesk.services.importing.session import inspect_file, preview_file
from tests.unit.services.importing.files import write_csv, write_ods


def test_inspect_then_preview(tmp_path: Path) -> None:
    path = write_ods(tmp_path / "in.ods", [["Name", "Species", "Status"], ["Rex", "Dog", ""],
                                           ["Tom", "Cat", "sold"]])
    layout = inspect_file(path)
    assert layout.headers == ("Name", "Species", "Status")
    assert not layout.remembered
    assert layout.notes == ("Category ID is read from “Species”: say which category "
                            "number each of its words means.",)
    mapping = layout.mapping.with_category_names({"dog": 1, "cat": 2})
    preview = preview_file(layout, mapping)
    assert [(p.pet.name, p.pet.category_id) for p in preview.to_send()] == [
        ("Rex", 1), ("Tom", 2)]

    remembered = {layout.layout_key: mapping.to_dict()}
    again = inspect_file(path, remembered)
    assert again.remembered
    assert again.mapping == mapping
    assert again.notes == ()


def test_a_damaged_remembered_mapping_falls_back_to_the_suggestion(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "in.csv", [["Name", "Category"], ["Rex", 1]])
    layout = inspect_file(path)
    layout = inspect_file(path, {layout.layout_key: {"format": 1, "headers": "x"}})
    assert not layout.remembered
    assert layout.mapping.columns == {Field.NAME: 0, Field.CATEGORY_ID: 1}


def test_a_file_changed_between_the_steps_is_noticed(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "in.csv", [["Name", "Category"], ["Rex", 1]])
    layout = inspect_file(path)
    write_csv(path, [["Name", "Category"], ["Rex", 1], ["Mia", 2]])
    with pytest.raises(FileRejected, match="changed since it was opened"):
        preview_file(layout, layout.mapping)


def test_the_preview_step_can_be_cancelled(tmp_path: Path) -> None:
    rows: list[list[object]] = [["Name", "Category"]] + [[f"P{i}", 1] for i in range(3_000)]
    path = write_csv(tmp_path / "in.csv", rows)
    layout = inspect_file(path)
    token = CancelToken()
    token.cancel()
    with pytest.raises(ImportCancelled):
        preview_file(layout, layout.mapping, cancel=token)


def test_the_user_can_correct_the_encoding_and_delimiter(tmp_path: Path) -> None:
    path = tmp_path / "latin2.csv"
    path.write_bytes("Name;Category\r\nŁatka;1\r\n".encode("iso-8859-2"))
    guessed = inspect_file(path)
    assert guessed.info.encoding == "cp1252"  # bytes alone cannot tell Latin-2 apart
    layout = inspect_file(path, encoding="iso-8859-2", delimiter=";")
    preview = preview_file(layout, layout.mapping)
    assert [p.pet.name for p in preview.to_send()] == ["Łatka"]
    assert layout.info.describe() == "CSV · iso-8859-2 · separated by semicolons"
