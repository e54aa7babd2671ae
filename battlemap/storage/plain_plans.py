"""Plans of the plain shapes read without a Node per field: a long fight's file is thousands of
them ({"actor", "round", "action"} with a target, an attack or a path), and reading each field
through a Node took most of the time of opening a 100-round fight (0.25 of 0.3 s).

`plain_plan` accepts only what the full reading (encounter_schema._parse_plan) accepts, and
gives the same Plan; anything else, including every mistake, it leaves to the full reading,
which names the place and the problem as always. tests/storage/test_plain_plans.py checks the
two agree, plan for plan and error for error.
"""

from __future__ import annotations

from collections.abc import Mapping

from battlemap.core.encounter import Combatant, MapSpec, Plan, Point
from battlemap.storage.json_fields import printable
from battlemap.storage.limits import MAX_NAME_CHARS, MAX_WAYPOINTS, ROUND

#: The keys a plain plan may have; any other (count, spell, rolls, readied, trigger, or a
#: ruleset's own) sends the plan to the full reading. Only for rulesets whose own plan fields
#: are none of these (encounter_schema checks), so that a plain plan has none of them.
PLAIN_KEYS = frozenset(("actor", "round", "action", "target", "attack", "path"))
#: Whole numbers beyond this are not turned into floats here (float() of a huge int raises).
_EXACT_FLOAT = 2**53


def plain_plan(
    value: object,
    by_id: Mapping[str, Combatant],
    map_spec: MapSpec,
    words: dict[str, str],
) -> Plan | None:
    """The plan `value` holds if it is a plain, valid one, else None (read it fully).

    `words` shares one string object among the plans that spell an action or attack alike.
    """
    if value.__class__ is not dict:
        return None
    assert isinstance(value, dict)
    for key in value:
        if key not in PLAIN_KEYS:
            return None
    actor_id = value.get("actor")
    actor = by_id.get(actor_id) if actor_id.__class__ is str else None
    if actor is None:
        return None
    round_number = value.get("round")
    if round_number.__class__ is not int or not ROUND.holds(round_number):
        return None
    action = _word(value.get("action"), words)
    if action is None:
        return None
    target = value.get("target")
    if target is not None:
        known = by_id.get(target) if target.__class__ is str else None
        if known is None or known.id == actor.id:
            return None
        target = known.id
    attack = value.get("attack")
    if attack is not None:
        attack = _word(attack, words)
        if attack is None or actor.attack_named(attack) is None:
            return None
    path: tuple[Point, ...] = ()
    raw_path = value.get("path")
    if raw_path is not None:
        points = _points(raw_path, map_spec)
        if points is None:
            return None
        path = points
    return Plan(actor=actor.id, round=round_number, action=action, path=path, target=target,
                attack=attack)  # fmt: skip


def _word(value: object, words: dict[str, str]) -> str | None:
    """`value` if it is text read_text would take (not blank, not too long, printable)."""
    if value.__class__ is not str:
        return None
    assert isinstance(value, str)
    shared = words.get(value)
    if shared is not None:
        return shared
    if len(value) > MAX_NAME_CHARS or not value.strip() or not printable(value):
        return None
    words[value] = value
    return value


def _points(value: object, map_spec: MapSpec) -> tuple[Point, ...] | None:
    """The path's points, as `_read_points` reads them, if every one is a plain pair on the map."""
    if value.__class__ is not list:
        return None
    assert isinstance(value, list)
    if len(value) > MAX_WAYPOINTS:
        return None
    width, height = map_spec.width, map_spec.height
    points: list[Point] = []
    for pair in value:
        if pair.__class__ is not list or len(pair) != 2:
            return None
        x, y = _number(pair[0]), _number(pair[1])
        # NaN fails these comparisons too; an infinity is outside any map.
        if x is None or y is None or not (0 <= x <= width and 0 <= y <= height):
            return None
        points.append((x, y))
    return tuple(points)


def _number(value: object) -> float | None:
    if value.__class__ is float:
        assert isinstance(value, float)
        return value
    if value.__class__ is int:
        assert isinstance(value, int)
        return float(value) if -_EXACT_FLOAT < value < _EXACT_FLOAT else None
    return None
