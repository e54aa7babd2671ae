"""Conditions and their exact effects; grabs.

"You can only be affected by the same condition once at a time. The worst one affects you and
the lesser effects are ignored. Similarly, penalties from these conditions don't stack."
Confused: "You can't make opportunity attacks or use your limited powers. Your next attack
action will be a basic or at-will attack against any nearby ally, determined randomly."
Dazed: "a -4 penalty to attacks." Fear: "dazes you and prevents you from using the escalation
die." Hampered: "You can only make basic attacks. You can still move normally." Helpless: "a
-4 penalty to all defenses and you can be the target of a coup de grace." Stuck: "You can't
move, disengage, pop free, change your position, or let anyone else move you without
teleporting." Stunned: "a -4 penalty to defenses and can't take any actions." Vulnerable:
"Attacks against you have their crit range expanded by 2". Weakened: "a -4 penalty to attacks
and to defenses." Grabbed: "you are engaged with the creature grabbing you and you can't move
away unless you teleport, somehow pop free first, or successfully disengage" "Grabbed creatures
can't make opportunity attacks." "Grabbed creatures can't use ranged attacks" "The creature
grabbing you gets a +4 attack bonus against you."
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.naturals import require_whole


class Condition(StrEnum):
    CONFUSED = "confused"
    DAZED = "dazed"
    FEAR = "fear"
    HAMPERED = "hampered"
    HELPLESS = "helpless"
    STUCK = "stuck"
    STUNNED = "stunned"
    VULNERABLE = "vulnerable"
    WEAKENED = "weakened"
    GRABBED = "grabbed"


def parse_condition(text: str) -> Condition:
    try:
        return Condition(text.strip().lower())
    except ValueError:
        known = ", ".join(condition.value for condition in Condition)
        raise BattlemapError("condition", f"{text!r} is not one of {known}") from None


@dataclass(frozen=True)
class ConditionEffects:
    """What conditions do to a creature, combined: the penalties (the worst one of each kind,
    never a sum) and what it may not do."""

    attack_penalty: int = 0
    defense_penalty: int = 0
    no_opportunity_attacks: bool = False
    no_limited_powers: bool = False
    attacks_random_nearby_ally: bool = False
    basic_attacks_only: bool = False
    no_escalation_die: bool = False
    cannot_move: bool = False
    cannot_act: bool = False
    crit_expansion_against: int = 0
    coup_de_grace_target: bool = False
    no_ranged_attacks: bool = False


#: "-4" in every condition that gives a penalty.
CONDITION_PENALTY = -4
#: "Attacks against you have their crit range expanded by 2"
VULNERABLE_EXPANSION = 2
#: "The creature grabbing you gets a +4 attack bonus against you."
GRABBER_BONUS = 4

EFFECTS: Mapping[Condition, ConditionEffects] = MappingProxyType(
    {
        Condition.CONFUSED: ConditionEffects(
            no_opportunity_attacks=True, no_limited_powers=True, attacks_random_nearby_ally=True
        ),
        Condition.DAZED: ConditionEffects(attack_penalty=CONDITION_PENALTY),
        Condition.FEAR: ConditionEffects(attack_penalty=CONDITION_PENALTY, no_escalation_die=True),
        Condition.HAMPERED: ConditionEffects(basic_attacks_only=True),
        Condition.HELPLESS: ConditionEffects(
            defense_penalty=CONDITION_PENALTY, coup_de_grace_target=True
        ),
        Condition.STUCK: ConditionEffects(cannot_move=True),
        Condition.STUNNED: ConditionEffects(defense_penalty=CONDITION_PENALTY, cannot_act=True),
        Condition.VULNERABLE: ConditionEffects(crit_expansion_against=VULNERABLE_EXPANSION),
        Condition.WEAKENED: ConditionEffects(
            attack_penalty=CONDITION_PENALTY, defense_penalty=CONDITION_PENALTY
        ),
        Condition.GRABBED: ConditionEffects(no_opportunity_attacks=True, no_ranged_attacks=True),
    }
)


def effects_of(conditions: Iterable[Condition]) -> ConditionEffects:
    """The combined effects: each penalty the worst one (dazed and weakened together are -4 to
    attacks, not -8), each prohibition if any condition imposes it."""
    found = [EFFECTS[condition] for condition in set(conditions)]
    if not found:
        return ConditionEffects()
    return ConditionEffects(
        attack_penalty=min(effect.attack_penalty for effect in found),
        defense_penalty=min(effect.defense_penalty for effect in found),
        no_opportunity_attacks=any(effect.no_opportunity_attacks for effect in found),
        no_limited_powers=any(effect.no_limited_powers for effect in found),
        attacks_random_nearby_ally=any(effect.attacks_random_nearby_ally for effect in found),
        basic_attacks_only=any(effect.basic_attacks_only for effect in found),
        no_escalation_die=any(effect.no_escalation_die for effect in found),
        cannot_move=any(effect.cannot_move for effect in found),
        cannot_act=any(effect.cannot_act for effect in found),
        crit_expansion_against=max(effect.crit_expansion_against for effect in found),
        coup_de_grace_target=any(effect.coup_de_grace_target for effect in found),
        no_ranged_attacks=any(effect.no_ranged_attacks for effect in found),
    )


def confused_target(nearby_allies: Sequence[str], roll: int) -> str:
    """The ally a confused creature's next attack goes at, "determined randomly": `roll` is a
    die of as many faces as there are nearby allies (1 is the first)."""
    if not nearby_allies:
        raise BattlemapError("confused", "no ally is nearby to attack")
    require_whole(roll, "confused target roll", low=1, high=len(nearby_allies))
    return nearby_allies[roll - 1]


@dataclass(frozen=True)
class Grab:
    """`grabber` holds `grabbed`."""

    grabber: str
    grabbed: str


def grab_bonus(attacker: str, target: str, grabs: Iterable[Grab]) -> int:
    """+4 when `attacker` is grabbing `target`, else 0."""
    holding = any(g.grabber == attacker and g.grabbed == target for g in grabs)
    return GRABBER_BONUS if holding else 0


def let_go(grabs: Iterable[Grab], grabber: str, grabbed: str) -> tuple[Grab, ...]:
    """ "A creature can let go of a creature it is grabbing as a free action": the grabs
    without that one. The one let go of gets no opportunity attack on the grabber leaving."""
    return tuple(g for g in grabs if (g.grabber, g.grabbed) != (grabber, grabbed))
