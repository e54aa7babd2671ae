"""The D&D 3e rules the d12 text keeps ("Rules for character actions allowed per round are
unchanged from the normal system"), through the engine with exact values (issue 13)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import pytest

from battlemap.core.decisions import ChoiceRequest, RollDecision, take_all
from battlemap.core.encounter import AttackProfile, Encounter, MapSpec
from battlemap.core.engine import Engine
from battlemap.core.errors import EncounterError
from battlemap.rulesets import get_ruleset
from tests.factories import combatant, encounter, events, plan, run

SPEAR = (AttackProfile("longspear", 5, "1d8"),)
BOW = (AttackProfile("shortbow", 5, "1d6", range=60),)


def _strikes_only(request: ChoiceRequest) -> bool:
    """Attacks of opportunity taken, intercepts declined."""
    return request.kind == "aoo"


def _answering(enc: Encounter, totals: Mapping[str, int]) -> Engine:
    """Run `enc` with the rolls whose key ends with one of `totals`' suffixes made "at the
    table" with those totals: the dice of an attack of opportunity are never the file's."""
    engine = Engine(
        enc,
        get_ruleset("d12"),
        ask=lambda r: any(r.key.endswith(suffix) for suffix in totals),
        choose=_strikes_only,
    )
    while not engine.run():
        pending = engine.pending
        assert isinstance(pending, RollDecision)
        key = pending.request.key
        engine.answer(next(v for s, v in totals.items() if key.endswith(s)))
    return engine


# --- flat-footed --------------------------------------------------------------------------------


def test_flat_footed_armour_class_in_the_surprise_round_and_after() -> None:
    """ "Thorin and the earth elemental have not yet acted and are still flat-footed" (3e:
    flat-footed loses the Dexterity bonus to AC). Thorin, AC 18 with Dex 14 (+2), acts at 6;
    Luet (13: count 1 with a surprise round) hits at AC 16 in round 0, at AC 18 in round 1."""
    thorin = combatant("thorin", x=5.5, y=5.5, side="party", dex=14, ac=18, initiative_roll=6)
    luet = combatant("luet", x=6.5, y=5.5, side="foes", init_mod=8, initiative_roll=5)
    enc = encounter(
        thorin,
        luet,
        plans=(
            plan("luet", 0, "attack", target="thorin"),
            plan("luet", 1, "attack", target="thorin"),
        ),
    )
    attacks = [(e.round, e["ac"]) for e in events(run(enc), "attack", "luet")]
    assert attacks == [(0, 16), (1, 18)]


def test_a_flat_footed_guard_with_no_plan_strikes_once_his_count_has_come() -> None:
    """3e: flat-footed, no attacks of opportunity; it ends when his initiative count first
    comes in a round he may act in, plan or not. The guard (count 12, no plan) strikes the
    runner leaving (4, 4) at 5.5; a guard on count 1 is still flat-footed then and does not."""
    runner = combatant("runner", x=1.5, y=4.5, side="thieves", initiative_roll=10)
    move = plan("runner", 1, "move", path=[(7.5, 4.5)])
    for count, offered in ((12, [("guard", 5.5, 5.0, 4.5, True)]), (1, [])):
        guard = combatant("guard", x=5.5, y=5.5, side="guards", initiative_roll=count)
        engine = run(encounter(guard, runner, plans=(move,)), choose=_strikes_only)
        got = [(e.actor, e.time, e["x"], e["y"], e["taken"]) for e in events(engine, "aoo")]
        assert got == offered
        (ends,) = events(engine, "flat_footed_ends", "guard")
        assert ends.time == 12 - count


# --- five-foot step, move-equivalent, surprise rounds ---------------------------------------------


def test_a_five_foot_step_goes_with_a_full_attack() -> None:
    """3e: a 5-foot step is not an action: with a full attack (12 units), no time of its own.
    The fighter steps from (2.5, 2.5) to (3.5, 2.5) at 0 (count 12), provoking nothing from the
    orc who threatens him, then his three blows fall on 12, 8 and 4 (times 0, 4, 8)."""
    fighter = combatant("fighter", x=2.5, y=2.5, attacks_per_round=3, initiative_roll=12)
    orc = combatant("orc", x=4.5, y=2.5, side="b", initiative_roll=12, init_mod=1)
    enc = encounter(
        fighter,
        orc,
        plans=(
            plan("fighter", 1, "five_foot_step", path=[(3.5, 2.5)]),
            plan("fighter", 1, "full_attack", target="orc"),
        ),
    )
    engine = run(enc, choose=take_all)
    (position,) = events(engine, "position", "fighter")
    assert (position.time, position["x"], position["y"]) == (0.0, 3.5, 2.5)
    assert [e.time for e in events(engine, "attack", "fighter")] == [0.0, 4.0, 8.0]
    assert events(engine, "aoo") == []


def test_a_five_foot_step_with_other_movement_that_round_is_refused() -> None:
    """3e: a 5-foot step only if he does not otherwise move that round."""
    fighter = combatant("fighter", x=2.5, y=2.5)
    with pytest.raises(EncounterError, match="no other movement that round"):
        encounter(
            fighter,
            plans=(
                plan("fighter", 1, "five_foot_step", path=[(3.5, 2.5)]),
                plan("fighter", 1, "move", path=[(6.5, 2.5)]),
            ),
        )
    with pytest.raises(EncounterError, match="one square at most"):
        encounter(fighter, plans=(plan("fighter", 1, "five_foot_step", path=[(4.5, 2.5)]),))


def test_draw_then_attack_is_one_round() -> None:
    """ "using a move-equivalent action to obtain an item from a backpack, the character spends
    six time units ... and has the item in hand at the beginning of the next time unit": drawn
    over 12..7, the blow falls at 6 (time 6)."""
    fighter = combatant("fighter", x=2.5, y=2.5)
    orc = combatant("orc", x=3.5, y=2.5, side="b", initiative_roll=1)
    enc = encounter(
        fighter,
        orc,
        plans=(
            plan("fighter", 1, "move_equivalent"),
            plan("fighter", 1, "attack", target="orc"),
        ),
    )
    engine = run(enc)
    ends = [(e["action"], e.time) for e in events(engine, "action_end", "fighter")]
    assert ends[0] == ("move_equivalent", 6.0)
    assert [e.time for e in events(engine, "attack", "fighter")] == [6.0]


def test_a_full_attack_in_a_surprise_round_is_refused() -> None:
    """3e: in a surprise round each may take a standard action or a move action."""
    luet = combatant("luet", init_mod=8, initiative_roll=5, attacks_per_round=2)
    orc = combatant("orc", x=1.5, side="b")
    with pytest.raises(EncounterError) as refused:
        encounter(luet, orc, plans=(plan("luet", 0, "full_attack", target="orc"),))
    assert refused.value.problem == (
        "round 0 is a surprise round: Luet may take one standard or move action only (3e), "
        "and a full_attack takes 12 units"
    )
    with pytest.raises(EncounterError, match="already takes his one standard or move action"):
        encounter(
            luet,
            orc,
            plans=(plan("luet", 0, "move", path=[(0.5, 3.5)]), plan("luet", 0, "standard")),
        )


def test_a_charge_in_a_surprise_round_is_a_partial_charge() -> None:
    """3e: in a surprise round a charge is a partial charge: six units, a move's distance. Luet
    (count 1 of round 0, time -1) covers 6 squares by 5 and does not reach the orc, whom a
    full charge would have reached after 10."""
    luet = combatant("luet", x=0.5, y=0.5, init_mod=8, initiative_roll=5)
    orc = combatant("orc", x=11.5, y=0.5, side="b", initiative_roll=1)
    engine = run(encounter(luet, orc, plans=(plan("luet", 0, "charge", target="orc"),)))
    (start,) = events(engine, "action_start", "luet")
    assert (start.time, start["ends"]) == (-1.0, 5.0)
    (end,) = events(engine, "action_end", "luet")
    assert (end.time, end["result"]) == (5.0, "target not reached")
    assert engine.state["luet"].position == (6.5, 0.5)


# --- actions that provoke -----------------------------------------------------------------------


def test_a_spell_provokes_when_the_casting_begins() -> None:
    """3e: casting a spell provokes from those who threaten the caster; the attack of
    opportunity falls when the casting begins (count 10, time 2), and its damage calls for
    Concentration: "If the caster takes damage ... he must make a Concentration check" (DC 10
    + 4 damage + level 1 = 15)."""
    guard = combatant("guard", x=5.5, y=5.5, side="guards", initiative_roll=12)
    mage = combatant("mage", x=6.5, y=5.5, side="mages", initiative_roll=10)
    enc = encounter(
        guard,
        mage,
        plans=(plan("guard", 1, "standard"), plan("mage", 1, "cast", spell=("sleep", 1))),
    )
    engine = _answering(enc, {"/provoked/guard/attack": 15, "/provoked/guard/damage": 4})
    (aoo,) = events(engine, "aoo")
    assert (aoo.actor, aoo["target"], aoo.time, aoo["taken"]) == ("guard", "mage", 2.0, True)
    (attack,) = events(engine, "attack", "guard")
    assert (attack.time, attack["hit"], attack["damage"]) == (2.0, True, 4)
    (check,) = events(engine, "concentration_check", "mage")
    assert (check.time, check["dc"]) == (2.0, 15)


def test_casting_defensively_provokes_nothing_and_checks_concentration() -> None:
    """3e casting defensively: no attack of opportunity, Concentration DC 15 + spell level."""
    guard = combatant("guard", x=5.5, y=5.5, side="guards", initiative_roll=12)
    mage = combatant("mage", x=6.5, y=5.5, side="mages", initiative_roll=10, concentration=4)
    cast = plan(
        "mage",
        1,
        "cast",
        spell=("sleep", 1),
        rolls={"concentration": [12]},
        extra=MappingProxyType({"defensively": True}),
    )
    engine = run(encounter(guard, mage, plans=(plan("guard", 1, "standard"), cast)), take_all)
    assert events(engine, "aoo") == []
    (check,) = events(engine, "concentration_check", "mage")
    assert (check.time, check["dc"], check["total"], check["success"]) == (2.0, 16, 16, True)
    assert [e.time for e in events(engine, "spell_effect", "mage")] == [8.0]


def test_shooting_provokes_when_the_attack_begins() -> None:
    """3e: using a ranged weapon provokes from those who threaten the archer."""
    guard = combatant("guard", x=5.5, y=5.5, side="guards", initiative_roll=12)
    archer = combatant("archer", x=6.5, y=5.5, side="b", initiative_roll=10, attacks=BOW)
    far = combatant("far", x=15.5, y=5.5, side="guards", initiative_roll=1)
    enc = encounter(
        guard,
        archer,
        far,
        plans=(plan("guard", 1, "standard"), plan("archer", 1, "attack", target="far")),
    )
    engine = run(enc, choose=take_all)
    assert [(e.actor, e.time) for e in events(engine, "aoo")] == [("guard", 2.0)]


def test_a_caster_makes_no_attack_of_opportunity_while_casting() -> None:
    """The project's setting (docs/rules/d12.md, "Casting and fighting"): a caster does not
    take attacks of opportunity while he casts. The mage casts over 12..7 (times 0 to 6): the
    runner leaving (4, 4) at 5.5 is offered nothing; leaving (5, 4) at 6.5, after the spell
    went off, he is."""
    mage = combatant("mage", x=5.5, y=5.5, side="guards", initiative_roll=12)
    runner = combatant("runner", x=1.5, y=4.5, side="thieves", initiative_roll=10)
    enc = encounter(
        mage,
        runner,
        plans=(
            plan("mage", 1, "cast", spell=("sleep", 1)),
            plan("runner", 1, "move", path=[(7.5, 4.5)]),
        ),
    )
    assert [e.time for e in events(run(enc, choose=_strikes_only), "aoo")] == [6.5]


# --- charges and reach --------------------------------------------------------------------------


def test_a_charge_from_adjacent_or_along_a_bent_path_is_refused() -> None:
    """3e charge: at least 10 feet (2 squares) of movement, in a straight line."""
    charger = combatant("charger", x=2.5, y=2.5)
    orc = combatant("orc", x=3.5, y=2.5, side="b")
    with pytest.raises(EncounterError) as adjacent:
        encounter(charger, orc, plans=(plan("charger", 1, "charge", target="orc"),))
    assert adjacent.value.problem == (
        "a charge needs at least 2 squares of movement toward the target (3e); "
        "Orc is already within Charger's reach"
    )
    far = combatant("orc", x=12.5, y=2.5, side="b")
    bent = plan("charger", 1, "charge", target="orc", path=[(5.5, 5.5), (9.5, 2.5)])
    with pytest.raises(EncounterError) as refused:
        encounter(charger, far, plans=(bent,))
    assert refused.value.problem.startswith("a charge moves in one straight line (3e)")


def test_a_charge_begun_next_to_the_target_is_refused_in_play() -> None:
    """Where the file cannot know the start (he moved before), the fight refuses the charge
    when it begins, and says why."""
    charger = combatant("charger", x=0.5, y=2.5)
    orc = combatant("orc", x=3.5, y=2.5, side="b", initiative_roll=1)
    enc = encounter(
        charger,
        orc,
        plans=(
            plan("charger", 1, "move", path=[(2.5, 2.5)]),
            plan("charger", 2, "charge", target="orc"),
        ),
    )
    engine = run(enc)
    (skipped,) = events(engine, "plan_skipped", "charger")
    assert (skipped.time, skipped["action"]) == (12.0, "charge")
    assert skipped["reason"] == (
        "a charge needs at least 2 squares of movement toward the target (3e); "
        "Orc is already within reach"
    )
    assert events(engine, "attack", "charger") == []


def test_a_charge_past_an_ally_is_refused() -> None:
    """3e charge: no charge with an ally in the way."""
    charger = combatant("charger", x=0.5, y=2.5)
    friend = combatant("friend", x=4.5, y=2.5, initiative_roll=1)
    orc = combatant("orc", x=8.5, y=2.5, side="b", initiative_roll=1)
    engine = run(
        encounter(charger, friend, orc, plans=(plan("charger", 1, "charge", target="orc"),))
    )
    (skipped,) = events(engine, "plan_skipped", "charger")
    assert skipped["reason"] == "a charge may not pass an ally (3e): Friend is in the way"


def test_a_charger_reaching_as_the_twelve_units_end_gets_one_blow() -> None:
    """ "Charging takes 12 time units, but the attack happens as soon as the area being charged
    is reached": 12 squares at one a unit, reached at 12.0 exactly; the blow falls then and the
    -2 AC lasts until his next turn (24.0), not the charge's end."""
    charger = combatant("charger", x=0.5, y=0.5)
    orc = combatant("orc", x=13.5, y=0.5, side="b", initiative_roll=1)
    engine = run(encounter(charger, orc, plans=(plan("charger", 1, "charge", target="orc"),)))
    assert [e.time for e in events(engine, "attack", "charger")] == [12.0]
    (penalty,) = events(engine, "ac_modifier", "charger")
    assert (penalty.time, penalty["amount"], penalty["until"]) == (12.0, -2, 24.0)


def test_a_longspear_cannot_strike_an_adjacent_foe() -> None:
    """3e: a reach weapon cannot be used against an adjacent foe."""
    pikeman = combatant("pikeman", x=2.5, y=2.5, reach=10, reach_weapon=True, attacks=SPEAR)
    near = combatant("near", x=3.5, y=2.5, side="b")
    far = combatant("far", x=2.5, y=4.5, side="b")
    for target, expected in (("near", "too close for a reach weapon"), ("far", None)):
        engine = run(
            encounter(pikeman, near, far, plans=(plan("pikeman", 1, "attack", target=target),))
        )
        skipped = [e["reason"] for e in events(engine, "blow_skipped", "pikeman")]
        assert skipped == ([expected] if expected else [])
        assert len(events(engine, "attack", "pikeman")) == (0 if expected else 1)


# --- tripping -----------------------------------------------------------------------------------


def _tripper(**overrides: object) -> object:
    values: dict[str, object] = {
        "x": 5.5,
        "y": 5.5,
        "side": "guards",
        "initiative_roll": 12,
        "stats": MappingProxyType({"str": 18, "aoo": "trip"}),
    }
    values.update(overrides)
    return combatant("guard", **values)


def test_a_trip_ends_a_run_where_the_runner_falls() -> None:
    """ "Interrupting someone's movement (e.g., tripping him as he runs past)". The runner
    (speed 30, running at 2 squares a unit from count 10, time 2) leaves the guard's square
    (4, 4) at x = 5.0, 1.75 units later: tripped there (touch 15 + 5 vs 10; Strength 12 + 4
    vs 8 + 0), he falls prone at (5.0, 4.5) at 3.75 and his run ends."""
    runner = combatant("runner", x=1.5, y=4.5, side="thieves", initiative_roll=10)
    enc = encounter(_tripper(), runner, plans=(plan("runner", 1, "run", path=[(12.5, 4.5)]),))
    engine = _answering(enc, {"/touch": 15, "/strength": 12, "/resist": 8})
    (trip,) = events(engine, "trip", "guard")
    assert (trip.time, trip["target"], trip["success"]) == (3.75, "runner", True)
    assert (trip["total"], trip["resist_total"]) == (16, 8)
    (prone,) = events(engine, "prone", "runner")
    assert (prone.time, prone["x"], prone["y"]) == (3.75, 5.0, 4.5)
    (end,) = events(engine, "action_end", "runner")
    assert (end.time, end["result"]) == (3.75, "tripped")
    assert engine.state["runner"].position == (5.0, 4.5)
    (how,) = [e for e in events(engine, "decision", "guard")]
    assert (how["key"], how["answer"], how["source"]) == (
        "runner.r1.1/aoo/guard/how",
        "trip",
        "file",
    )


def test_a_failed_trip_lets_him_run_on() -> None:
    """3e trip: an opposed Strength check; the defender uses Dexterity if it is higher (Dex 18:
    +4 against the guard's Strength 18: +4, 10 + 4 vs 12 + 4)."""
    runner = combatant("runner", x=1.5, y=4.5, side="thieves", initiative_roll=10, dex=18)
    enc = encounter(_tripper(), runner, plans=(plan("runner", 1, "run", path=[(12.5, 4.5)]),))
    engine = _answering(enc, {"/touch": 15, "/strength": 10, "/resist": 12})
    (trip,) = events(engine, "trip", "guard")
    assert (trip["success"], trip["modifier"], trip["resist_modifier"]) == (False, 4, 4)
    assert events(engine, "prone") == []
    assert engine.state["runner"].position == (12.5, 4.5)


def test_standing_up_is_a_move_equivalent_that_provokes() -> None:
    """3e: standing up from prone is a move action that provokes attacks of opportunity; the
    tripped runner's move in round 2 is dropped until he stands (round 2's move-equivalent)."""
    runner = combatant("runner", x=1.5, y=4.5, side="thieves", initiative_roll=10)
    enc = encounter(
        _tripper(),
        runner,
        plans=(
            plan("runner", 1, "run", path=[(12.5, 4.5)]),
            plan("runner", 2, "move", path=[(5.0, 8.5)]),
            plan("runner", 3, "move_equivalent"),
        ),
    )
    engine = _answering(enc, {"/touch": 15, "/strength": 12, "/resist": 8})
    (skipped,) = events(engine, "plan_skipped", "runner")
    assert (skipped.time, skipped["action"]) == (14.0, "move")
    assert [e.time for e in events(engine, "aoo")] == [3.75, 26.0]
    (up,) = events(engine, "stand_up", "runner")
    assert up.time == 32.0
    assert not engine.state["runner"].rules["prone"]


# --- intercepts: the table's option -------------------------------------------------------------


def _chase(intercepts: str | None) -> Engine:
    # The guard acts at 12 (a 5-foot step, no time of its own): free to intercept after it.
    guard = combatant("guard", x=10.5, y=10.5, side="guards", initiative_roll=12)
    runner = combatant("runner", x=1.5, y=1.5, side="thieves", initiative_roll=10)
    options = MappingProxyType({} if intercepts is None else {"intercepts": intercepts})
    enc = Encounter(
        ruleset="d12",
        map=MapSpec(30, 30),
        combatants=(guard, runner),
        plans=(
            plan("guard", 1, "five_foot_step", path=[(9.5, 9.5)]),
            plan("runner", 1, "move", path=[(16.5, 16.5)]),
        ),
        options=options,
    )
    get_ruleset("d12").validate(enc, "test")
    return run(enc, choose=take_all)


def test_intercepts_follow_the_encounter_option() -> None:
    """The intercept is the project's reading of "Chases during battle", not the text's rule:
    `options.intercepts` "off" offers none; "ask" (the default) and "auto" offer them."""
    assert [e["taken"] for e in events(_chase(None), "intercept")] == [True]
    assert [e["taken"] for e in events(_chase("auto"), "intercept")] == [True]
    assert events(_chase("off"), "intercept") == []
