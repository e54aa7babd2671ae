"""Saving with a CheckedLog: the same file, byte for byte, checking only the events no earlier
save (or the opening) checked, and refusing what Open would refuse, with Open's message."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battlemap.core.encounter import Encounter
from battlemap.core.errors import EncounterError
from battlemap.core.events import Event
from battlemap.loading import load_checked
from battlemap.storage import autosave
from battlemap.storage.autosave import AUTOSAVE_FILE, write_autosave
from battlemap.storage.encounter_file import CheckedLog, load_encounter, save_encounter
from battlemap.storage.paths import user_data_dir
from tests.factories import combatant, encounter, plan, run

EXAMPLES = Path(__file__).parents[2] / "resources" / "examples"


def _fight() -> Encounter:
    """Two fighters trading blows for three rounds: a log with rolls, keys and positions."""
    setup = encounter(
        combatant("a", x=1.5, y=1.5),
        combatant("b", side="monsters", x=2.5, y=1.5),
        plans=tuple(
            plan(who, r, "attack", target=foe)
            for r in (1, 2, 3)
            for who, foe in (("a", "b"), ("b", "a"))
        ),
    )
    engine = run(setup, seed=5)
    assert len(engine.log.events) > 20
    return dataclasses.replace(setup, seed=5, log=tuple(engine.log.events))


def test_the_file_is_the_same_byte_for_byte(tmp_path: Path) -> None:
    fight = _fight()
    save_encounter(fight, tmp_path / "whole.json")
    checked = CheckedLog()
    save_encounter(fight, tmp_path / "checked.json", checked)
    assert (tmp_path / "checked.json").read_bytes() == (tmp_path / "whole.json").read_bytes()
    # Again from what it remembers: still the same.
    save_encounter(fight, tmp_path / "again.json", checked)
    assert (tmp_path / "again.json").read_bytes() == (tmp_path / "whole.json").read_bytes()


def test_the_autosave_is_the_same_byte_for_byte(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(autosave, "_now", lambda: datetime(2025, 3, 14, 12, 0, 5, tzinfo=UTC))
    fight = _fight()
    target = user_data_dir() / AUTOSAVE_FILE
    write_autosave(fight, "/somewhere/fight.json")
    whole = target.read_bytes()
    write_autosave(fight, "/somewhere/fight.json", CheckedLog())
    assert target.read_bytes() == whole


def test_a_save_checks_only_the_events_after_the_last_save(tmp_path: Path) -> None:
    fight = _fight()
    checked = CheckedLog()
    half = len(fight.log) // 2
    save_encounter(dataclasses.replace(fight, log=fight.log[:half]), tmp_path / "f.json", checked)
    assert checked.checked_events == half
    save_encounter(fight, tmp_path / "f.json", checked)
    assert checked.checked_events == len(fight.log)
    assert load_encounter(tmp_path / "f.json") == fight
    # A rewound fight (another tail) is checked from where it differs: here, from the start.
    other = dataclasses.replace(fight, log=fight.log[1:])
    save_encounter(other, tmp_path / "f.json", checked)
    assert checked.checked_events == 2 * len(fight.log) - 1


def test_events_trusted_at_opening_are_not_checked_again(tmp_path: Path) -> None:
    save_encounter(_fight(), tmp_path / "f.json")
    opened = load_encounter(tmp_path / "f.json")
    checked = CheckedLog()
    checked.trust(opened.log, [c.id for c in opened.combatants])
    # The engine replays a saved log as equal events, not the same objects.
    replayed = dataclasses.replace(
        opened,
        log=tuple(
            Event(e.type, e.time, e.round, e.count, e.actor, dict(e.fields)) for e in opened.log
        ),
    )
    save_encounter(replayed, tmp_path / "g.json", checked)
    assert checked.checked_events == 0
    assert (tmp_path / "g.json").read_bytes() == (tmp_path / "f.json").read_bytes()


def _refusal(fight: Encounter, path: Path) -> str:
    with pytest.raises(EncounterError) as caught:
        save_encounter(fight, path)
    return str(caught.value)


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda e: e.replace(actor="nobody"), id="unknown actor"),
        pytest.param(lambda e: e.replace(time=-1e9), id="time goes back"),
        pytest.param(lambda e: e.replace(fields={**e.fields, "x": float("nan")}), id="NaN"),
    ],
)
def test_a_bad_new_event_is_refused_as_open_would_refuse_it(tmp_path: Path, spoil: object) -> None:
    fight = _fight()
    checked = CheckedLog()
    target = tmp_path / "f.json"
    save_encounter(fight, target, checked)
    before = target.read_bytes()
    bad = dataclasses.replace(fight, log=(*fight.log, spoil(fight.log[-1])))  # type: ignore[operator]
    expected = _refusal(bad, target)
    with pytest.raises(EncounterError) as caught:
        save_encounter(bad, target, checked)
    assert str(caught.value) == expected
    assert target.read_bytes() == before
    # Nothing bad was remembered: the good log saves, and the bad one is still refused.
    save_encounter(fight, target, checked)
    with pytest.raises(EncounterError):
        save_encounter(bad, target, checked)


def test_a_repeated_decision_key_is_refused(tmp_path: Path) -> None:
    fight = _fight()
    keyed = next(e for e in fight.log if e.type == "roll" and e.get("key"))
    checked = CheckedLog()
    save_encounter(fight, tmp_path / "f.json", checked)
    again = keyed.replace(time=fight.log[-1].time)
    bad = dataclasses.replace(fight, log=(*fight.log, again))
    with pytest.raises(EncounterError, match="already used"):
        save_encounter(bad, tmp_path / "f.json", checked)


@settings(max_examples=25, deadline=None)
@given(cuts=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=5))
def test_any_sequence_of_saves_writes_what_a_whole_save_writes(cuts: list[int]) -> None:
    """Saves of growing and rewound logs in any order: each file is the whole save's."""
    import tempfile

    fight = _FIGHT
    checked = CheckedLog()
    with tempfile.TemporaryDirectory() as folder:
        for cut in cuts:
            part = dataclasses.replace(fight, log=fight.log[: cut % (len(fight.log) + 1)])
            save_encounter(part, Path(folder) / "whole.json")
            save_encounter(part, Path(folder) / "checked.json", checked)
            whole = (Path(folder) / "whole.json").read_bytes()
            assert (Path(folder) / "checked.json").read_bytes() == whole


_FIGHT = _fight()


def test_a_shipped_example_saves_the_same(tmp_path: Path) -> None:
    for source in sorted(EXAMPLES.glob("*.json")):
        example = load_checked(source)  # which also tells storage the rulesets' own fields
        save_encounter(example, tmp_path / "whole.json")
        save_encounter(example, tmp_path / "checked.json", CheckedLog())
        assert (tmp_path / "checked.json").read_bytes() == (tmp_path / "whole.json").read_bytes()
