"""Attacks of opportunity, intercepts and chases in the d12 engine, at exact times and points."""

from __future__ import annotations

import math

import pytest

from battlemap.core.decisions import ChoiceRequest, take_all
from battlemap.core.encounter import AttackProfile, Encounter, MapSpec
from battlemap.core.engine import Engine
from battlemap.rulesets import get_ruleset
from tests.factories import combatant, events, plan, run

SWORD = (AttackProfile("sword", 5, "1d8"),)


def _encounter(*combatants: object, plans: tuple[object, ...], walls: tuple = ()) -> Encounter:
    enc = Encounter(
        ruleset="d12",
        map=MapSpec(30, 30, walls),
        combatants=combatants,  # type: ignore[arg-type]
        plans=plans,  # type: ignore[arg-type]
    )
    get_ruleset("d12").validate(enc, "test")
    return enc


def _fighter(**overrides: object) -> object:
    # Acts at 12 (a standard action) so that he is no longer flat-footed when the runner comes.
    values: dict[str, object] = {"x": 5.5, "y": 5.5, "side": "guards", "initiative_roll": 12}
    values.update(overrides)
    return combatant("fighter", **values)


def _runner(path: list[tuple[float, float]], **overrides: object) -> tuple[object, object]:
    values: dict[str, object] = {"x": 1.5, "y": 4.5, "side": "thieves", "initiative_roll": 10}
    values.update(overrides)
    return combatant("runner", **values), plan("runner", 1, "move", path=path)


def _aoo(engine: Engine) -> list[tuple[str | None, str, float, float, float, bool]]:
    return [
        (e.actor, e["target"], e.time, e["x"], e["y"], e["taken"]) for e in events(engine, "aoo")
    ]


def test_a_runner_past_a_fighter_provokes_once_where_he_leaves_the_first_threatened_square() -> (
    None
):
    """ "moving out of a square that an enemy threatens provokes, once per attacker per round
    ..., at the exact moment the mover's centre leaves that square." The runner (speed 30,
    from count 10 = time 2) enters the fighter's square (4, 4) at x = 4 and leaves it at x = 5:
    3.5 squares from his start, at 5.5 (Round 1, 6.5)."""
    runner, move = _runner([(7.5, 4.5)])
    engine = run(
        _encounter(_fighter(), runner, plans=(plan("fighter", 1, "standard"), move)),
        choose=take_all,
    )
    assert _aoo(engine) == [("fighter", "runner", 5.5, 5.0, 4.5, True)]
    (attack,) = events(engine, "attack", "fighter")
    assert (attack.time, attack["target"]) == (5.5, "runner")


def test_a_declined_opportunity_is_still_logged() -> None:
    runner, move = _runner([(7.5, 4.5)])
    engine = run(_encounter(_fighter(), runner, plans=(plan("fighter", 1, "standard"), move)))
    assert _aoo(engine) == [("fighter", "runner", 5.5, 5.0, 4.5, False)]
    assert events(engine, "attack", "fighter") == []


def test_a_five_foot_step_provokes_nothing() -> None:
    """ "A 5-foot step (a single square of movement, no other movement that round) provokes
    nothing.\""""
    runner, step = _runner([(4.5, 3.5)], x=4.5, y=4.5)
    engine = run(
        _encounter(_fighter(), runner, plans=(plan("fighter", 1, "standard"), step)),
        choose=take_all,
    )
    assert _aoo(engine) == []


def test_the_same_step_with_other_movement_that_round_provokes() -> None:
    runner, step = _runner([(4.5, 3.5)], x=4.5, y=4.5)
    more = plan("runner", 1, "move", path=[(4.5, 1.5)])
    engine = run(
        _encounter(_fighter(), runner, plans=(plan("fighter", 1, "standard"), step, more)),
        choose=take_all,
    )
    # Leaving (4, 4) northward at y = 4: half a square from the start, at time 2.5.
    assert _aoo(engine) == [("fighter", "runner", 2.5, 4.5, 4.0, True)]


def test_flat_footed_combatants_make_no_attack_of_opportunity() -> None:
    """ "Flat-footed combatants (not yet acted) make none": the fighter acts at 1, after."""
    runner, move = _runner([(7.5, 4.5)])
    fighter = _fighter(initiative_roll=1)
    engine = run(
        _encounter(fighter, runner, plans=(plan("fighter", 1, "standard"), move)), choose=take_all
    )
    assert _aoo(engine) == []


def test_a_wall_between_them_blocks_the_threat() -> None:
    """ "a wall blocks a threat through it": a wall along y = 5 between the fighter (5.5, 5.5)
    and the runner's row y = 4.5."""
    runner, move = _runner([(7.5, 4.5)])
    wall = (((3.0, 5.0), (8.0, 5.0)),)
    engine = run(
        _encounter(_fighter(), runner, plans=(plan("fighter", 1, "standard"), move), walls=wall),
        choose=take_all,
    )
    assert _aoo(engine) == []


def test_a_reach_weapon_threatens_the_ring_but_not_adjacent_squares() -> None:
    """ "reach 10 ft: the ring two squares out, not the adjacent squares, for reach weapons".
    Moving through adjacent squares only ((4, 4) to (6, 4)) provokes nothing; the ring row
    y = 3.5 does: the runner enters the ring at x = 3 (square (3, 3)) and leaves it at x = 4,
    at 2 + 2.5 = 4.5."""
    spear = {"reach": 10, "reach_weapon": True}
    runner, move = _runner([(6.5, 4.5)], x=4.5)
    engine = run(
        _encounter(_fighter(**spear), runner, plans=(plan("fighter", 1, "standard"), move)),
        choose=take_all,
    )
    assert _aoo(engine) == []
    runner, move = _runner([(9.5, 3.5)], y=3.5)
    engine = run(
        _encounter(_fighter(**spear), runner, plans=(plan("fighter", 1, "standard"), move)),
        choose=take_all,
    )
    assert _aoo(engine) == [("fighter", "runner", 4.5, 4.0, 3.5, True)]


def test_a_hit_that_drops_the_mover_stops_him_there() -> None:
    """ "a hit that drops the mover stops his movement there\" (AC 1, 1 hp: any roll but a
    natural 1 hits and drops him)."""
    runner, move = _runner([(12.5, 4.5)], hp=1, ac=1)
    engine = run(
        _encounter(_fighter(), runner, plans=(plan("fighter", 1, "standard"), move)),
        seed=3,
        choose=take_all,
    )
    (attack,) = events(engine, "attack", "fighter")
    assert attack["roll"] != 1 and attack["hit"]
    stops = [(e.time, e["x"], e["y"]) for e in events(engine, "position", "runner") if e["stopped"]]
    assert stops == [(5.5, 5.0, 4.5)]
    (end,) = events(engine, "action_end", "runner")
    assert (end.time, end["result"]) == (5.5, "down")


def test_combat_reflexes_allows_one_plus_dex_modifier() -> None:
    """ "once per attacker per round (Combat Reflexes: 1 + Dex modifier)": Dex 12 gives two;
    two runners both provoke, a plain fighter only once."""
    a, move_a = _runner([(7.5, 4.5)])
    b = combatant("b", x=1.5, y=6.5, side="thieves", initiative_roll=10)
    move_b = plan("b", 1, "move", path=[(7.5, 6.5)])
    for reflexes, expected in ((True, 2), (False, 1)):
        fighter = _fighter(combat_reflexes=reflexes, dex=12)
        engine = run(
            _encounter(fighter, a, b, plans=(plan("fighter", 1, "standard"), move_a, move_b)),
            choose=take_all,
        )
        assert len([e for e in _aoo(engine) if e[5]]) == expected


# --- intercepts -------------------------------------------------------------------------------


def _intercept_fight(interceptor_at: tuple[float, float]) -> Encounter:
    # Round 1: the guard acts (so he is no longer flat-footed). Round 2: the runner moves east
    # along y = 2.5 from count 10 (time 14); the guard stands free.
    guard = combatant("guard", x=interceptor_at[0], y=interceptor_at[1], side="guards")
    runner = combatant("runner", x=0.5, y=2.5, side="thieves", initiative_roll=10)
    return _encounter(
        guard,
        runner,
        plans=(plan("guard", 1, "standard"), plan("runner", 2, "move", path=[(6.5, 2.5)])),
    )


def test_an_interceptor_in_range_is_offered_the_earliest_reachable_point() -> None:
    """ "a free enemy ... who can reach a point of a mover's path no later than the mover gets
    there, at its own rate, may intercept: the earliest such point is offered; accepted, the
    mover stops there." Guard at (10.5, 6.5), both at 1 square a unit; reaching within one
    square of the runner at x = 0.5 + s (s units after 14): sqrt((10 - s)^2 + 16) - 1 = s, so
    s = 115/22."""
    engine = run(_intercept_fight((10.5, 6.5)), choose=take_all)
    (offer,) = events(engine, "intercept")
    s = 115 / 22
    assert (offer.actor, offer["target"], offer.time, offer["taken"]) == (
        "guard",
        "runner",
        14.0,
        True,
    )
    assert offer["at"] == pytest.approx(14 + s, abs=1e-9)
    assert (offer["x"], offer["y"]) == (pytest.approx(0.5 + s, abs=1e-9), 2.5)
    stops = [(e.time, e["x"]) for e in events(engine, "position", "runner") if e["stopped"]]
    assert stops == [(pytest.approx(14 + s, abs=1e-9), pytest.approx(0.5 + s, abs=1e-9))]
    guard_stops = [e for e in events(engine, "position", "guard") if e["stopped"]]
    assert guard_stops[-1].time == pytest.approx(14 + s, abs=1e-9)
    x, y = guard_stops[-1]["x"], guard_stops[-1]["y"]
    assert math.hypot(x - (0.5 + s), y - 2.5) == pytest.approx(1.0, abs=1e-9)


def test_an_interceptor_out_of_range_is_not_offered() -> None:
    """ "An enemy that cannot reach the path in time is not offered.\""""
    engine = run(_intercept_fight((10.5, 20.5)), choose=take_all)
    assert events(engine, "intercept") == []


def test_a_declined_intercept_is_logged_and_the_runner_goes_on() -> None:
    def decline(request: ChoiceRequest) -> bool:
        return False

    engine = run(_intercept_fight((10.5, 6.5)), choose=decline)
    assert [e["taken"] for e in events(engine, "intercept")] == [False]
    stops = [(e.time, e["x"]) for e in events(engine, "position", "runner") if e["stopped"]]
    assert stops == [(20.0, 6.5)]


# --- chases -----------------------------------------------------------------------------------


def _chase(pursuer_speed: int) -> Engine:
    quarry = combatant("quarry", x=5.5, y=2.5, side="thieves", initiative_roll=10, dex=20)
    pursuer = combatant(
        "pursuer", x=0.5, y=2.5, side="guards", speed=pursuer_speed, initiative_roll=10
    )
    return run(
        _encounter(
            quarry,
            pursuer,
            plans=(
                plan("quarry", 1, "move", path=[(20.5, 2.5)]),
                plan("pursuer", 1, "follow", target="quarry"),
            ),
        )
    )


def test_a_faster_pursuer_catches_a_slower_runner_where_the_arithmetic_says() -> None:
    """ "a faster pursuer catches a slower runner at the right time and place": 2 squares a
    unit after 1, starting 5 squares behind, both from time 2: they touch (centres 1 apart)
    after 4 units, at time 6, the pursuer at x = 8.5."""
    engine = _chase(60)
    stops = [
        (e.time, e["x"], e["y"]) for e in events(engine, "position", "pursuer") if e["stopped"]
    ]
    assert stops[0][0] == pytest.approx(6.0, abs=1e-9)
    assert stops[0][1:] == (pytest.approx(8.5, abs=1e-9), pytest.approx(2.5, abs=1e-9))
    # Having caught up it keeps following to the end of its six units (time 8): the quarry is
    # then at x = 11.5, the pursuer right behind it.
    assert stops[-1] == (8.0, pytest.approx(10.5, abs=1e-9), pytest.approx(2.5, abs=1e-9))


def test_a_slower_pursuer_never_catches() -> None:
    """ "... and a slower one never does\": at 2/3 square a unit he falls behind."""
    engine = _chase(20)
    last = [e for e in events(engine, "position", "pursuer")][-1]
    quarry_last = [e for e in events(engine, "position", "quarry")][-1]
    assert quarry_last["x"] - last["x"] > 5.0
