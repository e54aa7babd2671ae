"""The decision controller on its own: the ask policies, the prompts, play paused and resumed."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from battlemap.core.decisions import ChoiceRequest, RollRequest
from battlemap.storage.encounter_file import load_encounter
from battlemap.storage.settings import Settings
from battlemap.ui.decision_controller import DecisionController
from battlemap.ui.driver import PlaybackDriver
from battlemap.ui.session import FightSession

DEMO = Path(__file__).parents[2] / "resources" / "examples" / "demo.json"

#: The party rolls its own dice; no opportunities interrupt.
PLAYERS_ROLL = Settings(
    ask_player_rolls=True,
    player_sides=("party",),
    not_offered=("aoo", "intercept"),
)


class _Setup:
    """A session, driver and controller wired as the window wires them."""

    def __init__(self, qtbot: QtBot, settings: Settings) -> None:
        self.settings = settings
        self.session = FightSession(
            load_encounter(DEMO),
            lambda request: self.decisions.asks_a_person(request),
            lambda request: self.decisions.offers(request),
        )
        self.driver = PlaybackDriver(self.session, 0.01)
        self.decisions = DecisionController(self.session, self.driver, lambda: self.settings)
        self.messages: list[str] = []
        self.decisions.message.connect(self.messages.append)
        qtbot.addWidget(self.decisions.roll_prompt)
        qtbot.addWidget(self.decisions.choice_prompt)


def test_a_roll_question_pauses_play_and_the_last_answer_plays_on(qtbot: QtBot) -> None:
    setup = _Setup(qtbot, PLAYERS_ROLL)
    prompt = setup.decisions.roll_prompt
    setup.driver.play()
    qtbot.waitUntil(prompt.is_waiting, timeout=5000)
    assert not setup.driver.is_playing()
    # Thorin's d20 hits (17 + 7 against AC 15): the damage is asked next, play stays paused.
    prompt.answered.emit(17)
    assert prompt.is_waiting()
    assert not setup.driver.is_playing()
    prompt.answered.emit(None)
    assert not prompt.is_waiting()
    assert setup.session.pending is None
    assert setup.driver.is_playing()
    setup.driver.pause()


def test_an_impossible_roll_is_reported_and_the_question_stays_open(qtbot: QtBot) -> None:
    setup = _Setup(qtbot, PLAYERS_ROLL)
    setup.session.start()
    setup.session.advance_to(5.0)
    assert setup.decisions.roll_prompt.is_waiting()
    setup.decisions.roll_prompt.answered.emit(99)
    assert len(setup.messages) == 1
    assert "between 1 and 20" in setup.messages[0]
    assert setup.session.pending is not None
    assert not setup.driver.is_playing()  # it was not playing before the question


def test_the_ask_policies_follow_the_settings_of_the_moment(qtbot: QtBot) -> None:
    setup = _Setup(qtbot, Settings())
    thorin_attacks = RollRequest(
        "thorin", "attack", "1d20", "Thorin attacks", "thorin.r1.1/blow1/attack"
    )
    goblin_attacks = RollRequest(
        "goblin", "attack", "1d20", "goblin attacks", "goblin.r1.1/blow1/attack"
    )
    opportunity = ChoiceRequest(
        "aoo", "thorin", "goblin", 4.5, 6.5, 4.0, "Thorin may attack", "goblin.r1.1/aoo/thorin"
    )
    assert not setup.decisions.asks_a_person(thorin_attacks)
    assert setup.decisions.offers(opportunity) is None  # None: ask the game master
    setup.settings = PLAYERS_ROLL
    assert setup.decisions.asks_a_person(thorin_attacks)
    assert not setup.decisions.asks_a_person(goblin_attacks)
    assert setup.decisions.offers(opportunity) is False
