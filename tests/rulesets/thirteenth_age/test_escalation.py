"""The escalation die by round, for PCs only, held, reset, after an ambush round."""

from __future__ import annotations

from battlemap.rulesets.thirteenth_age.escalation import (
    EscalationDie,
    after_ambush_round,
    attack_bonus,
    next_round,
    reset,
    start_of_fight,
    value_in_round,
)
from battlemap.rulesets.thirteenth_age.settings import ThirteenthAgeSettings


def test_the_die_by_round_is_0_then_1_up_to_6() -> None:
    """ "At the start of the second round, the GM sets the escalation die at 1. ... Each round,
    the escalation die advances by +1, to a maximum of +6.\""""
    die = start_of_fight()
    values = [die.value]
    for _ in range(8):
        die = next_round(die)
        values.append(die.value)
    assert values == [0, 1, 2, 3, 4, 5, 6, 6, 6]
    assert die.round == 9
    assert [value_in_round(n) for n in range(1, 10)] == values


def test_only_pcs_add_the_die() -> None:
    """ "Each PC gains a bonus to attack rolls equal to the current value on the escalation
    die." "Monsters and NPCs do not add the escalation die bonus to their attacks\""""
    die = EscalationDie(3, 4)
    assert attack_bonus(die, pc=True) == 3
    assert attack_bonus(die, pc=False) == 0


def test_fear_prevents_using_the_die() -> None:
    """ "Fear dazes you and prevents you from using the escalation die.\""""
    assert attack_bonus(EscalationDie(4, 5), pc=True, afraid=True) == 0


def test_the_gm_holds_or_resets_it() -> None:
    """ "If the GM judges that the characters are avoiding conflict rather than bringing the
    fight to the bad guys, the escalation die doesn't advance. If combat virtually ceases, the
    escalation die resets to 0.\""""
    die = EscalationDie(2, 3)
    assert next_round(die, held=True) == EscalationDie(2, 4)
    assert reset(die) == EscalationDie(0, 3)
    assert next_round(reset(die)) == EscalationDie(1, 4)


def test_the_ambush_round_advances_the_die_only_if_the_setting_says_so() -> None:
    """ "The GM can choose whether to advance the escalation die after the surprise round.\""""
    ambush = start_of_fight(ambush=True)
    assert ambush == EscalationDie(0, 0)
    assert after_ambush_round(ambush) == EscalationDie(0, 1)
    advancing = ThirteenthAgeSettings(ambush_advances_escalation=True)
    assert after_ambush_round(ambush, advancing) == EscalationDie(1, 1)
