"""13th Age through the engine: each rule of the combat chapter with typed rolls and exact
values, the text quoted (straight quotes, as everywhere in the code)."""

from __future__ import annotations

from pathlib import Path

from battlemap.core.engine import Engine, recorded_decisions
from battlemap.core.narration import Narrator
from battlemap.loading import load_checked
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.base import opportunities_of
from battlemap.rulesets.thirteenth_age.fields import FIELDS
from tests.rulesets.thirteenth_age.fights import fight_file, monster, of, pc, run


def test_the_escalation_die_rises_each_round_and_only_pcs_add_it(tmp_path: Path) -> None:
    """ "At the start of the second round, the GM sets the escalation die at 1 ... Each round,
    the escalation die advances by +1" "Monsters and NPCs do not add the escalation die"."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5, hp=60), monster("gob", 6.5, 5.5, hp=200)],
        [
            {
                "actor": "brenna",
                "round": 4,
                "action": "attack",
                "target": "gob",
                "rolls": {"attack": [5], "damage": [6]},
            },
            {
                "actor": "gob",
                "round": 4,
                "action": "attack",
                "target": "brenna",
                "rolls": {"attack": [5]},
            },
        ],
    )
    engine = run(path)
    assert [(e.round, e["value"]) for e in of(engine, "escalation")] == [
        (1, 0), (2, 1), (3, 2), (4, 3),
    ]  # fmt: skip
    brenna, gob = of(engine, "attack", "brenna")[0], of(engine, "attack", "gob")[0]
    # 5 + 7 + 3 = 15 against AC 16: the die is not enough; the goblin's 5 + 6 = 11, no die.
    assert (brenna["escalation"], brenna["total"], brenna["hit"]) == (3, 15, False)
    assert (gob["escalation"], gob["total"]) == (0, 11)


def test_monsters_of_one_kind_share_one_initiative_roll(tmp_path: Path) -> None:
    """ "All monsters of the same exact type share the same initiative roll." """
    path = fight_file(
        tmp_path,
        [
            pc("brenna", 2.5, 2.5, initiative_roll=3),
            monster("gob1", 9.5, 2.5, kind=1, initiative_roll=12),
            monster("gob2", 9.5, 4.5, kind=1, init_mod=3),
            monster("orc", 9.5, 8.5, kind=2, init_mod=4, initiative_roll=9),
        ],
        [],
    )
    engine = run(path)
    rolls = [e["key"] for e in of(engine, "roll") if e["purpose"] == "initiative"]
    assert rolls == ["initiative/brenna", "initiative/kind:1", "initiative/kind:2"]
    totals = {e.actor: (e["natural"], e["total"]) for e in of(engine, "initiative")}
    # Brenna: 3 + Dex 12 (+1) + level 2 = 6; the goblins 12 + 3 = 15 both; the orc 9 + 4.
    assert totals == {"brenna": (3, 6), "gob1": (12, 15), "gob2": (12, 15), "orc": (9, 13)}
    assert of(engine, "initiative_order")[0]["order"] == ["gob1", "gob2", "orc", "brenna"]


def _engaged_with_two(tmp_path: Path, check: int) -> Engine:
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5), monster("gob1", 6.5, 5.5), monster("gob2", 6.5, 6.5)],
        [{"actor": "brenna", "round": 1, "action": "disengage", "path": [[2.5, 5.5]],
          "check": check}],
    )  # fmt: skip
    return run(path)


def test_a_failed_disengage_from_two_foes_loses_the_move_and_stays_engaged(
    tmp_path: Path,
) -> None:
    """ "your roll takes a -1 penalty for each foe beyond the first" "If you fail the
    disengage check, you don't move, lose your move action for that turn, and remain engaged.
    You don't take any opportunity attacks." """
    engine = _engaged_with_two(tmp_path, 11)
    (check,) = of(engine, "disengage")
    assert (check["natural"], check["penalty"], check["roll"], check["needed"]) == (11, -1, 10, 11)
    assert check["success"] is False
    assert engine.state["brenna"].position == (5.5, 5.5)
    assert not of(engine, "action_start", "brenna")
    assert not of(engine, "opportunity_attack")
    assert engine.state.pair("brenna", "gob1")["engaged"] is True


def test_a_disengage_that_succeeds_moves_without_opportunity_attacks(tmp_path: Path) -> None:
    """ "If the disengage check succeeds, you can move without drawing opportunity attacks from
    the foes you were engaged with." 12 - 1 = 11 against 11."""
    engine = _engaged_with_two(tmp_path, 12)
    assert of(engine, "disengage")[0]["roll"] == 11
    assert of(engine, "disengage")[0]["success"] is True
    assert engine.state["brenna"].position == (2.5, 5.5)
    assert not of(engine, "opportunity_attack")
    assert engine.state.pair("brenna", "gob1")["engaged"] is False


def test_moving_away_from_an_engaged_foe_draws_an_opportunity_attack(tmp_path: Path) -> None:
    """ "moving away from enemies you are engaged with": the goblin's basic melee attack as the
    mover's centre leaves the ring of squares round him (at x = 5.0, one square from (6.5,
    5.5)), in the mover's turn."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5), monster("gob", 6.5, 5.5)],
        [{"actor": "brenna", "round": 1, "action": "move", "path": [[2.5, 5.5]]}],
    )
    engine = run(path)
    (offer,) = of(engine, "opportunity_attack")
    assert (offer.actor, offer["target"], offer["taken"]) == ("gob", "brenna", True)
    assert (offer["x"], offer["y"]) == (5.0, 5.5)
    blow = of(engine, "attack", "gob")[0]
    assert blow["target"] == "brenna" and blow.time == offer.time
    text = [Narrator(engine.encounter, engine.clock, engine.ruleset.sentences,
                     opportunities_of(engine.ruleset)).sentence(offer)]  # fmt: skip
    assert text == [
        "Round 1, initiative 13: Gob makes an opportunity attack on Brenna at (5.00, 5.50)"
    ]


def test_an_unengaged_enemy_nearby_intercepts_a_mover_going_past(tmp_path: Path) -> None:
    """An unengaged enemy near both the mover and where he is going may move to intercept and
    engage him: the mover stops where he is cut off, engaged."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 2.5, 5.5), monster("gob", 5.5, 8.5)],
        [{"actor": "brenna", "round": 1, "action": "move", "path": [[8.5, 5.5]]}],
    )
    engine = run(path)
    (cut,) = of(engine, "intercept")
    assert (cut.actor, cut["target"], cut["taken"]) == ("gob", "brenna", True)
    assert engine.state["brenna"].position == (cut["x"], cut["y"])
    assert engine.state.pair("brenna", "gob")["engaged"] is True


def test_a_natural_20_crits_for_double_damage(tmp_path: Path) -> None:
    """ "Every attack roll that is natural 20 is a crit ('critical hit') for double damage."
    9 rolled, 18 dealt."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5), monster("gob", 6.5, 5.5, hp=30)],
        [{"actor": "brenna", "round": 1, "action": "attack", "target": "gob",
          "rolls": {"attack": [20], "damage": [9]}}],
    )  # fmt: skip
    engine = run(path)
    blow = of(engine, "attack", "brenna")[0]
    assert (blow["natural"], blow["crit"], blow["rolled"], blow["damage"]) == (20, True, 9, 18)
    assert engine.state["gob"].hp == 12


def test_staggered_at_half_hit_points(tmp_path: Path) -> None:
    """ "When you are reduced to half your hit points or fewer, you are staggered": 13 of 27 is
    staggered (14 damage), 14 was not."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5, hp=27), monster("gob", 6.5, 5.5, initiative_roll=12)],
        [
            {
                "actor": "gob",
                "round": 1,
                "action": "attack",
                "target": "brenna",
                "rolls": {"attack": [15], "damage": [13]},
            },
            {
                "actor": "gob",
                "round": 2,
                "action": "attack",
                "target": "brenna",
                "rolls": {"attack": [15], "damage": [1]},
            },
        ],
    )
    engine = run(path)
    staggers = [(e.round, e["on"]) for e in of(engine, "condition", "brenna")]
    assert [e["hp"] for e in of(engine, "damage", "brenna")] == [14, 13]
    assert staggers == [(2, True)]
    assert "staggered" in engine.state["brenna"].statuses


def test_death_saves_at_the_start_of_a_dying_pcs_turn(tmp_path: Path) -> None:
    """ "roll a d20 at the start of your turn. If you roll 16+, use a recovery to return to
    consciousness ... If you roll 15 or less, you take one step toward the grave.": 15 fails,
    16 wakes him at what his recovery heals (from 0)."""
    path = fight_file(
        tmp_path,
        [
            pc("brenna", 5.5, 5.5, hp=10, death_saves=[15, 16], recovery_die=8),
            pc("ally", 15.5, 5.5),
            monster("gob", 6.5, 5.5, initiative_roll=12, hp=200),
        ],
        [
            {
                "actor": "gob",
                "round": 1,
                "action": "attack",
                "target": "brenna",
                "rolls": {"attack": [15], "damage": [10]},
            },
            {"actor": "brenna", "round": 2, "action": "attack", "target": "gob"},
        ],
    )
    engine = run(path)
    saves = [(e.round, e["total"], e["result"], e["failures"]) for e in of(engine, "death_save")]
    assert saves == [(1, 15, "fails", 1), (2, 16, "recovers", 1)]
    healed = of(engine, "healed", "brenna")[0]
    assert healed["hp"] == healed["amount"] and healed["recoveries"] == 7
    # A 16 is not a natural 20: he does not act that turn.
    assert not of(engine, "attack", "brenna")
    assert not engine.state["brenna"].down


def test_the_fourth_failed_death_save_kills(tmp_path: Path) -> None:
    """ "After the fourth failed death save in a single battle, you die." """
    plans = [
        {"actor": "gob", "round": 1, "action": "attack", "target": "brenna",
         "rolls": {"attack": [15], "damage": [10]}},
        {"actor": "gob", "round": 6, "action": "attack", "target": "ally"},
    ]  # fmt: skip
    path = fight_file(
        tmp_path,
        [
            pc("brenna", 5.5, 5.5, hp=10, death_saves=[2, 5, 9, 15]),
            pc("ally", 15.5, 5.5),
            monster("gob", 6.5, 5.5, initiative_roll=12, hp=200),
        ],
        plans,
    )
    engine = run(path)
    results = [(e["result"], e["failures"]) for e in of(engine, "death_save")]
    assert results == [("fails", 1), ("fails", 2), ("fails", 3), ("dies", 4)]
    assert "dead" in engine.state["brenna"].rules["conditions"]


def test_ongoing_damage_at_the_end_of_the_turn_then_a_save(tmp_path: Path) -> None:
    """ "takes that damage at the end of its turn immediately before it rolls its save (11+
    unless otherwise specified)": 5 then a failed 8, next turn 5 then a 14 ends it."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5), monster("gob", 6.5, 5.5, hp=40, saves=[8, 14])],
        [
            {
                "actor": "brenna",
                "round": 1,
                "action": "attack",
                "target": "gob",
                "ongoing": 5,
                "rolls": {"attack": [15], "damage": [6]},
            },
            {"actor": "brenna", "round": 3, "action": "move", "path": [[5.5, 4.5]]},
        ],
    )
    engine = run(path)
    hits = [(e.round, e["source"], e["hp"]) for e in of(engine, "damage", "gob")]
    assert hits == [(1, "brenna", 34), (1, "ongoing", 29), (2, "ongoing", 24)]
    saves = [(e.round, e["natural"], e["needed"], e["success"]) for e in of(engine, "save")]
    assert saves == [(1, 8, 11, False), (2, 14, 11, True)]
    assert "ongoing" not in engine.state["gob"].rules["conditions"]


def test_a_replay_by_key_with_another_seed_gives_the_same_log(tmp_path: Path) -> None:
    """Every roll and answer is keyed: the example's log replayed with seed 99 is the same."""
    example = Path(__file__).parents[3] / "resources" / "examples" / "thirteenth_age.json"
    first = run(example, seed=4)
    encounter = load_checked(example)
    again = Engine(
        encounter,
        get_ruleset("13th-age"),
        seed=99,
        recorded=recorded_decisions(first.log, FIELDS.opportunities),
    )
    assert again.run()
    assert [e.to_json() for e in again.log] == [e.to_json() for e in first.log]
