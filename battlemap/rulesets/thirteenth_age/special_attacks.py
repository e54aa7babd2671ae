"""The special cases of attacking: flexible attacks, two weapons, unarmed attacks, shooting
into melee, invisible targets, the coup de grace.

Each function quotes its sentence; the choices where the text is silent are in
docs/rules/13th-age.md.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.abilities import ability_modifier, damage_modifier
from battlemap.rulesets.thirteenth_age.naturals import require_natural, require_whole

# --- Flexible attacks -------------------------------------------------------------------------


class FlexibleWhen(StrEnum):
    """Whether a flexible attack triggers on a hit, a miss, or either."""

    HIT = "hit"
    MISS = "miss"
    ANY = "any"


_TRIGGER = re.compile(r"^\s*(even|odd|(\d{1,2})\s*\+|(\d{1,2})\s*-\s*(\d{1,2})|(\d{1,2}))\s*$")


@dataclass(frozen=True)
class FlexibleAttack:
    """A flexible attack: its `name`, the natural rolls that trigger it, and on what."""

    name: str
    naturals: frozenset[int]
    when: FlexibleWhen = FlexibleWhen.ANY


def natural_trigger(text: str) -> frozenset[int]:
    """The naturals a trigger names: "even", "odd", "16+", "11-15" or one number "20"."""
    match = _TRIGGER.match(text.lower())
    if match is None:
        raise BattlemapError(
            "flexible trigger", f"{text!r} is not even, odd, N+, N-M or a number from 1 to 20"
        )
    word, low, first, last, single = match.groups()
    if word == "even":
        return frozenset(range(2, 21, 2))
    if word == "odd":
        return frozenset(range(1, 21, 2))
    if low is not None:
        return frozenset(range(require_natural(int(low), "flexible trigger"), 21))
    if first is not None:
        start = require_natural(int(first), "flexible trigger")
        end = require_natural(int(last), "flexible trigger")
        if end < start:
            raise BattlemapError("flexible trigger", f"{text!r} runs backwards")
        return frozenset(range(start, end + 1))
    return frozenset({require_natural(int(single), "flexible trigger")})


def eligible_flexible(
    natural: int, hit: bool, attacks: Sequence[FlexibleAttack], *, opportunity: bool = False
) -> tuple[FlexibleAttack, ...]:
    """The flexible attacks the natural (unmodified) roll allows: "You still use the modified
    roll to determine whether or not you hit, but your flexible attacks trigger off the
    natural result". None on an opportunity attack ("You can't use a flexible attack when you
    make an opportunity attack"). The player then uses one ("only one ... at a time")."""
    require_natural(natural)
    if opportunity:
        return ()
    wanted = FlexibleWhen.HIT if hit else FlexibleWhen.MISS
    return tuple(
        attack
        for attack in attacks
        if natural in attack.naturals and attack.when in (wanted, FlexibleWhen.ANY)
    )


def choose_flexible(
    natural: int,
    hit: bool,
    attacks: Sequence[FlexibleAttack],
    chosen: str | None = None,
    *,
    opportunity: bool = False,
) -> FlexibleAttack | None:
    """The one flexible attack used: `chosen` by name (it must be eligible), or the only
    eligible one, or None when none is; BattlemapError when several are and none was chosen."""
    eligible = eligible_flexible(natural, hit, attacks, opportunity=opportunity)
    if chosen is not None:
        for attack in eligible:
            if attack.name == chosen:
                return attack
        raise BattlemapError("flexible attack", f"{chosen!r} is not triggered by a {natural}")
    if len(eligible) > 1:
        names = ", ".join(attack.name for attack in eligible)
        raise BattlemapError("flexible attack", f"choose one of {names}")
    return eligible[0] if eligible else None


# --- Two-weapon fighting ----------------------------------------------------------------------

#: "If your attack roll is a natural 2, you can reroll the attack but must use the reroll."
TWO_WEAPON_REROLL_ON = 2


def two_weapon_natural(first: int, reroll: int | None = None) -> int:
    """The natural that stands: the reroll when one was made (allowed only after a natural 2;
    it must be used, whatever it shows), else the first."""
    require_natural(first)
    if reroll is None:
        return first
    if first != TWO_WEAPON_REROLL_ON:
        raise BattlemapError("two-weapon reroll", f"only a natural 2 may be rerolled, not {first}")
    return require_natural(reroll, "two-weapon reroll")


# --- Unarmed attacks --------------------------------------------------------------------------

#: "make a Strength attack with a -2 penalty (regardless of your class) against AC"
UNARMED_PENALTY = -2


def unarmed_attack_bonus(strength: int, level: int) -> int:
    """Strength modifier + level - 2."""
    require_whole(level, "level", low=1, high=20)
    return ability_modifier(strength) + level + UNARMED_PENALTY


def unarmed_damage(strength: int, level: int) -> str:
    """ "1d6 damage for every two levels you have, plus your Strength modifier. At odd levels,
    including 1st level, use a d3": read as a d6 per two full levels and a d3 for the odd level
    left over (1st: 1d3, 2nd: 1d6, 3rd: 1d6+1d3), with the Strength modifier multiplied by
    level as on every damage roll."""
    require_whole(level, "level", low=1, high=20)
    dice = []
    if level // 2:
        dice.append(f"{level // 2}d6")
    if level % 2:
        dice.append("1d3")
    modifier = damage_modifier(strength, level)
    text = "+".join(dice)
    return text if modifier == 0 else f"{text}{modifier:+d}"


# --- Shooting into melee ----------------------------------------------------------------------


def shooting_into_melee_target(
    natural: int, engaged_allies: Sequence[str], gm_choice: str | None = None
) -> str | None:
    """ "When using a ranged attack to target an enemy that is engaged with one or more of your
    allies and you fumble (roll a 1), reroll that attack considering the engaged ally as the
    target. If there are multiple allies, the GM rules which ally is the target."

    The ally the reroll targets, or None (no fumble, or no ally engaged with the target)."""
    require_natural(natural)
    if natural != 1 or not engaged_allies:
        return None
    if len(engaged_allies) == 1:
        return engaged_allies[0]
    if gm_choice is None or gm_choice not in engaged_allies:
        names = ", ".join(engaged_allies)
        raise BattlemapError("shooting into melee", f"the GM rules which of {names} is hit")
    return gm_choice


# --- Invisibility -----------------------------------------------------------------------------

#: "attacks against invisible enemies have a 50% chance to miss completely": a d100 of 50 or
#: less misses.
INVISIBLE_MISS_PERCENT = 50


def misses_invisible(percent: int, *, engaged: bool = True) -> bool:
    """Whether an attack on an invisible creature misses outright, "before the attack roll",
    on a d100 `percent`: 1 to 50 misses. Only "Once engaged in battle"."""
    require_whole(percent, "invisibility d100", low=1, high=100)
    return engaged and percent <= INVISIBLE_MISS_PERCENT


# --- Coup de grace ----------------------------------------------------------------------------


def coup_de_grace_refusal(*, helpless: bool, engaged: bool, targets: int) -> str | None:
    """Why an attack is not a coup de grace, or None when it is an automatic crit: "When you
    attack a helpless enemy you're engaged with, you score an automatic critical hit if ...
    Your attack only targets the helpless enemy" (and the move and quick actions skipped:
    `actions.coup_de_grace_budget`)."""
    if not helpless:
        return "the target is not helpless"
    if not engaged:
        return "the attacker is not engaged with the target"
    if targets != 1:
        return "the attack must target only the helpless enemy"
    return None
