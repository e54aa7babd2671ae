"""The playback driver's tick: wall time to game time, capped so that a slow tick never makes
the next one cover more (driven by a fake clock: nothing here depends on real time)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from battlemap.core.decisions import RollRequest
from battlemap.storage.encounter_file import load_encounter
from battlemap.ui.driver import MAX_FRAMES_PER_TICK, TICK_MS, PlaybackDriver
from battlemap.ui.session import FightSession

SKIRMISH = Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json"
SECONDS_PER_UNIT = 0.5
#: The most game time one tick may cover at that speed.
CAP_UNITS = MAX_FRAMES_PER_TICK * TICK_MS / 1000.0 / SECONDS_PER_UNIT


def _never(_request: RollRequest) -> bool:
    return False


class FakeClock:
    """Wall time that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def driven(qtbot: QtBot) -> Iterator[tuple[PlaybackDriver, FakeClock]]:
    session = FightSession(load_encounter(SKIRMISH), _never)
    clock = FakeClock()
    driver = PlaybackDriver(session, SECONDS_PER_UNIT, clock)
    driver.play()
    assert driver.is_playing()
    yield driver, clock
    driver.pause()


def test_a_tick_moves_the_playhead_by_the_wall_time_it_measured(
    driven: tuple[PlaybackDriver, FakeClock],
) -> None:
    driver, clock = driven
    before = driver.session.time
    clock.now += 0.016
    driver.tick()
    assert driver.session.time == pytest.approx(before + 0.016 / SECONDS_PER_UNIT)
    assert driver.late_ticks == 0


@pytest.mark.parametrize("stall", [0.033, 0.1, 1.44, 30.0])
def test_a_late_tick_never_covers_more_than_the_cap(
    driven: tuple[PlaybackDriver, FakeClock], stall: float
) -> None:
    """A stall (a slow frame, a busy machine) is dropped, not caught up: the playhead moves at
    most the cap however long the tick took, and the next tick is an ordinary one again."""
    driver, clock = driven
    before = driver.session.time
    clock.now += stall
    driver.tick()
    moved = driver.session.time - before
    assert moved == pytest.approx(CAP_UNITS)
    assert moved < stall / SECONDS_PER_UNIT
    assert driver.late_ticks == 1
    clock.now += 0.016
    driver.tick()
    assert driver.session.time - before == pytest.approx(CAP_UNITS + 0.016 / SECONDS_PER_UNIT)
    assert driver.late_ticks == 1


def test_every_tick_of_a_slow_run_stays_under_the_cap(
    driven: tuple[PlaybackDriver, FakeClock],
) -> None:
    """Ticks 0.3 s apart (what 200 tokens took before): each covers the cap, none more."""
    driver, clock = driven
    steps = []
    for _ in range(20):
        before = driver.session.time
        clock.now += 0.3
        driver.tick()
        steps.append(driver.session.time - before)
    assert max(steps) == pytest.approx(CAP_UNITS)
    assert all(step <= CAP_UNITS + 1e-12 for step in steps)
    assert driver.late_ticks == 20


def test_without_a_cap_a_tick_covers_all_the_time_it_measured(
    driven: tuple[PlaybackDriver, FakeClock],
) -> None:
    """The old behaviour (kept for the benchmark's comparison): no cap, no dropped frames."""
    driver, clock = driven
    driver.max_frames_per_tick = None
    before = driver.session.time
    clock.now += 1.0
    driver.tick()
    assert driver.session.time == pytest.approx(before + 1.0 / SECONDS_PER_UNIT)
    assert driver.late_ticks == 0


def test_a_paused_driver_does_not_tick(driven: tuple[PlaybackDriver, FakeClock]) -> None:
    driver, clock = driven
    driver.pause()
    before = driver.session.time
    clock.now += 0.016
    driver.tick()
    assert driver.session.time == before
