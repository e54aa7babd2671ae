"""The roster's columns a ruleset declares: what each shows of a combatant at the playhead.

The window's roster always shows a combatant's name, side and hit points, and ends with its
notes (surprise or penalty rounds, statuses, "down"); between them come the ruleset's own
columns (d12: AC, Init, Count; 13th Age will add its defences, the escalation die, recoveries
and death saves). Each is a value read off the combatant, the state at the playhead and his
standing, so the roster needs no rules of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from battlemap.core.encounter import Combatant
from battlemap.core.standing import Standing
from battlemap.core.state import State

#: What a cell holds: a number (right-aligned, sorted as a number), a word, or nothing ("—").
Cell = int | str | None

#: A column's reading of one combatant: (the combatant, the state at the playhead, his
#: standing as the ruleset gives it, or None before he has one).
Reading = Callable[[Combatant, State, Standing | None], Cell]


@dataclass(frozen=True)
class RosterColumn:
    """One column: its header, the header's tip, how a cell is read, and whether its cells are
    numbers (right-aligned and sorted as numbers) or words."""

    title: str
    tip: str
    value: Reading
    numeric: bool = True


def _armour_class(combatant: Combatant, _state: State, _standing: Standing | None) -> Cell:
    return combatant.ac


def _initiative_total(_combatant: Combatant, _state: State, standing: Standing | None) -> Cell:
    return None if standing is None else standing.total


def _initiative_count(_combatant: Combatant, _state: State, standing: Standing | None) -> Cell:
    return None if standing is None else standing.count


#: Columns any ruleset may use as they are: the shared armour class and the standing's two
#: numbers. A ruleset words its own tips (what its initiative total and count mean).
ARMOUR_CLASS = RosterColumn("AC", "Armour class", _armour_class)


def initiative_total(tip: str) -> RosterColumn:
    """The standing's total under the header "Init", with the ruleset's `tip`."""
    return RosterColumn("Init", tip, _initiative_total)


def initiative_count(tip: str) -> RosterColumn:
    """The standing's count under the header "Count", with the ruleset's `tip`."""
    return RosterColumn("Count", tip, _initiative_count)


def cells(
    columns: tuple[RosterColumn, ...],
    combatant: Combatant,
    state: State,
    standing: Standing | None,
) -> tuple[Cell, ...]:
    """One combatant's cells for `columns`, in order."""
    return tuple(column.value(combatant, state, standing) for column in columns)
