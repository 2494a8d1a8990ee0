"""Category names on the shared store: the first desk brings its own along, the others
read them, and each desk keeps a copy of its own."""

from __future__ import annotations

from pathlib import Path

from petdesk.services.cards.categories import CategoryTable, JsonCategoryFile
from petdesk.services.cards.shared_names import StoreCategories, bring_names
from petdesk.storage.sqlite.store import open_store
from tests.helpers.api_fakes import FakeClock


def test_the_first_desks_names_become_everyones_and_each_desk_keeps_a_copy(
        tmp_path: Path) -> None:
    shared = open_store(tmp_path / "shared.sqlite3", "production", clock=FakeClock()).store
    front, vet = (JsonCategoryFile(tmp_path / name / "categories-production.json")
                  for name in ("front", "vet"))
    front.save(CategoryTable({1: "Dogs", 2: "Cats"}))
    at_front = StoreCategories(lambda: shared.meta, front)
    at_vet = StoreCategories(lambda: shared.meta, vet)

    names = at_front.load()
    assert names is not None and names.as_dict() == {1: "Dogs", 2: "Cats"}
    at_front.save(CategoryTable({1: "Dogs", 2: "Cats", 3: "Rabbits"}))

    seen = at_vet.load()
    assert seen is not None and seen.as_dict() == {1: "Dogs", 2: "Cats", 3: "Rabbits"}
    at_vet.save(CategoryTable({1: "Dogs", 2: "Cats", 3: "Rabbits", 4: "Birds"}))
    loaded = vet.load()
    assert loaded is not None and loaded.as_dict()[4] == "Birds"
    again = at_front.load()
    assert again is not None and again.as_dict()[4] == "Birds"
    shared.close()


def test_moving_a_desks_names_keeps_what_the_shared_store_already_names(
        tmp_path: Path) -> None:
    shared = open_store(tmp_path / "shared.sqlite3", "production", clock=FakeClock()).store
    StoreCategories(lambda: shared.meta, JsonCategoryFile(tmp_path / "a.json")).save(
        CategoryTable({1: "Dogs"}))
    desk = JsonCategoryFile(tmp_path / "desk.json")
    desk.save(CategoryTable({1: "Hunde", 2: "dogs", 3: "Cats"}))

    assert bring_names(shared.meta, desk) == 1
    assert bring_names(shared.meta, desk) == 0

    names = StoreCategories(lambda: shared.meta, desk).load()
    assert names is not None and names.as_dict() == {1: "Dogs", 3: "Cats"}
    shared.close()
