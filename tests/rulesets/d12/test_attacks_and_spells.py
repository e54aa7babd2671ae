"""Attack timing, spell timing, and spells interrupted by a blow during casting."""

from __future__ import annotations

from battlemap.core.encounter import AttackProfile
from battlemap.core.engine import Engine
from tests.factories import combatant, encounter, events, plan, run


def test_attack_blow_lands_on_the_first_unit() -> None:
    """ "A character who attacks deals the blow on the first time unit of his action, then spend
    the remaining five time units recovering\": blow at 9, the action ends at 3."""
    hitter = combatant("hitter", initiative_roll=9)
    dummy = combatant("dummy", side="b", x=1.5, initiative_roll=1)
    engine = run(
        encounter(
            hitter,
            dummy,
            plans=(plan("hitter", 1, "attack", target="dummy", rolls={"attack": [14]}),),
        )
    )
    (attack,) = events(engine, "attack", "hitter")
    assert (attack.round, attack.count, attack["roll"], attack["total"], attack["hit"]) == (
        1,
        9,
        14,
        19,
        True,
    )
    (end,) = events(engine, "action_end", "hitter")
    assert (end.round, end.count) == (1, 3)


def test_attack_compares_d20_plus_bonus_with_ac_and_deals_damage() -> None:
    """d20 + bonus vs AC; a hit rolls the damage dice and lowers hit points."""
    hitter = combatant("hitter", attacks=(AttackProfile("axe", 4, "1d8+2"),))
    dummy = combatant("dummy", side="b", x=1.5, ac=15, hp=20, initiative_roll=1)
    engine = run(
        encounter(
            hitter,
            dummy,
            plans=(
                plan("hitter", 1, "attack", target="dummy", rolls={"attack": [10]}),
                plan("hitter", 2, "attack", target="dummy", rolls={"attack": [11], "damage": [9]}),
            ),
        )
    )
    got = [(e["total"], e["ac"], e["hit"], e["damage"]) for e in events(engine, "attack")]
    assert got == [(14, 15, False, 0), (15, 15, True, 9)]
    assert [(e["amount"], e["hp"]) for e in events(engine, "damage", "dummy")] == [(9, 11)]
    assert engine.state["dummy"].hp == 11


def test_out_of_reach_blow_is_not_rolled() -> None:
    """A melee blow at a target beyond reach is logged as out of reach, with no roll."""
    hitter = combatant("hitter")
    far = combatant("far", side="b", x=3.5, initiative_roll=1)
    engine = run(encounter(hitter, far, plans=(plan("hitter", 1, "attack", target="far"),)))
    (skipped,) = events(engine, "blow_skipped", "hitter")
    assert (skipped["reason"], skipped["distance"]) == ("out of reach", 15)
    assert [e for e in events(engine, "roll", "hitter") if e["purpose"] == "attack"] == []


def test_spell_goes_off_at_the_start_of_the_unit_after_its_six() -> None:
    """ "When spellcasting as a standard action ... The spell finally goes off at the beginning of
    the following time unit\": cast begun at 8 goes off at the start of 2."""
    wizard = combatant("wizard", initiative_roll=8)
    engine = run(encounter(wizard, plans=(plan("wizard", 1, "cast", spell=("magic missile", 1)),)))
    (effect,) = events(engine, "spell_effect", "wizard")
    assert (effect.time, effect.round, effect.count, effect["spell"]) == (
        10.0,
        1,
        2,
        "magic missile",
    )


def _duel(concentration_roll: int, hitter_count: int = 6) -> tuple[list[tuple[str, float]], Engine]:
    """A wizard casts (level 2) at 8 (time 4 to 10); a fighter's blow lands at `hitter_count`."""
    wizard = combatant("wizard", initiative_roll=8, concentration=5, hp=30)
    fighter = combatant(
        "fighter",
        side="b",
        x=1.5,
        initiative_roll=hitter_count,
        attacks=(AttackProfile("sword", 5, "1d8+1"),),
    )
    engine = run(
        encounter(
            wizard,
            fighter,
            plans=(
                plan(
                    "wizard",
                    1,
                    "cast",
                    spell=("web", 2),
                    rolls={"concentration": [concentration_roll]},
                ),
                plan(
                    "fighter", 1, "attack", target="wizard", rolls={"attack": [15], "damage": [7]}
                ),
            ),
        )
    )
    return [
        (e.type, e.time)
        for e in engine.log
        if e.type in ("concentration_check", "spell_lost", "spell_effect", "damage")
    ], engine


def test_a_blow_during_casting_forces_concentration_and_failure_loses_the_spell() -> None:
    """ "If the caster takes damage or is otherwise distracted during the casting time, he must
    make a Concentration check\" — 3e DC 10 + damage + spell level = 10 + 7 + 2 = 19; 13 fails."""
    happened, engine = _duel(concentration_roll=8)
    assert happened == [("damage", 6.0), ("concentration_check", 6.0), ("spell_lost", 6.0)]
    (check,) = events(engine, "concentration_check", "wizard")
    assert (check["dc"], check["roll"], check["total"], check["success"]) == (19, 8, 13, False)
    (end,) = events(engine, "action_end", "wizard")
    assert (end.time, end["result"]) == (6.0, "spell lost")


def test_a_successful_concentration_check_keeps_the_spell() -> None:
    """The check's result decides: 14 + 5 = 19 meets DC 19 and the spell goes off at 2."""
    happened, _ = _duel(concentration_roll=14)
    assert happened == [("damage", 6.0), ("concentration_check", 6.0), ("spell_effect", 10.0)]


def test_a_blow_after_the_spell_goes_off_needs_no_check() -> None:
    """The casting spans units 8..3; a blow at 2 lands after the spell went off (same instant:
    completions come first, docs/rules/d12.md)."""
    happened, _ = _duel(concentration_roll=1, hitter_count=2)
    assert happened == [("spell_effect", 10.0), ("damage", 10.0)]


def test_a_quick_warrior_interrupts_the_caster() -> None:
    """ "Because attacks happen more quickly, it becomes much more feasible for an intelligent
    warrior to interrupt a magic user during spellcasting\": a blow on the last unit of the
    casting (3) still interrupts."""
    happened, _ = _duel(concentration_roll=1, hitter_count=3)
    assert happened == [("damage", 9.0), ("concentration_check", 9.0), ("spell_lost", 9.0)]


def test_a_caster_who_drops_loses_the_spell() -> None:
    """Damage that drops the caster ends the casting; no check is made."""
    wizard = combatant("wizard", initiative_roll=8, hp=5)
    fighter = combatant("fighter", side="b", x=1.5, initiative_roll=6)
    engine = run(
        encounter(
            wizard,
            fighter,
            plans=(
                plan("wizard", 1, "cast", spell=("web", 2)),
                plan(
                    "fighter", 1, "attack", target="wizard", rolls={"attack": [15], "damage": [8]}
                ),
            ),
        )
    )
    assert events(engine, "concentration_check") == []
    assert events(engine, "spell_effect") == []
    assert [
        (e.type, e.time)
        for e in engine.log
        if e.actor == "wizard"
        and e.type
        in (
            "down",
            "action_end",
        )
    ] == [("down", 6.0), ("action_end", 6.0)]


def test_completions_at_an_instant_come_before_new_actions() -> None:
    """docs/rules/d12.md, simultaneous events: a spell going off at 5 comes before an attack
    that a quicker combatant begins at 5 right after his move ends."""
    runner = combatant("runner", initiative_roll=11, dex=18)
    caster = combatant("caster", initiative_roll=11, dex=10, x=0.5, y=5.5)
    dummy = combatant("dummy", side="b", x=3.5, initiative_roll=1)
    engine = run(
        encounter(
            runner,
            caster,
            dummy,
            plans=(
                plan("runner", 1, "move", path=[(2.5, 0.5)]),
                plan("runner", 1, "attack", target="dummy"),
                plan("caster", 1, "cast", spell=("light", 0)),
            ),
        )
    )
    at_seven = [(e.type, e.actor) for e in engine.log if e.time == 7.0 and e.type != "roll"]
    assert at_seven[:4] == [
        ("action_end", "runner"),
        ("spell_effect", "caster"),
        ("action_end", "caster"),
        ("action_start", "runner"),
    ]


def test_the_log_says_why_a_simultaneous_blow_spares_the_spell() -> None:
    """Issue 5: "Simultaneous events at the same time resolve in a stated, documented order,
    and the log says why (for example: a blow and a spell completing on the same unit)"."""
    _, engine = _duel(concentration_roll=1, hitter_count=2)
    (note,) = events(engine, "order_note", "wizard")
    assert note.time == 10.0
    assert note["note"] == (
        "Wizard's spell went off at the start of this unit, before the blow: what completes at "
        "an instant comes first, so no Concentration check"
    )


def test_two_actions_finishing_on_one_unit_resolve_in_initiative_order() -> None:
    """Two spells completing at the same instant go off in initiative order (higher total
    first); each ends right after its own spell."""
    first = combatant("first", initiative_roll=8, dex=10)
    second = combatant("second", initiative_roll=8, dex=9, x=5.5)
    engine = run(
        encounter(
            second,
            first,
            plans=(
                plan("second", 1, "cast", spell=("light", 0)),
                plan("first", 1, "cast", spell=("light", 0)),
            ),
        )
    )
    at_ten = [(e.type, e.actor) for e in engine.log if e.time == 10.0]
    assert at_ten == [
        ("spell_effect", "first"),
        ("action_end", "first"),
        ("spell_effect", "second"),
        ("action_end", "second"),
    ]
