"""The roster's rows: each combatant's hit points and initiative as the game master reads them."""

from __future__ import annotations

from battlemap.core.encounter import Encounter
from battlemap.rulesets.d12.initiative import Initiative
from battlemap.ui.library_dock import RosterRow
from battlemap.ui.session import FightSession


def roster_rows(encounter: Encounter, session: FightSession) -> list[RosterRow]:
    """One row per combatant: hit points at the playhead; initiative from the fight's log once
    it began, or from the rolls set before it (the Initiative dialog or the file)."""
    rolled = {e.actor: e for e in session.events() if e.type == "initiative"}
    state = session.state()
    hp = session.hit_points()
    rows = []
    for c in encounter.combatants:
        event = rolled.get(c.id)
        total: int | None
        count: int | None
        if event is not None:
            # The count as it stands at the playhead: a delay moves it.
            total, count = int(event["total"]), state[c.id].initiative_count or event.count
            surprise, penalty = int(event["surprise_rounds"]), int(event["penalty_rounds"])
        elif c.initiative_roll is not None:
            init = Initiative.from_roll(c.initiative_roll, c.init_mod)
            total, count = init.total, init.count
            surprise, penalty = init.surprise_rounds, init.penalty_rounds
        else:
            total = count = None
            surprise = penalty = 0
        rows.append(
            RosterRow(
                id=c.id,
                name=c.name,
                side=c.side,
                hp=hp.get(c.id, c.hp),
                max_hp=c.hit_points_max,
                ac=c.ac,
                initiative_total=total,
                count=count,
                surprise_rounds=surprise,
                penalty_rounds=penalty,
            )
        )
    return rows
