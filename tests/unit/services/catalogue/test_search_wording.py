"""Search and order over the mirror, the one name folding, the id-or-name parser, and
the schema's migration to version 3."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from petdesk.core.names import SearchInput, fold_name, parse_search
from petdesk.core.statuses import PetStatus
from petdesk.services.catalogue.mirror import MirrorPhase, MirrorStatus
from petdesk.services.catalogue.wording import about, catalogue_line, duration_text, search_note

AVAILABLE, PENDING, SOLD = PetStatus.AVAILABLE, PetStatus.PENDING, PetStatus.SOLD


def test_names_fold_case_and_accents_the_same_way_everywhere() -> None:
    assert fold_name("Zoë") == fold_name("ZOE") == fold_name("zoe") == "zoe"
    assert fold_name("Straße") == "strasse"
    assert fold_name("Ｍｏｃｈｉ") == "mochi"
    assert fold_name("Ábel") == "abel"
    assert fold_name("Rex") == "rex"  # the ASCII fast path agrees
    assert fold_name("İstanbul").startswith("i")


@pytest.mark.parametrize(("typed", "expected"), [
    ("42", SearchInput(42, "42")),
    ("  #42 ", SearchInput(42, "#42")),
    ("1,024", SearchInput(1_024, "1,024")),
    ("12 345", SearchInput(12_345, "12 345")),
    ("9223372036854775807", SearchInput(2**63 - 1, "9223372036854775807")),
    ("9223372036854775808", SearchInput(None, "9223372036854775808")),
    ("0", SearchInput(None, "0")),
    ("007", SearchInput(7, "007")),
    ("ID: 42", SearchInput(42, "ID: 42")),
    ("id 42", SearchInput(42, "id 42")),
    ("Idris", SearchInput(None, "Idris")),
    ("#", SearchInput(None, "#")),
    ("1,02", SearchInput(None, "1,02")),
    ("-5", SearchInput(None, "-5")),
    ("1.5", SearchInput(None, "1.5")),
    ("12,34", SearchInput(None, "12,34")),
    ("٤٢", SearchInput(None, "٤٢")),  # not ASCII digits: a name
    ("Mochi", SearchInput(None, "Mochi")),
    ("R2D2", SearchInput(None, "R2D2")),
    ("", SearchInput(None, "")),
])
def test_the_search_box_tells_an_id_from_a_name(typed: str, expected: SearchInput) -> None:
    assert parse_search(typed) == expected
    assert parse_search(typed).is_id is (expected.pet_id is not None)


NOW = datetime(2026, 11, 24, 9, 50, tzinfo=UTC).timestamp()
AT_0942 = datetime(2026, 11, 24, 9, 42, tzinfo=UTC).timestamp()


def _status(phase: MirrorPhase, count: int, total: int | None, complete_at: float | None,
            **kw: float) -> MirrorStatus:
    return MirrorStatus(phase, count, total, complete_at, kw.get("next_update_at"),
                        kw.get("resume_at"), 0, 250, 0)


def test_results_say_how_fresh_they_are() -> None:
    done = _status(MirrorPhase.COMPLETE, 8_412, 8_412, AT_0942, next_update_at=NOW + 25 * 60)
    assert catalogue_line(done, NOW, UTC) == \
        "Catalogue: 8,412 pets · complete as of 09:42 · next update in 25 min"
    assert search_note(3, " mochi ", done, NOW, UTC) == \
        "3 pets whose name contains “mochi” · catalogue complete as of 09:42"
    assert search_note(0, "Rex", done, NOW, UTC) == \
        "No pet's name contains “Rex” · catalogue complete as of 09:42"
    filling = _status(MirrorPhase.FILLING, 3_100, 8_412, None)
    assert search_note(1, "mochi", filling, NOW, UTC) == (
        "1 pet whose name contains “mochi” · searched 3,100 of about 8,400 pets; the "
        "catalogue is still filling")
    updating = _status(MirrorPhase.UPDATING, 8_412, 8_412, AT_0942)
    assert catalogue_line(updating, NOW, UTC).endswith("· updating…")
    assert about(947) == "950" and about(8_412) == "8,400" and about(7) == "7"
    assert duration_text(30) == "less than a minute"
    assert duration_text(125 * 60) == "2 h 5 min"
    assert duration_text(3 * 86_400) == "3 days"


