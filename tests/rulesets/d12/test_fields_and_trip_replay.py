"""d12's own fields in the file (`str`, `aoo`, `defensively`, `options.intercepts`) and the
trip's decisions replayed by key (issue 13)."""

from __future__ import annotations

import copy
from types import MappingProxyType

import pytest

import battlemap.loading  # noqa: F401  (tells storage where each ruleset's fields are)
from battlemap.core.decisions import ChoiceRequest
from battlemap.core.engine import Engine, recorded_decisions
from battlemap.core.errors import EncounterError
from battlemap.core.opportunities import taken_without_asking
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.d12.opportunity_kinds import ATTACK_OF_OPPORTUNITY, INTERCEPT
from battlemap.storage.encounter_file import encounter_to_dict
from battlemap.storage.encounter_schema import parse_encounter
from tests.factories import combatant, encounter, plan

FILE: dict[str, object] = {
    "format": "battlemap-encounter",
    "version": 2,
    "ruleset": "d12",
    "map": {"width": 20, "height": 20},
    "options": {"intercepts": "off"},
    "combatants": [
        {
            "id": "guard",
            "name": "Guard",
            "side": "guards",
            "size": "medium",
            "x": 5.5,
            "y": 5.5,
            "speed": 30,
            "reach": 5,
            "hp": 10,
            "ac": 14,
            "init_mod": 0,
            "dex": 10,
            "attacks_per_round": 1,
            "attacks": [{"name": "spear", "bonus": 3, "damage": "1d8"}],
            "str": 16,
            "aoo": "trip",
        }
    ],
    "plans": [
        {
            "actor": "guard",
            "round": 1,
            "action": "cast",
            "spell": {"name": "shield", "level": 1},
            "defensively": True,
        }
    ],
}


def test_d12_fields_are_read_and_written_back() -> None:
    enc = parse_encounter(copy.deepcopy(FILE), "f.json")
    assert dict(enc.options) == {"intercepts": "off"}
    assert dict(enc.combatants[0].stats) == {"str": 16, "aoo": "trip"}
    assert dict(enc.plans[0].extra) == {"defensively": True}
    written = encounter_to_dict(enc)
    assert written["options"] == {"intercepts": "off"}
    assert parse_encounter(written, "again.json") == enc


@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        ("options", {"intercepts": "sometimes"}, "intercepts must be one of"),
        ("options", {"flanking": True}, "flanking"),
    ],
)
def test_a_bad_option_is_refused_naming_it(where: str, value: object, message: str) -> None:
    data = copy.deepcopy(FILE)
    data[where] = value
    with pytest.raises(EncounterError, match=message) as refused:
        parse_encounter(data, "f.json")
    assert refused.value.where.startswith("f.json")


def test_a_bad_aoo_preference_is_refused() -> None:
    data = copy.deepcopy(FILE)
    data["combatants"][0]["aoo"] = "grapple"  # type: ignore[index]
    with pytest.raises(EncounterError, match="aoo must be one of"):
        parse_encounter(data, "f.json")


def test_only_intercepts_set_to_auto_are_taken_without_asking() -> None:
    """options.intercepts: "auto" is the window's "take it without asking"; attacks of
    opportunity have no such setting."""
    assert taken_without_asking(INTERCEPT, {"intercepts": "auto"})
    assert not taken_without_asking(INTERCEPT, {"intercepts": "ask"})
    assert not taken_without_asking(INTERCEPT, {})
    assert not taken_without_asking(ATTACK_OF_OPPORTUNITY, {"intercepts": "auto"})


def _trip_fight(seed: int) -> Engine:
    guard = combatant(
        "guard",
        x=5.5,
        y=5.5,
        side="guards",
        stats=MappingProxyType({"str": 18, "aoo": "trip"}),
    )
    runner = combatant("runner", x=1.5, y=4.5, side="thieves", initiative_roll=10)
    enc = encounter(guard, runner, plans=(plan("runner", 1, "run", path=[(12.5, 4.5)]),))
    engine = Engine(enc, get_ruleset("d12"), seed=seed, choose=_aoo_only)
    assert engine.run()
    return engine


def _aoo_only(request: ChoiceRequest) -> bool:
    return request.kind == "aoo"


def test_a_trip_replayed_by_key_with_another_seed_is_the_same_log() -> None:
    """Every decision of a trip (the attack of opportunity, how it is taken, the touch attack,
    both Strength checks) is keyed, so a replay with another seed gives the same log."""
    first = _trip_fight(seed=3)
    keys = [e["key"] for e in first.log if e.type == "roll" and "/aoo/" in str(e["key"])]
    assert keys[0] == "runner.r1.1/aoo/guard/touch"
    replayed = Engine(
        first.encounter,
        get_ruleset("d12"),
        seed=99,
        choose=_aoo_only,
        recorded=recorded_decisions(first.log, get_ruleset("d12").fields.opportunities),
    )
    assert replayed.run()
    assert [e.to_json() for e in replayed.log] == [e.to_json() for e in first.log]
