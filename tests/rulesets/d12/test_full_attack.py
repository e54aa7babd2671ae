"""The full-attack table: on which units each blow of a full attack lands."""

from __future__ import annotations

import pytest

from tests.factories import combatant, encounter, events, plan, run

# The table as the text prints it: "X" where a blow falls, "-" where none does, for the 1st to
# the 12th unit of the action. Copied row by row, not computed, so a slip in the code shows.
TEXT_TABLE = {
    1: "X - - - - - - - - - - -",
    2: "X - - - - - X - - - - -",
    3: "X - - - X - - - X - - -",
    4: "X - - X - - X - - X - -",
    5: "X - X - - X - - X - - X",
    6: "X - X - X - X - X - X -",
    7: "X X - X - X - X - X - X",
    8: "X X - X X - X X - X X -",
    9: "X X X - X X - X X - X X",
    10: "X X X X - X X X - X X X",
    11: "X X X X X X - X X X X X",
    12: "X X X X X X X X X X X X",
}


def _blow_times(attacks: int, initiative_roll: int) -> list[tuple[int, int, float]]:
    hitter = combatant("hitter", attacks_per_round=attacks, initiative_roll=initiative_roll)
    dummy = combatant("dummy", side="b", x=1.5, hp=100_000, initiative_roll=1)
    engine = run(
        encounter(hitter, dummy, plans=(plan("hitter", 1, "full_attack", target="dummy"),))
    )
    return [(e.round, e.count, e.time) for e in events(engine, "attack", "hitter")]


@pytest.mark.parametrize("attacks", sorted(TEXT_TABLE))
def test_full_attack_table_row(attacks: int) -> None:
    """ "For the full attack action, use the following table to determine the time units upon
    which attacks fall\" — a full attack begun at 12 lands its blows on the table's units."""
    marks = TEXT_TABLE[attacks].split()
    expected = [float(unit) for unit, mark in enumerate(marks) if mark == "X"]
    assert [time for _, _, time in _blow_times(attacks, initiative_roll=12)] == expected


def test_three_attacks_at_seven() -> None:
    """ "a character taking the full attack action with three attacks per round whose initiative
    is 7 takes his first attack at 7, his second attack at 3, and his third attack at 11 the
    following round.\""""
    assert [(r, c) for r, c, _ in _blow_times(3, initiative_roll=7)] == [(1, 7), (1, 3), (2, 11)]


def test_full_attack_takes_the_whole_round() -> None:
    """ "Full-round actions take 12 time units to complete.\""""
    hitter = combatant("hitter", attacks_per_round=2, initiative_roll=7)
    dummy = combatant("dummy", side="b", x=1.5, hp=100_000, initiative_roll=1)
    engine = run(
        encounter(hitter, dummy, plans=(plan("hitter", 1, "full_attack", target="dummy"),))
    )
    (start,) = events(engine, "action_start", "hitter")
    (end,) = events(engine, "action_end", "hitter")
    assert (start.time, end.time, end.round, end.count) == (5.0, 17.0, 2, 7)


def test_one_listed_attack_per_blow() -> None:
    """With as many attacks listed as attacks per round (iteratives, claw/claw/bite), blow k
    uses the k-th attack (docs/rules/d12.md)."""
    from battlemap.core.encounter import AttackProfile

    bear = combatant(
        "bear",
        attacks=(
            AttackProfile("claw", 7, "1d8+5"),
            AttackProfile("claw", 7, "1d8+5"),
            AttackProfile("bite", 2, "2d6+2"),
        ),
        attacks_per_round=3,
    )
    dummy = combatant("dummy", side="b", x=1.5, hp=100_000, initiative_roll=1)
    engine = run(encounter(bear, dummy, plans=(plan("bear", 1, "full_attack", target="dummy"),)))
    assert [(e.time, e["attack"], e["bonus"]) for e in events(engine, "attack", "bear")] == [
        (0.0, "claw", 7),
        (4.0, "claw", 7),
        (8.0, "bite", 2),
    ]


def test_blows_stop_when_the_target_drops() -> None:
    """A full attack's later blows are held once the target is down."""
    hitter = combatant("hitter", attacks_per_round=3)
    victim = combatant("victim", side="b", x=1.5, hp=3, initiative_roll=1)
    engine = run(
        encounter(
            hitter,
            victim,
            plans=(
                plan(
                    "hitter",
                    1,
                    "full_attack",
                    target="victim",
                    rolls={"attack": [15], "damage": [8]},
                ),
            ),
        )
    )
    acts = ("action_start", "attack", "blow_skipped", "action_end")
    assert [e.type for e in engine.log if e.actor == "hitter" and e.type in acts] == [
        "action_start",
        "attack",
        "blow_skipped",
        "action_end",
    ]
    assert [(e.time, e["hp"]) for e in events(engine, "down")] == [(0.0, -5)]
