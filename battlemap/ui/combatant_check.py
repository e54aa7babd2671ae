"""Checks a combatant form with the encounter file's own validator, and words what it refuses
as the form shows it.

The form has no rules of its own: the combatant's JSON object is wrapped in the smallest
encounter that could hold it and handed to storage.encounter_file.parse_encounter, so what the
form accepts is exactly what a saved file will load. The validator names the offending key
("combatants[0].attacks[1].bonus"); this module turns that into the form's labels and the input
or attack cell to mark. No Qt here: the dialog hands in the object it built from its widgets.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from battlemap.core.encounter import Combatant, MapSpec
from battlemap.core.errors import EncounterError
from battlemap.storage.encounter_file import parse_encounter

#: Form labels for the file's keys, one per input of the form: messages name fields as the form
#: shows them.
FIELD_LABELS: Mapping[str, str] = {
    "id": "ID",
    "name": "Name",
    "side": "Side",
    "size": "Size",
    "x": "X",
    "y": "Y",
    "speed": "Speed",
    "reach": "Reach",
    "hp": "HP",
    "max_hp": "Max HP",
    "ac": "AC",
    "init_mod": "Initiative modifier",
    "initiative_roll": "Initiative roll",
    "dex": "Dexterity",
    "concentration": "Concentration",
    "attacks_per_round": "Attacks per round",
    "attacks": "Attacks",
    "image": "Image",
}
#: An attack's keys in the file, in the order of the attacks table's columns.
ATTACK_KEYS = ("name", "bonus", "damage", "range")
_POINTER = re.compile(r"combatants\[0\](?:\.(\w+))?(?:\[(\d+)\])?(?:\.(\w+))?$")


@dataclass(frozen=True)
class FormProblem:
    """What the validator refused, in the form's words, and where it is: the input named by its
    file key (`field`), an attacks table cell (`cell`, as (row, column)), or neither."""

    message: str
    field: str | None = None
    cell: tuple[int, int] | None = None


def check_combatant(
    data: Mapping[str, object],
    original: Combatant,
    map_spec: MapSpec,
    taken_ids: Collection[str],
) -> Combatant | FormProblem:
    """The combatant `data` (the form as the file would hold it) describes, or its problem.

    The result is `original` with every field the file holds replaced, so that anything the
    form does not show survives. An id in `taken_ids` is refused as the file would refuse two
    combatants with one id."""
    if data["id"] in taken_ids:
        return _place(
            f"ID {data['id']!r} is already used by another combatant", "combatants[0].id", data
        )
    encounter = {
        "format": "battlemap-encounter",
        "version": 1,
        "ruleset": "d12",
        "map": {"width": map_spec.width, "height": map_spec.height},
        "combatants": [data],
    }
    try:
        parsed = parse_encounter(encounter, "form").combatants[0]
    except EncounterError as error:
        pointer = error.where.removeprefix("form").removeprefix(", ")
        return _place(error.problem, pointer, data)
    fields = {f.name: getattr(parsed, f.name) for f in dataclasses.fields(parsed)}
    return dataclasses.replace(original, **fields)


def _attack_number(match: re.Match[str]) -> str:
    return f"attack {int(match.group(1)) + 1}"


def _place(problem: str, pointer: str, data: Mapping[str, object]) -> FormProblem:
    """The validator's message in the form's words, and the input or attack cell it is about."""
    match = _POINTER.match(pointer)
    if match is None:
        return FormProblem(problem)
    key, index, subkey = match.group(1), match.group(2), match.group(3)
    if key == "attacks" and index is not None:
        row = int(index)
        attacks = data["attacks"]
        assert isinstance(attacks, list)
        name = str(attacks[row]["name"]) if row < len(attacks) else ""
        prefix = f"Attack {row + 1}" + (f" ({name})" if name else "")
        text = re.sub(r"attacks\[(\d+)\]", _attack_number, problem)
        if subkey in ATTACK_KEYS:
            return FormProblem(f"{prefix}: {text}", cell=(row, ATTACK_KEYS.index(subkey)))
        return FormProblem(f"{prefix}: {text}", field="attacks")
    if key is None or key not in FIELD_LABELS:
        return FormProblem(problem)
    label = FIELD_LABELS[key]
    if problem.startswith(f"{key} "):
        problem = label + problem[len(key) :]
    elif problem[:1].islower():
        problem = problem[:1].upper() + problem[1:]
    problem = problem.replace("at least hp (", "at least HP (")
    return FormProblem(problem, field=key)
