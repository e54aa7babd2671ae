"""Waiting for a trigger on the engine: the stated action, the opposed interrupt, the abort.

Ann (initiative 20) waits for the orc (16) to attack, with an attack on him ready; her typed
checks are the wait's `checks` (the abort's, then the interrupt's), the orc's `opposed_checks`.
"""

from __future__ import annotations

from typing import Any

from battlemap.core.encounter import Encounter, Trigger
from battlemap.core.engine import Engine
from tests.rulesets.combat_experience.fights import encounter, events, fighter, plan, run, text

#: The orc's slot in round 1 (initiative 16) and what follows it.
ORC_SLOT = 84.0


def _waiting(trigger: str = "attacks", **wait: Any) -> Encounter:
    """Ann waits (round 1) with an attack on the orc ready; round 2 both attack again."""
    after = wait.pop("after", ())
    return encounter(
        fighter("ann", "heroes", 2.5, 2.5, situation="initiated", initiative_rolls=(20,)),
        fighter("orc", "orcs", 3.5, 2.5, situation="initiated", initiative_rolls=(16,)),
        plans=(
            plan(
                "ann",
                1,
                "wait",
                trigger=Trigger(trigger, "orc"),
                readied=plan("ann", 1, "attack", target="orc", rolls={"attack": [2]}),
                **wait,
            ),
            *after,
            plan("orc", 1, "attack", target="ann", rolls={"attack": [2]}),
            plan("ann", 2, "attack", target="orc", rolls={"attack": [2]}),
            plan("orc", 2, "attack", target="ann", rolls={"attack": [2]}),
        ),
    )


def _attacks(engine: Engine) -> list[tuple[str | None, str, int, int, float]]:
    """Each attack begun: who, its action id, round, the count it was made at, when."""
    return [(e.actor, e["id"], e.round, e.count, e.time) for e in events(engine, "action_start")]


def test_a_wait_names_its_trigger_and_the_exact_action() -> None:
    """ "Character can wait for specific trigger before acting" - "Character must specify the
    exact action he takes when the trigger condition comes up\""""
    engine = run(_waiting())
    (waits,) = events(engine, "waits", "ann")
    assert (waits.time, waits["trigger"], waits["readied"], waits["target"]) == (
        80.0, {"event": "attacks", "actor": "orc"}, "attack", "orc",
    )  # fmt: skip
    (triggered,) = events(engine, "triggered", "ann")
    assert (triggered["by"], triggered["trigger"], triggered["current"]) == ("orc", "attacks", 16)


def test_winning_the_opposed_check_acts_first_at_the_current_initiative() -> None:
    """ "If the trigger is some action by other character(s) that the character wants to
    interrup the character must win the opposing character in Combat Experience check" - "In
    case the waiting character wins, his initiative is set to the same as the current
    initiative": her blow comes before his, at 16, and she acts at 16 from then on."""
    engine = run(_waiting(interrupt=True, checks=(18,), opposed_checks=(12,)))
    (contest,) = events(engine, "interrupt", "ann")
    assert (contest["total"], contest["opposed_total"], contest["won"], contest["to"]) == (
        18, 12, True, 16,
    )  # fmt: skip
    keys = [e["key"] for e in events(engine, "roll") if e["purpose"] == "interrupt"]
    assert keys == ["ann.r1.1/interrupt", "ann.r1.1/interrupt/orc"]
    assert _attacks(engine)[:2] == [
        ("ann", "ann.r1.1.readied", 1, 16, ORC_SLOT),
        ("orc", "orc.r1.1", 1, 16, ORC_SLOT),
    ]
    # Both at 16 in round 2 (a tie of initiative and skill: the d100s order them).
    assert sorted(_attacks(engine)[2:]) == [
        ("ann", "ann.r2.1", 2, 16, 185.0),
        ("orc", "orc.r2.1", 2, 16, 185.0),
    ]


def test_losing_the_opposed_check_acts_after_at_current_minus_1() -> None:
    """ "If waiting character loses, his initiative is set to current -1 and he takes the chosen
    action at that initiative\""""
    engine = run(_waiting(interrupt=True, checks=(12,), opposed_checks=(18,)))
    (contest,) = events(engine, "interrupt", "ann")
    assert (contest["won"], contest["to"]) == (False, 15)
    assert _attacks(engine) == [
        ("orc", "orc.r1.1", 1, 16, ORC_SLOT),
        ("ann", "ann.r1.1.readied", 1, 15, 85.0),
        ("orc", "orc.r2.1", 2, 16, 185.0),
        ("ann", "ann.r2.1", 2, 15, 186.0),
    ]


def test_a_tie_is_no_win() -> None:
    """The waiting character "must win": a tie goes to the one already acting."""
    engine = run(_waiting(interrupt=True, checks=(15,), opposed_checks=(15,)))
    (contest,) = events(engine, "interrupt", "ann")
    assert (contest["won"], contest["to"]) == (False, 15)


def test_without_an_interrupt_he_acts_right_after_the_trigger() -> None:
    """No check: he acts after what set him off, at current - 1."""
    engine = run(_waiting())
    assert not events(engine, "interrupt")
    (moved,) = events(engine, "initiative_set", "ann")
    assert (moved["reason"], moved["from"], moved["to"]) == ("after trigger", 20, 15)
    assert [a[:4] for a in _attacks(engine)][:2] == [
        ("orc", "orc.r1.1", 1, 16),
        ("ann", "ann.r1.1.readied", 1, 15),
    ]


def test_a_failed_abort_takes_the_prepared_action() -> None:
    """ "If the trigger comes and the character wants to abort his action he is required to
    take Combat Experience check with 20 difficulty" - "If the check fails the character takes
    the action he prepared": and with an interrupt, still needs the opposed check."""
    engine = run(_waiting(abort=True, interrupt=True, checks=(19, 18), opposed_checks=(12,)))
    (tried,) = events(engine, "abort", "ann")
    assert (tried["total"], tried["difficulty"], tried["result"], tried["to"]) == (
        19, 20, "takes_action", None,
    )  # fmt: skip
    assert [e["key"] for e in events(engine, "roll", "ann") if e["purpose"] == "abort"] == [
        "ann.r1.1/abort"
    ]
    (contest,) = events(engine, "interrupt", "ann")
    assert (contest["total"], contest["won"]) == (18, True)
    assert _attacks(engine)[0][:2] == ("ann", "ann.r1.1.readied")


def test_a_successful_abort_stands_down_for_the_rest_of_the_round() -> None:
    """ "On success the character doesn't need to act and he can't do anything else during the
    rest of the round": next round he acts at his original initiative."""
    engine = run(_waiting(abort=True, checks=(20,)))
    (stood,) = events(engine, "abort", "ann")
    assert (stood["result"], stood["degrees"]) == ("stands_down", 0)
    (ended,) = events(engine, "wait_ended", "ann")
    assert (ended["result"], ended.time) == ("stood down", 100.5)
    assert _attacks(engine) == [
        ("orc", "orc.r1.1", 1, 16, ORC_SLOT),
        ("ann", "ann.r2.1", 2, 20, 181.0),
        ("orc", "orc.r2.1", 2, 16, 185.0),
    ]


def test_an_abort_with_two_degrees_acts_normally_later_at_half_the_current() -> None:
    """ "If character has 2 degrees of success on the Combat Experience check he can act
    normally later during the combat round, his new initiative is current initiative halved
    (round down)": 30 against 20 is two degrees; current 16 gives 8, where she takes the plans
    that follow the wait."""
    later = plan("ann", 1, "move", path=[(2.5, 6.5)])
    engine = run(_waiting(abort=True, checks=(30,), after=(later,)))
    (aborted,) = events(engine, "abort", "ann")
    assert (aborted["result"], aborted["degrees"], aborted["to"]) == ("acts_later", 2, 8)
    assert _attacks(engine)[:2] == [
        ("orc", "orc.r1.1", 1, 16, ORC_SLOT),
        ("ann", "ann.r1.2", 1, 8, 92.0),
    ]
    assert engine.state["ann"].position == (2.5, 6.5)
    # Her initiative stays 8: round 2 she acts after the orc.
    assert [a[:4] for a in _attacks(engine)][2:] == [
        ("orc", "orc.r2.1", 2, 16),
        ("ann", "ann.r2.1", 2, 8),
    ]


def test_no_trigger_this_round_means_her_original_initiative_next_round() -> None:
    """ "If the trigger doesn't happen during the combat round the character doesn't act during
    that round, he acts at his original initiative on next round\""""
    engine = run(_waiting(trigger="starts_moving"))
    assert not events(engine, "triggered")
    (ended,) = events(engine, "wait_ended", "ann")
    assert (ended["result"], ended["original"], ended.round) == ("no trigger", 20, 1)
    assert [a[:4] for a in _attacks(engine)] == [
        ("orc", "orc.r1.1", 1, 16),
        ("ann", "ann.r2.1", 2, 20),
        ("orc", "orc.r2.1", 2, 16),
    ]
    assert (
        "Round 1, initiative 0: Ann's trigger never came: acts at the original 20 next round"
        in (text(engine))
    )


def test_an_interrupting_blow_that_stuns_stops_the_action_it_interrupts() -> None:
    """A won interrupt comes first: a readied blow that stuns leaves the orc no attack."""
    enc = encounter(
        fighter("ann", "heroes", 2.5, 2.5, situation="initiated", initiative_rolls=(20,)),
        fighter("orc", "orcs", 3.5, 2.5, situation="initiated", initiative_rolls=(16, 18)),
        plans=(
            plan(
                "ann", 1, "wait", trigger=Trigger("acts", "orc"), interrupt=True,
                checks=(18,), opposed_checks=(12,),
                readied=plan("ann", 1, "attack", target="orc", stuns=1,
                             rolls={"attack": [15], "damage": [3]}),
            ),
            plan("orc", 1, "attack", target="ann"),
            plan("orc", 2, "attack", target="ann", rolls={"attack": [2]}),
        ),
    )  # fmt: skip
    engine = run(enc)
    (stunned,) = events(engine, "stunned", "orc")
    assert (stunned["by"], stunned.time) == ("ann", ORC_SLOT)
    # His turn had begun, but no action of his: stunned before he managed to act, he recovers
    # at his opening difficulty (10) + 5.
    assert (stunned["acted"], stunned["difficulty"]) == (False, 15)
    assert [(e["action"], e["reason"]) for e in events(engine, "plan_skipped", "orc")] == [
        ("attack", "stunned")
    ]
    assert [a[:4] for a in _attacks(engine)] == [
        ("ann", "ann.r1.1.readied", 1, 16),
        ("orc", "orc.r2.1", 2, 18),
    ]
