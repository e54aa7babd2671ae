"""Ambush rounds, fleeing, fighting in spirit: what the party does as a whole.

"Only two creatures get to act in the ambush round: the nominated ambusher and their highest
initiative ally." "Fleeing is a party action. On any PC's turn, any player can propose that all
the characters flee the fight. If all players agree, they successfully retreat, carrying any
fallen heroes away with them. The party suffers a campaign loss." Fight in spirit: "The GM may
grant any ally a +1 bonus to attacks, Armor Class, Physical Defense, or Mental Defense. The first
time each battle that someone fights in spirit may be a +2 bonus." "If you're still (even
partly) in the fight, then you can't fight in spirit."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.settings import DEFAULT_SETTINGS, ThirteenthAgeSettings

FIGHT_IN_SPIRIT_BONUS = 1


def ambush_actors(ambusher: str, side_in_order: Sequence[str]) -> tuple[str, ...]:
    """Who acts in the ambush round: the ambusher, then his side's highest-initiative ally
    (`side_in_order` is the ambushing side in initiative order, the ambusher among them)."""
    if ambusher not in side_in_order:
        raise BattlemapError("ambush", f"{ambusher!r} is not on the ambushing side")
    allies = [actor for actor in side_in_order if actor != ambusher]
    return (ambusher, allies[0]) if allies else (ambusher,)


def party_flees(votes: Mapping[str, bool]) -> bool:
    """The party retreats (with a campaign loss) only if every player agrees."""
    return bool(votes) and all(votes.values())


def fight_in_spirit_bonus(
    *,
    out_of_fight: bool,
    first_this_battle: bool,
    settings: ThirteenthAgeSettings = DEFAULT_SETTINGS,
) -> int:
    """The bonus fighting in spirit may grant: +1, or the settings' (+2) the first time this
    battle; BattlemapError for someone still in the fight."""
    if not out_of_fight:
        raise BattlemapError("fight in spirit", "someone still in the fight cannot")
    return settings.fight_in_spirit_first_bonus if first_this_battle else FIGHT_IN_SPIRIT_BONUS
