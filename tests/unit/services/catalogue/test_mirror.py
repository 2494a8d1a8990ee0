"""The catalogue mirror's filler with a scripted catalogue and a fake clock: the fill,
the budget and the day's share, updates from the last page, full passes, restarts,
failures, and the catalogue line."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from pathlib import Path

import pytest

from petdesk.core.errors import (
    AuthenticationError,
    NotFoundError,
    RateLimitedError,
    RequestCancelled,
)
from petdesk.core.statuses import PetStatus
from petdesk.services.catalogue.mirror import (
    FillKind,
    FillStep,
    MirrorFiller,
    MirrorPage,
    MirrorPhase,
    estimate_total,
)
from petdesk.services.catalogue.wording import catalogue_line, requests_text, schedule_text
from petdesk.services.outbox.budget import QuotaBudget
from petdesk.storage.rows import MirrorQuery, MirrorSettings, PassKind, PetRow
from petdesk.storage.sqlite.store import SqliteStore, open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.mirror_fakes import FakeCatalogue, LoopingCatalogue, Reading, offline


def _budget(clock: FakeClock, reading: Reading | None = None,
            gate: list[float] | None = None) -> QuotaBudget:
    closed = gate if gate is not None else [0.0]
    return QuotaBudget(clock, lambda: reading, lambda: closed[0])


def _filler(store: SqliteStore, service: FakeCatalogue, clock: FakeClock,
            budget: QuotaBudget | None = None) -> MirrorFiller:
    return MirrorFiller(store, service, budget or _budget(clock), clock)


def _run(filler: MirrorFiller, clock: FakeClock, *, until: FillKind = FillKind.DONE,
         limit: int = 10_000) -> list[FillStep]:
    """Step like the worker does (sleeping on the fake clock as told) until ``until``."""
    steps = []
    for _ in range(limit):
        step = filler.step()
        steps.append(step)
        if step.kind is until:
            return steps
        if step.kind in (FillKind.IDLE, FillKind.OFF, FillKind.PAUSED):
            raise AssertionError(f"stopped early: {step}")
        if step.wait > 0 and math.isfinite(step.wait):
            clock.advance(step.wait)
    raise AssertionError("did not finish")


def test_an_empty_mirror_fills_with_one_request_per_page(store: SqliteStore,
                                                         clock: FakeClock) -> None:
    service = FakeCatalogue(1_234)
    filler = _filler(store, service, clock)
    assert filler.status().phase is MirrorPhase.FILLING
    steps = _run(filler, clock)
    assert service.requests == 13 == math.ceil(1_234 / 100)
    assert [s.kind for s in steps] == [FillKind.FETCHED] * 12 + [FillKind.DONE]
    assert store.catalogue.count() == 1_234
    assert store.catalogue.state().requests_total == 13
    status = filler.status()
    assert status.phase is MirrorPhase.COMPLETE
    assert status.count == status.total == 1_234
    assert status.complete_at == clock.time()
    assert status.next_update_at == clock.time() + 30 * 60
    # the newest id is known (and verified) for the outbox's reconciliation
    assert store.meta.newest_known_id() == 1_234 and store.meta.newest_id_verified()
    assert filler.step().kind is FillKind.IDLE


def test_the_line_says_how_complete_and_how_fresh(store: SqliteStore, clock: FakeClock) -> None:
    service = FakeCatalogue(8_412)
    store.meta.note_newest_id(8_412, verified=True)
    filler = _filler(store, service, clock)
    for _ in range(31):
        filler.step()
    status = filler.status()
    assert status.phase is MirrorPhase.FILLING
    assert status.count == 3_100 and status.total == 8_412
    now = clock.time()
    assert catalogue_line(status, now, UTC) == "Catalogue: filling, 3,100 of about 8,400"
    _run(filler, clock)
    clock.advance(5 * 60)
    done = filler.status()
    shown = datetime.fromtimestamp(done.complete_at or 0, UTC).strftime("%H:%M")
    assert catalogue_line(done, clock.time(), UTC) == \
        f"Catalogue: 8,412 pets · complete as of {shown} · next update in 25 min"
    assert requests_text(done) == "Catalogue used 85 of its 250 requests today (85 in all)"


def test_background_never_takes_the_users_share_of_the_minute(store: SqliteStore,
                                                               clock: FakeClock) -> None:
    service = FakeCatalogue(500)
    reading = Reading(60, 12, clock.time() + 20)
    filler = _filler(store, service, clock, _budget(clock, reading))
    step = filler.step()
    assert step.kind is FillKind.DEFERRED
    assert step.wait == pytest.approx(21.0)
    assert service.requests == 0
    assert filler.status().phase is MirrorPhase.FILLING  # pacing, not a pause
    clock.advance(step.wait)
    assert filler.step().kind is FillKind.FETCHED


def test_it_pauses_while_a_rate_limit_wait_runs(store: SqliteStore, clock: FakeClock) -> None:
    service = FakeCatalogue(500)
    gate = [40.0]
    filler = _filler(store, service, clock, _budget(clock, None, gate))
    step = filler.step()
    assert step.kind is FillKind.RATE_LIMITED and step.wait == 40.0
    assert service.requests == 0
    status = filler.status()
    assert status.phase is MirrorPhase.WAITING
    assert "paused while the service asks PetDesk to wait, until" in \
        catalogue_line(status, clock.time(), UTC)
    gate[0] = 0.0
    assert filler.step().kind is FillKind.FETCHED
    # a wait the client refused to sit through (longer than the in-app limit)
    service.faults.append(RateLimitedError(retry_after=300.0))
    step = filler.step()
    assert step.kind is FillKind.RATE_LIMITED and step.wait == 300.0


def test_it_stops_for_the_day_at_its_share_and_resumes_after_midnight(
        store: SqliteStore, clock: FakeClock) -> None:
    service = FakeCatalogue(5_000)
    filler = _filler(store, service, clock)
    filler.set_settings(MirrorSettings(daily_quota=100, day_share=0.25))
    steps = _run(filler, clock, until=FillKind.DAY_DONE)
    assert service.requests == 25
    midnight = datetime.fromtimestamp(clock.time(), UTC).replace(
        hour=0, minute=0, second=0) .timestamp() + 86_400
    assert steps[-1].wait == pytest.approx(midnight - clock.time())
    status = filler.status()
    assert status.phase is MirrorPhase.DAY_DONE and status.resume_at == midnight
    line = catalogue_line(status, clock.time(), UTC)
    assert line.endswith("stopped for today to keep requests for your own work; "
                         "continues at Sat 16 Jan, 00:00")
    assert filler.step().kind is FillKind.DAY_DONE and service.requests == 25
    clock.advance(steps[-1].wait)
    assert filler.step().kind is FillKind.FETCHED
    assert store.catalogue.settings() == MirrorSettings(daily_quota=100, day_share=0.25)


def test_it_stops_when_the_days_quota_nears_its_end(store: SqliteStore,
                                                    clock: FakeClock) -> None:
    """The headers show the day's quota (it resets hours away) inside its reserve."""
    reading = Reading(1_000, 150, clock.time() + 5 * 3600)
    filler = _filler(store, FakeCatalogue(300), clock, _budget(clock, reading))
    step = filler.step()
    assert step.kind is FillKind.DAY_DONE
    assert filler.status().resume_at == pytest.approx(clock.time() + 5 * 3600 + 1)


def test_an_update_fetches_only_the_new_pets_from_the_last_page(store: SqliteStore,
                                                                clock: FakeClock) -> None:
    service = FakeCatalogue(1_050)
    filler = _filler(store, service, clock)
    _run(filler, clock)
    assert filler.step().kind is FillKind.IDLE
    mochi = service.add("Mochi", PetStatus.AVAILABLE)
    before = service.requests
    clock.advance(30 * 60)
    steps = _run(filler, clock)
    assert len(steps) == 1 and service.requests == before + 1  # one request
    assert service.urls[-1] is not None and "cursor=1000" in service.urls[-1]
    assert store.catalogue.search(MirrorQuery(), limit=1) == [mochi]  # newest first
    assert store.catalogue.state().last_full_at is not None
    # 50 more: the last page overflows, the update takes two requests
    for _ in range(50):
        service.add()
    filler.update_now()
    before = service.requests
    _run(filler, clock)
    assert service.requests == before + 2
    assert store.catalogue.count() == 1_101


def test_update_now_runs_an_update_before_it_is_due(store: SqliteStore,
                                                   clock: FakeClock) -> None:
    service = FakeCatalogue(150)
    filler = _filler(store, service, clock)
    _run(filler, clock)
    service.add("Rex")
    assert filler.step().kind is FillKind.IDLE
    assert filler.update_now()
    _run(filler, clock)
    assert store.catalogue.count() == 151
    assert filler.update_now(full=True)
    assert filler.step().kind is FillKind.FETCHED
    assert store.catalogue.state().pass_kind is PassKind.FULL
    assert filler.status().phase is MirrorPhase.UPDATING
    assert not filler.update_now()  # already updating
    _run(filler, clock)
    assert filler.step().kind is FillKind.IDLE  # nothing left over from the click


def test_a_full_pass_refreshes_statuses_and_drops_pets_no_longer_listed(
        store: SqliteStore, clock: FakeClock) -> None:
    service = FakeCatalogue(250)
    filler = _filler(store, service, clock)
    _run(filler, clock)
    service.pets[7] = service.pets[7]._replace(status=PetStatus.SOLD)
    del service.pets[8]
    clock.advance(24 * 3600)
    before = service.requests
    _run(filler, clock)
    assert service.requests == before + 3  # a full pass: every page
    assert store.pages.looked_up(7) is not None
    assert store.pages.looked_up(7).pet.status is PetStatus.SOLD  # type: ignore[union-attr]
    assert store.pages.looked_up(8) is None
    assert store.catalogue.count() == 249


def test_a_link_that_no_longer_leads_to_the_last_page_is_not_trusted(
        store: SqliteStore, clock: FakeClock) -> None:
    """Offset paging with pets removed: the old link now starts after the newest pet
    the mirror has, so pets could be skipped: a full pass runs instead."""
    service = FakeCatalogue(250)
    service.offset_paging = True
    filler = _filler(store, service, clock)
    _run(filler, clock)
    assert store.catalogue.state().tail_url is not None
    for pet_id in range(1, 61):
        del service.pets[pet_id]
    service.add("Newcomer")
    clock.advance(30 * 60)
    steps = _run(filler, clock)
    assert len(steps) == 1 + 2  # the untrusted page, then a full pass of 2 pages
    assert store.catalogue.search(MirrorQuery("newcomer"))[0].id == 251
    assert store.catalogue.count() == 191


def test_a_refused_link_restarts_the_pass_from_the_first_page(store: SqliteStore,
                                                              clock: FakeClock) -> None:
    service = FakeCatalogue(350)
    filler = _filler(store, service, clock)
    filler.step()
    service.faults.append(NotFoundError("gone"))
    assert filler.step().kind is FillKind.FETCHED  # the refusal: start again
    assert store.catalogue.state().next_url is None
    _run(filler, clock)
    assert store.catalogue.count() == 350
    assert service.urls[2] is None


def test_a_fill_resumes_after_a_restart_without_fetching_a_page_twice(
        store_file: Path, clock: FakeClock) -> None:
    service = FakeCatalogue(1_000)
    with open_store(store_file, "production", clock=clock).store as first:
        filler = _filler(first, service, clock)
        for _ in range(4):
            filler.step()
        assert first.catalogue.count() == 400
    with open_store(store_file, "production", clock=clock).store as second:
        again = _filler(second, service, clock)
        assert again.status().count == 400
        _run(again, clock)
        assert second.catalogue.count() == 1_000
    assert service.requests == 10
    assert len(set(service.urls)) == 10


def test_offline_waits_longer_each_time_and_says_so(store: SqliteStore,
                                                    clock: FakeClock) -> None:
    service = FakeCatalogue(300)
    filler = _filler(store, service, clock)
    service.faults.extend([offline(), offline(), offline()])
    waits = [filler.step().wait for _ in range(3)]
    assert waits == [30.0, 60.0, 120.0]
    status = filler.status()
    assert status.phase is MirrorPhase.OFFLINE
    assert catalogue_line(status, clock.time(), UTC).endswith("waiting for the connection")
    assert store.catalogue.state().requests_total == 0  # nothing reached the service
    assert filler.step().kind is FillKind.FETCHED
    assert store.catalogue.state().requests_total == 1


def test_pause_resume_and_switching_off(store: SqliteStore, clock: FakeClock) -> None:
    service = FakeCatalogue(300)
    filler = _filler(store, service, clock)
    filler.step()
    filler.pause()
    assert filler.step().kind is FillKind.PAUSED
    assert catalogue_line(filler.status(), clock.time(), UTC) == \
        "Catalogue: filling, 100 pets so far · paused"
    filler.resume()
    assert filler.step().kind is FillKind.FETCHED
    filler.set_settings(MirrorSettings(enabled=False))
    assert filler.step().kind is FillKind.OFF
    assert catalogue_line(filler.status(), clock.time(), UTC) == \
        "Catalogue: not kept up to date (200 pets stored)"
    assert service.requests == 2


def test_the_schedule_is_visible_and_checked() -> None:
    assert schedule_text(MirrorSettings()) == (
        "New pets every 30 min; every page again every 24 h; at most 250 requests a day "
        "(25% of 1,000)")
    with pytest.raises(ValueError, match="share"):
        MirrorSettings(day_share=0.95)
    with pytest.raises(ValueError, match="full passes"):
        MirrorSettings(update_every=3600, full_every=600)


def test_the_estimate_comes_from_the_ids() -> None:
    assert estimate_total(3_100, 3_100, 8_412) == 8_412
    assert estimate_total(1_550, 3_100, 8_400) == 4_200  # every second id in use
    assert estimate_total(3_100, 3_100, 2_000) is None  # nothing newer known
    assert estimate_total(0, None, 8_400) is None


def test_an_empty_catalogue_is_complete_after_one_request(store: SqliteStore,
                                                          clock: FakeClock) -> None:
    service = FakeCatalogue(0)
    filler = _filler(store, service, clock)
    assert catalogue_line(filler.status(), clock.time(), UTC) == \
        "Catalogue: starting to download…"
    _run(filler, clock)
    assert service.requests == 1
    assert filler.status().phase is MirrorPhase.COMPLETE
    assert filler.status().count == 0


def test_rows_seen_as_pet_rows(store: SqliteStore, clock: FakeClock) -> None:
    service = FakeCatalogue(3)
    _run(_filler(store, service, clock), clock)
    assert store.catalogue.rows() == [PetRow(i, f"Pet {i}", 1 + i % 5, None) for i in (1, 2, 3)]


def test_a_cancelled_or_refused_request_is_said_plainly(store: SqliteStore,
                                                         clock: FakeClock) -> None:
    service = FakeCatalogue(300)
    filler = _filler(store, service, clock)
    service.faults.append(RequestCancelled())
    step = filler.step()
    assert step.kind is FillKind.DEFERRED and store.catalogue.state().requests_total == 0
    service.faults.append(AuthenticationError("The API key was not accepted."))
    step = filler.step()
    assert step.kind is FillKind.FAILED and step.wait == 600.0
    status = filler.status()
    assert status.phase is MirrorPhase.PROBLEM and store.catalogue.state().requests_total == 1
    assert catalogue_line(status, clock.time(), UTC).endswith("could not update, trying "
                                                              "again at 08:10")
    # the user fixed the key and clicks Update now: the fill (already running) goes on
    assert not filler.update_now()
    assert filler.step().kind is FillKind.FETCHED


def test_a_next_link_that_goes_back_ends_the_pass(store: SqliteStore,
                                                  clock: FakeClock) -> None:
    service = LoopingCatalogue(1_000)
    filler = _filler(store, service, clock)
    steps = _run(filler, clock)
    assert service.requests == 4  # pages 1, 2, 3, then 2 again: stop there
    assert steps[-1].message is not None and "already listed" in steps[-1].message
    assert store.catalogue.count() == 300
    assert filler.step().kind is FillKind.IDLE  # not again at once: at the next update
    assert store.meta.newest_known_id() == 0 or not store.meta.newest_id_verified()


class _OtherDeskMeanwhile(FakeCatalogue):
    """While the first page is being fetched, another desk's filler tries its step."""

    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.other: MirrorFiller | None = None
        self.meanwhile: FillStep | None = None

    def first_page(self) -> MirrorPage:
        if self.other is not None:
            other, self.other = self.other, None
            self.meanwhile = other.step()
        return super().first_page()


def test_a_desk_does_no_fill_step_while_another_desk_does_one(
        store: SqliteStore, other_desk: SqliteStore, clock: FakeClock) -> None:
    service = _OtherDeskMeanwhile(250)
    first, second = _filler(store, service, clock), _filler(other_desk, service, clock)
    service.other = second
    assert first.step().kind is FillKind.FETCHED
    assert service.meanwhile is not None and service.meanwhile.kind is FillKind.IDLE
    assert service.requests == 1
    _run(second, clock)  # the other desk carries on from the first desk's page
    assert service.requests == 3
    assert other_desk.catalogue.count() == 250
