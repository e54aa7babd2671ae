"""Encounter data shared by the encounter-file tests: a minimal file, its Encounter, and
edits of it."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest

from battlemap.core.encounter import AttackProfile, Combatant, Encounter, MapSpec, Plan
from battlemap.core.errors import EncounterError
from battlemap.storage.encounter_file import parse_encounter

DATA = Path(__file__).parent / "data"

# Written the way save_encounter writes it: documented key order, defaults left out.
MINIMAL: dict[str, Any] = {
    "format": "battlemap-encounter",
    "version": 2,
    "ruleset": "d12",
    "map": {"width": 10, "height": 8},
    "combatants": [
        {
            "id": "thorin",
            "name": "Thorin",
            "side": "party",
            "size": "medium",
            "x": 2.5,
            "y": 3.5,
            "speed": 20,
            "reach": 5,
            "hp": 24,
            "ac": 17,
            "init_mod": 3,
            "dex": 12,
            "attacks_per_round": 1,
            "attacks": [{"name": "waraxe", "bonus": 6, "damage": "1d10+3"}],
        },
        {
            "id": "goblin1",
            "name": "Goblin",
            "side": "monsters",
            "size": "small",
            "x": 7.5,
            "y": 3.5,
            "speed": 30,
            "reach": 5,
            "hp": 5,
            "ac": 15,
            "init_mod": 1,
            "dex": 13,
            "attacks_per_round": 1,
            "attacks": [{"name": "morningstar", "bonus": 2, "damage": "1d6"}],
        },
    ],
    "plans": [{"actor": "thorin", "round": 1, "action": "move", "path": [[4.5, 3.5]]}],
}

MINIMAL_ENCOUNTER = Encounter(
    ruleset="d12",
    map=MapSpec(10, 8),
    combatants=(
        Combatant(
            id="thorin", name="Thorin", side="party", x=2.5, y=3.5, size="medium", speed=20,
            reach=5, init_mod=3, dex=12, hp=24, ac=17,
            attacks=(AttackProfile("waraxe", 6, "1d10+3"),), attacks_per_round=1,
        ),
        Combatant(
            id="goblin1", name="Goblin", side="monsters", x=7.5, y=3.5, size="small", speed=30,
            reach=5, init_mod=1, dex=13, hp=5, ac=15,
            attacks=(AttackProfile("morningstar", 2, "1d6"),), attacks_per_round=1,
        ),
    ),
    plans=(Plan(actor="thorin", round=1, action="move", path=((4.5, 3.5),)),),
)  # fmt: skip

_MISSING = object()


def _steps(pointer: str) -> list[str | int]:
    return [
        int(p[1:-1]) if p.startswith("[") else p for p in re.findall(r"\[\d+\]|[^.\[]+", pointer)
    ]


def edited(pointer: str, value: object = _MISSING) -> dict[str, Any]:
    """MINIMAL with the value at `pointer` (e.g. "plans[0].path[0]") set, appended (one past
    the end of a list) or removed."""
    data = copy.deepcopy(MINIMAL)
    *parents, last = _steps(pointer)
    holder: Any = data
    for step in parents:
        holder = holder[step]
    if value is _MISSING:
        del holder[last]
    elif isinstance(holder, list) and last == len(holder):
        holder.append(value)
    else:
        holder[last] = value
    return data


def problem_of(data: object) -> str:
    with pytest.raises(EncounterError) as caught:
        parse_encounter(data, "skirmish.json")
    return str(caught.value)
