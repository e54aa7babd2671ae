"""Death saves and stabilising."""

from __future__ import annotations

from battlemap.rulesets.thirteenth_age.actions import ActionKind
from battlemap.rulesets.thirteenth_age.death_saves import (
    DeathSave,
    DeathSaveResult,
    Stabilization,
    death_save,
    stabilize,
)
from battlemap.rulesets.thirteenth_age.settings import ThirteenthAgeSettings


def test_16_or_more_recovers_a_natural_20_acts() -> None:
    """ "If you roll 16+, use a recovery to return to consciousness and heal up to the number of
    hit points you rolled with your recovery. If you roll a natural 20, you get to take actions
    normally that turn.\""""
    assert death_save(16, 2).result is DeathSaveResult.RECOVERS
    assert death_save(19, 0).result is DeathSaveResult.RECOVERS
    assert death_save(20, 3) == DeathSave(20, 20, DeathSaveResult.RECOVERS_AND_ACTS, 3)


def test_15_or_less_is_a_step_toward_the_grave_and_the_fourth_kills() -> None:
    """ "If you roll 15 or less, you take one step toward the grave. After the fourth failed
    death save in a single battle, you die.\""""
    failures = 0
    results = []
    for natural in (15, 2, 9, 1):
        save = death_save(natural, failures)
        failures = save.failures
        results.append(save.result)
    assert results == [DeathSaveResult.FAILS] * 3 + [DeathSaveResult.DIES]
    assert failures == 4


def test_a_stabilized_character_ignores_failed_saves() -> None:
    """ "A stabilized character is still unconscious, rolling death saves on their turn, but
    failed death saves no longer take them a step closer to death.\""""
    assert death_save(3, 3, stabilized=True) == DeathSave(3, 3, DeathSaveResult.IGNORED, 3)
    assert death_save(17, 3, stabilized=True).result is DeathSaveResult.RECOVERS


def test_meaningful_death_puts_the_fourth_failure_in_a_coma() -> None:
    """ "PCs who fail four death checks fall into a coma\""""
    rule = ThirteenthAgeSettings(meaningful_death=True)
    assert death_save(5, 3, settings=rule).result is DeathSaveResult.COMA


def test_stabilizing_is_dc_10_and_25_takes_only_a_quick_action() -> None:
    """ "make a DC 10 healing skill check using Wisdom as a standard action. Failure wastes
    your standard action, but doesn't hurt your friend. Success stabilizes your ally. If your
    stabilization check is 25+, you treat their wounds so quickly that it only takes a quick
    action\""""
    assert stabilize(9) == Stabilization(False, ActionKind.STANDARD)
    assert stabilize(10) == Stabilization(True, ActionKind.STANDARD)
    assert stabilize(24) == Stabilization(True, ActionKind.STANDARD)
    assert stabilize(25) == Stabilization(True, ActionKind.QUICK)
