"""Hit points: damage through temporary hit points, staggered, unconscious, dead, healing.

"When you are reduced to half your hit points or fewer, you're staggered." "In general,
monsters become staggered when they take damage equal to half their hit points or more"
(the same line for whole hit points). "When you drop to 0 hp or below, you fall unconscious."
"You also die when you reach negative hit points equal to half your maximum hit points." "If
you're able to use one of your recoveries (or otherwise get healed) while you are dying, ignore
your current negative hit points. Start from 0 and add the hit points you've regained."
"Temporary hit points don't stack; when you gain more temporary hit points while you still
have temporary hit points left, use only the higher amount and ignore the lower amount. When
you take damage, subtract it from your temporary hit points first" "Temporary hit points reset
to 0 after a battle and drop to 0 when you roll initiative." Optional lasting wounds: "Each
lasting-wound reduces your maximum hp by an amount equal to 2 + your level."
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlemap.rulesets.thirteenth_age.naturals import require_whole

MAX_HIT_POINTS = 100_000


@dataclass(frozen=True)
class Health:
    """Current `hp` (negative while dying), the maximum, and temporary hit points."""

    hp: int
    max_hp: int
    temporary: int = 0

    def __post_init__(self) -> None:
        require_whole(self.max_hp, "max hp", low=1, high=MAX_HIT_POINTS)
        require_whole(self.hp, "hp", low=-MAX_HIT_POINTS, high=self.max_hp)
        require_whole(self.temporary, "temporary hp", low=0, high=MAX_HIT_POINTS)


def full(max_hp: int) -> Health:
    return Health(max_hp, max_hp)


def staggered(health: Health) -> bool:
    """At half the maximum or fewer (and still up): 2 x hp <= max, so 13 of 27 is staggered
    and 14 is not."""
    return health.hp > 0 and 2 * health.hp <= health.max_hp


def down(health: Health) -> bool:
    """At 0 hp or below: a PC unconscious (dying), a monster slain."""
    return health.hp <= 0


def dead_by_damage(health: Health) -> bool:
    """ "negative hit points equal to half your maximum": hp <= -max / 2, so a 27-hp PC dies at
    -14 (-13.5 reached) and lives at -13."""
    return 2 * health.hp <= -health.max_hp


def take_damage(health: Health, amount: int) -> Health:
    """`amount` taken from temporary hit points first, the rest from hit points (which may go
    below 0; the death line is `dead_by_damage`)."""
    require_whole(amount, "damage", low=0, high=MAX_HIT_POINTS)
    absorbed = min(health.temporary, amount)
    hp = max(-MAX_HIT_POINTS, health.hp - (amount - absorbed))
    return replace(health, hp=hp, temporary=health.temporary - absorbed)


def gain_temporary(health: Health, amount: int) -> Health:
    """Temporary hit points do not stack: the higher of the old and new amounts."""
    require_whole(amount, "temporary hp", low=0, high=MAX_HIT_POINTS)
    return replace(health, temporary=max(health.temporary, amount))


def roll_initiative(health: Health) -> Health:
    """Temporary hit points "drop to 0 when you roll initiative" (and after a battle)."""
    return replace(health, temporary=0)


def heal(health: Health, amount: int) -> Health:
    """Healing of `amount`: from 0 if dying ("ignore your current negative hit points"), never
    above the maximum."""
    require_whole(amount, "healing", low=0, high=MAX_HIT_POINTS)
    return replace(health, hp=min(health.max_hp, max(0, health.hp) + amount))


#: "an amount equal to 2 + your level"
LASTING_WOUND_BASE = 2


def lasting_wound_max(max_hp: int, level: int, wounds: int) -> int:
    """The optional rule: the maximum after `wounds` lasting-wounds (cumulative), at least 1."""
    require_whole(wounds, "lasting wounds", low=0, high=100)
    return max(1, max_hp - wounds * (LASTING_WOUND_BASE + level))
