"""The Combat Experience fields in the encounter file, and how the fight reads them.

Combatants: `combat_experience` (the check's modifier: the skill with its Willpower), `fearless`,
`freezes` (a combatant who is not fearless freezes instead of running and screaming),
`situation`, `scary` (penalty dice on the opening check), `initiative_rolls` (typed check
results, used in order: the first check, then each re-roll and recovery check). A side may give
`situation` and `scary` for all its combatants; a combatant's own value wins.

Plans: `interrupt` and `abort` (a wait's choices when its trigger comes), `checks` and
`opposed_checks` (a wait's typed check results: his own, abort first then interrupt; the
interrupted combatant's), and `stuns` (an attack whose hit stuns for that many rounds).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from battlemap.core.encounter import Combatant, Encounter, Plan
from battlemap.core.fields import FieldSpec, RulesetFields
from battlemap.rulesets.combat_experience.difficulty import Situation

#: Typed check results: any total the table's own dice may give (a typed result is always
#: accepted: nothing compares it with the dice).
TOTAL_LOW, TOTAL_HIGH = -1000, 1000
#: The most rounds a blow may stun for.
MAX_STUN_ROUNDS = 100
#: The most a drop may name: any initiative a check could plausibly give.
MAX_COUNT = 1000

FIELDS = RulesetFields(
    combatant=MappingProxyType(
        {
            "combat_experience": FieldSpec(
                "whole", "the Combat Experience (Willpower) check's modifier", low=0, high=100
            ),
            "fearless": FieldSpec("flag", "fearless: a failed check only freezes him"),
            "freezes": FieldSpec("flag", "freezes instead of running and screaming"),
            "situation": FieldSpec(
                "choice",
                "how he came into the fight",
                choices=tuple(situation.value for situation in Situation),
            ),
            "scary": FieldSpec(
                "whole", "penalty dice on his opening check: something scary", low=0, high=5
            ),
            "initiative_rolls": FieldSpec(
                "wholes",
                "typed check results: the first check, then each re-roll",
                low=TOTAL_LOW,
                high=TOTAL_HIGH,
            ),
        }
    ),
    plan=MappingProxyType(
        {
            "interrupt": FieldSpec("flag", "a wait: interrupt the triggering action"),
            "abort": FieldSpec("flag", "a wait: try to abort when the trigger comes"),
            "checks": FieldSpec(
                "wholes",
                "a wait's typed checks: the abort, then the interrupt",
                most=2,
                low=TOTAL_LOW,
                high=TOTAL_HIGH,
            ),
            "opposed_checks": FieldSpec(
                "wholes",
                "typed checks of whom a wait interrupts",
                most=10,
                low=TOTAL_LOW,
                high=TOTAL_HIGH,
            ),
            "stuns": FieldSpec(
                "whole", "an attack: rounds a hit stuns the target", low=0, high=MAX_STUN_ROUNDS
            ),
        }
    ),
    side=MappingProxyType(
        {
            "situation": FieldSpec(
                "choice",
                "how the side came into the fight",
                choices=tuple(situation.value for situation in Situation),
            ),
            "scary": FieldSpec("whole", "penalty dice on the side's opening checks", low=0, high=5),
        }
    ),
    unused=MappingProxyType(
        {"init_mod": 0, "dex": 10, "attacks_per_round": 1, "initiative_roll": None}
    ),
    counts=(1, MAX_COUNT),
)


def _side_value(encounter: Encounter, combatant: Combatant, name: str) -> object:
    if name in combatant.stats:
        return combatant.stats[name]
    return encounter.sides.get(combatant.side, MappingProxyType({})).get(name)


def situation_of(encounter: Encounter, combatant: Combatant) -> Situation | None:
    """His situation: his own, else his side's; None when neither says."""
    value = _side_value(encounter, combatant, "situation")
    return Situation(value) if isinstance(value, str) else None


def scary_dice(encounter: Encounter, combatant: Combatant) -> int:
    """Penalty dice on his opening check: his own `scary`, else his side's, else 0."""
    value = _side_value(encounter, combatant, "scary")
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def whole(stats: Mapping[str, object], name: str, default: int = 0) -> int:
    value = stats.get(name, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def flag(stats: Mapping[str, object], name: str) -> bool:
    return stats.get(name) is True


def wholes(stats: Mapping[str, object], name: str) -> tuple[int, ...]:
    value = stats.get(name, ())
    return tuple(value) if isinstance(value, tuple) else ()


def combat_experience(combatant: Combatant) -> int:
    return whole(combatant.stats, "combat_experience")


def typed_check(combatant: Combatant, number: int) -> int | None:
    """The typed result of his `number`-th initiative check (1 is the first), or None."""
    rolls = wholes(combatant.stats, "initiative_rolls")
    return rolls[number - 1] if 0 < number <= len(rolls) else None


def plan_flag(plan: Plan, name: str) -> bool:
    return flag(plan.extra, name)
