"""The settings' defaults and their bounds."""

from __future__ import annotations

import pytest

from battlemap.core.errors import BattlemapError
from battlemap.rulesets.thirteenth_age.settings import (
    DEFAULT_SETTINGS,
    DefenseBases,
    ThirteenthAgeSettings,
)


def test_the_documented_defaults() -> None:
    """ "Each PC starts the adventure with 8 or 9 recoveries\": 8 by default."""
    s = DEFAULT_SETTINGS
    assert (s.pcs_win_ties, s.ambush_advances_escalation, s.expanded_crits_always_hit) == (
        True,
        False,
        True,
    )
    assert s.defense_bases == DefenseBases(ac=10, pd=10, md=10)
    assert (s.starting_recoveries, s.move_squares, s.fight_in_spirit_first_bonus) == (8, 6, 2)
    assert (s.lasting_wounds, s.meaningful_death) == (False, False)


def test_out_of_range_settings_are_named() -> None:
    with pytest.raises(BattlemapError, match="move_squares: must be from 1 to 100, not 0"):
        ThirteenthAgeSettings(move_squares=0)
    with pytest.raises(BattlemapError, match="fight_in_spirit_first_bonus: must be from 1 to 2"):
        ThirteenthAgeSettings(fight_in_spirit_first_bonus=3)
    with pytest.raises(BattlemapError, match=r"defense_bases\.ac: must be a whole number"):
        DefenseBases(ac=True)
