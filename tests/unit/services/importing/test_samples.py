"""The sample intake sheets shipped in resources/samples/ load, with their planted problems."""

from __future__ import annotations

from pathlib import Path

import pytest

from petdesk.services.importing.mapping import Field, suggest_mapping
from petdesk.services.importing.preview import build_preview
from petdesk.services.importing.readers import open_table
from tests.unit.services.importing.make_samples import PROBLEMS, ROWS

SAMPLES = Path(__file__).resolve().parents[4] / "resources" / "samples"


@pytest.mark.parametrize("name", ["intake-sample.xlsx", "intake-sample.csv"])
def test_the_sample_sheet_loads_with_its_planted_problems(name: str) -> None:
    with open_table(SAMPLES / name) as table:
        suggestion = suggest_mapping(table.headers)
        assert suggestion.notes == ()
        assert dict(suggestion.mapping.columns) == {
            Field.NAME: 0, Field.CATEGORY_ID: 2, Field.STATUS: 3}
        preview = build_preview(table, suggestion.mapping)
    assert preview.summary() == "30 rows: 24 ready, 4 invalid, 2 possible duplicates"
    flagged = {row.number for row in (*preview.invalid_rows, *preview.duplicate_rows)}
    assert flagged == set(PROBLEMS)
    assert [issue.describe() for issue in preview.issues] == [
        "Row 16, Animal name (column A): Name must not be blank",
        "Row 17, Category ID (column C): Category ID must be a whole number like 3, "
        "not “cat”",
        "Row 18, Adoption status (column D): Status must be available, pending or sold "
        "(or empty), not “Adopted”",
        "Row 22, Category ID (column C): Category ID must be 1 or more",
    ]
    assert [p.pet.name for p in preview.to_send()][:5] == [
        "Biscuit", "Luna", "Max", "Mochi", "Señor Bigotes"]
    assert len(ROWS) == 30
