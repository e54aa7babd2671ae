"""d12's logs do not change by a single byte while the ruleset is reorganised.

`battlemap simulate` runs each shipped d12 example (and scenarios/every_rule.json: delays,
readies on every trigger, chases, withdraws, fixed rolls left unused) with a few seeds, as
JSON lines and as text, and the output is compared with the golden files in golden/, written
before d12's rules moved out of core and its modules were untangled. A few runs decline every
opportunity instead. BATTLEMAP_WRITE_GOLDEN=1 writes them again: only for a change meant to
alter d12's logs, said in its commit.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from battlemap.cli import simulate

ROOT = Path(__file__).parents[3]
HERE = Path(__file__).parent
GOLDEN = HERE / "golden"
SEEDS = (0, 1, 7, 41)


def _d12_files() -> list[Path]:
    examples = sorted((ROOT / "resources" / "examples").glob("*.json"))
    d12 = [p for p in examples if json.loads(p.read_text(encoding="utf-8"))["ruleset"] == "d12"]
    return d12 + sorted((HERE / "scenarios").glob("*.json"))


def _cases() -> list[object]:
    cases: list[object] = []
    for path in _d12_files():
        for seed in SEEDS:
            for text in (False, True):
                kind = "text" if text else "json"
                cases.append(pytest.param(path, seed, text, True, id=f"{path.stem}-{seed}-{kind}"))
        for seed in (0, 7):
            cases.append(pytest.param(path, seed, False, False, id=f"{path.stem}-{seed}-declined"))
    return cases


def test_every_d12_example_is_checked() -> None:
    assert len(_d12_files()) >= 5


@pytest.mark.parametrize(("path", "seed", "text", "take"), _cases())
def test_simulate_prints_the_golden_log(path: Path, seed: int, text: bool, take: bool) -> None:
    out = io.StringIO()
    code = simulate(
        str(path),
        seed=seed,
        rounds=None,
        text=text,
        out=out,
        decline=() if take else ("aoo", "intercept"),
    )
    assert code == 0
    suffix = ("" if take else ".declined") + (".txt" if text else ".jsonl")
    golden = GOLDEN / f"{path.stem}.seed{seed}{suffix}"
    printed = out.getvalue().encode("utf-8")
    if os.environ.get("BATTLEMAP_WRITE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        golden.write_bytes(printed)
    assert printed == golden.read_bytes()
