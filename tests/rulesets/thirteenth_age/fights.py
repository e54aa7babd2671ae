"""Small 13th Age fights for the engine tests: combatants and plans as the file writes them,
loaded through the real loader (storage's field checks, then the rules' validate)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from battlemap.core.engine import Engine
from battlemap.core.events import Event
from battlemap.loading import load_checked
from battlemap.rulesets import get_ruleset


def pc(cid: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    """A 2nd-level PC with a longsword (+7 vs AC, 2d8+4), Dex 12 (+1 initiative + 2 level)."""
    return {
        "id": cid, "name": cid.capitalize(), "side": "party", "size": "medium",
        "x": x, "y": y, "speed": 30, "reach": 5, "hp": 30, "ac": 17,
        "attacks": [{"name": "longsword", "bonus": 7, "damage": "2d8+4"}],
        "pc": True, "level": 2, "abilities": [18, 14, 12, 8, 10, 10], "pd": 15, "md": 11,
        "initiative_roll": 10,
        **extra,
    }  # fmt: skip


def monster(cid: str, x: float, y: float, **extra: Any) -> dict[str, Any]:
    """A goblin (+6 vs AC, 1d8+2, initiative +3, AC 16, PD 14, MD 10, 12 hp)."""
    return {
        "id": cid, "name": cid.capitalize(), "side": "goblins", "size": "medium",
        "x": x, "y": y, "speed": 30, "reach": 5, "hp": 12, "ac": 16, "init_mod": 3,
        "attacks": [{"name": "club", "bonus": 6, "damage": "1d8+2"}],
        "level": 1, "pd": 14, "md": 10, "initiative_roll": 5,
        **extra,
    }  # fmt: skip


def fight_file(
    tmp: Path,
    combatants: list[dict[str, Any]],
    plans: list[dict[str, Any]],
    *,
    width: int = 20,
    height: int = 12,
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> Path:
    data = {
        "format": "battlemap-encounter",
        "version": 2,
        "ruleset": "13th-age",
        "map": {"width": width, "height": height},
        "combatants": combatants,
        "plans": plans,
        "seed": seed,
        **({"options": options} if options else {}),
    }
    path = tmp / "fight.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def run(path: Path, seed: int = 0) -> Engine:
    encounter = load_checked(path)
    engine = Engine(encounter, get_ruleset(encounter.ruleset), seed=seed)
    assert engine.run()
    return engine


def of(engine: Engine, type_: str, actor: str | None = None) -> list[Event]:
    return [e for e in engine.log if e.type == type_ and (actor is None or e.actor == actor)]
