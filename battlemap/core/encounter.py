"""The set-up of an encounter as plain values: map, combatants and their plans.

These are what an encounter file holds (storage/ reads and writes them) and what a ruleset
runs. They carry no rules: what an action means is the ruleset's business.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from battlemap.core.events import Event
from battlemap.core.fields import StatValue

Point = tuple[float, float]

#: Side of a token's square footprint, in squares, by size category (D&D 3e).
SIZE_SQUARES: Mapping[str, int] = MappingProxyType({"small": 1, "medium": 1, "large": 2, "huge": 3})

FEET_PER_SQUARE = 5

#: One empty read-only mapping for every plan without fixed rolls or fields of its own: a
#: fresh proxy and dict each were ~230 bytes a plan (17 MB of a 75,000-plan fight).
_NOTHING: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True)
class AttackProfile:
    """One way a combatant can attack: `damage` is dice notation such as "1d8+3".

    `range` (feet) marks a ranged attack; a melee attack has `range` None and uses reach.
    """

    name: str
    bonus: int
    damage: str
    range: int | None = None


@dataclass(frozen=True)
class Combatant:
    """A token on the map with the stats the rules need. (x, y) is the token's centre."""

    id: str
    name: str
    side: str
    x: float
    y: float
    size: str
    speed: int
    reach: int
    init_mod: int
    dex: int
    hp: int
    ac: int
    attacks: tuple[AttackProfile, ...]
    attacks_per_round: int
    initiative_roll: int | None = None
    max_hp: int | None = None
    concentration: int = 0
    #: A picture for the token (path relative to the encounter file, or absolute); None draws
    #: the initial.
    image: str | None = None
    #: The reach comes from a reach weapon (a longspear): it threatens the ring `reach` away
    #: but not the adjacent squares. Natural reach threatens both.
    reach_weapon: bool = False
    #: D&D 3e Combat Reflexes: 1 + Dex modifier attacks of opportunity a round instead of 1.
    combat_reflexes: bool = False
    #: The ruleset's own fields (core.fields): Combat Experience's skill, say.
    stats: Mapping[str, StatValue] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def dex_modifier(self) -> int:
        return (self.dex - 10) // 2

    @property
    def squares(self) -> int:
        """Side of the square footprint, in squares."""
        return SIZE_SQUARES[self.size]

    @property
    def hit_points_max(self) -> int:
        return self.max_hp if self.max_hp is not None else self.hp

    def attack_named(self, name: str | None) -> AttackProfile | None:
        """The attack called `name`, or the first attack when `name` is None."""
        if name is None:
            return self.attacks[0] if self.attacks else None
        for attack in self.attacks:
            if attack.name == name:
                return attack
        return None


@dataclass(frozen=True)
class SpellRef:
    name: str
    level: int


@dataclass(frozen=True)
class Trigger:
    """What sets off a readied action: `event` is one of the ruleset's trigger names
    (starts_casting, starts_moving, attacks, enters_reach, enters_area, ally_attacked, at_count);
    `actor` narrows it to one combatant, `count` names a unit, `area` a polygon of the map."""

    event: str
    actor: str | None = None
    count: int | None = None
    area: tuple[Point, ...] = ()


@dataclass(frozen=True, slots=True)
class Plan:
    """What one combatant means to do in one round; several plans for a round run in order.

    `path` holds the waypoints after the token's position when the action starts. `rolls`
    fixes dice rolled at the table, by purpose ("attack", "damage", "concentration"), consumed
    in order by this action.

    Slotted: a long fight's file holds tens of thousands of plans.
    """

    actor: str
    round: int
    action: str
    path: tuple[Point, ...] = ()
    target: str | None = None
    spell: SpellRef | None = None
    attack: str | None = None
    rolls: Mapping[str, tuple[int, ...]] = field(default_factory=lambda: _NOTHING)
    #: For a delay: the later count the combatant will act on from now on.
    count: int | None = None
    #: For a ready: the action taken when `trigger` happens (same actor and round).
    readied: Plan | None = None
    trigger: Trigger | None = None
    #: The ruleset's own plan fields (core.fields).
    extra: Mapping[str, StatValue] = field(default_factory=lambda: _NOTHING)


@dataclass(frozen=True)
class Background:
    """A picture under the grid: `image` (path relative to the encounter file, or absolute)
    scaled so that its width spans `squares_across` squares, its top-left corner at (0, 0)."""

    image: str
    squares_across: float


@dataclass(frozen=True)
class MapSpec:
    """The battle map: `width` x `height` squares; walls are polylines in square coordinates."""

    width: int
    height: int
    walls: tuple[tuple[Point, ...], ...] = ()
    background: Background | None = None


@dataclass(frozen=True)
class Encounter:
    """Everything needed to run a fight: which rules, the map, who is in it and their plans."""

    ruleset: str
    map: MapSpec
    combatants: tuple[Combatant, ...]
    plans: tuple[Plan, ...] = ()
    name: str = ""
    #: The dice seed of the fight, so a reopened fight rolls on as it would have.
    seed: int = 0
    #: The fight so far, as the engine logged it (empty before anything is played). Replaying
    #: its rolls rebuilds the fight exactly (core.engine.recorded_rolls).
    log: tuple[Event, ...] = ()
    #: The ruleset's own fields for each side, by side name (core.fields).
    sides: Mapping[str, Mapping[str, StatValue]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    #: The ruleset's settings for this fight (`RulesetFields.encounter`): d12's `intercepts`.
    options: Mapping[str, StatValue] = field(default_factory=lambda: MappingProxyType({}))

    def combatant(self, combatant_id: str) -> Combatant:
        for combatant in self.combatants:
            if combatant.id == combatant_id:
                return combatant
        raise KeyError(combatant_id)

    def plans_for(self, actor: str, round_number: int) -> tuple[Plan, ...]:
        return tuple(p for p in self.plans if p.actor == actor and p.round == round_number)
