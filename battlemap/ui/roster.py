"""The roster's rows: each combatant's hit points and initiative as the game master reads them."""

from __future__ import annotations

from battlemap.core.encounter import Encounter
from battlemap.ui.library_dock import RosterRow
from battlemap.ui.session import FightSession


def roster_rows(encounter: Encounter, session: FightSession) -> list[RosterRow]:
    """One row per combatant: hit points at the playhead; initiative from the fight once it
    rolled it, or from the rolls set before it (the Initiative dialog or the file)."""
    state = session.state()
    rows = []
    for c in encounter.combatants:
        now = state[c.id]
        standing = now.standing if now.standing is not None else session.ruleset.standing(c)
        # The count as it stands at the playhead: a delay moves it.
        count = now.initiative_count
        if count is None and standing is not None:
            count = standing.count
        rows.append(
            RosterRow(
                id=c.id,
                name=c.name,
                side=c.side,
                hp=now.hp,
                max_hp=c.hit_points_max,
                ac=c.ac,
                initiative_total=None if standing is None else standing.total,
                count=count,
                surprise_rounds=0 if standing is None else standing.surprise_rounds,
                penalty_rounds=0 if standing is None else standing.penalty_rounds,
            )
        )
    return rows
