"""Continuous movement: rates, moves, double moves, runs and charges, to the exact unit."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from battlemap.core.engine import Engine
from battlemap.core.errors import EncounterError
from battlemap.geometry.path import TimedPath
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.base import pace_of
from tests.factories import combatant, encounter, events, plan, run

# "The following table converts normal D&D movement rates into 'squares per time unit'
# measurements." (movement rate, feet per time unit, squares moved), as printed.
RATE_TABLE = [
    (10, "1.67", "1/3"),
    (15, "2.5", "1/2"),
    (20, "3.33", "2/3"),
    (25, "4.17", "5/6"),
    (30, "5", "1/1"),
    (35, "5.83", "7/6"),
    (40, "6.67", "4/3"),
    (45, "7.5", "3/2"),
    (50, "8.33", "5/3"),
    (55, "9.17", "11/6"),
    (60, "10", "2/1"),
    (65, "10.83", "13/6"),
    (70, "11.67", "7/3"),
    (75, "12.5", "5/2"),
    (80, "13.33", "8/3"),
    (85, "14.17", "17/6"),
    (90, "15", "3/1"),
]


def _positions(engine: Engine, actor: str) -> list[tuple[float, float, float, bool]]:
    return [(e.time, e["x"], e["y"], e["stopped"]) for e in events(engine, "position", actor)]


@pytest.mark.parametrize(("speed", "feet", "squares"), RATE_TABLE)
def test_movement_rate_table_row(speed: int, feet: str, squares: str) -> None:
    """ "the move happens continuously over the course of its duration\" at the table's rate:
    after one unit of a move the token has covered exactly the table's squares."""
    rate = Fraction(squares)
    pace = pace_of(get_ruleset("d12"), speed)  # the rate d12 declares gives the table's
    assert TimedPath.for_duration([(0.5, 0.5), (40.5, 0.5)], 0.0, pace, 6).rate == pytest.approx(
        float(rate), abs=1e-12
    )
    assert f"{float(rate) * 5:.2f}".rstrip("0").rstrip(".") == feet
    runner = combatant("runner", speed=speed)
    engine = run(encounter(runner, plans=(plan("runner", 1, "move", path=[(39.5, 0.5)]),)))
    after_one_unit = next(p for p in _positions(engine, "runner") if p[0] == 1.0)
    assert after_one_unit[1] == pytest.approx(0.5 + float(rate), abs=1e-9)


def test_speed_45_covers_three_squares_every_two_units() -> None:
    """ "a character with a movement rate of 45 covers three five-foot squares every two time
    units (or 6.67 feet per half-second).\""""
    runner = combatant("runner", speed=45)
    engine = run(encounter(runner, plans=(plan("runner", 1, "move", path=[(20.5, 0.5)]),)))
    xs = {t: x for t, x, _, _ in _positions(engine, "runner")}
    assert (xs[0.0], xs[2.0], xs[4.0], xs[6.0]) == (0.5, 3.5, 6.5, 9.5)


def test_move_takes_six_units_and_stops_where_time_runs_out() -> None:
    """ "A normal move takes 6 time units\": a path longer than a move allows stops there."""
    walker = combatant("walker", speed=30, initiative_roll=9)  # begins at 9, time 3
    engine = run(encounter(walker, plans=(plan("walker", 1, "move", path=[(20.5, 0.5)]),)))
    assert _positions(engine, "walker") == [
        (3.0, 0.5, 0.5, False),
        (4.0, 1.5, 0.5, False),
        (5.0, 2.5, 0.5, False),
        (6.0, 3.5, 0.5, False),
        (7.0, 4.5, 0.5, False),
        (8.0, 5.5, 0.5, False),
        (9.0, 6.5, 0.5, True),
    ]
    (end,) = events(engine, "action_end", "walker")
    assert (end.time, end.count) == (9.0, 3)


def test_a_short_move_stops_early_but_the_action_lasts_six_units() -> None:
    """The token stops on arrival (2.5 squares at speed 30: 2.5 units) and the move action
    still ends after its 6 units; the corner of the path is followed exactly."""
    walker = combatant("walker", speed=30)
    engine = run(
        encounter(walker, plans=(plan("walker", 1, "move", path=[(2.5, 0.5), (2.5, 1.0)]),))
    )
    assert _positions(engine, "walker") == [
        (0.0, 0.5, 0.5, False),
        (1.0, 1.5, 0.5, False),
        (2.0, 2.5, 0.5, False),
        (2.5, 2.5, 1.0, True),
    ]
    assert [e.time for e in events(engine, "action_end", "walker")] == [6.0]


def test_double_move_takes_twelve_units_into_the_next_round() -> None:
    """ "a double move takes 12 time units\": begun at 6, it ends at 6 of the next round."""
    walker = combatant("walker", speed=20, initiative_roll=6)
    engine = run(encounter(walker, plans=(plan("walker", 1, "double_move", path=[(30.5, 0.5)]),)))
    last = _positions(engine, "walker")[-1]
    assert last == (18.0, 8.5, 0.5, True)  # 12 units at 2/3 square a unit: 8 squares
    (end,) = events(engine, "action_end", "walker")
    assert (end.round, end.count) == (2, 6)


def test_two_moves_in_a_round_run_back_to_back() -> None:
    """A move then another move (a double move as two actions): the second begins when the
    first ends, 6 units after the initiative count."""
    walker = combatant("walker", speed=30, initiative_roll=10)
    engine = run(
        encounter(
            walker,
            plans=(
                plan("walker", 1, "move", path=[(3.5, 0.5)]),
                plan("walker", 1, "move", path=[(3.5, 3.5)]),
            ),
        )
    )
    starts = [(e.time, e.count) for e in events(engine, "action_start", "walker")]
    assert starts == [(2.0, 10), (8.0, 4)]
    assert _positions(engine, "walker")[-1] == (11.0, 3.5, 3.5, True)


def test_run_is_four_times_speed_in_twelve_units() -> None:
    """ "Running in a straight line (at 4x) takes 12 time units, and the character's movement
    rate is treated as doubled for that round.\""""
    runner = combatant("runner", speed=30)
    engine = run(encounter(runner, plans=(plan("runner", 1, "run", path=[(39.5, 0.5)]),)))
    xs = {t: x for t, x, _, _ in _positions(engine, "runner")}
    assert (xs[1.0], xs[6.0], xs[12.0]) == (2.5, 12.5, 24.5)  # 2 squares a unit, 120 ft
    assert _positions(engine, "runner")[-1][3] is True


def test_a_run_must_be_straight() -> None:
    """A run that turns is refused with the place in the file."""
    runner = combatant("runner")
    with pytest.raises(EncounterError) as caught:
        encounter(runner, plans=(plan("runner", 1, "run", path=[(5.5, 0.5), (5.5, 5.5)]),))
    assert str(caught.value) == "test, plans[0].path: a run must follow one straight line"


def test_charge_attack_lands_when_the_target_is_reached() -> None:
    """ "Charging takes 12 time units, but the attack happens as soon as the area being charged
    is reached.\" At speed 30 from 9 squares away the charger is adjacent after 8 units."""
    charger = combatant("charger", speed=30, attacks=combatant("x").attacks)
    target = combatant("target", side="b", x=9.5, initiative_roll=1)
    engine = run(
        encounter(
            charger,
            target,
            plans=(plan("charger", 1, "charge", target="target", rolls={"attack": [12]}),),
        )
    )
    (attack,) = events(engine, "attack", "charger")
    assert (attack.time, attack.count, attack["bonus"], attack["total"]) == (8.0, 4, 7, 19)
    assert _positions(engine, "charger")[-1] == (8.0, 8.5, 0.5, True)
    assert [e.time for e in events(engine, "action_end", "charger")] == [12.0]
    (penalty,) = events(engine, "ac_modifier", "charger")
    assert (penalty["amount"], penalty["until"]) == (-2, 12.0)


def test_charge_at_a_fleeing_target_lands_where_the_paths_meet() -> None:
    """A charge at a moving target lands the moment the charger catches up: charger at speed
    60 (2 squares a unit) after a walker at 30 starting 6 squares ahead closes 1 square a
    unit, so it is adjacent (1 square apart) after 5 units, at x = 10.5."""
    charger = combatant("charger", speed=60, initiative_roll=12)
    walker = combatant("walker", side="b", x=6.5, speed=30, initiative_roll=12, dex=20)
    engine = run(
        encounter(
            charger,
            walker,
            plans=(
                plan("walker", 1, "move", path=[(20.5, 0.5)]),
                plan("charger", 1, "charge", target="walker", path=[(30.5, 0.5)]),
            ),
        )
    )
    (attack,) = events(engine, "attack", "charger")
    assert attack.time == 5.0
    assert _positions(engine, "charger")[-1] == (5.0, 10.5, 0.5, True)


def test_charge_that_never_reaches_lands_no_blow() -> None:
    """A slow charger that cannot catch a faster target lands no attack."""
    charger = combatant("charger", speed=20, initiative_roll=12)
    runner = combatant("runner", side="b", x=3.5, speed=60, initiative_roll=12, dex=20)
    engine = run(
        encounter(
            charger,
            runner,
            plans=(
                plan("runner", 1, "double_move", path=[(39.5, 0.5)]),
                plan("charger", 1, "charge", target="runner", path=[(30.5, 0.5)]),
            ),
        )
    )
    assert events(engine, "attack", "charger") == []
    assert [e["result"] for e in events(engine, "action_end", "charger")] == ["target not reached"]


def test_charge_ending_diagonally_adjacent_lands_on_arrival() -> None:
    """A charge path ending diagonally next to the target (float dust in the last position)
    lands the blow the moment the charger arrives: sqrt(37) squares at 2/3 square a unit."""
    charger = combatant("charger", x=2.5, y=7.5, speed=20, initiative_roll=6)
    target = combatant("target", side="b", x=9.5, y=5.5, initiative_roll=1)
    engine = run(
        encounter(
            charger,
            target,
            plans=(plan("charger", 1, "charge", target="target", path=[(8.5, 6.5)]),),
        )
    )
    (attack,) = events(engine, "attack", "charger")
    assert attack.time == pytest.approx(6.0 + math.sqrt(37) * 1.5, abs=1e-12)
    assert attack.time == _positions(engine, "charger")[-1][0]
