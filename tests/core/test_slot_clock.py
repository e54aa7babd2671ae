"""The turn-slot clock both initiative-order rulesets use: the start, then one unit per count
from the top down to 0."""

from __future__ import annotations

import pytest

from battlemap.core.slot_clock import SlotClock


def test_a_round_is_its_start_then_one_slot_per_count() -> None:
    clock = SlotClock(49, "initiative 0 or less")
    assert clock.units_per_round == 51
    assert clock.round_start(2) == 51.0
    assert clock.time_of(2, 50) == 51.0  # the start
    assert clock.slot_of(2, 17) == 51.0 + 50 - 17
    assert clock.label(51.0 + 50 - 17 + 0.4) == "Round 2, initiative 17"
    assert clock.label(51.0) == "Round 2, start"


@pytest.mark.parametrize(
    ("initiative", "label"), [(60, "initiative 49+"), (-3, "initiative 0 or less")]
)
def test_counts_beyond_the_ladder_share_its_ends(initiative: int, label: str) -> None:
    clock = SlotClock(49, "initiative 0 or less")
    assert clock.label(clock.slot_of(3, initiative)) == f"Round 3, {label}"
    assert clock.round_and_count(clock.slot_of(3, initiative)) == (3, 49 if initiative > 0 else 0)
