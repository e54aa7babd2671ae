"""The fight session and the playback driver: the engine on the playhead, scrubbing, decisions."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from battlemap.core.decisions import RollRequest
from battlemap.core.encounter import Encounter, Plan
from battlemap.storage.encounter_file import load_encounter
from battlemap.ui.driver import PlaybackDriver
from battlemap.ui.session import FightSession

SKIRMISH = Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json"


@pytest.fixture
def skirmish() -> Encounter:
    return load_encounter(SKIRMISH)


def _never(_request: RollRequest) -> bool:
    return False


def test_start_rolls_initiative_and_rests_on_round_one(skirmish: Encounter) -> None:
    session = FightSession(skirmish, _never)
    session.start()
    assert session.time == 0.0
    assert [e.type for e in session.events()][:7] == ["roll"] * 6 + ["initiative"]
    assert session.positions()["luet"] == (2.5, 11.5)


def test_playhead_positions_follow_the_rules_core_and_scrub_back(skirmish: Encounter) -> None:
    """Luet (count 11: time 1) moves 6 squares east at 1 square a unit from (2.5, 11.5)."""
    session = FightSession(skirmish, _never)
    session.start()
    assert session.advance_to(6.5)
    assert session.positions()["luet"] == (8.0, 11.5)
    assert session.advance_to(12.0)
    # The shaman's 9 hp: Mialee's readied shot (fixed 4 damage) at 4.0, Luet's fixed 5 at 7.0.
    assert session.hit_points()["shaman"] == 0
    session.seek(3.0)
    assert session.positions()["luet"] == (4.5, 11.5)
    assert session.hit_points()["shaman"] == 9
    session.seek(5.0)
    assert session.hit_points()["shaman"] == 5
    session.seek(12.0)
    assert session.hit_points()["shaman"] == 0


def test_an_edit_keeps_what_already_happened(skirmish: Encounter) -> None:
    session = FightSession(skirmish, _never)
    session.start()
    session.advance_to(12.0)
    before = [e.to_json() for e in session.events() if e.time <= 12.0]
    plan = Plan(actor="thorin", round=3, action="standard")
    session.update_encounter(dataclasses.replace(skirmish, plans=(*skirmish.plans, plan)))
    assert [e.to_json() for e in session.events() if e.time <= 12.0] == before


def test_a_player_roll_stops_playback_and_the_answer_is_logged(
    qtbot: QtBot, skirmish: Encounter
) -> None:
    def players(request: RollRequest) -> bool:
        return request.actor == "thorin" and request.purpose == "attack"

    session = FightSession(skirmish, players)
    driver = PlaybackDriver(session, seconds_per_unit=0.01)
    with qtbot.waitSignal(session.decisionPending, timeout=5000) as asked:
        driver.play()
    assert asked.args[0].request.actor == "thorin"
    qtbot.waitUntil(lambda: not driver.is_playing(), timeout=2000)
    assert session.time == 6.0
    session.answer(17)
    rolls = [
        (e["result"], e["source"])
        for e in session.events()
        if e.type == "roll" and e.actor == "thorin" and e["purpose"] == "attack"
    ]
    assert rolls == [(17, "table")]
    (attack,) = [e for e in session.events() if e.type == "attack" and e.actor == "thorin"]
    assert (attack["roll"], attack["total"]) == (17, 23)


def test_driver_plays_to_the_end_and_steps(qtbot: QtBot, skirmish: Encounter) -> None:
    session = FightSession(skirmish, _never)
    driver = PlaybackDriver(session, seconds_per_unit=0.002)
    driver.step_unit()  # the first step starts the fight at its first round
    assert session.time == 0.0
    driver.step_unit()
    assert session.time == 1.0
    driver.step_round()
    assert session.time == 12.0
    driver.step_back()
    assert session.time == 11.0
    with qtbot.waitSignal(driver.playingChanged, timeout=10000, check_params_cb=lambda p: not p):
        driver.play()
    assert session.finished()
    assert session.time >= session.events()[-1].time
