"""petdesk.services.cards.categories: validation, the display rule, CSV, the JSON file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from petdesk.core.limits import INT64_MAX
from petdesk.sandbox.store import CATEGORIES
from petdesk.services.cards.categories import (
    CATEGORY_NAME_MAX,
    DEMO_CATEGORY_NAMES,
    Category,
    CategoryError,
    CategoryFileError,
    CategoryImportError,
    CategoryTable,
    JsonCategoryFile,
    categories_path,
    category_label,
    export_csv,
    import_csv,
    load_or_seed,
    parse_category_id,
    parse_csv,
    validate_category_name,
)
from tests.helpers.category_fakes import MemoryCategoryStore


def test_demo_names_are_the_sandbox_seed_names() -> None:
    assert dict(DEMO_CATEGORY_NAMES) == CATEGORIES


def test_the_display_rule() -> None:
    table = CategoryTable({1: "Dogs"})
    assert table.label(1) == "Dogs (1)"
    assert table.label(2) == "2"
    assert category_label(3, None) == "3"
    assert Category(1, "Dogs").label == "Dogs (1)"


@pytest.mark.parametrize(("text", "expected"), [
    ("1", 1), (" 42 ", 42), (str(INT64_MAX), INT64_MAX)])
def test_ids_that_are_accepted(text: str, expected: int) -> None:
    assert parse_category_id(text) == expected


@pytest.mark.parametrize(("text", "message"), [
    ("", "Enter a category ID."),
    ("0", f"The category ID must be between 1 and {INT64_MAX}."),
    ("-1", "The category ID must be a whole number, like 3."),
    ("1.5", "The category ID must be a whole number, like 3."),
    ("٣", "The category ID must be a whole number, like 3."),
    (str(INT64_MAX + 1), f"The category ID must be between 1 and {INT64_MAX}."),
    ("9" * 400, f"The category ID must be between 1 and {INT64_MAX}."),
])
def test_ids_that_are_refused(text: str, message: str) -> None:
    with pytest.raises(CategoryError) as caught:
        parse_category_id(text)
    assert str(caught.value) == message


def test_names_are_stripped_and_may_be_any_script() -> None:
    assert validate_category_name("  Dogs ") == "Dogs"
    assert validate_category_name("Perros y gatos") == "Perros y gatos"
    assert validate_category_name("כלבים") == "כלבים"
    assert validate_category_name("狗 🐶") == "狗 🐶"


@pytest.mark.parametrize(("name", "message"), [
    ("", "Enter a name for the category."),
    ("   ", "Enter a name for the category."),
    ("x" * (CATEGORY_NAME_MAX + 1),
     f"The name is too long (at most {CATEGORY_NAME_MAX} characters)."),
    ("Do\u200bgs", "The name contains an invisible or control character (U+200B); remove it."),
    ("Dogs\u202e", "The name contains an invisible or control character (U+202E); remove it."),
    ("Do\x00gs", "The name contains an invisible or control character (U+0000); remove it."),
    ("Do\ngs", "The name contains an invisible or control character (U+000A); remove it."),
    ("Dogs\u2028x", "The name contains an invisible or control character (U+2028); remove it."),
])
def test_names_that_are_refused(name: str, message: str) -> None:
    with pytest.raises(CategoryError) as caught:
        validate_category_name(name)
    assert str(caught.value) == message


def test_add_rename_remove_keep_names_unique_ignoring_case() -> None:
    table = CategoryTable()
    table.add(1, "Dogs")
    table.add(2, "Cats")
    with pytest.raises(CategoryError, match=r"Another category \(1\) is already called “Dogs”"):
        table.add(3, " dOGS ")
    with pytest.raises(CategoryError, match="Category 1 already has a name"):
        table.add(1, "Hounds")
    with pytest.raises(CategoryError, match=r"Another category \(2\)"):
        table.rename(1, "CATS")
    assert table.rename(1, "DOGS") == Category(1, "DOGS")
    assert table.remove(2) == Category(2, "Cats")
    table.add(3, "cats")
    with pytest.raises(CategoryError, match="Category 9 has no name"):
        table.remove(9)
    assert table.categories() == [Category(1, "DOGS"), Category(3, "cats")]
    assert table.id_for_name(" dogs") == 1


def test_csv_round_trip_with_bom_header_and_awkward_names() -> None:
    table = CategoryTable({1: "Dogs", 2: 'Cats, "big" ones', 30: "Kaninchen ü", 4: "כלבים"})

    data = export_csv(table)

    assert data.startswith(b"\xef\xbb\xbfcategoryId,name\r\n1,Dogs\r\n2,")
    assert import_csv(CategoryTable(), data) == table


def test_csv_import_accepts_semicolons_no_bom_and_blank_lines() -> None:
    data = b"categoryId;name\n1;Dogs\n\n2;Cats\n"
    assert [row for _, row in parse_csv(data)] == [Category(1, "Dogs"), Category(2, "Cats")]


def test_csv_import_merges_names_into_the_table() -> None:
    table = CategoryTable({1: "Dogs", 2: "Cats"})
    result = import_csv(table, b"categoryId,name\n2,Katzen\n3,Kaninchen\n")
    assert result.as_dict() == {1: "Dogs", 2: "Katzen", 3: "Kaninchen"}
    assert table.as_dict() == {1: "Dogs", 2: "Cats"}


def test_csv_import_may_swap_names_between_ids() -> None:
    table = CategoryTable({1: "Dogs", 2: "Cats"})
    result = import_csv(table, b"categoryId,name\n1,Cats\n2,Dogs\n")
    assert result.as_dict() == {1: "Cats", 2: "Dogs"}


def test_csv_import_reports_every_bad_line_and_changes_nothing() -> None:
    data = ("categoryId,name\n"
            "1,Dogs\n"
            "x,Cats\n"
            "0,Zero\n"
            "3,\n"
            "1,Hounds\n"
            "5,dogs\n"
            "6,a,b\n"
            "7,Bad\u200bName\n").encode()

    with pytest.raises(CategoryImportError) as caught:
        import_csv(CategoryTable(), data)

    assert [str(e) for e in caught.value.errors] == [
        "Line 3: The category ID must be a whole number, like 3.",
        f"Line 4: The category ID must be between 1 and {INT64_MAX}.",
        "Line 5: Enter a name for the category.",
        "Line 6: Category 1 is already named on line 2.",
        "Line 7: The name “dogs” is already used on line 2.",
        "Line 8: Expected 2 values (categoryId and name), found 3.",
        "Line 9: The name contains an invisible or control character (U+200B); remove it.",
    ]
    assert str(caught.value).startswith("Nothing was imported:\nLine 3: ")


def test_csv_import_refuses_a_name_another_id_keeps() -> None:
    with pytest.raises(CategoryImportError) as caught:
        import_csv(CategoryTable({1: "Dogs"}), b"categoryId,name\n2,DOGS\n")
    assert [str(e) for e in caught.value.errors] == ["Line 2: Category 1 is already called “DOGS”."]


@pytest.mark.parametrize(("data", "message"), [
    (b"", "Line 1: The file is empty."),
    (b"id,label\n1,Dogs\n", "Line 1: The first line must be the header “categoryId,name”."),
    (b"categoryId,name\n1,Dogs\n2,\xff\xfe\n",
     "Line 3: The file is not UTF-8 text. Save it as “CSV UTF-8” and try again."),
    (b"categoryId,name\n" + b"1,x\n" * 300_000,
     "Line 1: The file is too large (more than 1000 kB)."),
    (b'categoryId,name\n1,"Dogs\n', "Line 2: The line is not valid CSV (unexpected end of data)."),
])
def test_csv_files_that_are_refused_as_a_whole(data: bytes, message: str) -> None:
    with pytest.raises(CategoryImportError) as caught:
        parse_csv(data)
    assert [str(e) for e in caught.value.errors] == [message]


def test_json_file_round_trip_is_atomic_and_utf8(tmp_path: Path) -> None:
    store = JsonCategoryFile(tmp_path / "sub" / "categories-demo.json")
    assert store.load() is None
    table = CategoryTable({2: "Cats", 1: "Hunde 🐶"})

    store.save(table)

    assert store.load() == table
    raw = json.loads(store.path.read_text("utf-8"))
    assert raw == {"version": 1, "categories": [{"id": 1, "name": "Hunde 🐶"},
                                                 {"id": 2, "name": "Cats"}]}
    assert sorted(p.name for p in store.path.parent.iterdir()) == ["categories-demo.json"]


@pytest.mark.parametrize("content", [
    b"{not json", b"[]", b'{"version": 2, "categories": []}',
    b'{"version": 1, "categories": [{"id": 0, "name": "x"}]}',
    b'{"version": 1, "categories": [{"id": "1", "name": "x"}]}',
    b'{"version": 1, "categories": [{"id": 1, "name": "a"}, {"id": 2, "name": "A"}]}',
    b"\xff\xfe",
])
def test_a_damaged_file_is_reported_and_left_alone(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "categories-production.json"
    path.write_bytes(content)

    with pytest.raises(CategoryFileError, match="are damaged") as caught:
        JsonCategoryFile(path).load()

    assert "leaves the file as it is" in str(caught.value)
    assert path.read_bytes() == content


def test_a_save_into_a_folder_that_is_a_file_fails_clearly(tmp_path: Path) -> None:
    (tmp_path / "blocker").write_text("x")
    store = JsonCategoryFile(tmp_path / "blocker" / "categories-demo.json")
    with pytest.raises(CategoryFileError, match=r"could not be saved to .*blocker"):
        store.save(CategoryTable({1: "Dogs"}))
    assert (tmp_path / "blocker").read_text() == "x"


def test_load_or_seed_seeds_only_the_first_time() -> None:
    store = MemoryCategoryStore()
    assert load_or_seed(store, DEMO_CATEGORY_NAMES).label(6) == "Small mammals (6)"
    assert store.saves == 1
    store.saved = {1: "Hunde"}
    assert load_or_seed(store, DEMO_CATEGORY_NAMES).as_dict() == {1: "Hunde"}
    assert load_or_seed(MemoryCategoryStore()).as_dict() == {}


def test_each_environment_has_its_own_file(tmp_path: Path) -> None:
    assert categories_path("production", tmp_path) == tmp_path / "categories-production.json"
    assert categories_path("demo").name == "categories-demo.json"
    assert categories_path("demo").parent.name == "PetDesk"
    with pytest.raises(ValueError, match="not an environment name"):
        categories_path("../evil")
