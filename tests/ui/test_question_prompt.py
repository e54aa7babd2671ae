"""The prompt for a ruleset's other questions, through real clicks: a declaration's options as
buttons, a number in a spin box, yes or no; a refused answer says why and asks again."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from battlemap import rulesets
from battlemap.core.decisions import QuestionDecision
from battlemap.storage.encounter_file import load_encounter
from battlemap.storage.settings import Settings
from battlemap.ui.decision_controller import DecisionController
from battlemap.ui.driver import PlaybackDriver
from battlemap.ui.session import FightSession
from tests.factories import plan
from tests.rulesets.asking import AskingRuleset

SKIRMISH = Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json"


@pytest.fixture
def asking() -> Iterator[None]:
    rulesets.register("asking", AskingRuleset)
    yield
    rulesets.unregister("asking")


def test_each_kind_of_question_is_answered_with_a_click(qtbot: QtBot, asking: None) -> None:
    encounter = dataclasses.replace(
        load_encounter(SKIRMISH),
        ruleset="asking",
        plans=(plan("thorin", 1, "attack", target="goblin"),),
    )
    session = FightSession(encounter, lambda _r: False)
    driver = PlaybackDriver(session, 0.01)
    decisions = DecisionController(session, driver, lambda: Settings())
    messages: list[str] = []
    decisions.message.connect(messages.append)
    prompt = decisions.question_prompt
    qtbot.addWidget(prompt)
    steps: list[str] = []
    session.answered.connect(lambda step: steps.append(step.text))

    session.start()
    assert prompt.is_waiting()
    assert prompt.question() == "What does thorin do?"
    assert [b.text() for b in prompt.option_buttons] == ["fight", "flee"]
    qtbot.mouseClick(prompt.option_buttons[1], Qt.MouseButton.LeftButton)

    assert prompt.question() == "thorin's morale"
    assert (prompt.number.minimum(), prompt.number.maximum()) == (2, 12)
    prompt.number.setValue(8)
    qtbot.mouseClick(prompt.ok_button, Qt.MouseButton.LeftButton)

    assert prompt.question() == "Is thorin cornered?"
    assert [b.text() for b in prompt.option_buttons] == ["&Yes", "&No"]
    qtbot.mouseClick(prompt.option_buttons[0], Qt.MouseButton.LeftButton)

    assert not prompt.is_waiting()
    assert session.pending is None
    assert steps == [
        "What does thorin do?: flee",
        "thorin's morale: 8",
        "Is thorin cornered?: yes",
    ]
    answers = [(e["key"], e["answer"]) for e in session.events() if e.type == "decision"]
    assert answers == [
        ("thorin/r1/stance", "flee"),
        ("thorin/r1/morale", 8),
        ("thorin/r1/cornered", True),
    ]
    assert messages == []


def test_a_refused_answer_is_said_and_the_question_stays(qtbot: QtBot, asking: None) -> None:
    encounter = dataclasses.replace(
        load_encounter(SKIRMISH),
        ruleset="asking",
        plans=(plan("thorin", 1, "attack", target="goblin"),),
    )
    session = FightSession(encounter, lambda _r: False)
    decisions = DecisionController(session, PlaybackDriver(session, 0.01), lambda: Settings())
    messages: list[str] = []
    decisions.message.connect(messages.append)
    qtbot.addWidget(decisions.question_prompt)
    session.start()
    decisions.question_prompt.answered.emit("dance")
    assert messages == ["What does thorin do?: answer one of fight, flee, got 'dance'"]
    assert isinstance(session.pending, QuestionDecision)
    assert decisions.question_prompt.is_waiting()
