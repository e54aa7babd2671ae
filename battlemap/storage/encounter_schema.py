"""The encounter file's fields: what each must hold, checked in the order docs/encounter-format.md
lists them, and turned into the core's Encounter values.

The storage layer does not know the rulesets: it checks that `ruleset` and each plan's `action`
are non-empty text, and leaves what they mean to the ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

import d20

from battlemap.core.encounter import (
    SIZE_SQUARES,
    AttackProfile,
    Combatant,
    Encounter,
    MapSpec,
    Plan,
    Point,
    SpellRef,
)
from battlemap.storage.json_fields import (
    Node,
    describe,
    read_choice,
    read_int,
    read_list,
    read_number,
    read_object,
    read_point,
    read_text,
)

FORMAT = "battlemap-encounter"
VERSION = 1

# Key order here is the documented order, the order files are written in, and the order in
# which fields are checked (so "the first problem" is well defined).
TOP_KEYS = ("format", "version", "ruleset", "name", "map", "combatants", "plans")
MAP_KEYS = ("width", "height", "walls")
COMBATANT_KEYS = (
    "id",
    "name",
    "side",
    "size",
    "x",
    "y",
    "speed",
    "reach",
    "hp",
    "max_hp",
    "ac",
    "init_mod",
    "initiative_roll",
    "dex",
    "concentration",
    "attacks_per_round",
    "attacks",
)
ATTACK_KEYS = ("name", "bonus", "damage", "range")
PLAN_KEYS = ("actor", "round", "action", "target", "attack", "spell", "path", "rolls")
SPELL_KEYS = ("name", "level")
ROLL_KEYS = ("attack", "damage", "concentration")

_FEET = "a whole number of feet, 0 or more and a multiple of 5"
_RANGE = "a whole number of feet, more than 0 and a multiple of 5"
_WHOLE = "a whole number"


def parse_encounter(data: object, source: str) -> Encounter:
    """The Encounter that a decoded JSON value describes.

    `source` names where the value came from (the file name) and starts every error's `where`.
    Raises EncounterError on the first problem found.
    """
    root = Node(data, source)
    if not isinstance(data, dict):
        raise root.error(f"an encounter file must hold a JSON object {{...}}, got {describe(data)}")
    # Format and version come first: a newer file may use keys this version has never heard of,
    # and "update Battlemap" is the useful thing to say about it, not "unknown key".
    _check_format_and_version(root, data)
    fields = read_object(root, "an encounter", TOP_KEYS, optional=("name", "plans"))
    ruleset = read_text(fields["ruleset"], "ruleset")
    name = read_text(fields["name"], "name", allow_empty=True) if "name" in fields else ""
    map_spec = _parse_map(fields["map"])
    combatants = _parse_combatants(fields["combatants"], map_spec)
    plans = _parse_plans(fields["plans"], combatants, map_spec) if "plans" in fields else ()
    return Encounter(ruleset=ruleset, map=map_spec, combatants=combatants, plans=plans, name=name)


def _check_format_and_version(root: Node, data: dict[object, object]) -> None:
    found = data.get("format")
    if found != FORMAT:
        detail = f"format is {describe(found)}" if "format" in data else "it has no 'format' key"
        raise root.error(f'not a Battlemap encounter file: {detail}, expected "format": "{FORMAT}"')
    if "version" not in data:
        raise root.error("missing key 'version'")
    version = read_int(
        root.child("version"), "version", "a whole number, 1 or more", lambda v: v >= 1
    )
    if version > VERSION:
        raise root.error(
            f"this file is format version {version}, written by a newer Battlemap; this one "
            f"reads versions up to {VERSION}, so update Battlemap to open it"
        )


def _parse_map(node: Node) -> MapSpec:
    fields = read_object(node, "the map", MAP_KEYS, optional=("walls",))
    width = read_int(
        fields["width"], "width", "a whole number of squares, 1 or more", lambda v: v >= 1
    )
    height = read_int(
        fields["height"], "height", "a whole number of squares, 1 or more", lambda v: v >= 1
    )
    map_spec = MapSpec(width, height)
    walls: list[tuple[Point, ...]] = []
    if "walls" in fields:
        for wall in read_list(fields["walls"], "walls", "a list of walls"):
            points = read_list(wall, "a wall", "a list of 2 or more [x, y] points")
            if len(points) < 2:
                raise wall.error(
                    f"a wall must be a list of 2 or more [x, y] points, got {describe(wall.value)}"
                )
            walls.append(
                tuple(_read_map_point(point, "a wall point", map_spec) for point in points)
            )
    return MapSpec(width, height, tuple(walls))


def _read_map_point(node: Node, label: str, map_spec: MapSpec) -> Point:
    x, y = read_point(node, label)
    if not (0 <= x <= map_spec.width and 0 <= y <= map_spec.height):
        raise node.error(
            f"{label} {describe(node.value)} is outside the {map_spec.width} x {map_spec.height} "
            f"map (x must be from 0 to {map_spec.width}, y from 0 to {map_spec.height})"
        )
    return x, y


def _parse_combatants(node: Node, map_spec: MapSpec) -> tuple[Combatant, ...]:
    items = read_list(node, "combatants", "a list of combatants")
    if not items:
        raise node.error("combatants must list at least one combatant, got []")
    combatants: list[Combatant] = []
    first_use: dict[str, int] = {}
    for index, item in enumerate(items):
        combatant = _parse_combatant(item, map_spec)
        if combatant.id in first_use:
            raise item.child("id").error(
                f"duplicate combatant id {combatant.id!r}: "
                f"combatants[{first_use[combatant.id]}] already uses it"
            )
        first_use[combatant.id] = index
        combatants.append(combatant)
    return tuple(combatants)


def _parse_combatant(node: Node, map_spec: MapSpec) -> Combatant:
    fields = read_object(
        node, "a combatant", COMBATANT_KEYS, optional=("max_hp", "initiative_roll", "concentration")
    )
    combatant_id = read_text(fields["id"], "id")
    name = read_text(fields["name"], "name")
    side = read_text(fields["side"], "side")
    size = read_choice(fields["size"], "size", tuple(SIZE_SQUARES))
    x = read_number(
        fields["x"],
        "x",
        f"a number from 0 to {map_spec.width} (the map's width)",
        lambda v: 0 <= v <= map_spec.width,
    )
    y = read_number(
        fields["y"],
        "y",
        f"a number from 0 to {map_spec.height} (the map's height)",
        lambda v: 0 <= v <= map_spec.height,
    )
    speed = read_int(fields["speed"], "speed", _FEET, _is_feet)
    reach = read_int(fields["reach"], "reach", _FEET, _is_feet)
    hp = read_int(fields["hp"], "hp", _WHOLE)
    max_hp = None
    if "max_hp" in fields:
        max_hp = read_int(
            fields["max_hp"],
            "max_hp",
            f"a whole number, 1 or more and at least hp ({hp})",
            lambda v: v >= max(1, hp),
        )
    ac = read_int(fields["ac"], "ac", "a whole number, 1 or more", lambda v: v >= 1)
    init_mod = read_int(fields["init_mod"], "init_mod", _WHOLE)
    initiative_roll = None
    if "initiative_roll" in fields:
        initiative_roll = read_int(
            fields["initiative_roll"],
            "initiative_roll",
            "a whole number from 1 to 12 (the d12 as rolled at the table)",
            lambda v: 1 <= v <= 12,
        )
    dex = read_int(fields["dex"], "dex", "a whole number from 0 to 99", lambda v: 0 <= v <= 99)
    concentration = 0
    if "concentration" in fields:
        concentration = read_int(fields["concentration"], "concentration", _WHOLE)
    attacks_per_round = read_int(
        fields["attacks_per_round"],
        "attacks_per_round",
        "a whole number from 1 to 12",
        lambda v: 1 <= v <= 12,
    )
    attacks = _parse_attacks(fields["attacks"])
    return Combatant(
        id=combatant_id,
        name=name,
        side=side,
        x=x,
        y=y,
        size=size,
        speed=speed,
        reach=reach,
        init_mod=init_mod,
        dex=dex,
        hp=hp,
        ac=ac,
        attacks=attacks,
        attacks_per_round=attacks_per_round,
        initiative_roll=initiative_roll,
        max_hp=max_hp,
        concentration=concentration,
    )


def _is_feet(feet: int) -> bool:
    return feet >= 0 and feet % 5 == 0


def _parse_attacks(node: Node) -> tuple[AttackProfile, ...]:
    attacks: list[AttackProfile] = []
    first_use: dict[str, int] = {}
    for index, item in enumerate(read_list(node, "attacks", "a list of attacks")):
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
    bonus = read_int(fields["bonus"], "bonus", _WHOLE)
    damage = _read_dice(fields["damage"])
    attack_range = None
    if "range" in fields:
        attack_range = read_int(fields["range"], "range", _RANGE, lambda v: v > 0 and v % 5 == 0)
    return AttackProfile(name=name, bonus=bonus, damage=damage, range=attack_range)


def _read_dice(node: Node) -> str:
    expectation = "dice notation such as '1d8+3'"
    notation = node.value
    if not isinstance(notation, str):
        raise node.error(f"damage must be {expectation}, got {describe(notation)}")
    try:
        d20.parse(notation)
    except d20.RollSyntaxError as error:
        got = str(error.got)
        detail = f"unexpected {got!r} at character {error.col}" if got else "it ends too early"
        raise node.error(
            f"damage must be {expectation}, got {describe(notation)} ({detail})"
        ) from None
    return notation


def _parse_plans(
    node: Node, combatants: Sequence[Combatant], map_spec: MapSpec
) -> tuple[Plan, ...]:
    by_id = {combatant.id: combatant for combatant in combatants}
    return tuple(
        _parse_plan(item, by_id, map_spec) for item in read_list(node, "plans", "a list of plans")
    )


def _parse_plan(node: Node, by_id: Mapping[str, Combatant], map_spec: MapSpec) -> Plan:
    fields = read_object(
        node, "a plan", PLAN_KEYS, optional=("target", "attack", "spell", "path", "rolls")
    )
    actor = by_id[_read_combatant_id(fields["actor"], "actor", by_id)]
    round_number = read_int(
        fields["round"],
        "round",
        "a whole number (1 is the first regular round, 0 and below are surprise rounds)",
    )
    action = read_text(fields["action"], "action")
    target = None
    if "target" in fields:
        target = _read_combatant_id(fields["target"], "target", by_id)
        if target == actor.id:
            raise fields["target"].error(
                f"a combatant cannot target itself ({target!r} is the plan's actor)"
            )
    attack = None
    if "attack" in fields:
        attack = read_text(fields["attack"], "attack")
        if actor.attack_named(attack) is None:
            known = ", ".join(a.name for a in actor.attacks) or "none"
            raise fields["attack"].error(
                f"{actor.id!r} has no attack named {attack!r} (its attacks: {known})"
            )
    spell = _parse_spell(fields["spell"]) if "spell" in fields else None
    path: tuple[Point, ...] = ()
    if "path" in fields:
        path = tuple(
            _read_map_point(point, "a path point", map_spec)
            for point in read_list(fields["path"], "path", "a list of [x, y] points")
        )
    rolls: Mapping[str, tuple[int, ...]] = MappingProxyType({})
    if "rolls" in fields:
        rolls = _parse_rolls(fields["rolls"])
    return Plan(
        actor=actor.id,
        round=round_number,
        action=action,
        path=path,
        target=target,
        spell=spell,
        attack=attack,
        rolls=rolls,
    )


def _read_combatant_id(node: Node, label: str, by_id: Mapping[str, Combatant]) -> str:
    combatant_id = read_text(node, label)
    if combatant_id not in by_id:
        raise node.error(f"unknown combatant {combatant_id!r} (known: {', '.join(by_id)})")
    return combatant_id


def _parse_spell(node: Node) -> SpellRef:
    fields = read_object(node, "spell", SPELL_KEYS)
    name = read_text(fields["name"], "name")
    level = read_int(fields["level"], "level", "a whole number from 0 to 9", lambda v: 0 <= v <= 9)
    return SpellRef(name=name, level=level)


def _parse_rolls(node: Node) -> Mapping[str, tuple[int, ...]]:
    fields = read_object(node, "rolls", ROLL_KEYS, optional=ROLL_KEYS)
    rolls: dict[str, tuple[int, ...]] = {}
    for purpose, purpose_node in fields.items():
        label, expectation, ok = _ROLL_RULES[purpose]
        items = read_list(purpose_node, purpose, "a list of whole numbers")
        rolls[purpose] = tuple(read_int(item, label, expectation, ok) for item in items)
    return MappingProxyType(rolls)


def _is_d20_roll(roll: int) -> bool:
    return 1 <= roll <= 20


def _is_damage_roll(roll: int) -> bool:
    return roll >= 0


_D20 = "a whole number from 1 to 20 (a d20 as rolled)"
_ROLL_RULES: Mapping[str, tuple[str, str, Callable[[int], bool]]] = MappingProxyType(
    {
        "attack": ("an attack roll", _D20, _is_d20_roll),
        "damage": ("a damage roll", "a whole number, 0 or more", _is_damage_roll),
        "concentration": ("a concentration roll", _D20, _is_d20_roll),
    }
)
