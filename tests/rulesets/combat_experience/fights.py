"""Builders for Combat Experience fights in tests: combatants with the ruleset's own stats,
encounters checked by its validation, engines run headless, events picked out."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from battlemap.core.decisions import RollRequest, never_ask
from battlemap.core.encounter import AttackProfile, Combatant, Encounter, MapSpec, Plan, Point
from battlemap.core.engine import Engine
from battlemap.core.events import Event
from battlemap.core.fields import StatValue
from battlemap.core.narration import Narrator
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.base import Ruleset

RULESET = "combat-experience"


def ruleset() -> Ruleset:
    return get_ruleset(RULESET)


def fighter(cid: str, side: str, x: float, y: float, **stats: StatValue) -> Combatant:
    """A medium fighter (speed 30, AC 12, 20 hp, a +4 sword for 1d8) with Combat Experience
    stats; `hp`, `ac`, `speed` among `stats` set those instead."""
    shared: dict[str, Any] = {"hp": 20, "ac": 12, "speed": 30}
    for key in list(shared):
        if key in stats:
            shared[key] = stats.pop(key)
    return Combatant(
        id=cid,
        name=cid.capitalize(),
        side=side,
        x=x,
        y=y,
        size="medium",
        reach=5,
        init_mod=0,
        dex=10,
        attacks=(AttackProfile("sword", 4, "1d8"),),
        attacks_per_round=1,
        stats=MappingProxyType(dict(stats)),
        **shared,
    )


def plan(actor: str, round_number: int, action: str, **fields: Any) -> Plan:
    """A plan; `extra` keys (interrupt, abort, checks, opposed_checks, stuns) go to Plan.extra."""
    extra = {k: fields.pop(k) for k in list(fields) if k in _EXTRA}
    if "path" in fields:
        fields["path"] = tuple((float(x), float(y)) for x, y in fields["path"])
    if "rolls" in fields:
        fields["rolls"] = MappingProxyType({k: tuple(v) for k, v in fields["rolls"].items()})
    return Plan(
        actor=actor,
        round=round_number,
        action=action,
        extra=MappingProxyType(extra),
        **fields,
    )


_EXTRA = frozenset({"interrupt", "abort", "checks", "opposed_checks", "stuns"})


def encounter(
    *combatants: Combatant,
    plans: tuple[Plan, ...] = (),
    sides: Mapping[str, Mapping[str, StatValue]] | None = None,
    walls: tuple[tuple[Point, ...], ...] = (),
    size: int = 40,
) -> Encounter:
    enc = Encounter(
        ruleset=RULESET,
        map=MapSpec(size, size, walls=walls),
        combatants=combatants,
        plans=plans,
        sides=MappingProxyType({k: MappingProxyType(dict(v)) for k, v in (sides or {}).items()}),
    )
    ruleset().validate(enc, "test")
    return enc


def run(enc: Encounter, seed: int = 0, ask: Callable[[RollRequest], bool] = never_ask) -> Engine:
    engine = Engine(enc, ruleset(), seed=seed, ask=ask)
    assert engine.run()
    return engine


def asking(enc: Encounter, purpose: str, seed: int = 0) -> Engine:
    """An engine run up to the first roll for `purpose`, which it asks a person for."""
    engine = Engine(enc, ruleset(), seed=seed, ask=lambda request: request.purpose == purpose)
    assert not engine.run()
    return engine


def events(engine: Engine, type_: str, actor: str | None = None) -> list[Event]:
    return [e for e in engine.log if e.type == type_ and (actor is None or e.actor == actor)]


def checks(engine: Engine, actor: str) -> list[tuple[str, int, int, int, bool, int, str]]:
    """Each initiative check of `actor`: (kind, round, difficulty, total, success, count,
    condition after)."""
    return [
        (e["check"], e.round, e["difficulty"], e["total"], e["success"], e.count, e["condition"])
        for e in events(engine, "initiative", actor)
    ]


def text(engine: Engine) -> list[str]:
    """The fight as `battlemap simulate --text` prints it."""
    rules = engine.ruleset
    narrator = Narrator(engine.encounter, rules.clock, rules.sentences)
    return [line for e in engine.log if (line := narrator.sentence(e)) is not None]
