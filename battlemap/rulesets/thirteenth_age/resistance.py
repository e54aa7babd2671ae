"""Resistance: the attacker's natural roll against the resistance number.

"the natural attack roll must equal or exceed your resistance number to deal full damage. If
the roll is lower than your resistance, the attack deals half damage." "If you take ongoing
damage of a type you resist, use the original attack roll ... full amount of ongoing damage or
half the amount (rounded down)." "Any creature with resistance to an energy type is immune to
normal energy of that type. Magical attacks, magical weapons, and spells are different ... This
resistance = immunity rule only applies to energy types, not to weapons."

Half damage is rounded down everywhere (the text says so for ongoing damage).
"""

from __future__ import annotations

from battlemap.rulesets.thirteenth_age.naturals import require_natural, require_whole

#: The text's list of "Other Damage Types" (energy), beside weapon damage.
ENERGY_TYPES = frozenset(
    {
        "acid",
        "cold",
        "fire",
        "force",
        "holy",
        "lightning",
        "negative energy",
        "poison",
        "psychic",
        "thunder",
    }
)


def resisted(
    damage: int,
    natural: int,
    resistance: int | None,
    *,
    energy: bool = False,
    magical: bool = True,
) -> int:
    """The damage that gets through a `resistance` (None: no resistance to this type).

    Non-magical energy of a resisted type does nothing; otherwise full damage when the
    `natural` roll equals or beats the resistance, else half, rounded down. For an automatic
    effect, pass a faked attack roll as the text says."""
    require_whole(damage, "damage", low=0, high=1_000_000)
    require_natural(natural, "attack natural d20")
    if resistance is None:
        return damage
    require_whole(resistance, "resistance", low=1, high=30)
    if energy and not magical:
        return 0
    return damage if natural >= resistance else damage // 2
