"""The documentation shows what the program really does."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from battlemap.cli import simulate
from battlemap.core.narration import Narrator
from battlemap.rulesets import get_ruleset
from battlemap.storage.encounter_file import load_encounter

ROOT = Path(__file__).parents[1]
FORMAT_DOC = (ROOT / "docs" / "encounter-format.md").read_text(encoding="utf-8")
SKIRMISH = ROOT / "resources" / "examples" / "skirmish.json"


def _section(title: str) -> str:
    start = FORMAT_DOC.index(title)
    end = FORMAT_DOC.find("\n### ", start + len(title))
    return FORMAT_DOC[start : end if end != -1 else None]


def test_every_event_type_is_documented() -> None:
    """The types table lists exactly the event types the program writes and narrates."""
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", _section("### Types"), re.MULTILINE))
    narrator = Narrator(load_encounter(SKIRMISH), get_ruleset("d12").clock)
    assert documented == set(narrator._sayers)


def test_documented_example_events_are_real() -> None:
    """Each event line of the page's example is printed by `simulate` on the skirmish."""
    block = _section("### Example").split("```json\n")[1].split("```")[0]
    shown = [json.loads(line) for line in block.splitlines() if line.strip()]
    out = io.StringIO()
    assert simulate(str(SKIRMISH), seed=0, rounds=None, text=False, out=out) == 0
    printed = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(shown) == 3
    for event in shown:
        assert event in printed
