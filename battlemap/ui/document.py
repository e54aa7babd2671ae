"""The open encounter and every edit to it, through Qt's undo stack.

Each edit is one command holding the encounter before and after (encounters are immutable
values, so a command is just a swap) and a report of what changed; views refresh from that
report, never by polling. QUndoStack gives undo, redo, their menu texts and the clean state
(saved or not) for free.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from battlemap.core.encounter import Combatant, Encounter, MapSpec, Plan, Point
from battlemap.core.events import Event
from battlemap.core.fields import StatValue


@dataclass(frozen=True)
class Change:
    """What an edit touched: any of "map", "combatants", "plans", "log", "sides" (a ruleset's
    fields for each side); "all" for a new file."""

    parts: frozenset[str]

    def touches(self, *parts: str) -> bool:
        return "all" in self.parts or any(p in self.parts for p in parts)


ALL = Change(frozenset({"all"}))


class _Edit(QUndoCommand):
    def __init__(self, document: EncounterDocument, after: Encounter, text: str, change: Change):
        super().__init__(text)
        self._document = document
        self._before = document.encounter
        self._after = after
        self._change = change

    def redo(self) -> None:
        self._document._set(self._after, self._change)

    def undo(self) -> None:
        self._document._set(self._before, self._change)


class EncounterDocument(QObject):
    """The encounter being edited, its file and its undo history.

    Signals:
        changed(Change): the encounter changed (an edit, an undo or redo, or a new file).
        pathChanged(object): the file path changed (a Path, or None for an unsaved encounter).
    """

    changed = Signal(object)
    pathChanged = Signal(object)

    def __init__(
        self, encounter: Encounter, path: Path | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.encounter = encounter
        self.path = path
        self.undo_stack = QUndoStack(self)

    # --- whole documents ---------------------------------------------------------------------

    def replace(self, encounter: Encounter, path: Path | None) -> None:
        """A different encounter (New, Open, restore): no undo across files."""
        self.undo_stack.clear()
        self.encounter = encounter
        self.path = path
        self.undo_stack.setClean()
        self.pathChanged.emit(path)
        self.changed.emit(ALL)

    def mark_saved(self, path: Path) -> None:
        self.path = path
        self.undo_stack.setClean()
        self.pathChanged.emit(path)

    def move_to(self, path: Path) -> None:
        """The encounter now belongs to `path` (saved there, but edited since the snapshot
        that was written: still modified)."""
        self.path = path
        self.pathChanged.emit(path)

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def base_dir(self) -> Path | None:
        """The folder relative image paths are resolved against."""
        return self.path.parent if self.path is not None else None

    # --- edits -------------------------------------------------------------------------------

    def edit(self, after: Encounter, text: str, *parts: str) -> None:
        """Apply `after` as one undoable edit named `text` (shown as "Undo <text>")."""
        if after == self.encounter:
            return
        self.undo_stack.push(_Edit(self, after, text, Change(frozenset(parts))))

    def move_combatant(self, combatant_id: str, x: float, y: float) -> None:
        combatant = self.encounter.combatant(combatant_id)
        moved = dataclasses.replace(combatant, x=x, y=y)
        self.edit(
            self._with_combatants(self._swap(moved, combatant_id)),
            f"Move {combatant.name}",
            "combatants",
        )

    def add_combatant(self, combatant: Combatant) -> None:
        after = self._with_combatants((*self.encounter.combatants, combatant))
        self.edit(after, f"Add {combatant.name}", "combatants")

    def remove_combatants(self, ids: Iterable[str]) -> None:
        gone = set(ids)
        if not gone:
            return
        names = [c.name for c in self.encounter.combatants if c.id in gone]
        after = dataclasses.replace(
            self.encounter,
            combatants=tuple(c for c in self.encounter.combatants if c.id not in gone),
            plans=tuple(
                p for p in self.encounter.plans if p.actor not in gone and p.target not in gone
            ),
        )
        text = f"Delete {names[0]}" if len(names) == 1 else f"Delete {len(names)} tokens"
        self.edit(after, text, "combatants", "plans")

    def update_combatant(self, old_id: str, combatant: Combatant) -> None:
        """Replace a combatant's stats; a changed id is carried into the plans that name it."""
        after = self._with_combatants(self._swap(combatant, old_id))
        if combatant.id != old_id:
            after = dataclasses.replace(
                after,
                plans=tuple(_rename(p, old_id, combatant.id) for p in after.plans),
            )
        self.edit(after, f"Edit {combatant.name}", "combatants", "plans")

    def set_map(self, spec: MapSpec) -> None:
        self.edit(dataclasses.replace(self.encounter, map=spec), "Change map", "map")

    def set_initiative_rolls(self, rolls: Mapping[str, int]) -> None:
        after = self._with_combatants(
            tuple(
                dataclasses.replace(c, initiative_roll=rolls.get(c.id, c.initiative_roll))
                for c in self.encounter.combatants
            )
        )
        self.edit(after, "Roll initiative", "combatants")

    def set_ruleset_fields(
        self,
        sides: Mapping[str, Mapping[str, StatValue]],
        stats: Mapping[str, Mapping[str, StatValue]],
        text: str = "Set up initiative",
    ) -> None:
        """One undoable edit of the ruleset's own fields: each side's (`Encounter.sides`, whole,
        replacing the old) and the combatants' named in `stats` (`Combatant.stats`, each whole);
        Combat Experience's situations, fearless flags and typed checks, say."""
        combatants = tuple(
            dataclasses.replace(c, stats=MappingProxyType(dict(stats[c.id])))
            if c.id in stats
            else c
            for c in self.encounter.combatants
        )
        after = dataclasses.replace(
            self.encounter,
            combatants=combatants,
            sides=MappingProxyType(
                {side: MappingProxyType(dict(values)) for side, values in sides.items() if values}
            ),
        )
        self.edit(after, text, "combatants", "sides")

    def add_plan(self, plan: Plan, *, first_in_round: bool = False) -> None:
        """Add `plan` after the actor's others, or before them (a delay moves them all)."""
        plans = list(self.encounter.plans)
        if first_in_round:
            mine = [
                i for i, p in enumerate(plans) if p.actor == plan.actor and p.round == plan.round
            ]
            plans.insert(mine[0] if mine else len(plans), plan)
        else:
            plans.append(plan)
        after = dataclasses.replace(self.encounter, plans=tuple(plans))
        actor = self.encounter.combatant(plan.actor).name
        self.edit(after, f"Plan {plan.action.replace('_', ' ')} for {actor}", "plans")

    def remove_plans(self, plans: Iterable[Plan]) -> None:
        gone = list(plans)
        kept = tuple(p for p in self.encounter.plans if p not in gone)
        self.edit(dataclasses.replace(self.encounter, plans=kept), "Remove plan", "plans")

    def set_log(self, log: tuple[Event, ...], text: str = "Restart fight") -> None:
        self.edit(dataclasses.replace(self.encounter, log=log), text, "log")

    # --- internals ---------------------------------------------------------------------------

    def _set(self, encounter: Encounter, change: Change) -> None:
        self.encounter = encounter
        self.changed.emit(change)

    def _swap(self, combatant: Combatant, old_id: str) -> tuple[Combatant, ...]:
        return tuple(combatant if c.id == old_id else c for c in self.encounter.combatants)

    def _with_combatants(self, combatants: tuple[Combatant, ...]) -> Encounter:
        return dataclasses.replace(self.encounter, combatants=combatants)

    def free_id(self, name: str) -> str:
        """An id for a new combatant called `name`: "goblin", then "goblin2", "goblin3"..."""
        base = "".join(ch for ch in name.lower().replace(" ", "_") if ch.isalnum() or ch == "_")
        base = base or "token"
        taken = {c.id for c in self.encounter.combatants}
        if base not in taken:
            return base
        n = 2
        while f"{base}{n}" in taken:
            n += 1
        return f"{base}{n}"

    def plans_of(self, actor: str, round_number: int) -> list[Plan]:
        return [p for p in self.encounter.plans if p.actor == actor and p.round == round_number]


def _rename(plan: Plan, old: str, new: str) -> Plan:
    return dataclasses.replace(
        plan,
        actor=new if plan.actor == old else plan.actor,
        target=new if plan.target == old else plan.target,
    )


__all__ = ["ALL", "Change", "EncounterDocument", "Point"]
