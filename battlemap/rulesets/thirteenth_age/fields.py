"""The 13th Age fields in the encounter file, and how the fight reads them.

Combatants: `level`, `abilities` (the six scores in the order str, con, dex, int, wis, cha),
`pd`, `md` (beside the shared `ac` and `hp`), `pc`, `kind` (monsters of one kind share one
initiative roll), `move` (a move action's squares, 6 when absent), `vs` and `miss` (the defence
his attacks target and their damage on a miss), `recoveries` and `recovery_die`, and typed
naturals: the shared `initiative_roll`, `death_saves` and `saves` (used in order).

Plans: `vs`, `miss` (this attack's, over the combatant's), `ongoing` (ongoing damage a hit
deals, saved at 11+), `condition` and `lasts` (a condition a hit puts on: "save" ends or the
end of the target's `next_turn`), `check` (a disengage's typed natural d20); a delay's shared
`count`, a ready's shared `readied` and `trigger`; `rolls` fix the attack's d20
and its damage as for the other rulesets.

The encounter's `options`: `escalation_held` and `escalation_reset`, the rounds the GM holds
the escalation die or resets it to 0.

The seam has no field kinds for a mapping, a free word or an attack: `abilities` is a list of
six in a fixed order, `kind` a number, and `vs`/`miss` sit on the combatant (all his attacks)
with a plan's value winning (docs/rules/13th-age.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from battlemap.core.encounter import Combatant, Plan
from battlemap.core.fields import FieldSpec, RulesetFields
from battlemap.rulesets.thirteenth_age.abilities import (
    MAX_SCORE,
    MIN_SCORE,
    SHORT_NAMES,
    Abilities,
    ability_modifier,
)
from battlemap.rulesets.thirteenth_age.conditions import Condition
from battlemap.rulesets.thirteenth_age.settings import DEFAULT_SETTINGS

#: The condition words a plan's `condition` may name, and how a condition ends
#: (conditions_in_play.py).
CONDITION_WORDS = tuple(condition.value for condition in Condition)
LASTS = ("save", "next_turn")

#: The defences an attack may target.
DEFENSES = ("AC", "PD", "MD")
#: The event types that record answers to its opportunities (opportunity_kinds.py).
OPPORTUNITY_EVENTS = ("opportunity_attack", "intercept")
ABILITY_ORDER = tuple(SHORT_NAMES)

#: A typed natural d20.
NATURAL_LOW, NATURAL_HIGH = 1, 20

FIELDS = RulesetFields(
    combatant=MappingProxyType(
        {
            "level": FieldSpec("whole", "his level", low=0, high=20),
            "abilities": FieldSpec(
                "wholes",
                "the six ability scores: str, con, dex, int, wis, cha",
                low=MIN_SCORE,
                high=MAX_SCORE,
                most=6,
            ),
            "pd": FieldSpec("whole", "Physical Defense", low=0, high=60),
            "md": FieldSpec("whole", "Mental Defense", low=0, high=60),
            "pc": FieldSpec("flag", "a player character (the escalation die, death saves)"),
            "kind": FieldSpec(
                "whole", "monster type: monsters of one kind share one initiative roll", low=1
            ),
            "move": FieldSpec(
                "whole", "squares a move action covers (6 if absent)", low=1, high=60
            ),
            "vs": FieldSpec("choice", "the defence his attacks target", choices=DEFENSES),
            "miss": FieldSpec("whole", "damage his attacks deal on a miss", low=0, high=1000),
            "recoveries": FieldSpec("whole", "recoveries left (8 if absent)", low=0, high=50),
            "recovery_die": FieldSpec("whole", "the faces of his recovery die", low=2, high=20),
            "death_saves": FieldSpec(
                "wholes", "typed death save naturals, in order", low=NATURAL_LOW, high=NATURAL_HIGH
            ),
            "saves": FieldSpec(
                "wholes", "typed save naturals, in order", low=NATURAL_LOW, high=NATURAL_HIGH
            ),
        }
    ),
    plan=MappingProxyType(
        {
            "vs": FieldSpec("choice", "the defence this attack targets", choices=DEFENSES),
            "miss": FieldSpec("whole", "this attack's damage on a miss", low=0, high=1000),
            "ongoing": FieldSpec("whole", "ongoing damage a hit deals", low=1, high=1000),
            "check": FieldSpec(
                "whole", "a disengage's typed natural d20", low=NATURAL_LOW, high=NATURAL_HIGH
            ),
            "condition": FieldSpec(
                "choice", "the condition a hit puts on the target", choices=CONDITION_WORDS
            ),
            "lasts": FieldSpec(
                "choice", "how the condition ends: save (11+) or next_turn", choices=LASTS
            ),
        }
    ),
    encounter=MappingProxyType(
        {
            "escalation_held": FieldSpec(
                "wholes",
                "rounds the GM holds the escalation die (it does not advance)",
                low=2,
                high=1000,
            ),
            "escalation_reset": FieldSpec(
                "wholes",
                "rounds at whose start the GM resets the escalation die to 0",
                low=1,
                high=1000,
            ),
        }
    ),
    # A delay's count: one his initiative can be (d20 + bonus; 0 and below share the last).
    counts=(0, 60),
    unused=MappingProxyType({"init_mod": 0, "dex": 10, "attacks_per_round": 1}),
    opportunities=OPPORTUNITY_EVENTS,
    # "Roll initiative: d20 + Dex modifier + level": a typed roll is the natural d20.
    initiative_roll=FieldSpec(
        "whole", "the natural d20 as rolled at the table", low=NATURAL_LOW, high=NATURAL_HIGH
    ),
)


def whole(stats: Mapping[str, object], name: str, default: int = 0) -> int:
    value = stats.get(name, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def wholes(stats: Mapping[str, object], name: str) -> tuple[int, ...]:
    value = stats.get(name, ())
    return tuple(value) if isinstance(value, tuple) else ()


def whole_list(stats: Mapping[str, object], name: str) -> tuple[int, ...]:
    """A `wholes` field (an encounter option's rounds), () when absent."""
    return wholes(stats, name)


def level(c: Combatant) -> int:
    return whole(c.stats, "level", 1)


def is_pc(c: Combatant) -> bool:
    return c.stats.get("pc") is True


def kind(c: Combatant) -> int | None:
    value = c.stats.get("kind")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def abilities(c: Combatant) -> Abilities | None:
    """His six scores, or None when the file gives none (a monster's statblock)."""
    scores = wholes(c.stats, "abilities")
    if len(scores) != len(ABILITY_ORDER):
        return None
    return Abilities.from_short(dict(zip(ABILITY_ORDER, scores, strict=True)))


def initiative_bonus(c: Combatant) -> int:
    """Dex modifier + level with abilities; a statblock's bonus (the shared `init_mod`)
    without."""
    scores = abilities(c)
    if scores is None:
        return c.init_mod
    return ability_modifier(scores.dexterity) + level(c)


def move_squares(c: Combatant) -> int:
    return whole(c.stats, "move", DEFAULT_SETTINGS.move_squares)


def defense(c: Combatant, vs: str) -> int:
    """His AC, PD or MD (PD and MD default to his AC when the file leaves them out)."""
    if vs == "PD":
        return whole(c.stats, "pd", c.ac)
    if vs == "MD":
        return whole(c.stats, "md", c.ac)
    return c.ac


def attack_vs(c: Combatant, plan: Plan | None) -> str:
    for stats in ((plan.extra if plan is not None else {}), c.stats):
        value = stats.get("vs")
        if isinstance(value, str):
            return value
    return "AC"


def miss_damage(c: Combatant, plan: Plan | None) -> int | None:
    for stats in ((plan.extra if plan is not None else {}), c.stats):
        value = stats.get("miss")
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def starting_recoveries(c: Combatant) -> int:
    return whole(c.stats, "recoveries", DEFAULT_SETTINGS.starting_recoveries)


def recovery_die(c: Combatant) -> int:
    return whole(c.stats, "recovery_die", 8)


def typed(c: Combatant, name: str, number: int) -> int | None:
    """The `number`-th (1 first) typed natural of the list `name`, or None."""
    found = wholes(c.stats, name)
    return found[number - 1] if 0 < number <= len(found) else None
