"""The window follows the encounter's options.intercepts (d12, issue 13): "ask" asks the game
master, "auto" takes the intercept without asking; the Fight menu's "Offer" toggle still wins.
And the "attack or trip?" pick of an attack of opportunity comes to the question prompt."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import MappingProxyType

from pytestqt.qtbot import QtBot

from battlemap.core.decisions import ChoiceRequest, QuestionDecision
from battlemap.core.encounter import Encounter
from battlemap.storage.encounter_file import load_encounter
from battlemap.storage.settings import Settings
from battlemap.ui.decision_controller import DecisionController
from battlemap.ui.driver import PlaybackDriver
from battlemap.ui.session import FightSession

DEMO = Path(__file__).parents[2] / "resources" / "examples" / "demo.json"

INTERCEPT = ChoiceRequest(
    "intercept", "luet", "wolf", 10.7, 7.0, 4.93, "Luet can intercept wolf", "wolf.r1.1/x/luet"
)
AOO = ChoiceRequest("aoo", "luet", "goblin", 10.0, 8.25, 10.35, "Luet may attack", "g/aoo/luet")


def _controller(qtbot: QtBot, encounter: Encounter, settings: Settings) -> DecisionController:
    holder: list[DecisionController] = []
    session = FightSession(
        encounter,
        lambda request: holder[0].asks_a_person(request),
        lambda request: holder[0].offers(request),
    )
    decisions = DecisionController(session, PlaybackDriver(session, 0.01), lambda: settings)
    holder.append(decisions)
    qtbot.addWidget(decisions.roll_prompt)
    return decisions


def _with_intercepts(value: str) -> Encounter:
    demo = load_encounter(DEMO)
    return dataclasses.replace(demo, options=MappingProxyType({"intercepts": value}))


def test_auto_intercepts_are_taken_without_asking(qtbot: QtBot) -> None:
    assert _controller(qtbot, load_encounter(DEMO), Settings()).offers(INTERCEPT) is None
    assert _controller(qtbot, _with_intercepts("ask"), Settings()).offers(INTERCEPT) is None
    auto = _controller(qtbot, _with_intercepts("auto"), Settings())
    assert auto.offers(INTERCEPT) is True
    assert auto.offers(AOO) is None  # attacks of opportunity are still asked
    muted = _controller(qtbot, _with_intercepts("auto"), Settings(not_offered=("intercept",)))
    assert muted.offers(INTERCEPT) is False


def test_an_attack_of_opportunity_taken_asks_attack_or_trip(qtbot: QtBot) -> None:
    """The demo's goblin leaves a square Luet threatens at 1.65 (time 10.35): taken, the
    question prompt asks how, with the two picks."""
    decisions = _controller(qtbot, _with_intercepts("off"), Settings())
    session = decisions.session
    session.seek(11.0)
    while session.pending is not None and not isinstance(session.pending, QuestionDecision):
        session.choose(True)
    pending = session.pending
    assert isinstance(pending, QuestionDecision)
    assert pending.request.options == ("attack", "trip")
    assert pending.request.key.endswith("/aoo/luet/how")
    assert decisions.question_prompt.is_waiting()
