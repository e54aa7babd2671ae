"""A ruleset's own fields in the encounter file, described as data.

Core and storage know the fields every ruleset shares (who, where, how big, how fast, hit
points, attacks); a ruleset adds its own (Combat Experience's `combat_experience`, `fearless`,
`situation`) by describing them here, and storage reads, checks and writes them without knowing
the ruleset. They live in `Combatant.stats`, `Plan.extra` and `Encounter.sides`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

#: What a ruleset-owned field may hold: a whole number, a flag, a word, or whole numbers.
StatValue = int | bool | str | tuple[int, ...]

FieldKind = Literal["whole", "flag", "choice", "wholes"]


@dataclass(frozen=True)
class FieldSpec:
    """One field: its kind, its bounds (whole numbers, and each of `wholes`), the words a
    `choice` may take, how many `wholes` at most, and what it means (for messages and forms)."""

    kind: FieldKind
    meaning: str
    low: int = -1_000_000
    high: int = 1_000_000
    choices: tuple[str, ...] = ()
    most: int = 100


def _empty() -> Mapping[str, FieldSpec]:
    return MappingProxyType({})


@dataclass(frozen=True)
class RulesetFields:
    """The fields a ruleset adds to combatants, plans, sides (`"sides": {"goblins": {...}}`) and
    the encounter as a whole (`"options": {...}`: the table's settings for this fight),
    the shared combatant fields it does not use with the value they take when absent (d12's
    `init_mod`, `dex`, `attacks_per_round`, `initiative_roll`), and the range of a plan's
    `count`."""

    combatant: Mapping[str, FieldSpec] = field(default_factory=_empty)
    plan: Mapping[str, FieldSpec] = field(default_factory=_empty)
    side: Mapping[str, FieldSpec] = field(default_factory=_empty)
    #: The encounter's own settings (`"options"` in the file; d12's `intercepts`), read into
    #: `Encounter.options`; an option left out takes the ruleset's default.
    encounter: Mapping[str, FieldSpec] = field(default_factory=_empty)
    unused: Mapping[str, int | None] = field(default_factory=lambda: MappingProxyType({}))
    #: The counts a plan's `count` may name (a d12 delay: 1 to 12; an initiative to drop to).
    counts: tuple[int, int] = (1, 12)
    #: A typed initiative roll (the shared `initiative_roll`) as the table rolls it: d12's
    #: d12, 13th Age's natural d20.
    initiative_roll: FieldSpec = field(
        default_factory=lambda: FieldSpec("whole", "the d12 as rolled at the table", low=1, high=12)
    )
    #: The event types that record answers to the ruleset's opportunities (d12's `aoo` and
    #: `intercept`): a saved log's are checked as answers, and a replay gives them again.
    opportunities: tuple[str, ...] = ()


NO_FIELDS = RulesetFields()
