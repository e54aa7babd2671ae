"""A test ruleset that asks the other kinds of question (a declaration, a number, a yes/no)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from battlemap.core.decisions import GAME_MASTER, Question, decision_key
from battlemap.core.engine import NeedAnswer, Process, Wait
from tests.rulesets.tiny.ruleset import TinyRuleset

if TYPE_CHECKING:
    from battlemap.core.engine import Engine


class AskingRuleset(TinyRuleset):
    """Each combatant with a plan declares, in round 1, whether he will `fight` or `flee` (a
    plan's `count` of 1 declares `flee` in advance); the game master then sets his morale (a
    number, 2..12) and says whether he is cornered (yes/no, default no)."""

    name = "asking"
    options = ("fight", "flee")

    def start(self, engine: Engine) -> None:
        for plan in engine.encounter.plans:
            given = "flee" if plan.count == 1 else None
            engine.spawn(self._declare(engine, plan.actor, given), 0.0)

    def _declare(self, engine: Engine, actor: str, given: str | None) -> Process:
        yield Wait(0.0)
        stance = yield NeedAnswer(
            Question(
                key=decision_key(actor, "r1", "stance"),
                kind="declaration",
                decider=f"side:{engine.encounter.combatant(actor).side}",
                about=actor,
                description=f"What does {actor} do?",
                options=self.options,
            ),
            given,
        )
        morale = yield NeedAnswer(
            Question(
                key=decision_key(actor, "r1", "morale"),
                kind="number",
                decider=GAME_MASTER,
                about=actor,
                description=f"{actor}'s morale",
                low=2,
                high=12,
            )
        )
        cornered = yield NeedAnswer(
            Question(
                key=decision_key(actor, "r1", "cornered"),
                kind="yes_no",
                decider=GAME_MASTER,
                about=actor,
                description=f"Is {actor} cornered?",
                default=False,
            )
        )
        engine.emit("order_note", actor, note=f"{stance}, morale {morale}, cornered {cornered}")
