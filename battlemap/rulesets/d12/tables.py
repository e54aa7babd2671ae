"""The d12 text's tables and durations, as data."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

#: "Standard actions and move-equivalent actions take 6 time units to complete. Full-round
#: actions take 12 time units to complete."
STANDARD = 6
FULL_ROUND = 12

#: Units each plan action takes.
ACTION_UNITS: Mapping[str, int] = MappingProxyType(
    {
        "standard": STANDARD,
        "move": STANDARD,
        "attack": STANDARD,
        "cast": STANDARD,
        "double_move": FULL_ROUND,
        "run": FULL_ROUND,
        "charge": FULL_ROUND,
        "full_attack": FULL_ROUND,
        "full_round": FULL_ROUND,
        # A chase: move toward the quarry's position at each moment, for a move's six units.
        "follow": STANDARD,
        # 3e withdraw: a double move whose first square left provokes no attack of
        # opportunity from the enemies the mover began next to.
        "withdraw": FULL_ROUND,
        # Delay takes no time of its own: it moves when the combatant's round begins.
        "delay": 0,
        # A ready waits until the combatant's next initiative; the readied action, once set
        # off, takes its own time from that moment.
        "ready": FULL_ROUND,
        # 3e: a 5-foot step is not an action; in d12 it takes no time units of its own.
        "five_foot_step": 0,
        # "using a move-equivalent action to obtain an item from a backpack, the character
        # spends six time units": drawing a weapon, picking something up, standing up.
        "move_equivalent": STANDARD,
    }
)

#: 3e: the round's move action, which a move-equivalent action counts as.
MOVE_ACTIONS = frozenset({"move", "move_equivalent", "follow"})


def units_of(action: str, round_number: int) -> int:
    """The units `action` takes in `round_number`: its table's, but a charge in a surprise round
    (3e: a partial charge, the surprise round's one standard or move action) takes six."""
    if action == "charge" and round_number < 1:
        return STANDARD
    return ACTION_UNITS[action]


#: The trigger names a ready plan may use.
TRIGGERS = frozenset(
    {
        "starts_casting",
        "starts_moving",
        "attacks",
        "enters_reach",
        "enters_area",
        "ally_attacked",
        "at_count",
    }
)

#: Actions that use the round's one standard action ("a character may take only one standard
#: action per round"); full-round actions use the whole round anyway.
STANDARD_ACTIONS = frozenset({"standard", "attack", "cast", "ready"})

#: Movement actions and the multiple of the movement rate they move at. "Running in a
#: straight line (at 4x) takes 12 time units, and the character's movement rate is treated as
#: doubled for that round"; a charge covers up to a double move in its 12 units.
MOVEMENT_MULTIPLIER: Mapping[str, int] = MappingProxyType(
    {"move": 1, "double_move": 1, "charge": 1, "run": 2, "follow": 1, "withdraw": 1}
)

#: The full-attack table: for n attacks a round, the positions (1 = the unit the action
#: begins on) on which the blows fall.
FULL_ATTACK_TABLE: Mapping[int, tuple[int, ...]] = MappingProxyType(
    {
        1: (1,),
        2: (1, 7),
        3: (1, 5, 9),
        4: (1, 4, 7, 10),
        5: (1, 3, 6, 9, 12),
        6: (1, 3, 5, 7, 9, 11),
        7: (1, 2, 4, 6, 8, 10, 12),
        8: (1, 2, 4, 5, 7, 8, 10, 11),
        9: (1, 2, 3, 5, 6, 8, 9, 11, 12),
        10: (1, 2, 3, 4, 6, 7, 8, 10, 11, 12),
        11: (1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12),
        12: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12),
    }
)


def blow_offsets(attacks: int) -> tuple[int, ...]:
    """Units after the start of a full attack at which each blow lands (0 = the first unit)."""
    return tuple(position - 1 for position in FULL_ATTACK_TABLE[attacks])


# Phases order the work that falls on one instant (docs/rules/d12.md, "Simultaneous events"):
#: a new round is announced first;
PHASE_ROUND = 0
#: then what completes: spells going off, actions ending;
PHASE_COMPLETE = 1
#: then tokens reach their positions;
PHASE_MOVE = 2
#: then actions begin and blows land, in initiative order.
PHASE_ACT = 3
