"""What the window offers and shows for 13th Age: the planning bar (a move, a disengage, an
attack, a delay, a ready), the turn slots, the roster's columns and the timeline's marks."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from battlemap.core.encounter import Combatant
from battlemap.core.events import Event
from battlemap.core.planning_choice import PlanChoice, ReadiedChoice, ReadyChoices, TriggerChoice
from battlemap.core.roster_columns import ARMOUR_CLASS, Cell, RosterColumn, initiative_total
from battlemap.core.standing import Standing
from battlemap.core.state import State
from battlemap.core.time_words import TimeWords
from battlemap.rulesets.base import Mark, Marking
from battlemap.rulesets.thirteenth_age.fields import is_pc
from battlemap.rulesets.thirteenth_age.reducers import (
    conditions_of,
    death_failures,
    escalation_of,
    recoveries_left,
)

#: "you specify an action you will take ... when a specific event (the trigger) occurs": in
#: the file the trigger is one combatant acting (held_actions.TRIGGER_EVENTS), chosen from the
#: list or on the map; the readied action is an attack or a move (READIABLE_ACTIONS).
READY = ReadyChoices(
    triggers=(TriggerChoice("acts", "a combatant acts (just before it)", "enemy"),),
    readied=(
        ReadiedChoice("attack", "Attack", "target"),
        ReadiedChoice("move", "Move (click its path on the map after OK)", "path"),
    ),
)

PLANNABLE: tuple[PlanChoice, ...] = (
    PlanChoice("move", "Move", "path", "M", "A move action along waypoints: his move (6 squares)"),
    PlanChoice(
        "disengage",
        "Disengage",
        "path",
        "D",
        "A move action: a normal save (11+, -1 per foe beyond the first), then the move "
        "without opportunity attacks; a failure loses the move",
    ),
    PlanChoice("attack", "Attack", "target", "A", "A standard action: one attack"),
    PlanChoice(
        "delay",
        "Delay",
        "number",
        "",
        "Take no action now and act at a lower count: his initiative from then on",
        prompt="Delay to count",
    ),
    PlanChoice(
        "ready",
        "Ready",
        "ready",
        "R",
        "A standard action: an attack or a move that goes off just before the trigger acts; "
        "his initiative becomes that count",
        ready=READY,
    ),
)

#: A unit is a slot in the initiative order: playback goes from turn to turn.
TIME_WORDS = TimeWords("initiative slot", "initiative slots", None)


def _escalation(combatant: Combatant, state: State, _standing: Standing | None) -> Cell:
    return escalation_of(state) if is_pc(combatant) else None


def _staggered(combatant: Combatant, state: State, _standing: Standing | None) -> Cell:
    me = state[combatant.id]
    return "staggered" if "staggered" in conditions_of(me) and not me.down else None


def _recoveries(combatant: Combatant, state: State, _standing: Standing | None) -> Cell:
    return recoveries_left(state[combatant.id]) if is_pc(combatant) else None


def _death_saves(combatant: Combatant, state: State, _standing: Standing | None) -> Cell:
    return death_failures(state[combatant.id]) if is_pc(combatant) else None


def _conditions(combatant: Combatant, state: State, _standing: Standing | None) -> Cell:
    bags = conditions_of(state[combatant.id])
    if "dead" in bags:
        return "dead"  # dying no more
    found = [
        f"ongoing {bag['amount']}" if word == "ongoing" else word
        for word, bag in bags.items()
        if word != "staggered"
    ]
    return ", ".join(found) or None


ROSTER: tuple[RosterColumn, ...] = (
    ARMOUR_CLASS,
    initiative_total("Initiative: d20 + Dex modifier + level, rolled once; highest first"),
    RosterColumn("Esc", "The escalation die a PC adds to his attacks this round", _escalation),
    RosterColumn("Stag", "Staggered: at half his hit points or fewer", _staggered, False),
    RosterColumn("Rec", "Recoveries left", _recoveries),
    RosterColumn("Death", "Death saves failed this battle (the fourth kills)", _death_saves),
    RosterColumn("Cond", "Conditions: ongoing damage, dying, dead", _conditions, False),
)


def _attack_mark(event: Event) -> Mark:
    return Mark("hit" if event["hit"] else "miss")


def _taken_mark(event: Event) -> Mark | None:
    """A taken opportunity, on the lane of the one it is against (the mover)."""
    return Mark("opportunity", lane=str(event["target"])) if event["taken"] else None


MARKERS: Mapping[str, Marking] = MappingProxyType(
    {
        "attack": _attack_mark,
        "opportunity_attack": _taken_mark,
        "intercept": _taken_mark,
        "death_save": lambda event: Mark("down"),
    }
)
