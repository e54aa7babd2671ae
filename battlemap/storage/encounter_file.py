"""The encounter file: versioned JSON read into an Encounter and written back, atomically.

The format is documented for people and other tools in docs/encounter-format.md; the field
checks live in encounter_schema.py.
"""

from __future__ import annotations

import dataclasses
import io
import os
from types import MappingProxyType
from typing import TextIO

from battlemap.core.encounter import (
    AttackProfile,
    Background,
    Combatant,
    Encounter,
    MapSpec,
    Plan,
    Point,
)
from battlemap.core.errors import EncounterError
from battlemap.core.fields import RulesetFields
from battlemap.storage.atomic_write import write_text_atomically
from battlemap.storage.checked_log import CheckedHead, CheckedLog
from battlemap.storage.encounter_schema import FORMAT, ROLL_KEYS, VERSION, parse_encounter
from battlemap.storage.json_reading import read_json_file
from battlemap.storage.json_text import write_json
from battlemap.storage.limits import MAX_FILE_BYTES, MAX_FILE_MB
from battlemap.storage.ruleset_fields import fields_for, stat_to_json

#: Lists under these keys get a line per item, each item on one line: an event log reads as
#: `battlemap simulate` prints it, rather than as ten lines per event.
ONE_LINE_ITEMS = ("log",)

__all__ = [
    "FORMAT",
    "VERSION",
    "CheckedLog",
    "encounter_text",
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
    data = read_json_file(path, EncounterError, "an encounter file")
    return parse_encounter(data, os.fspath(path))


def save_encounter(
    encounter: Encounter, path: str | os.PathLike[str], checked: CheckedLog | None = None
) -> None:
    """Write `encounter` to `path` as JSON, replacing any file there only once all is written.

    Raises EncounterError, leaving any existing file untouched, if the encounter would not load
    back (so a saved file always opens) or if the file cannot be written. With `checked`, the
    events of the log an earlier save (or the opening) found good are not checked again.
    """
    source = os.fspath(path)
    try:
        if checked is None:
            # Checked whole and written as it is laid out, field by field.
            data = encounter_to_dict(encounter)
            parse_encounter(data, source)
            write_text_atomically(
                path,
                lambda stream: write_json(data, _Capped(stream), one_line_items=ONE_LINE_ITEMS),
            )
        else:
            text = encounter_text(encounter, source, checked)
            if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8")) > MAX_FILE_BYTES:
                raise _TooBig
            write_text_atomically(path, lambda stream: stream.write(text))
    except _TooBig:
        # What Open would refuse is not written: the file there stays as it was.
        raise EncounterError(
            source,
            f"cannot save: the fight would make a file over {MAX_FILE_MB} MB, the most "
            "Battlemap opens; restart the fight or split it into encounters",
        ) from None
    except FileNotFoundError:
        folder = os.path.dirname(os.path.abspath(source))
        raise EncounterError(source, f"cannot save: the folder {folder} does not exist") from None
    except PermissionError:
        raise EncounterError(source, "cannot save the file: permission denied") from None
    except OSError as error:
        raise EncounterError(source, f"cannot save the file: {error.strerror or error}") from None


def encounter_text(
    encounter: Encounter,
    source: str,
    checked: CheckedLog,
    around: dict[str, object] | None = None,
) -> str:
    """The file's text for `encounter` (as `save_encounter` without `checked` lays it out, byte
    for byte), checked as the loader would: the set-up whole unless `checked` saw it last time,
    the log only past the events `checked` knows good. With `around`, the text of
    `{**around, "encounter": <the encounter>}` (the autosave's wrapping).

    Raises EncounterError naming `source` and the place, as parse_encounter does."""
    head = _checked_head(dataclasses.replace(encounter, log=()), source, checked)
    ids = [c.id for c in encounter.combatants]
    try:
        log = checked.text(
            encounter.log, ids, lambda events: _parse_probe({**head.probe, "log": events}, source)
        )
    except EncounterError:
        # Checked in slices, a problem's place would be counted from the slice: check the
        # whole, which names it as Open would (and raises; were it to pass, the slice's does).
        parse_encounter(encounter_to_dict(encounter), source)
        raise
    text = head.text
    if log.lines:
        # The log is the encounter's last key: spliced in before the encounter object closes,
        # laid out as json_text lays out ONE_LINE_ITEMS (a line per event).
        assert text.endswith("\n}"), "the encounter's text ends with its closing brace"
        items = ",\n    ".join(log.lines)
        text = f'{text[:-2]},\n  "log": [\n    {items}\n  ]\n}}'
    if around is None:
        return text + "\n"
    # Inside the wrapping, one level deeper: json_text indents a nested value by prefixing its
    # lines (whether a list fits on one line depends on its text, not its depth), and JSON
    # strings hold no raw newline.
    wrapper = _json_text({**around, "encounter": None})
    assert wrapper.endswith("null\n}")
    return wrapper[: -len("null\n}")] + text.replace("\n", "\n  ") + "\n}\n"


def _checked_head(head: Encounter, source: str, checked: CheckedLog) -> CheckedHead:
    known = checked.head(head)
    if known is not None:
        return known
    data = encounter_to_dict(head)
    parse_encounter(data, source)
    # A slice of new events is checked inside the encounter's set-up without its plans (the
    # log's checks read the combatants' ids and the ruleset, never the plans).
    probe = MappingProxyType({key: value for key, value in data.items() if key != "plans"})
    made = CheckedHead(head, _json_text(data), probe)
    checked.remember_head(made)
    return made


def _json_text(data: dict[str, object]) -> str:
    """`data` as write_json lays it out, without the final newline."""
    buffer = io.StringIO()
    write_json(data, buffer, one_line_items=ONE_LINE_ITEMS)
    return buffer.getvalue()[:-1]


def _parse_probe(data: dict[str, object], source: str) -> None:
    parse_encounter(data, source)


class _TooBig(Exception):
    pass


class _Capped:
    """A text stream that stops the save once it passes the size the loader accepts."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._bytes = 0

    def write(self, text: str) -> int:
        self._bytes += len(text) if text.isascii() else len(text.encode("utf-8"))
        if self._bytes > MAX_FILE_BYTES:
            raise _TooBig
        return self._stream.write(text)


def encounter_to_dict(encounter: Encounter) -> dict[str, object]:
    """The encounter as a JSON-ready dict, keys in the documented order, optional fields that
    hold their default left out. parse_encounter(encounter_to_dict(e), ...) == e."""
    data: dict[str, object] = {"format": FORMAT, "version": VERSION, "ruleset": encounter.ruleset}
    if encounter.name:
        data["name"] = encounter.name
    data["map"] = _map_to_dict(encounter.map)
    own = fields_for(encounter.ruleset)
    if encounter.options:
        data["options"] = {k: stat_to_json(v) for k, v in encounter.options.items()}
    if encounter.sides:
        data["sides"] = {
            side: {k: stat_to_json(v) for k, v in values.items()}
            for side, values in encounter.sides.items()
        }
    data["combatants"] = [_combatant_to_dict(c, own) for c in encounter.combatants]
    if encounter.plans:
        data["plans"] = [_plan_to_dict(plan) for plan in encounter.plans]
    if encounter.seed:
        data["seed"] = encounter.seed
    if encounter.log:
        data["log"] = [event.to_json() for event in encounter.log]
    return data


def _map_to_dict(map_spec: MapSpec) -> dict[str, object]:
    data: dict[str, object] = {"width": map_spec.width, "height": map_spec.height}
    if map_spec.walls:
        data["walls"] = [[_point(point) for point in wall] for wall in map_spec.walls]
    if map_spec.background is not None:
        data["background"] = _background_to_dict(map_spec.background)
    return data


def _background_to_dict(background: Background) -> dict[str, object]:
    return {"image": background.image, "squares_across": _number(background.squares_across)}


def _combatant_to_dict(combatant: Combatant, own: RulesetFields) -> dict[str, object]:
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
    if combatant.image is not None:
        data["image"] = combatant.image
    if combatant.reach_weapon:
        data["reach_weapon"] = True
    if combatant.combat_reflexes:
        data["combat_reflexes"] = True
    for key, default in own.unused.items():
        # A shared field the ruleset does not use is written only when it says something.
        if key in data and data[key] == default:
            del data[key]
    for key, value in combatant.stats.items():
        data[key] = stat_to_json(value)
    return data


def _attack_to_dict(attack: AttackProfile) -> dict[str, object]:
    data: dict[str, object] = {"name": attack.name, "bonus": attack.bonus, "damage": attack.damage}
    if attack.range is not None:
        data["range"] = attack.range
    return data


def _plan_to_dict(plan: Plan) -> dict[str, object]:
    data: dict[str, object] = {"actor": plan.actor, "round": plan.round, "action": plan.action}
    if plan.count is not None:
        data["count"] = plan.count
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
    if plan.readied is not None:
        readied = _plan_to_dict(plan.readied)
        del readied["actor"], readied["round"]
        data["readied"] = readied
    if plan.trigger is not None:
        trigger: dict[str, object] = {"event": plan.trigger.event}
        if plan.trigger.actor is not None:
            trigger["actor"] = plan.trigger.actor
        if plan.trigger.count is not None:
            trigger["count"] = plan.trigger.count
        if plan.trigger.area:
            trigger["area"] = [_point(p) for p in plan.trigger.area]
        data["trigger"] = trigger
    for key, value in plan.extra.items():
        data[key] = stat_to_json(value)
    return data


def _point(point: Point) -> list[float]:
    return [_number(point[0]), _number(point[1])]


def _number(value: float) -> float:
    """Whole coordinates written as 4 rather than 4.0: files are read and edited by people."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value
