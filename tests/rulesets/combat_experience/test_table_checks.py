"""A check typed at the table is always taken, and a window that opens another ruleset's file
starts afresh on it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from battlemap.core.engine import Engine
from battlemap.loading import load_checked
from battlemap.play.session import FightModel
from battlemap.rulesets import get_ruleset

EXAMPLES = Path(__file__).parents[3] / "resources" / "examples"


def test_a_typed_check_beyond_what_the_dice_give_is_accepted() -> None:
    """ "A typed check result (the table rolled it) is always accepted": 40 on 2d12 + skill,
    which the dice alone cannot reach, is taken as typed."""
    encounter = load_checked(EXAMPLES / "combat_experience.json")
    untyped = tuple(
        dataclasses.replace(c, stats={k: v for k, v in c.stats.items() if k != "initiative_rolls"})
        for c in encounter.combatants
    )
    plain = dataclasses.replace(encounter, combatants=untyped)
    engine = Engine(plain, get_ruleset("combat-experience"), ask=lambda r: True)
    assert engine.run() is False
    assert engine.pending is not None
    engine.answer(40)
    (roll,) = [e for e in engine.log if e.type == "roll"]
    assert (roll["result"], roll["source"]) == (40, "table")


def test_opening_a_file_of_another_ruleset_starts_its_own_fight() -> None:
    """The session once reran the old ruleset's rules on a newly opened file of another."""
    fight = FightModel(load_checked(EXAMPLES / "skirmish.json"), lambda _r: False)
    fight.start()
    assert fight.started
    fight.update_encounter(load_checked(EXAMPLES / "combat_experience.json"))
    assert (fight.started, fight.ruleset.name) == (False, "combat-experience")
    assert fight.play_out()
    assert any(e.type == "initiative" for e in fight.events())


def test_a_saved_fight_with_a_typed_check_beyond_the_dice_reopens(tmp_path: Path) -> None:
    """The typed 40 is saved marked as a total the dice need not bound, so the log check that
    refuses impossible rolls lets it back in."""
    from battlemap.storage.encounter_file import save_encounter

    encounter = load_checked(EXAMPLES / "combat_experience.json")
    untyped = tuple(
        dataclasses.replace(c, stats={k: v for k, v in c.stats.items() if k != "initiative_rolls"})
        for c in encounter.combatants
    )
    plain = dataclasses.replace(encounter, combatants=untyped)
    engine = Engine(plain, get_ruleset("combat-experience"), ask=lambda r: True)
    assert engine.run() is False
    engine.answer(40)
    path = tmp_path / "typed.json"
    save_encounter(dataclasses.replace(plain, log=tuple(engine.log)), path)
    (roll,) = [e for e in load_checked(path).log if e.type == "roll"]
    assert (roll["result"], roll["any_total"]) == (40, True)


def test_a_hand_edited_answer_is_refused_with_its_place(tmp_path: Path) -> None:
    import json

    import pytest

    from battlemap.core.errors import EncounterError

    data = json.loads((EXAMPLES / "combat_experience.json").read_text(encoding="utf-8"))
    data["log"] = [
        {"type": "decision", "round": 1, "count": 100, "time": 0.0, "key": "k", "kind": "pick",
         "decider": "gm", "question": "Which?", "answer": [1, 2], "source": "table"},
    ]  # fmt: skip
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EncounterError) as caught:
        load_checked(path)
    assert str(caught.value) == (
        f"{path}, log[0].answer: answer must be yes/no, an option or a whole number, got [1, 2]"
    )
