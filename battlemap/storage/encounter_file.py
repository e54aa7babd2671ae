"""The encounter file: versioned JSON read into an Encounter and written back, atomically.

The format is documented for people and other tools in docs/encounter-format.md; the field
checks live in encounter_schema.py.
"""

from __future__ import annotations

import json
import os

from battlemap.core.encounter import AttackProfile, Combatant, Encounter, MapSpec, Plan, Point
from battlemap.core.errors import EncounterError
from battlemap.storage.atomic_write import write_text_atomically
from battlemap.storage.encounter_schema import FORMAT, ROLL_KEYS, VERSION, parse_encounter
from battlemap.storage.json_text import write_json

__all__ = [
    "FORMAT",
    "VERSION",
    "encounter_to_dict",
    "load_encounter",
    "parse_encounter",
    "save_encounter",
]


def load_encounter(path: str | os.PathLike[str]) -> Encounter:
    """The Encounter in the file at `path`.

    Raises EncounterError for a missing or unreadable file, text that is not UTF-8 or not JSON,
    and for any problem with the content; errors name the file as `path` spells it.
    """
    source = os.fspath(path)
    try:
        with open(path, "rb") as stream:
            raw = stream.read()
    except FileNotFoundError:
        raise EncounterError(source, "no such file") from None
    except IsADirectoryError:
        raise EncounterError(source, "this is a folder, not an encounter file") from None
    except PermissionError:
        raise EncounterError(source, "cannot read the file: permission denied") from None
    except OSError as error:
        raise EncounterError(source, f"cannot read the file: {error.strerror or error}") from None
    try:
        # utf-8-sig: Windows editors like to start UTF-8 files with a byte order mark.
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise EncounterError(
            source, f"the file is not UTF-8 text: byte 0x{raw[error.start]:02x} on line {line}"
        ) from None
    try:
        data = json.loads(text, object_pairs_hook=_reject_duplicate_keys)
    except json.JSONDecodeError as error:
        raise EncounterError(
            source,
            f"the file is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}",
        ) from None
    except ValueError as error:
        # Not a JSONDecodeError: json refuses integers of more than 4300 digits this way.
        raise EncounterError(source, f"the file is not valid JSON: {error}") from None
    except _DuplicateKeyError as error:
        raise EncounterError(
            source, f"the key {error.key!r} appears twice in one object; remove one of them"
        ) from None
    except RecursionError:
        raise EncounterError(source, "the file nests lists or objects too deeply") from None
    return parse_encounter(data, source)


class _DuplicateKeyError(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _reject_duplicate_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """json keeps the last of two equal keys without a word; which one was meant is a guess."""
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKeyError(key)
        result[key] = value
    return result


def save_encounter(encounter: Encounter, path: str | os.PathLike[str]) -> None:
    """Write `encounter` to `path` as JSON, replacing any file there only once all is written.

    Raises EncounterError, leaving any existing file untouched, if the encounter would not load
    back (so a saved file always opens) or if the file cannot be written.
    """
    source = os.fspath(path)
    data = encounter_to_dict(encounter)
    parse_encounter(data, source)
    try:
        write_text_atomically(path, lambda stream: write_json(data, stream))
    except FileNotFoundError:
        folder = os.path.dirname(os.path.abspath(source))
        raise EncounterError(source, f"cannot save: the folder {folder} does not exist") from None
    except PermissionError:
        raise EncounterError(source, "cannot save the file: permission denied") from None
    except OSError as error:
        raise EncounterError(source, f"cannot save the file: {error.strerror or error}") from None


def encounter_to_dict(encounter: Encounter) -> dict[str, object]:
    """The encounter as a JSON-ready dict, keys in the documented order, optional fields that
    hold their default left out. parse_encounter(encounter_to_dict(e), ...) == e."""
    data: dict[str, object] = {"format": FORMAT, "version": VERSION, "ruleset": encounter.ruleset}
    if encounter.name:
        data["name"] = encounter.name
    data["map"] = _map_to_dict(encounter.map)
    data["combatants"] = [_combatant_to_dict(combatant) for combatant in encounter.combatants]
    if encounter.plans:
        data["plans"] = [_plan_to_dict(plan) for plan in encounter.plans]
    return data


def _map_to_dict(map_spec: MapSpec) -> dict[str, object]:
    data: dict[str, object] = {"width": map_spec.width, "height": map_spec.height}
    if map_spec.walls:
        data["walls"] = [[_point(point) for point in wall] for wall in map_spec.walls]
    return data


def _combatant_to_dict(combatant: Combatant) -> dict[str, object]:
    data: dict[str, object] = {
        "id": combatant.id,
        "name": combatant.name,
        "side": combatant.side,
        "size": combatant.size,
        "x": _number(combatant.x),
        "y": _number(combatant.y),
        "speed": combatant.speed,
        "reach": combatant.reach,
        "hp": combatant.hp,
    }
    if combatant.max_hp is not None:
        data["max_hp"] = combatant.max_hp
    data["ac"] = combatant.ac
    data["init_mod"] = combatant.init_mod
    if combatant.initiative_roll is not None:
        data["initiative_roll"] = combatant.initiative_roll
    data["dex"] = combatant.dex
    if combatant.concentration:
        data["concentration"] = combatant.concentration
    data["attacks_per_round"] = combatant.attacks_per_round
    data["attacks"] = [_attack_to_dict(attack) for attack in combatant.attacks]
    return data


def _attack_to_dict(attack: AttackProfile) -> dict[str, object]:
    data: dict[str, object] = {"name": attack.name, "bonus": attack.bonus, "damage": attack.damage}
    if attack.range is not None:
        data["range"] = attack.range
    return data


def _plan_to_dict(plan: Plan) -> dict[str, object]:
    data: dict[str, object] = {"actor": plan.actor, "round": plan.round, "action": plan.action}
    if plan.target is not None:
        data["target"] = plan.target
    if plan.attack is not None:
        data["attack"] = plan.attack
    if plan.spell is not None:
        data["spell"] = {"name": plan.spell.name, "level": plan.spell.level}
    if plan.path:
        data["path"] = [_point(point) for point in plan.path]
    if plan.rolls:
        # Known purposes in the documented order; anything else is kept so that validation
        # names it instead of it vanishing.
        order = [key for key in ROLL_KEYS if key in plan.rolls]
        order += [key for key in plan.rolls if key not in ROLL_KEYS]
        data["rolls"] = {key: list(plan.rolls[key]) for key in order}
    return data


def _point(point: Point) -> list[float]:
    return [_number(point[0]), _number(point[1])]


def _number(value: float) -> float:
    """Whole coordinates written as 4 rather than 4.0: files are read and edited by people."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value
