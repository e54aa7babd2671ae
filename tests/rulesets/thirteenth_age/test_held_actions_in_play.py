"""Delay and Ready played by the engine, the text quoted, with typed rolls and exact counts.

Brenna (a 2nd-level PC, Dex 12) rolls a typed 10: initiative 13. The goblins roll 5 + 3 = 8,
an orc 9 + 4 = 13 ... as each test sets them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from battlemap.core.errors import EncounterError
from battlemap.core.state import replay
from battlemap.loading import load_checked
from tests.rulesets.thirteenth_age.fights import fight_file, monster, of, pc, run


def _attack(
    actor: str, round_number: int, target: str, natural: int, damage: int
) -> dict[str, Any]:
    return {
        "actor": actor, "round": round_number, "action": "attack", "target": target,
        "rolls": {"attack": [natural], "damage": [damage]},
    }  # fmt: skip


def _turns(engine: Any, round_number: int) -> list[str]:
    return [str(e.actor) for e in of(engine, "turn") if e.round == round_number]


def test_a_delay_acts_at_the_later_count_which_becomes_his_initiative(tmp_path: Path) -> None:
    """ "you take no action and then act normally on whatever initiative count you decide to
    act. ... Your initiative result becomes the count on which you took the delayed action."
    Brenna (13) delays to 5, after the goblin (8); in round 2 she acts at 5 again."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5), monster("gob", 6.5, 5.5, hp=100)],
        [
            {"actor": "brenna", "round": 1, "action": "delay", "count": 5},
            _attack("brenna", 1, "gob", 15, 9),
            _attack("gob", 1, "brenna", 2, 1),
            _attack("brenna", 2, "gob", 15, 9),
        ],
    )
    engine = run(path)
    (delay,) = of(engine, "delay")
    assert (delay["initiative"], delay["count"]) == (13, 5)
    # Her turn comes up at 13 (the delay), the goblin's at 8, hers again at 5.
    assert _turns(engine, 1) == ["brenna", "gob", "brenna"]
    assert [e.count for e in of(engine, "attack")] == [8, 5, 5]
    assert _turns(engine, 2) == ["gob", "brenna"]
    assert engine.state.rules["order"] == ("brenna", "gob")  # the order as first rolled
    assert of(engine, "attack", "brenna")[0]["damage"] == 9


def test_a_delay_to_a_count_not_below_his_initiative_is_refused_and_he_acts_now(
    tmp_path: Path,
) -> None:
    """A delay to a count at or above his own would not be later in the round."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5), monster("gob", 6.5, 5.5, hp=100)],
        [{"actor": "brenna", "round": 1, "action": "delay", "count": 13},
         _attack("brenna", 1, "gob", 15, 9)],
    )  # fmt: skip
    engine = run(path)
    assert not of(engine, "delay")
    (skipped,) = of(engine, "plan_skipped", "brenna")
    assert skipped["reason"] == "a delay must name a count below 13"
    assert [e.count for e in of(engine, "attack", "brenna")] == [13]
    assert _turns(engine, 1) == ["brenna", "gob"]  # one turn each: the refused delay is no turn


def _ready_fight(tmp_path: Path, ready_round: int, **gob: Any) -> Path:
    return fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5, initiative_roll=1), monster("gob", 6.5, 5.5, hp=100, **gob)],
        [
            {
                "actor": "brenna", "round": ready_round, "action": "ready",
                "readied": {"action": "attack", "target": "gob",
                            "rolls": {"attack": [15], "damage": [7]}},
                "trigger": {"event": "acts", "actor": "gob"},
            },
            _attack("gob", 1, "brenna", 2, 1),
            _attack("gob", 2, "brenna", 2, 1),
            _attack("brenna", 2, "gob", 15, 9),
            _attack("gob", 3, "brenna", 2, 1),
        ],
    )  # fmt: skip


def test_a_readied_action_goes_off_just_before_its_trigger_and_takes_its_count(
    tmp_path: Path,
) -> None:
    """ "The action occurs just before the action that triggers it. ... For the rest of the
    encounter, your initiative result is the count on which you took the readied action, and
    you act immediately ahead of the character whose action triggered your readied action."
    Brenna (1 + 3 = 4) readies in round 1 at 4, after the goblin (5 + 3 = 8): it goes off in
    round 2 at 8, before her regular turn, so "you do not get your regular action that
    round"; from then on she acts at 8, ahead of the goblin."""
    engine = run(_ready_fight(tmp_path, 1))
    (ready,) = of(engine, "ready", "brenna")
    assert (ready.round, ready.count, ready["trigger"]) == (1, 4, "gob")
    (fired,) = of(engine, "readied_action", "brenna")
    assert (fired.round, fired["count"], fired["loses_regular_turn"]) == (2, 8, True)
    attacks = [(e.round, e.actor, e.count) for e in of(engine, "attack")]
    # Round 1: the goblin at 8. Round 2: Brenna's readied attack just before the goblin's, both
    # at 8; her regular attack is lost. Round 3: she acts at 8, ahead of the goblin.
    assert attacks == [(1, "gob", 8), (2, "brenna", 8), (2, "gob", 8), (3, "gob", 8)]
    readied = of(engine, "attack", "brenna")[0]
    assert (readied["natural"], readied["total"], readied["damage"]) == (15, 23, 7)
    assert _turns(engine, 2) == ["gob"]
    assert engine.state["brenna"].rules["initiative"].total == 8
    assert engine.state["brenna"].rules["ahead_of"] == "gob"
    assert _turns(engine, 3) == ["brenna", "gob"]
    # The log alone gives the same: the new count and whom she acts ahead of.
    again = replay(engine.encounter, engine.log, extra_reducers=engine.ruleset.reducers)
    assert again["brenna"].rules["initiative"].total == 8
    assert again["brenna"].rules["ahead_of"] == "gob"
    standing = engine.ruleset.standing_of(again, "brenna")
    assert standing is not None and standing.count == 8


def test_a_ready_in_the_same_round_fires_before_the_trigger_and_she_keeps_her_turn_next_round(
    tmp_path: Path,
) -> None:
    """Brenna at 4 readies in round 1; the goblin rolls a typed 1 (1 + 3 = 4 too, after her
    on the tie: PCs first): her attack goes off just before it in round 1. Taken in the same
    round, she keeps her regular turn in round 2, now at 4, ahead of the goblin."""
    engine = run(_ready_fight(tmp_path, 1, initiative_roll=1))
    (fired,) = of(engine, "readied_action", "brenna")
    assert (fired.round, fired["count"], fired["loses_regular_turn"]) == (1, 4, False)
    assert [(e.round, e.actor) for e in of(engine, "attack")][:3] == [
        (1, "brenna"), (1, "gob"), (2, "brenna"),
    ]  # fmt: skip


def test_an_unused_readied_action_is_lost_when_his_next_turn_comes(tmp_path: Path) -> None:
    """ "If you come to your next action and have not yet performed an action, you don't get
    to take" it: Ilse (7 + 3 = 10) fells the goblin (8) after Brenna (13) readied against it,
    so it never acts; at Brenna's turn in round 2 the readied attack is lost and she acts."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5), pc("ilse", 7.5, 5.5, initiative_roll=7),
         monster("gob", 6.5, 5.5, hp=5), monster("orc", 15.5, 10.5, kind=2)],
        [
            {
                "actor": "brenna", "round": 1, "action": "ready",
                "readied": {"action": "attack", "target": "gob"},
                "trigger": {"event": "acts", "actor": "gob"},
            },
            _attack("ilse", 1, "gob", 15, 9),
            _attack("brenna", 2, "orc", 15, 9),
        ],
    )  # fmt: skip
    engine = run(path)
    assert engine.state["gob"].down
    assert not of(engine, "readied_action")
    (lost,) = of(engine, "ready_lost", "brenna")
    assert (lost.round, lost.count, lost["reason"]) == (2, 13, "his turn came")
    assert engine.state["brenna"].rules["initiative"].total == 13


def test_a_ready_may_wait_on_an_allys_action(tmp_path: Path) -> None:
    """Ilse (12 + 3 = 15) acts before Brenna (13): readied in round 1, Brenna's attack goes off
    in round 2 just before Ilse's turn, at 15, and her regular turn that round is lost."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5), pc("ilse", 4.5, 5.5, initiative_roll=12),
         monster("gob", 6.5, 5.5, hp=50)],
        [
            {
                "actor": "brenna", "round": 1, "action": "ready",
                "readied": {"action": "attack", "target": "gob"},
                "trigger": {"event": "acts", "actor": "ilse"},
            },
            _attack("gob", 1, "brenna", 2, 1),
            _attack("brenna", 2, "gob", 15, 9),
        ],
    )  # fmt: skip
    engine = run(path)
    (fired,) = of(engine, "readied_action")
    assert (fired.round, fired["trigger"], fired["count"]) == (2, "ilse", 15)
    assert fired["loses_regular_turn"] is True
    assert [(e.round, e.count) for e in of(engine, "attack", "brenna")] == [(2, 15)]


def test_readying_is_a_standard_action(tmp_path: Path) -> None:
    """ "Readying is a standard action": a ready and an attack in one turn are refused."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5), monster("gob", 6.5, 5.5)],
        [
            {
                "actor": "brenna", "round": 1, "action": "ready",
                "readied": {"action": "attack", "target": "gob"},
                "trigger": {"event": "acts", "actor": "gob"},
            },
            _attack("brenna", 1, "gob", 15, 9),
        ],
    )  # fmt: skip
    with pytest.raises(EncounterError, match="more than a standard and a move"):
        load_checked(path)


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        ({"action": "delay"}, r"plans\[0\]\.count: a delay needs a count"),
        (
            {"action": "ready", "readied": {"action": "disengage", "path": [[2.5, 5.5]]},
             "trigger": {"event": "acts", "actor": "gob"}},
            r"readied\.action: a ready holds an attack or a move, not a disengage",
        ),
        (
            {"action": "ready", "readied": {"action": "attack", "target": "gob"},
             "trigger": {"event": "attacks", "actor": "gob"}},
            r"trigger: a 13th Age ready waits for a combatant to act",
        ),
        ({"action": "attack", "target": "gob", "count": 3}, r"count: only a delay takes count"),
    ],
)  # fmt: skip
def test_held_actions_the_rules_cannot_run_are_refused(
    tmp_path: Path, plan: dict[str, Any], message: str
) -> None:
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5), monster("gob", 6.5, 5.5)],
        [{"actor": "brenna", "round": 1, **plan}],
    )
    with pytest.raises(EncounterError, match=message):
        load_checked(path)


def test_a_readied_action_he_can_no_longer_take_is_lost(tmp_path: Path) -> None:
    """Brenna (13) readies against the goblin (8); an orc (6 + 4 = 10) stuns her in between,
    so when the goblin acts at 8, "can't take any actions" loses her readied attack."""
    path = fight_file(
        tmp_path,
        [pc("brenna", 5.5, 5.5, hp=60), monster("gob", 6.5, 5.5, hp=100),
         monster("orc", 4.5, 5.5, kind=2, init_mod=4, initiative_roll=6, hp=100)],
        [
            {
                "actor": "brenna", "round": 1, "action": "ready",
                "readied": {"action": "attack", "target": "gob"},
                "trigger": {"event": "acts", "actor": "gob"},
            },
            {"actor": "orc", "round": 1, "action": "attack", "target": "brenna",
             "condition": "stunned", "rolls": {"attack": [15], "damage": [2]}},
        ],
    )  # fmt: skip
    engine = run(path)
    assert not of(engine, "readied_action")
    (lost,) = of(engine, "ready_lost", "brenna")
    assert (lost.round, lost.count, lost["reason"]) == (1, 8, "stunned: no actions")
