"""Readied actions: "a combatant spends his action waiting, with a stated action and a
trigger. When the trigger happens, the readied action starts at that exact moment" (issue 5)."""

from __future__ import annotations

from battlemap.core.decisions import take_all
from battlemap.core.encounter import AttackProfile, Plan, Trigger
from battlemap.core.engine import Engine
from tests.factories import combatant, encounter, events, plan, run


def _ready(actor: str, round_number: int, readied: Plan, trigger: Trigger) -> Plan:
    return Plan(actor=actor, round=round_number, action="ready", readied=readied, trigger=trigger)


def _readied_blow_on_a_caster(concentration_roll: int) -> Engine:
    """A fighter (12) readied to strike when the wizard (8, Concentration +5) starts casting
    web (level 2); the blow hits for 7; the wizard's d20 for Concentration is given."""
    fighter = combatant(
        "fighter", initiative_roll=12, attacks=(AttackProfile("sword", 5, "1d8+1"),)
    )
    wizard = combatant("wizard", side="b", x=1.5, initiative_roll=8, concentration=5)
    strike = plan("fighter", 1, "attack", rolls={"attack": [15], "damage": [7]})
    cast = plan(
        "wizard", 1, "cast", spell=("web", 2), rolls={"concentration": [concentration_roll]}
    )
    trigger = Trigger("starts_casting", actor="wizard")
    return run(encounter(fighter, wizard, plans=(_ready("fighter", 1, strike, trigger), cast)))


def test_a_fighter_readied_against_casting_interrupts_the_spell() -> None:
    """ "a fighter readied against 'the wizard starts casting' interrupts a six-unit spell and the
    Concentration check decides it": the fighter readies at 12; the wizard begins casting at 8
    (time 4); the readied blow lands at 4, during the casting (DC 10 + 7 + 2 = 19)."""
    engine = _readied_blow_on_a_caster(concentration_roll=8)
    (fired,) = events(engine, "triggered", "fighter")
    assert (fired.time, fired["trigger"], fired["by"]) == (4.0, "starts_casting", "wizard")
    (attack,) = events(engine, "attack", "fighter")
    assert (attack.time, attack["target"], attack["hit"], attack["damage"]) == (
        4.0,
        "wizard",
        True,
        7,
    )
    (check,) = events(engine, "concentration_check", "wizard")
    assert (check.time, check["dc"], check["total"], check["success"]) == (4.0, 19, 13, False)
    assert [e.time for e in events(engine, "spell_lost", "wizard")] == [4.0]


def test_a_concentration_check_that_succeeds_lets_the_spell_go_off() -> None:
    """The same readied blow at 4.0 (DC 19), the wizard rolling 15 + 5 = 20: the check holds,
    and "the spell finally goes off at the beginning of the following time unit" after its six,
    at 10.0 (Round 1, 2)."""
    engine = _readied_blow_on_a_caster(concentration_roll=15)
    (check,) = events(engine, "concentration_check", "wizard")
    assert (check.time, check["dc"], check["total"], check["success"]) == (4.0, 19, 20, True)
    assert events(engine, "spell_lost", "wizard") == []
    (effect,) = events(engine, "spell_effect", "wizard")
    assert (effect.time, effect.round, effect.count, effect["spell"]) == (10.0, 1, 2, "web")


def test_a_readied_attack_lands_the_moment_a_runner_enters_reach() -> None:
    """ "a readied attack 'when an enemy enters my reach' lands at the fractional moment the
    runner enters": a guard at (10.5, 0.5), reach 5; the runner from (0.5, 0.5) at 40 ft (4/3
    square a unit) from count 10 (time 2) touches the guard's square at x = 9.5, 9 squares
    along: 6.75 units later, at 8.75 (Round 1, 3.25)."""
    guard = combatant("guard", x=10.5, initiative_roll=12)
    runner = combatant("runner", side="b", speed=40, initiative_roll=10)
    strike = plan("guard", 1, "attack")
    engine = run(
        encounter(
            guard,
            runner,
            plans=(
                _ready("guard", 1, strike, Trigger("enters_reach")),
                plan("runner", 1, "double_move", path=[(20.5, 0.5)]),
            ),
        ),
        choose=take_all,
    )
    (fired,) = events(engine, "triggered", "guard")
    assert (fired.time, fired["by"]) == (8.75, "runner")
    blows = [e for e in events(engine, "attack", "guard") if e.time == 8.75]
    assert [b["target"] for b in blows] == ["runner"]


def test_an_untriggered_ready_is_lost_at_the_next_initiative() -> None:
    """ "A readied action not triggered by the combatant's next initiative is lost.\""""
    guard = combatant("guard", initiative_roll=9)
    waiting = _ready("guard", 1, plan("guard", 1, "standard"), Trigger("starts_moving", "x"))
    idle = combatant("x", side="b", x=5.5, initiative_roll=1)
    engine = run(encounter(guard, idle, plans=(waiting,)))
    (end,) = events(engine, "action_end", "guard")
    assert (end.time, end.round, end.count, end["result"]) == (15.0, 2, 9, "lost")
    assert events(engine, "triggered", "guard") == []


def test_a_ready_at_a_count_fires_then() -> None:
    guard = combatant("guard", initiative_roll=12)
    engine = run(
        encounter(
            guard,
            plans=(_ready("guard", 1, plan("guard", 1, "standard"), Trigger("at_count", count=5)),),
        )
    )
    (fired,) = events(engine, "triggered", "guard")
    assert (fired.time, fired.count) == (7.0, 5)
    starts = [(e["action"], e.time) for e in events(engine, "action_start", "guard")]
    assert starts == [("ready", 0.0), ("standard", 7.0)]


def test_a_readied_move_goes_off_when_an_enemy_enters_an_area() -> None:
    """The trigger "an enemy enters ... a named square/area", with a readied move: a sentry
    readies at 12 to run for the gate when anyone steps into the two squares (10..12, 0..2).
    The runner from (0.5, 0.5) at 40 ft (4/3 square a unit) from count 10 (time 2) crosses
    x = 10 after 9.5 squares: 7.125 units later, at 9.125. The sentry's move starts then and
    covers his 5 squares at 30 ft (1 square a unit), arriving at 14.125."""
    sentry = combatant("sentry", y=10.5, initiative_roll=12)
    runner = combatant("runner", side="b", speed=40, initiative_roll=10)
    gate = ((10.0, 0.0), (12.0, 0.0), (12.0, 2.0), (10.0, 2.0))
    dash = plan("sentry", 1, "move", path=[(0.5, 5.5)])
    engine = run(
        encounter(
            sentry,
            runner,
            plans=(
                _ready("sentry", 1, dash, Trigger("enters_area", area=gate)),
                plan("runner", 1, "double_move", path=[(20.5, 0.5)]),
            ),
        )
    )
    (fired,) = events(engine, "triggered", "sentry")
    assert (fired.time, fired["trigger"], fired["by"]) == (9.125, "enters_area", "runner")
    move = [e for e in events(engine, "action_start", "sentry") if e["action"] == "move"]
    assert [(e.time, e["path"][-1], e["arrivals"][-1]) for e in move] == [
        (9.125, [0.5, 5.5], 14.125)
    ]


def test_an_area_nobody_enters_never_fires() -> None:
    """The same runner, with the area one row below his line (y 2..3): no trigger; the ready is
    lost at the sentry's next initiative, 12 of round 2 (time 12)."""
    sentry = combatant("sentry", y=10.5, initiative_roll=12)
    runner = combatant("runner", side="b", speed=40, initiative_roll=10)
    aside = ((10.0, 2.0), (12.0, 2.0), (12.0, 3.0), (10.0, 3.0))
    engine = run(
        encounter(
            sentry,
            runner,
            plans=(
                _ready(
                    "sentry", 1, plan("sentry", 1, "standard"), Trigger("enters_area", area=aside)
                ),
                plan("runner", 1, "double_move", path=[(20.5, 0.5)]),
            ),
        )
    )
    assert events(engine, "triggered", "sentry") == []
    (end,) = events(engine, "action_end", "sentry")
    assert (end.time, end["result"]) == (12.0, "lost")


def test_a_mover_already_running_when_the_wait_begins_is_watched_too() -> None:
    """The runner sets off at 12 (time 0) at 4/3 square a unit; the guard readies only at 10
    (time 2), when the runner is still 6 squares short. He touches the guard's reach at
    x = 9.5, 9 squares from his start: at 6.75 (Round 1, 5.25), and the readied blow lands
    then."""
    guard = combatant("guard", x=10.5, initiative_roll=10)
    runner = combatant("runner", side="b", speed=40, initiative_roll=12)
    engine = run(
        encounter(
            guard,
            runner,
            plans=(
                _ready("guard", 1, plan("guard", 1, "attack"), Trigger("enters_reach")),
                plan("runner", 1, "double_move", path=[(20.5, 0.5)]),
            ),
        )
    )
    (fired,) = events(engine, "triggered", "guard")
    assert (fired.time, fired["by"]) == (6.75, "runner")
    assert [(b.time, b["target"]) for b in events(engine, "attack", "guard")] == [(6.75, "runner")]


def test_a_count_already_passed_this_round_is_next_rounds() -> None:
    """Silent in the text (docs/rules/d12.md): the guard readies at 5 (time 7) for count 9,
    which came at time 3; it goes off at 9 of round 2 (time 15), before his next initiative
    (time 19)."""
    guard = combatant("guard", initiative_roll=5)
    engine = run(
        encounter(
            guard,
            plans=(_ready("guard", 1, plan("guard", 1, "standard"), Trigger("at_count", count=9)),),
        )
    )
    (fired,) = events(engine, "triggered", "guard")
    assert (fired.time, fired.round, fired.count) == (15.0, 2, 9)
