"""Conditions put on by hits, played by the engine, with typed rolls and exact totals; the
GM's holds and resets of the escalation die.

Brenna: +7 vs AC, AC 17, initiative 10 + 3 = 13. Goblins: +6 vs AC, AC 16, initiative
5 + 3 = 8 (one kind shares the roll). Ilse rolls 12: initiative 15."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from battlemap.core.narration import Narrator
from battlemap.rulesets.base import opportunities_of
from tests.rulesets.thirteenth_age.fights import fight_file, monster, of, pc, run


def _attack(
    actor: str, round_number: int, target: str, natural: int, damage: int = 1, **extra: Any
) -> dict[str, Any]:
    return {
        "actor": actor, "round": round_number, "action": "attack", "target": target,
        "rolls": {"attack": [natural], "damage": [damage]}, **extra,
    }  # fmt: skip


def test_dazed_is_minus_4_to_attacks_until_saved(tmp_path: Path) -> None:
    """Dazed: "-4 penalty to attacks" (save ends: "a normal save (11+)"). In round 2 Brenna's
    11 + 7 + 1 (the die) - 4 = 15 misses AC 16; her save of 5 fails, so she is still dazed."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5, saves=[5]), monster("gob", 6.5, 5.5, hp=100)],
        [_attack("gob", 1, "brenna", 12, 3, condition="dazed"), _attack("brenna", 2, "gob", 11)],
    )
    engine = run(path)
    (dazed,) = [e for e in of(engine, "condition", "brenna") if e["condition"] == "dazed"]
    assert (dazed["on"], dazed["source"], dazed["lasts"]) == (True, "gob", "save")
    swing = of(engine, "attack", "brenna")[0]
    assert (swing["modifier"], swing["total"], swing["hit"]) == (-4, 15, False)
    narrator = Narrator(
        engine.encounter, engine.clock, engine.ruleset.sentences, opportunities_of(engine.ruleset)
    )
    assert narrator.sentence(swing) == (
        "Round 2, initiative 13: Brenna misses Gob with longsword "
        "(11 + 7 + 1 escalation - 4 conditions = 15 vs AC 16)"
    )
    (save,) = of(engine, "save", "brenna")
    assert (save["against"], save["natural"], save["needed"], save["success"]) == (
        "dazed", 5, 11, False,
    )  # fmt: skip
    assert "dazed" in engine.state["brenna"].rules["conditions"]


def test_only_the_worst_penalty_applies_dazed_and_weakened_are_minus_4_not_8(
    tmp_path: Path,
) -> None:
    """ "The worst one affects you and the lesser effects are ignored. Similarly, penalties
    from these conditions don't stack." Dazed and weakened: 13 + 7 + 1 - 4 = 17 hits AC 16.
    Weakened is also "-4 ... to defenses": the goblin's 7 + 6 = 13 hits her AC 17 - 4 = 13.
    Her saves at the end of her turn (13, before the goblin's at 8) are 2 and 2: both stay."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5, saves=[2, 2]),
         monster("gob1", 6.5, 5.5, kind=1, hp=100), monster("gob2", 6.5, 6.5, kind=1)],
        [
            _attack("gob1", 1, "brenna", 12, 3, condition="dazed"),
            _attack("gob2", 1, "brenna", 12, 3, condition="weakened"),
            _attack("brenna", 2, "gob1", 13, 5),
            _attack("gob1", 2, "brenna", 7, 4),
        ],
    )  # fmt: skip
    engine = run(path)
    swing = of(engine, "attack", "brenna")[0]
    assert (swing["modifier"], swing["total"], swing["hit"]) == (-4, 17, True)
    struck = of(engine, "attack", "gob1")[1]
    assert (struck["total"], struck["defense"], struck["hit"]) == (13, 13, True)
    assert [(e["against"], e["success"]) for e in of(engine, "save", "brenna")] == [
        ("dazed", False), ("weakened", False),
    ]  # fmt: skip


def test_a_condition_he_already_has_is_not_put_on_twice(tmp_path: Path) -> None:
    """ "You can only be affected by the same condition once at a time." """
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5),
         monster("gob1", 6.5, 5.5, kind=1), monster("gob2", 6.5, 6.5, kind=1)],
        [_attack("gob1", 1, "brenna", 12, 3, condition="dazed"),
         _attack("gob2", 1, "brenna", 12, 3, condition="dazed")],
    )  # fmt: skip
    engine = run(path)
    dazed = [e for e in of(engine, "condition", "brenna") if e["condition"] == "dazed"]
    assert [(e["source"], e["on"]) for e in dazed] == [("gob1", True)]
    (ignored,) = of(engine, "condition_ignored", "brenna")
    assert (ignored["condition"], ignored["source"]) == ("dazed", "gob2")


def test_a_vulnerable_target_is_crit_on_18(tmp_path: Path) -> None:
    """Vulnerable: "Attacks against you have their crit range expanded by 2 (normally 18+)":
    Brenna's natural 18 crits for double damage, 5 x 2 = 10."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5), monster("gob", 6.5, 5.5, hp=100, saves=[3])],
        [_attack("brenna", 1, "gob", 15, 3, condition="vulnerable"),
         _attack("brenna", 2, "gob", 18, 5)],
    )  # fmt: skip
    engine = run(path)
    crit = of(engine, "attack", "brenna")[1]
    assert (crit["natural"], crit["crit"], crit["rolled"], crit["damage"]) == (18, True, 5, 10)


def test_stunned_takes_no_actions_and_ends_at_the_end_of_his_next_turn(tmp_path: Path) -> None:
    """Stunned: "a -4 penalty to defenses and can't take any actions", here "until the end of
    your next turn": her round-2 attack is lost, the stun ends with that turn, and in round 3
    she attacks. The goblin's 9 + 6 = 15 hits her AC 17 - 4 = 13 meanwhile."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5, hp=60), monster("gob", 6.5, 5.5, hp=100)],
        [
            _attack("gob", 1, "brenna", 12, 3, condition="stunned", lasts="next_turn"),
            _attack("brenna", 2, "gob", 15, 5),
            _attack("brenna", 3, "gob", 15, 5),
        ],
    )
    engine = run(path)
    (skipped,) = of(engine, "plan_skipped", "brenna")
    assert (skipped.round, skipped["reason"]) == (2, "stunned: no actions")
    ended = [e for e in of(engine, "condition", "brenna") if e["condition"] == "stunned"]
    assert [(e.round, e["on"]) for e in ended] == [(1, True), (2, False)]
    assert ended[1]["reason"] == "end of his turn"
    assert not of(engine, "save", "brenna")
    assert [e.round for e in of(engine, "attack", "brenna")] == [3]


def test_stuck_cannot_move_or_disengage(tmp_path: Path) -> None:
    """Stuck: "You can't move, disengage, pop free, change your position"."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5, saves=[4]), monster("gob", 6.5, 5.5, hp=100)],
        [
            _attack("gob", 1, "brenna", 12, 3, condition="stuck"),
            {"actor": "brenna", "round": 2, "action": "disengage", "path": [[2.5, 5.5]],
             "check": 20},
        ],
    )  # fmt: skip
    engine = run(path)
    (skipped,) = of(engine, "plan_skipped", "brenna")
    assert skipped["reason"] == "stuck: no moving or disengaging"
    assert not of(engine, "disengage")
    assert engine.state["brenna"].position == (5.5, 5.5)


def test_the_grabber_gets_plus_4_and_the_grabbed_cannot_simply_move_away(tmp_path: Path) -> None:
    """ "The creature grabbing you gets a +4 attack bonus against you": 7 + 6 + 4 = 17 hits AC
    17. Grabbed, "you can't move away unless you ... successfully disengage": her plain move
    is refused."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5, saves=[4], hp=60), monster("gob", 6.5, 5.5, hp=100)],
        [
            _attack("gob", 1, "brenna", 12, 3, condition="grabbed"),
            {"actor": "brenna", "round": 2, "action": "move", "path": [[2.5, 5.5]]},
            _attack("gob", 2, "brenna", 7, 4),
        ],
    )  # fmt: skip
    engine = run(path)
    (skipped,) = of(engine, "plan_skipped", "brenna")
    assert skipped["reason"] == "grabbed: he can't move away unless he disengages"
    grab = of(engine, "attack", "gob")[1]
    assert (grab["modifier"], grab["total"], grab["hit"]) == (4, 17, True)


def test_a_confused_foe_makes_no_opportunity_attack(tmp_path: Path) -> None:
    """Confused: "You can't make opportunity attacks": Ilse (15) confuses the goblin, then
    Brenna (13) moves away from it unpunished."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5), pc("ilse", 7.5, 5.5, initiative_roll=12),
         monster("gob", 6.5, 5.5, hp=100)],
        [
            _attack("ilse", 1, "gob", 15, 3, condition="confused"),
            {"actor": "brenna", "round": 1, "action": "move", "path": [[2.5, 5.5]]},
        ],
    )  # fmt: skip
    engine = run(path)
    assert [e["condition"] for e in of(engine, "condition", "gob")] == ["confused"]
    assert engine.state["brenna"].position == (2.5, 5.5)
    assert not of(engine, "opportunity_attack")


def test_the_gm_holds_and_resets_the_escalation_die(tmp_path: Path) -> None:
    """ "If the GM judges that the characters are avoiding conflict ..., the escalation die
    doesn't advance. If combat virtually ceases, the escalation die resets to 0." Held in
    round 3, reset in round 5: 0, 1, 1, 2, 0, 1; a PC's attack in round 6 adds 1."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5), monster("gob", 6.5, 5.5, hp=200)],
        [_attack("brenna", 6, "gob", 5)],
        options={"escalation_held": [3], "escalation_reset": [5]},
    )
    engine = run(path)
    die = of(engine, "escalation")
    assert [e["value"] for e in die] == [0, 1, 1, 2, 0, 1]
    assert [e.round for e in die if e["held"]] == [3]
    assert [e.round for e in die if e["reset"]] == [5]
    assert of(engine, "attack", "brenna")[0]["escalation"] == 1


def test_the_new_events_are_told_in_words(tmp_path: Path) -> None:
    """Delay, ready, a readied action, a lost one and an ignored condition each read as a
    sentence naming who and what."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5), monster("gob", 6.5, 5.5, hp=100)],
        [
            {"actor": "brenna", "round": 1, "action": "delay", "count": 5},
            _attack("brenna", 1, "gob", 15, 3, condition="dazed"),
            _attack("gob", 1, "brenna", 12, 3),
        ],
    )
    engine = run(path)
    narrator = Narrator(
        engine.encounter, engine.clock, engine.ruleset.sentences, opportunities_of(engine.ruleset)
    )
    told = [narrator.sentence(e) for e in engine.log if e.type in ("delay", "condition")]
    assert told == [
        "Round 1, initiative 13: Brenna delays from initiative 13 to 5",
        "Round 1, initiative 5: Gob is dazed (save ends)",
    ]


def _grabbed_then_disengage(tmp_path: Path, plans: list[dict[str, Any]]) -> Any:
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5, hp=60), monster("gob", 6.5, 5.5, hp=100)],
        [_attack("gob", 1, "brenna", 12, 3, condition="grabbed"), *plans],
    )
    return run(path)


def test_disengaging_while_grabbed_takes_minus_5(tmp_path: Path) -> None:
    """ "you take a -5 penalty to disengage checks ... unless you hit the creature that is
    grabbing you the same turn": 15 - 5 = 10 fails against 11."""
    engine = _grabbed_then_disengage(
        tmp_path,
        [{"actor": "brenna", "round": 2, "action": "disengage", "path": [[2.5, 5.5]],
          "check": 15}],
    )  # fmt: skip
    (check,) = of(engine, "disengage")
    assert (check["penalty"], check["roll"], check["success"]) == (-5, 10, False)
    assert engine.state["brenna"].position == (5.5, 5.5)


def test_hitting_the_grabber_first_spares_the_minus_5_and_the_grab_ends(tmp_path: Path) -> None:
    """Brenna hits the goblin (15 + 7 + 1 = 23), then disengages on an 11: no penalty, 11
    against 11 succeeds; she moves away and is no longer grabbed."""
    engine = _grabbed_then_disengage(
        tmp_path,
        [_attack("brenna", 2, "gob", 15, 4),
         {"actor": "brenna", "round": 2, "action": "disengage", "path": [[2.5, 5.5]],
          "check": 11}],
    )  # fmt: skip
    (check,) = of(engine, "disengage")
    assert (check["penalty"], check["roll"], check["success"]) == (0, 11, True)
    assert engine.state["brenna"].position == (2.5, 5.5)
    assert "grabbed" not in engine.state["brenna"].rules["conditions"]
