"""The 13th Age file: read back and written, refused with one line naming the place, and the
shipped example fight as `battlemap simulate --text` tells it."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest

from battlemap.cli import simulate
from battlemap.core.errors import EncounterError
from battlemap.loading import load_checked
from battlemap.storage.encounter_file import save_encounter
from tests.rulesets.thirteenth_age.fights import fight_file, monster, pc, run

EXAMPLE = Path(__file__).parents[3] / "resources" / "examples" / "thirteenth_age.json"


def test_the_file_reads_back_as_it_was_written(tmp_path: Path) -> None:
    """Every 13th Age field (level, abilities, pd, md, pc, kind, vs, miss, typed rolls, a
    plan's check and ongoing) and the fight's log survive a save and a load."""
    encounter = load_checked(EXAMPLE)
    played = run(EXAMPLE)
    with_log = replace(encounter, log=tuple(played.log))
    saved = tmp_path / "saved.json"
    save_encounter(with_log, saved)
    again = load_checked(saved)
    assert again == with_log
    tomas = again.combatant("tomas")
    assert tomas.stats["abilities"] == (8, 12, 14, 18, 12, 10)
    assert (tomas.stats["vs"], tomas.stats["pc"], tomas.stats["death_saves"]) == ("PD", True, (17,))
    assert again.combatant("goblin2").stats["kind"] == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"action": "charge"},
            "plans[0].action: unknown action 'charge' "
            "(13th Age actions: move, disengage, attack, delay, ready)",
        ),
        ({"check": 12}, "plans[0].check: only a disengage takes check, not a attack"),
    ],
)
def test_a_plan_the_rules_cannot_run_is_refused_naming_its_place(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    plan = {"actor": "brenna", "round": 1, "action": "attack", "target": "gob", **change}
    path = fight_file(tmp_path, [pc("brenna", 5.5, 5.5), monster("gob", 6.5, 5.5)], [plan])
    with pytest.raises(EncounterError) as caught:
        load_checked(path)
    assert str(caught.value) == f"{path}, {message}"


def test_abilities_need_all_six_scores(tmp_path: Path) -> None:
    path = fight_file(tmp_path, [pc("brenna", 5.5, 5.5, abilities=[18, 14, 12])], [])
    with pytest.raises(EncounterError, match=r"combatants\[0\]\.abilities: Brenna needs six"):
        load_checked(path)


def test_the_example_fight_reads_well() -> None:
    """resources/examples/thirteenth_age.json: the escalation die rising, Ilse's crit, Brenna
    disengaging from two goblins, Tomas struck moving away from the orc and cut off by a
    goblin, then dropped, and back on his feet by a death save."""
    out = io.StringIO()
    assert simulate(str(EXAMPLE), seed=None, rounds=None, text=True, out=out) == 0
    lines = out.getvalue().splitlines()
    expected = [
        "Initiative: Goblin grunt 2 rolls 12 (shared by kind 1) + 3 = 15",
        "Round 1, start: the escalation die shows 0 (PCs add it to their attacks)",
        "Round 1, initiative 17: Ilse crits Orc berserker with shortbow (20 + 6 = 26 vs AC 17): "
        "9 doubled, 18 damage",
        "Round 1, initiative 13: Brenna tries to disengage from 2 foes: 12 -1 = 11 against 11: "
        "breaks away",
        "Round 1, initiative 9: Goblin grunt 1 intercepts Tomas at (10.50, 5.50)",
        "Round 1, initiative 9: Orc berserker makes an opportunity attack on Tomas at "
        "(10.50, 7.00)",
        "Round 1, initiative 9: Goblin grunt 1 and Tomas are engaged",
        "Round 2, start: the escalation die shows 1 (PCs add it to their attacks)",
        "Round 2, initiative 9: Tomas's death save: 17 against 16: recovers (spends a recovery) "
        "(0 failed so far)",
        "Round 3, start: the escalation die shows 2 (PCs add it to their attacks)",
        "Round 3, initiative 13: Brenna hits Goblin grunt 2 with longsword (9 + 7 + 2 escalation "
        "= 18 vs AC 16): 11 damage",
    ]
    for line in expected:
        assert line in lines
    assert [lines.index(line) for line in expected] == sorted(
        lines.index(line) for line in expected
    )
