"""The plain plans' reading (storage/plain_plans.py) agrees with the full reading: the same Plan
for every plan it takes, and it takes nothing the full reading refuses."""

from __future__ import annotations

from types import MappingProxyType

from hypothesis import given
from hypothesis import strategies as st

from battlemap.core.encounter import AttackProfile, Combatant, MapSpec, Plan
from battlemap.core.errors import EncounterError
from battlemap.core.fields import NO_FIELDS, FieldSpec, RulesetFields
from battlemap.storage.encounter_schema import _parse_plan
from battlemap.storage.json_fields import Node
from battlemap.storage.plain_plans import plain_plan

MAP = MapSpec(20, 10)
_ATTACKS = (AttackProfile("sword", 5, "1d8+3"), AttackProfile("bow", 4, "1d6"))


def _combatant(who: str, side: str, x: float) -> Combatant:
    return Combatant(who, who.title(), side, x, 1.5, "medium", 30, 5, 0, 10, 10, 14, _ATTACKS, 1)


BY_ID = {c.id: c for c in (_combatant("thorin", "party", 1.5), _combatant("goblin", "foes", 3.5))}

_TEXT = st.sampled_from(
    ["thorin", "goblin", "nobody", "", "   ", "move", "attack", "full_attack", "sword", "bow",
     "axe", "x" * 201, "\ud800", "é"]
)  # fmt: skip
_NUMBER = st.one_of(
    st.integers(-5, 30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([2**60, -(2**60), 10**400]),
)
_POINT = st.one_of(
    st.lists(_NUMBER, min_size=2, max_size=2),
    st.lists(_NUMBER, max_size=3),
    st.tuples(_NUMBER, _NUMBER),
    st.booleans(),
)
_VALUE = st.one_of(
    _TEXT,
    _NUMBER,
    st.booleans(),
    st.none(),
    st.lists(_POINT, max_size=4),
    st.sampled_from([10_000, 10_001, -100, -101, 3.0, 1001 * [[1, 1]]]),
)
_KEYS = st.sampled_from(
    ["actor", "round", "action", "target", "attack", "path", "count", "tagret", "defensively"]
)
_PLAN = st.one_of(
    st.dictionaries(_KEYS, _VALUE, max_size=7),
    st.fixed_dictionaries(
        {"actor": _TEXT, "round": _VALUE, "action": _TEXT},
        optional={"target": _TEXT, "attack": _VALUE, "path": st.lists(_POINT, max_size=4)},
    ),
    st.lists(_VALUE, max_size=2),
)


#: A ruleset with a plan field of its own (d12's `defensively`): plans without it are plain.
OWN = RulesetFields(plan=MappingProxyType({"defensively": FieldSpec("flag", "cast defensively")}))


def _full(value: object, own: RulesetFields = NO_FIELDS) -> Plan | EncounterError:
    try:
        return _parse_plan(Node(value, "file.json", "plans[0]"), BY_ID, MAP, own)
    except EncounterError as error:
        return error


@given(_PLAN)
def test_a_plain_plan_is_the_plan_the_full_reading_gives(value: object) -> None:
    plain = plain_plan(value, BY_ID, MAP, {})
    if plain is not None:
        assert _full(value) == plain
        assert _full(value, OWN) == plain


def test_the_plain_shapes_are_taken_and_the_rest_left_to_the_full_reading() -> None:
    plain = [
        {"actor": "thorin", "round": 1, "action": "full_attack", "target": "goblin",
         "attack": "sword"},
        {"actor": "thorin", "round": -100, "action": "move", "path": [[1.5, 2], [0, 10]]},
        {"actor": "goblin", "round": 3, "action": "attack", "target": "thorin", "attack": None},
    ]  # fmt: skip
    for value in plain:
        taken = plain_plan(value, BY_ID, MAP, {})
        assert taken is not None and taken == _full(value)
    left = [
        {"actor": "thorin", "round": 1, "action": "delay", "count": 4},  # not a plain shape
        {"actor": "thorin", "round": 1, "action": "cast", "defensively": True},
        {"actor": "thorin", "round": 1.0, "action": "move"},  # whole, but spelt as a float
        {"actor": "thorin", "round": 1, "action": "attack", "target": "thorin"},
        {"actor": "thorin", "round": 1, "action": "attack", "attack": "axe"},
        {"actor": "thorin", "round": 1, "action": "move", "path": [[21, 1]]},
        {"actor": "thorin", "round": 1, "action": "move", "path": [[True, 1]]},
        {"actor": "thorin", "round": 10_001, "action": "move"},
    ]
    for value in left:
        assert plain_plan(value, BY_ID, MAP, {}) is None


def test_plans_spelling_an_action_alike_share_one_string() -> None:
    words: dict[str, str] = {}
    one = plain_plan({"actor": "thorin", "round": 1, "action": "move" + ""}, BY_ID, MAP, words)
    two = plain_plan({"actor": "thorin", "round": 2, "action": "".join("move")}, BY_ID, MAP, words)
    assert one is not None and two is not None and one.action is two.action
