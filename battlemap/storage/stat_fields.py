"""The stat-block fields that a combatant in an encounter file and a creature in the library
share: size, feet, armour class, Dexterity, attacks and the token's picture.

One reader per field, so the two formats cannot drift apart in what they accept or in how a
problem is worded.
"""

from __future__ import annotations

from battlemap.core.dice_notation import check_notation
from battlemap.core.encounter import SIZE_SQUARES, AttackProfile
from battlemap.core.errors import BattlemapError
from battlemap.storage.json_fields import (
    Node,
    describe,
    read_choice,
    read_int,
    read_list,
    read_object,
    read_text,
)
from battlemap.storage.limits import AC, MAX_ATTACKS, MAX_PATH_CHARS, MODIFIER, RANGE, Limit

ATTACK_KEYS = ("name", "bonus", "damage", "range")

FEET = "a whole number of feet, 0 or more and a multiple of 5"
RANGE_FEET = "a whole number of feet, more than 0 and a multiple of 5"
WHOLE = "a whole number"


def read_size(node: Node) -> str:
    return read_choice(node, "size", tuple(SIZE_SQUARES))


def read_feet(node: Node, label: str, limit: Limit) -> int:
    """Speed or reach: whole feet, 0 or more, in steps of 5 (one square), within `limit`."""
    return read_int(node, label, FEET, is_feet, limit=limit)


def is_feet(feet: int) -> bool:
    return feet >= 0 and feet % 5 == 0


def read_ac(node: Node) -> int:
    return read_int(node, "ac", "a whole number, 1 or more", lambda v: v >= 1, limit=AC)


def read_dex(node: Node) -> int:
    return read_int(node, "dex", "a whole number from 0 to 99", lambda v: 0 <= v <= 99)


def read_attacks_per_round(node: Node) -> int:
    # 12: the full-attack table has no row beyond one blow per unit.
    return read_int(
        node, "attacks_per_round", "a whole number from 1 to 12", lambda v: 1 <= v <= 12
    )


def read_image(node: Node, label: str) -> str:
    """A picture's path: text, not empty. Whether the file exists is not checked: a missing
    picture must not stop a fight from opening (the token is drawn without it)."""
    path = read_text(node, label, most=MAX_PATH_CHARS)
    if "\0" in path:
        # No operating system accepts it in a file name; it would fail only when drawn.
        raise node.error(f"{label} must be a file path, got {describe(path)} (it holds a NUL)")
    return path


def parse_attacks(node: Node) -> tuple[AttackProfile, ...]:
    """The list of attacks; names must be unique, since plans pick an attack by its name."""
    attacks: list[AttackProfile] = []
    first_use: dict[str, int] = {}
    items = read_list(node, "attacks", "a list of attacks", most=MAX_ATTACKS, items="attacks")
    for index, item in enumerate(items):
        attack = _parse_attack(item)
        if attack.name in first_use:
            raise item.child("name").error(
                f"duplicate attack name {attack.name!r}: "
                f"attacks[{first_use[attack.name]}] already uses it"
            )
        first_use[attack.name] = index
        attacks.append(attack)
    return tuple(attacks)


def _parse_attack(node: Node) -> AttackProfile:
    fields = read_object(node, "an attack", ATTACK_KEYS, optional=("range",))
    name = read_text(fields["name"], "name")
    bonus = read_int(fields["bonus"], "bonus", WHOLE, limit=MODIFIER)
    damage = read_dice(fields["damage"], "damage")
    attack_range = None
    if "range" in fields:
        attack_range = read_int(
            fields["range"], "range", RANGE_FEET, lambda v: v > 0 and v % 5 == 0, limit=RANGE
        )
    return AttackProfile(name=name, bonus=bonus, damage=damage, range=attack_range)


def read_dice(node: Node, label: str) -> str:
    """Dice notation that can always be rolled: check_notation refuses division, explosions
    that may never stop, and sizes that would hang the parser, before any fight rolls it."""
    expectation = "dice notation such as '1d8+3'"
    notation = node.value
    if not isinstance(notation, str):
        raise node.error(f"{label} must be {expectation}, got {describe(notation)}")
    try:
        check_notation(notation)
    except BattlemapError as error:
        raise node.error(
            f"{label} must be {expectation}, got {describe(notation)} ({error.problem})"
        ) from None
    return notation
