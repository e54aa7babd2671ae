"""Attack rolls against a defence, crits and fumbles, damage on a hit or a miss, several
targets.

"roll a d20 + an ability bonus + your level ... If the total is equal to or higher than the
defense, you hit. If you attack multiple targets, make multiple attack rolls." "If the attack
targets multiple enemies, you make a separate attack roll for each one, but only roll damage
once." "Every attack roll that is natural 20 is a crit ('critical hit') for double damage."
"If you manage to double your crit damage ..., triple it instead. If you manage to double your
triple damage, bump it up to quadruple, and so on." "The standard crit range is a natural 20.
... Each point of improvement drops the number needed to score a critical hit by 1." "Rolling
a natural 1 has no effect on the target, not even miss damage." "By default, a miss deals no
damage, though some attacks are an exception."

`bonus` is the whole attack bonus before the escalation die (ability + level + magic ...), as
the file and a statblock write it; the escalation die is added for PCs by the caller
(`escalation.attack_bonus`), and conditions' penalties come from `conditions.effects_of`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from battlemap.rulesets.thirteenth_age.naturals import require_natural, require_whole
from battlemap.rulesets.thirteenth_age.settings import DEFAULT_SETTINGS, ThirteenthAgeSettings

#: "The standard crit range is a natural 20."
STANDARD_CRIT = 20
#: A natural 1 is always a fumble, so no expansion reaches it.
LOWEST_CRIT = 2
#: "Attacks against you have their crit range expanded by 2 (normally 18+)."
VULNERABLE_EXPANSION = 2


def crit_threshold(expansion: int = 0, *, vulnerable: bool = False) -> int:
    """The lowest natural roll that crits: 20, one less per point of `expansion` (powers'
    expansions add up), two less against a vulnerable target, never below 2."""
    require_whole(expansion, "crit range expansion", low=0, high=STANDARD_CRIT)
    drop = expansion + (VULNERABLE_EXPANSION if vulnerable else 0)
    return max(LOWEST_CRIT, STANDARD_CRIT - drop)


@dataclass(frozen=True)
class AttackOutcome:
    """One attack roll against one target's defence."""

    natural: int
    total: int
    defense: int
    hit: bool
    crit: bool
    fumble: bool


def resolve_attack(
    natural: int,
    bonus: int,
    defense: int,
    *,
    escalation: int = 0,
    modifier: int = 0,
    crit_from: int = STANDARD_CRIT,
    settings: ThirteenthAgeSettings = DEFAULT_SETTINGS,
) -> AttackOutcome:
    """`natural` + `bonus` + `escalation` + `modifier` against `defense`.

    A natural 1 is a fumble: a miss whatever the total. A natural of `crit_from` or more is a
    crit, and a crit hits (a natural 20 always; an expanded crit too unless the settings say
    it must also reach the defence). Otherwise the total hits when it equals or beats the
    defence."""
    require_natural(natural, "attack natural d20")
    total = natural + bonus + escalation + modifier
    if natural == 1:
        return AttackOutcome(natural, total, defense, hit=False, crit=False, fumble=True)
    reaches = total >= defense
    crit = natural >= crit_from and (
        natural == STANDARD_CRIT or settings.expanded_crits_always_hit or reaches
    )
    return AttackOutcome(natural, total, defense, hit=crit or reaches, crit=crit, fumble=False)


def damage_multiplier(*, crit: bool, doublings: int = 0) -> int:
    """What damage is multiplied by: a crit doubles; each further doubling (a talent, a power)
    adds one more multiple rather than doubling again: crit 2, crit doubled 3, doubled again 4.
    Without a crit, one doubling is 2, two are 3."""
    require_whole(doublings, "doublings", low=0, high=10)
    return 1 + int(crit) + doublings


def damage_dealt(
    outcome: AttackOutcome,
    rolled: int,
    *,
    miss_damage: int | None = None,
    doublings: int = 0,
) -> int:
    """The damage `outcome` deals from the `rolled` damage total: on a hit, rolled x the
    multiplier (crit, doublings); on a miss the attack's miss damage if it has one (none on a
    fumble); never below 0."""
    if outcome.fumble:
        return 0
    if outcome.hit:
        return max(0, rolled) * damage_multiplier(crit=outcome.crit, doublings=doublings)
    return max(0, miss_damage) if miss_damage is not None else 0


def several_targets(
    naturals: Mapping[str, int],
    bonus: int,
    defenses: Mapping[str, int],
    rolled: int,
    *,
    miss_damage: int | None = None,
    escalation: int = 0,
    crit_from: int = STANDARD_CRIT,
    settings: ThirteenthAgeSettings = DEFAULT_SETTINGS,
) -> dict[str, tuple[AttackOutcome, int]]:
    """One attack against several targets: a roll each (`naturals` by target), damage rolled
    once (`rolled`), each target taking it by its own outcome (a crit doubles it for that
    target only). Targets in the order `naturals` gives them."""
    found: dict[str, tuple[AttackOutcome, int]] = {}
    for target, natural in naturals.items():
        outcome = resolve_attack(
            natural,
            bonus,
            defenses[target],
            escalation=escalation,
            crit_from=crit_from,
            settings=settings,
        )
        found[target] = (outcome, damage_dealt(outcome, rolled, miss_damage=miss_damage))
    return found
