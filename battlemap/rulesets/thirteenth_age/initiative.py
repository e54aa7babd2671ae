"""Cyclic initiative: rolled once, shared by monsters of one exact type, highest first.

"Your initiative bonus is your Dexterity modifier + your level." "Each creature rolls to
determine its initiative at the start of its first turn in battle (d20 + initiative bonus). Use
those results to determine who goes first each round." "All monsters of the same exact type
share the same initiative roll." "... with higher-rolling characters or enemies acting earlier
each round."

The text gives no tie rule: `turn_order` puts PCs first on a tie (a setting), then the higher
initiative bonus, then the combatant's id, so the order is always defined. Monsters of one
kind tie with one another by construction and stay together, by id.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.abilities import ability_modifier
from battlemap.rulesets.thirteenth_age.naturals import require_natural, require_whole
from battlemap.rulesets.thirteenth_age.settings import DEFAULT_SETTINGS, ThirteenthAgeSettings


def initiative_bonus(dexterity: int, level: int) -> int:
    """Dexterity modifier + level: Dex 14 at 3rd level gives +5."""
    require_whole(level, "level", low=0, high=20)
    return ability_modifier(dexterity) + level


@dataclass(frozen=True)
class Entrant:
    """A combatant as initiative sees him: his id, bonus, whether he is a PC, and his `kind`
    (the monster type whose members share one roll; ignored for PCs)."""

    actor: str
    bonus: int
    pc: bool
    kind: str | None = None


def roll_group(entrant: Entrant) -> str:
    """Whose roll `entrant` uses: "kind:<kind>" for a monster with a kind, else his own id.

    PCs never share, even two of one class: the text shares rolls among monsters only."""
    if not entrant.pc and entrant.kind:
        return f"kind:{entrant.kind}"
    return entrant.actor


def roll_groups(entrants: Iterable[Entrant]) -> dict[str, tuple[str, ...]]:
    """Each roll to make, by group, and who uses it, in the order entrants were given."""
    groups: dict[str, list[str]] = {}
    for entrant in entrants:
        groups.setdefault(roll_group(entrant), []).append(entrant.actor)
    return {group: tuple(actors) for group, actors in groups.items()}


@dataclass(frozen=True)
class Initiative:
    """One combatant's initiative: the shared or own natural roll and its total."""

    actor: str
    natural: int
    total: int
    bonus: int
    pc: bool


def initiatives(entrants: Iterable[Entrant], naturals: Mapping[str, int]) -> dict[str, Initiative]:
    """Every entrant's initiative from `naturals`, the d20 of each roll group (`roll_group`).

    A shared roll adds each monster's own bonus (the same for one exact type)."""
    found: dict[str, Initiative] = {}
    for entrant in entrants:
        group = roll_group(entrant)
        if group not in naturals:
            raise BattlemapError(f"initiative/{group}", "no roll was given for it")
        natural = require_natural(naturals[group], f"initiative/{group}")
        found[entrant.actor] = Initiative(
            entrant.actor, natural, natural + entrant.bonus, entrant.bonus, entrant.pc
        )
    return found


@dataclass(frozen=True)
class Slot:
    """A place in the order: the count he acts on, and who he acts `ahead_of` at that count
    (a readied action's trigger; None otherwise)."""

    actor: str
    count: int
    bonus: int
    pc: bool
    ahead_of: str | None = None


def slot_of(initiative: Initiative) -> Slot:
    return Slot(initiative.actor, initiative.total, initiative.bonus, initiative.pc)


def turn_order(
    slots: Iterable[Slot], settings: ThirteenthAgeSettings = DEFAULT_SETTINGS
) -> tuple[str, ...]:
    """Who acts in what order each round: the highest count first; ties by `settings` (PCs
    first, then bonus, then id); then each readier moved just ahead of his trigger when both
    act on the same count ("you act immediately ahead of the character whose action triggered
    your readied action")."""

    def key(slot: Slot) -> tuple[int, int, int, str]:
        pc_first = -int(slot.pc) if settings.pcs_win_ties else 0
        return (-slot.count, pc_first, -slot.bonus, slot.actor)

    listed = list(slots)
    order = [slot.actor for slot in sorted(listed, key=key)]
    counts = {slot.actor: slot.count for slot in listed}
    for slot in listed:
        target = slot.ahead_of
        if target is None or target not in counts or counts[target] != slot.count:
            continue
        order.remove(slot.actor)
        order.insert(order.index(target), slot.actor)
    return tuple(order)
