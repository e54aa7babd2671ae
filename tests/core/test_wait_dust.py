"""A process that waits for "now" summed another way (one ulp earlier) waits for now: float
dust is the same instant, as clean_time treats it; a wait truly in the past is still a bug.
Found by the hostile-file test: a watchman's second move ended at 15.97058823529412 and his
next step asked for 15.970588235294118."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battlemap.core.engine import Engine, Process, Wait
from battlemap.loading import load_checked
from tests.rulesets.test_ruleset_seam import _file
from tests.rulesets.tiny.ruleset import TinyRuleset


class Dusty(TinyRuleset):
    """Waits until 0.1 + 0.2, then for 0.3 (which is one ulp earlier), then notes it."""

    past = 0.3

    def start(self, engine: Engine) -> None:
        engine.spawn(self._steps(engine), 0.0)

    def _steps(self, engine: Engine) -> Process:
        yield Wait(0.1 + 0.2)
        yield Wait(self.past)
        engine.emit("order_note", None, note="on time")


def _encounter(tmp_path: Path) -> object:
    path = _file(tmp_path, [])
    data = json.loads(path.read_text(encoding="utf-8"))
    data["ruleset"] = "d12"
    path.write_text(json.dumps(data), encoding="utf-8")
    return load_checked(path)


def test_a_wait_one_ulp_in_the_past_is_now(tmp_path: Path) -> None:
    assert 0.1 + 0.2 > 0.3  # the dust this is about
    engine = Engine(_encounter(tmp_path), Dusty())  # type: ignore[arg-type]
    assert engine.run()
    assert [(e.type, e.time) for e in engine.log] == [("order_note", 0.1 + 0.2)]


def test_a_wait_truly_in_the_past_is_a_bug(tmp_path: Path) -> None:
    class Late(Dusty):
        past = 0.2

    with pytest.raises(AssertionError, match=r"process asked to wait until 0\.2 < 0\.3"):
        Engine(_encounter(tmp_path), Late()).run()  # type: ignore[arg-type]
