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
    # The shared narrator's sayers with d12's over them: every type d12 writes has a sentence.
    d12 = get_ruleset("d12")
    narrator = Narrator(load_encounter(SKIRMISH), d12.clock, d12.sentences)
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


def test_the_user_guide_screenshots_can_be_made_and_are_all_there(tmp_path: Path) -> None:
    """docs/make_screenshots.py runs (in a fresh interpreter, into a temporary folder) and
    makes every picture the user guide shows; docs/images holds each of them too."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    guide = (root / "docs" / "user-guide.md").read_text(encoding="utf-8")
    shown = sorted(set(re.findall(r"\]\(images/([\w-]+\.png)\)", guide)))
    assert len(shown) >= 8, shown
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BATTLEMAP_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [sys.executable, str(root / "docs" / "make_screenshots.py"), str(tmp_path / "shots")],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,  # a hang guard, not a speed check: it takes seconds
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    made = sorted(p.name for p in (tmp_path / "shots").glob("*.png"))
    assert [name for name in shown if name not in made] == []
    assert [name for name in shown if not (root / "docs" / "images" / name).is_file()] == []
