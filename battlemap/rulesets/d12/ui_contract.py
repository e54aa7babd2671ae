"""What the window offers and says for the d12 Combat System: the planning bar's actions and how
each is planned, the Ready dialog's triggers, the initiative set-up, and the half-second unit."""

from __future__ import annotations

from collections.abc import Sequence

from battlemap.core.opportunities import Opportunity
from battlemap.core.planning_choice import PlanChoice, ReadiedChoice, ReadyChoices, TriggerChoice
from battlemap.core.roster_columns import (
    ARMOUR_CLASS,
    RosterColumn,
    initiative_count,
    initiative_total,
)
from battlemap.core.time_words import TimeWords
from battlemap.rulesets.d12.opportunity_kinds import D12_OPPORTUNITIES, D12_PLAYER_ROLLS

#: Triggers as the game master says them, and whom the "watched" list holds for each.
D12_READY = ReadyChoices(
    triggers=(
        TriggerChoice("starts_casting", "an enemy starts casting", "enemy"),
        TriggerChoice("starts_moving", "an enemy starts moving", "enemy"),
        TriggerChoice("attacks", "an enemy attacks", "enemy"),
        TriggerChoice("enters_reach", "an enemy comes within reach", "any enemy"),
        TriggerChoice("enters_area", "an enemy enters an area", "any enemy", area=True),
        TriggerChoice("ally_attacked", "an ally is attacked", "any ally"),
        TriggerChoice("at_count", "a count comes", "count"),
    ),
    readied=(
        ReadiedChoice("attack", "Attack", "target"),
        ReadiedChoice("cast", "Cast a spell", "spell"),
        ReadiedChoice("move", "Move (click its path on the map after OK)", "path"),
        ReadiedChoice("standard", "Another standard action"),
    ),
)

D12_PLANNABLE: tuple[PlanChoice, ...] = (
    PlanChoice("move", "Move", "path", "M", "Move along waypoints: 6 units at the token's speed"),
    PlanChoice("double_move", "Double move", "path", "D", "Move along waypoints: 12 units"),
    PlanChoice("run", "Run", "path", "R", "Run in a straight line at 4x speed: 12 units"),
    PlanChoice(
        "charge", "Charge", "target", "C", "Charge a target: the blow lands when it is reached"
    ),
    PlanChoice(
        "withdraw",
        "Withdraw",
        "path",
        "W",
        "Double move whose first square provokes no adjacent enemy",
    ),
    PlanChoice(
        "follow", "Follow", "target", "", "Chase a target: head for where it is at every moment"
    ),
    PlanChoice(
        "five_foot_step",
        "5-foot step",
        "path",
        "",
        "One square, no time of its own: with a full attack, no other movement that round",
        most_squares=1.0,
    ),
    PlanChoice(
        "move_equivalent",
        "Move-equivalent",
        "none",
        "",
        "Draw a weapon, pick something up, stand up: 6 units, the round's move action",
    ),
    PlanChoice("attack", "Attack", "target", "A", "One attack: the blow lands on the first unit"),
    PlanChoice("full_attack", "Full attack", "target", "F", "All attacks, spread over 12 units"),
    PlanChoice("cast", "Cast", "spell", "S", "Cast a spell: it goes off after 6 units"),
    PlanChoice("standard", "Standard", "none", "", "Any other standard action: 6 units"),
    PlanChoice("delay", "Delay", "count", "", "Act at a later count, this round and from then on"),
    PlanChoice(
        "ready",
        "Ready",
        "ready",
        "",
        "Wait with an action until a trigger sets it off",
        ready=D12_READY,
    ),
    PlanChoice("full_round", "Full-round", "none", "", "Any other full-round action: 12 units"),
)

#: "Each round of combat is divided into twelve distinct time units of one-half second."
D12_TIME_WORDS = TimeWords("unit", "units", 0.5, "half-second unit")


#: The roster: armour class, the initiative total (1d12 + modifier) and the count it acts on.
D12_ROSTER: tuple[RosterColumn, ...] = (
    ARMOUR_CLASS,
    initiative_total("Initiative total: the initiative roll with its modifier"),
    initiative_count("The count the combatant acts on in a round (his place on the timeline)"),
)


class D12WindowContract:
    """The d12 ruleset's members for the window (`Ruleset.plannable`, `initiative_setup`,
    `time_words`)."""

    plannable: Sequence[PlanChoice] = D12_PLANNABLE
    #: A d12 per combatant, typed or rolled, with its modifier (the window's InitiativeDialog).
    initiative_setup: str = "d12"
    time_words: TimeWords = D12_TIME_WORDS
    opportunities: Sequence[Opportunity] = D12_OPPORTUNITIES
    player_rolls: frozenset[str] = D12_PLAYER_ROLLS
    roster_columns: Sequence[RosterColumn] = D12_ROSTER
