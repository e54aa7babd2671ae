"""What the window offers and says for Combat Experience: the planning bar (a move and an
attack a turn, a wait for a trigger, a drop, a skip), the wait's triggers and choices, the
initiative set-up (each side's situation, fearless flags, typed checks) and the turn slots."""

from __future__ import annotations

from battlemap.core.planning_choice import PlanChoice, ReadiedChoice, ReadyChoices, TriggerChoice
from battlemap.core.time_words import TimeWords

#: "Character can wait for specific trigger before acting. Character must specify the exact
#: action he takes when the trigger condition comes up": fight.TRIGGERS, a move or an attack,
#: and whether he tries to interrupt or to abort when it comes.
CE_WAIT = ReadyChoices(
    triggers=(
        TriggerChoice("acts", "an enemy begins to act", "any enemy"),
        TriggerChoice("starts_moving", "an enemy starts moving", "any enemy"),
        TriggerChoice("attacks", "an enemy attacks", "any enemy"),
    ),
    readied=(
        ReadiedChoice("attack", "Attack", "target"),
        ReadiedChoice("move", "Move (click its path on the map after OK)", "path"),
    ),
    flags=(
        ("interrupt", "Try to interrupt it (opposed Combat Experience checks)"),
        ("abort", "Try to abort when it comes (a check against 20)"),
    ),
)

CE_PLANNABLE: tuple[PlanChoice, ...] = (
    PlanChoice("move", "Move", "path", "M", "Move along waypoints at his speed, in his turn"),
    PlanChoice("double_move", "Double move", "path", "D", "Move twice his speed: the whole turn"),
    PlanChoice("run", "Run", "path", "R", "Run at 4x speed in a straight line: the whole turn"),
    PlanChoice("attack", "Attack", "target", "A", "One attack: after his move, if any"),
    PlanChoice(
        "wait",
        "Wait",
        "ready",
        "W",
        "Wait for a trigger with the exact action he takes (interrupt or abort)",
        ready=CE_WAIT,
    ),
    PlanChoice(
        "drop",
        "Drop",
        "number",
        "",
        "Drop to a lower initiative: this round and from then on",
        prompt="Drop to initiative",
    ),
    PlanChoice("skip", "Skip", "none", "", "Skip the turn: +15 initiative from the next round"),
)

#: A unit is a slot in the initiative order, not a length of time: playback goes from turn to
#: turn, passing over the empty slots.
CE_TIME_WORDS = TimeWords("initiative slot", "initiative slots", None)

#: The window's set-up panel for these checks (each side's situation, fearless flags, typed
#: checks).
CE_INITIATIVE_SETUP = "combat-experience"
