"""The encounter file's fields: what each must hold, checked in the order docs/encounter-format.md
lists them, and turned into the core's Encounter values.

The storage layer does not know the rulesets: it checks that `ruleset` and each plan's `action`
are non-empty text, and leaves what they mean to the ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from battlemap.core.encounter import (
    Background,
    Combatant,
    Encounter,
    MapSpec,
    Plan,
    Point,
    SpellRef,
    Trigger,
)
from battlemap.core.fields import RulesetFields, StatValue
from battlemap.storage.json_fields import (
    Node,
    check_format_and_version,
    describe,
    listing,
    read_bool,
    read_int,
    read_list,
    read_number,
    read_object,
    read_point,
    read_text,
)
from battlemap.storage.limits import (
    HIT_POINTS,
    MAP_SQUARES,
    MAX_ALL_WALL_POINTS,
    MAX_ALL_WAYPOINTS,
    MAX_COMBATANTS,
    MAX_FIXED_ROLLS,
    MAX_ID_CHARS,
    MAX_PLANS,
    MAX_WALL_POINTS,
    MAX_WALLS,
    MAX_WAYPOINTS,
    MODIFIER,
    REACH,
    ROUND,
    SPEED,
)
from battlemap.storage.log_schema import parse_log
from battlemap.storage.plain_plans import PLAIN_KEYS, plain_plan
from battlemap.storage.ruleset_fields import fields_for, read_stats
from battlemap.storage.stat_fields import (
    ATTACK_KEYS,
    WHOLE,
    parse_attacks,
    read_ac,
    read_attacks_per_round,
    read_dex,
    read_feet,
    read_image,
    read_size,
)

__all__ = [
    "ATTACK_KEYS",
    "BACKGROUND_KEYS",
    "COMBATANT_KEYS",
    "FORMAT",
    "MAP_KEYS",
    "PLAN_KEYS",
    "ROLL_KEYS",
    "SPELL_KEYS",
    "TOP_KEYS",
    "VERSION",
    "parse_encounter",
]

FORMAT = "battlemap-encounter"
#: 2: a ruleset's own fields on combatants, plans and `sides` (core.fields). A version-1 file
#: is a version-2 file without them: it is read as it is, and written back as version 2.
VERSION = 2

# Key order here is the documented order, the order files are written in, and the order in
# which fields are checked (so "the first problem" is well defined).
TOP_KEYS = (
    "format",
    "version",
    "ruleset",
    "name",
    "map",
    "options",
    "sides",
    "combatants",
    "plans",
    "seed",
    "log",
)
MAP_KEYS = ("width", "height", "walls", "background")
BACKGROUND_KEYS = ("image", "squares_across")
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
    "image",
    "reach_weapon",
    "combat_reflexes",
)
PLAN_KEYS = (
    "actor",
    "round",
    "action",
    "count",
    "target",
    "attack",
    "spell",
    "path",
    "rolls",
    "readied",
    "trigger",
)
#: A readied action is a plan of the same actor and round, without those two keys.
READIED_KEYS = ("action", "target", "attack", "spell", "path", "rolls")
TRIGGER_KEYS = ("event", "actor", "count", "area")
SPELL_KEYS = ("name", "level")
ROLL_KEYS = ("attack", "damage", "concentration")


def parse_encounter(data: object, source: str) -> Encounter:
    """The Encounter that a decoded JSON value describes.

    `source` names where the value came from (the file name) and starts every error's `where`.
    Raises EncounterError on the first problem found.
    """
    root = Node(data, source)
    if not isinstance(data, dict):
        raise root.error(f"an encounter file must hold a JSON object {{...}}, got {describe(data)}")
    check_format_and_version(root, "encounter file", FORMAT, VERSION)
    fields = read_object(
        root,
        "an encounter",
        TOP_KEYS,
        optional=("name", "options", "sides", "plans", "seed", "log"),
    )
    ruleset = read_text(fields["ruleset"], "ruleset")
    own = fields_for(ruleset)
    name = read_text(fields["name"], "name", allow_empty=True) if "name" in fields else ""
    map_spec = _parse_map(fields["map"])
    options = (
        _parse_options(fields["options"], own) if "options" in fields else MappingProxyType({})
    )
    sides = _parse_sides(fields["sides"], own) if "sides" in fields else MappingProxyType({})
    combatants = _parse_combatants(fields["combatants"], map_spec, own)
    plans = _parse_plans(fields["plans"], combatants, map_spec, own) if "plans" in fields else ()
    # Any whole number seeds the dice (JSON itself stops at 4300 digits).
    seed = read_int(fields["seed"], "seed", WHOLE, limit=None) if "seed" in fields else 0
    ids = [c.id for c in combatants]
    log = parse_log(fields["log"], ids, own.opportunities) if "log" in fields else ()
    return Encounter(
        ruleset=ruleset,
        map=map_spec,
        combatants=combatants,
        plans=plans,
        name=name,
        seed=seed,
        log=log,
        sides=sides,
        options=options,
    )


def _parse_options(node: Node, own: RulesetFields) -> Mapping[str, StatValue]:
    """`"options": {"intercepts": "off"}`: the ruleset's settings for this fight."""
    if not own.encounter:
        raise node.error("this ruleset has no options")
    fields = read_object(node, "the options", tuple(own.encounter), optional=tuple(own.encounter))
    return MappingProxyType(dict(read_stats(fields, own.encounter)))


def _parse_sides(node: Node, own: RulesetFields) -> Mapping[str, Mapping[str, StatValue]]:
    """`"sides": {"goblins": {"situation": "surprised"}}`: the ruleset's fields for each side."""
    value = node.value
    if not isinstance(value, dict):
        raise node.error(f"sides must be a JSON object {{...}}, got {describe(value)}")
    if not own.side:
        raise node.error("this ruleset has no fields for sides")
    sides = {}
    for side in value:
        child = node.child(side)
        fields = read_object(child, "a side", tuple(own.side), optional=tuple(own.side))
        sides[read_text(Node(side, node.source, node.pointer, node.kind), "a side's name")] = (
            MappingProxyType(dict(read_stats(fields, own.side)))
        )
    return MappingProxyType(sides)


def _parse_map(node: Node) -> MapSpec:
    fields = read_object(node, "the map", MAP_KEYS, optional=("walls", "background"))
    squares = "a whole number of squares, 1 or more"
    width = read_int(fields["width"], "width", squares, lambda v: v >= 1, limit=MAP_SQUARES)
    height = read_int(fields["height"], "height", squares, lambda v: v >= 1, limit=MAP_SQUARES)
    map_spec = MapSpec(width, height)
    walls: list[tuple[Point, ...]] = []
    if "walls" in fields:
        all_points = 0
        for wall in read_list(fields["walls"], "walls", "a list of walls", most=MAX_WALLS):
            points = read_list(
                wall,
                "a wall",
                "a list of 2 or more [x, y] points",
                most=MAX_WALL_POINTS,
                items="points",
            )
            if len(points) < 2:
                raise wall.error(
                    f"a wall must be a list of 2 or more [x, y] points, got {describe(wall.value)}"
                )
            all_points += len(points)
            if all_points > MAX_ALL_WALL_POINTS:
                # Every wall segment is indexed and tested against paths and lines of sight.
                raise wall.error(
                    f"the walls may hold at most {MAX_ALL_WALL_POINTS:,} points in all; "
                    f"this wall brings them to {all_points:,}"
                )
            walls.append(
                tuple(_read_map_point(point, "a wall point", map_spec) for point in points)
            )
    background = _parse_background(fields["background"]) if "background" in fields else None
    return MapSpec(width, height, tuple(walls), background)


def _parse_background(node: Node) -> Background:
    fields = read_object(node, "the background", BACKGROUND_KEYS)
    image = read_image(fields["image"], "image")
    squares_across = read_number(
        fields["squares_across"],
        "squares_across",
        "a number of squares, more than 0",
        lambda v: v > 0,
    )
    return Background(image=image, squares_across=squares_across)


def _read_map_point(node: Node, label: str, map_spec: MapSpec) -> Point:
    x, y = read_point(node, label)
    if not (0 <= x <= map_spec.width and 0 <= y <= map_spec.height):
        raise node.error(
            f"{label} {describe(node.value)} is outside the {map_spec.width} x {map_spec.height} "
            f"map (x must be from 0 to {map_spec.width}, y from 0 to {map_spec.height})"
        )
    return x, y


def _read_points(node: Node, label: str, point_label: str, map_spec: MapSpec) -> tuple[Point, ...]:
    """A path's waypoints or an area's corners: counted first, since the window draws each."""
    items = read_list(node, label, "a list of [x, y] points", most=MAX_WAYPOINTS, items="points")
    return tuple(_read_map_point(point, point_label, map_spec) for point in items)


def _parse_combatants(node: Node, map_spec: MapSpec, own: RulesetFields) -> tuple[Combatant, ...]:
    items = read_list(
        node, "combatants", "a list of combatants", most=MAX_COMBATANTS, items="combatants"
    )
    if not items:
        raise node.error("combatants must list at least one combatant, got []")
    combatants: list[Combatant] = []
    first_use: dict[str, int] = {}
    for index, item in enumerate(items):
        combatant = _parse_combatant(item, map_spec, own)
        if combatant.id in first_use:
            raise item.child("id").error(
                f"duplicate combatant id {combatant.id!r}: "
                f"combatants[{first_use[combatant.id]}] already uses it"
            )
        first_use[combatant.id] = index
        combatants.append(combatant)
    return tuple(combatants)


def _parse_combatant(node: Node, map_spec: MapSpec, own: RulesetFields) -> Combatant:
    fields = read_object(
        node,
        "a combatant",
        (*COMBATANT_KEYS, *own.combatant),
        optional=(
            "max_hp",
            "initiative_roll",
            "concentration",
            "image",
            "reach_weapon",
            "combat_reflexes",
            *own.combatant,
            *own.unused,
        ),
    )
    combatant_id = read_text(fields["id"], "id", most=MAX_ID_CHARS)
    name = read_text(fields["name"], "name")
    side = read_text(fields["side"], "side")
    size = read_size(fields["size"])
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
    speed = read_feet(fields["speed"], "speed", SPEED)
    reach = read_feet(fields["reach"], "reach", REACH)
    hp = read_int(fields["hp"], "hp", WHOLE, limit=HIT_POINTS)
    max_hp = None
    if "max_hp" in fields:
        max_hp = read_int(
            fields["max_hp"],
            "max_hp",
            f"a whole number, 1 or more and at least hp ({hp})",
            lambda v: v >= max(1, hp),
            limit=HIT_POINTS,
        )
    ac = read_ac(fields["ac"])
    init_mod = (
        read_int(fields["init_mod"], "init_mod", WHOLE, limit=MODIFIER)
        if "init_mod" in fields
        else _unused(own, "init_mod")
    )
    initiative_roll = None
    if "initiative_roll" in fields:
        die = own.initiative_roll  # the ruleset's die: d12's d12, 13th Age's d20
        initiative_roll = read_int(
            fields["initiative_roll"],
            "initiative_roll",
            f"a whole number from {die.low} to {die.high} ({die.meaning})",
            lambda v: die.low <= v <= die.high,
        )
    dex = read_dex(fields["dex"]) if "dex" in fields else _unused(own, "dex")
    concentration = 0
    if "concentration" in fields:
        concentration = read_int(fields["concentration"], "concentration", WHOLE, limit=MODIFIER)
    attacks_per_round = (
        read_attacks_per_round(fields["attacks_per_round"])
        if "attacks_per_round" in fields
        else _unused(own, "attacks_per_round")
    )
    attacks = parse_attacks(fields["attacks"])
    image = read_image(fields["image"], "image") if "image" in fields else None
    reach_weapon = (
        read_bool(fields["reach_weapon"], "reach_weapon") if "reach_weapon" in fields else False
    )
    combat_reflexes = (
        read_bool(fields["combat_reflexes"], "combat_reflexes")
        if "combat_reflexes" in fields
        else False
    )
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
        image=image,
        reach_weapon=reach_weapon,
        combat_reflexes=combat_reflexes,
        stats=MappingProxyType(dict(read_stats(fields, own.combatant))),
    )


def _unused(own: RulesetFields, key: str) -> int:
    """The value a shared field the ruleset does not use takes when the file leaves it out."""
    value = own.unused.get(key)
    if not isinstance(value, int):  # read_object already refused its absence otherwise
        raise AssertionError(f"{key} has no default in this ruleset")
    return value


def _parse_plans(
    node: Node, combatants: Sequence[Combatant], map_spec: MapSpec, own: RulesetFields
) -> tuple[Plan, ...]:
    by_id = {combatant.id: combatant for combatant in combatants}
    items = read_list(node, "plans", "a list of plans", most=MAX_PLANS, items="plans")
    points = sum(_points_in(item.value) for item in items)
    if points > MAX_ALL_WAYPOINTS:
        # Each is drawn, and each leg timed and tested against every threat zone: 2,000
        # paths of 1,000 points took seconds to read and more to play.
        raise node.error(
            f"the plans' paths and areas may hold at most {MAX_ALL_WAYPOINTS:,} points in all, "
            f"got {points:,}"
        )
    # The plain shapes without a Node per field (plain_plans.py); the rest read in full, which
    # names any problem (a plan giving one of the ruleset's own fields among them).
    plans: list[Plan] = []
    words: dict[str, str] = {}
    plain = PLAIN_KEYS.isdisjoint(own.plan)
    for item in items:
        plan = plain_plan(item.value, by_id, map_spec, words) if plain else None
        plans.append(plan if plan is not None else _parse_plan(item, by_id, map_spec, own))
    return tuple(plans)


def _points_in(plan: object) -> int:
    """The points a plan's path, readied path and trigger area hold, counted before reading
    them (whatever is not a list counts nothing: reading it will say what is wrong)."""
    if not isinstance(plan, dict):
        return 0
    count = len(plan["path"]) if isinstance(plan.get("path"), list) else 0
    for part, key in (("readied", "path"), ("trigger", "area")):
        inner = plan.get(part)
        if isinstance(inner, dict) and isinstance(inner.get(key), list):
            count += len(inner[key])
    return count


def _parse_plan(
    node: Node, by_id: Mapping[str, Combatant], map_spec: MapSpec, own: RulesetFields
) -> Plan:
    fields = read_object(
        node,
        "a plan",
        (*PLAN_KEYS, *own.plan),
        optional=(
            "count", "target", "attack", "spell", "path", "rolls", "readied", "trigger",
            *own.plan,
        ),
    )  # fmt: skip
    actor = by_id[_read_combatant_id(fields["actor"], "actor", by_id)]
    round_number = read_int(
        fields["round"],
        "round",
        "a whole number (1 is the first regular round, 0 and below are surprise rounds)",
        limit=ROUND,
    )
    action = read_text(fields["action"], "action")
    count = None
    if "count" in fields:
        low, high = own.counts
        count = read_int(
            fields["count"], "count", f"a whole number from {low} to {high} (a count to act on)",
            lambda v: low <= v <= high,
        )  # fmt: skip
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
            known = listing([a.name for a in actor.attacks]) or "none"
            raise fields["attack"].error(
                f"{actor.id!r} has no attack named {describe(attack)} (its attacks: {known})"
            )
    spell = _parse_spell(fields["spell"]) if "spell" in fields else None
    path: tuple[Point, ...] = ()
    if "path" in fields:
        path = _read_points(fields["path"], "path", "a path point", map_spec)
    rolls: Mapping[str, tuple[int, ...]] = MappingProxyType({})
    if "rolls" in fields:
        rolls = _parse_rolls(fields["rolls"])
    readied = None
    if "readied" in fields:
        readied = _parse_readied(fields["readied"], actor.id, round_number, by_id, map_spec, own)
    trigger = _parse_trigger(fields["trigger"], by_id, map_spec) if "trigger" in fields else None
    return Plan(
        actor=actor.id,
        round=round_number,
        action=action,
        path=path,
        target=target,
        spell=spell,
        count=count,
        attack=attack,
        rolls=rolls,
        readied=readied,
        trigger=trigger,
        extra=MappingProxyType(dict(read_stats(fields, own.plan))),
    )


def _parse_readied(
    node: Node,
    actor: str,
    round_number: int,
    by_id: Mapping[str, Combatant],
    map_spec: MapSpec,
    own: RulesetFields,
) -> Plan:
    """The readied action: read as a plan of the same actor and round, errors pointing into it."""
    fields = read_object(node, "a readied action", READIED_KEYS, optional=READIED_KEYS[1:])
    del fields
    as_plan = Node(
        {"actor": actor, "round": round_number, **node.value},  # type: ignore[dict-item]
        node.source,
        node.pointer,
        node.kind,
    )
    return _parse_plan(as_plan, by_id, map_spec, own)


def _parse_trigger(node: Node, by_id: Mapping[str, Combatant], map_spec: MapSpec) -> Trigger:
    fields = read_object(node, "a trigger", TRIGGER_KEYS, optional=TRIGGER_KEYS[1:])
    event = read_text(fields["event"], "event")
    actor = _read_combatant_id(fields["actor"], "actor", by_id) if "actor" in fields else None
    count = None
    if "count" in fields:
        count = read_int(
            fields["count"], "count", "a whole number from 1 to 12", lambda v: 1 <= v <= 12
        )
    area: tuple[Point, ...] = ()
    if "area" in fields:
        area = _read_points(fields["area"], "area", "an area point", map_spec)
    return Trigger(event=event, actor=actor, count=count, area=area)


def _read_combatant_id(node: Node, label: str, by_id: Mapping[str, Combatant]) -> str:
    combatant_id = read_text(node, label, most=MAX_ID_CHARS)
    if combatant_id not in by_id:
        raise node.error(f"unknown combatant {combatant_id!r} (known: {listing(by_id)})")
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
        items = read_list(
            purpose_node, purpose, "a list of whole numbers", most=MAX_FIXED_ROLLS, items="rolls"
        )
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
