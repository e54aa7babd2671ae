"""Small builders for encounters in tests: only what a test cares about is spelled out."""

from __future__ import annotations

from typing import Any

from battlemap.core.decisions import ChoicePolicy, ChoiceRequest
from battlemap.core.encounter import AttackProfile, Combatant, Encounter, MapSpec, Plan, SpellRef
from battlemap.core.engine import Engine
from battlemap.core.events import Event
from battlemap.rulesets import get_ruleset


def combatant(cid: str, **overrides: Any) -> Combatant:
    """A medium fighter with a longsword; initiative fixed at count 12 unless overridden."""
    values: dict[str, Any] = {
        "id": cid,
        "name": cid.capitalize(),
        "side": "a",
        "x": 0.5,
        "y": 0.5,
        "size": "medium",
        "speed": 30,
        "reach": 5,
        "init_mod": 0,
        "dex": 10,
        "hp": 1000,
        "ac": 10,
        "attacks": (AttackProfile("longsword", 5, "1d8"),),
        "attacks_per_round": 1,
        "initiative_roll": 12,
    }
    values.update(overrides)
    return Combatant(**values)


def plan(actor: str, round_number: int, action: str, **fields: Any) -> Plan:
    if "path" in fields:
        fields["path"] = tuple(tuple(map(float, p)) for p in fields["path"])
    if "spell" in fields and isinstance(fields["spell"], tuple):
        fields["spell"] = SpellRef(*fields["spell"])
    if "rolls" in fields:
        fields["rolls"] = {k: tuple(v) for k, v in fields["rolls"].items()}
    return Plan(actor=actor, round=round_number, action=action, **fields)


def encounter(*combatants: Combatant, plans: tuple[Plan, ...] = (), size: int = 40) -> Encounter:
    enc = Encounter(ruleset="d12", map=MapSpec(size, size), combatants=combatants, plans=plans)
    get_ruleset("d12").validate(enc, "test")
    return enc


def decline_all(_request: ChoiceRequest) -> bool:
    """Opportunities declined (still logged): tests of other rules keep their meaning."""
    return False


def run(enc: Encounter, seed: int = 0, choose: ChoicePolicy = decline_all) -> Engine:
    engine = Engine(enc, get_ruleset("d12"), seed=seed, choose=choose)
    assert engine.run()
    return engine


def events(engine: Engine, type_: str, actor: str | None = None) -> list[Event]:
    return [e for e in engine.log if e.type == type_ and (actor is None or e.actor == actor)]
