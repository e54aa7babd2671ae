"""A ruleset's opportunities are its own: declared as data, asked, logged, checked in a saved
file, replayed by key, worded in the History and offered by `simulate`'s flags, with no kind
named anywhere outside the ruleset."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from battlemap import rulesets
from battlemap.cli import main, simulate
from battlemap.core.decisions import ChoiceRequest, decision_key
from battlemap.core.encounter import Encounter
from battlemap.core.engine import Engine, NeedChoice, Process, Wait, recorded_decisions
from battlemap.core.errors import EncounterError
from battlemap.core.fields import RulesetFields
from battlemap.core.opportunities import Opportunity, kinds
from battlemap.loading import load_checked
from battlemap.play.session import FightModel
from battlemap.rulesets.base import opportunities_of, opportunity_named
from tests.rulesets.test_ruleset_seam import _file
from tests.rulesets.tiny.ruleset import TinyRuleset

SHOVE = Opportunity(
    kind="shove",
    name="shove",
    short="Shove",
    offer="Offer shoves",
    offer_tip="Pause when someone can be shoved",
    decline_help="decline every shove",
    taken="{who} shoves {whom}",
    declined="{who} leaves {whom} standing",
    tone="caution",
)


class ShovingRuleset(TinyRuleset):
    """Each planned attack first offers its target a shove against the attacker."""

    name = "shoving"
    opportunities = (SHOVE,)
    fields = RulesetFields(opportunities=kinds((SHOVE,)))

    def start(self, engine: Engine) -> None:
        for plan in engine.encounter.plans:
            engine.spawn(self._offer(engine, plan.actor, plan.target or ""), 0.0)

    def _offer(self, engine: Engine, actor: str, target: str) -> Process:
        yield Wait(0.0)
        taken = yield NeedChoice(self._request(actor, target))
        engine.emit("order_note", target, note="shoved" if taken else "stands")

    def _request(self, actor: str, target: str) -> ChoiceRequest:
        return ChoiceRequest(
            kind=SHOVE.kind,
            actor=target,
            target=actor,
            x=0.0,
            y=0.0,
            at=0.0,
            description=f"{target} may shove {actor}",
            key=decision_key(f"{actor}.r1", "shove"),
        )


class Undeclared(ShovingRuleset):
    """Asks for a shove it never declared."""

    name = "undeclared"
    opportunities = ()
    fields = RulesetFields()


@pytest.fixture
def shoving() -> Iterator[None]:
    rulesets.register("shoving", ShovingRuleset)
    yield
    rulesets.unregister("shoving")


PLAN = [{"actor": "thorin", "round": 1, "action": "attack", "target": "goblin"}]


def _shoving_file(tmp_path: Path) -> Path:
    path = _file(tmp_path, PLAN)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["ruleset"] = "shoving"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _shoves(encounter: Encounter, ruleset: ShovingRuleset, taken: bool) -> Engine:
    engine = Engine(encounter, ruleset, choose=lambda _request: taken)
    assert engine.run()
    return engine


def test_an_opportunity_is_asked_logged_and_replayed_by_key(shoving: None, tmp_path: Path) -> None:
    encounter = load_checked(_shoving_file(tmp_path))
    first = _shoves(encounter, ShovingRuleset(), taken=True)
    shoves = [e.to_json() for e in first.log if e.type == "shove"]
    assert [(s["actor"], s["target"], s["taken"], s["key"]) for s in shoves] == [
        ("goblin", "thorin", True, "thorin.r1/shove")
    ]
    recorded = recorded_decisions(first.log, ShovingRuleset.fields.opportunities)
    assert [(d.kind, d.key, d.taken) for d in recorded if d.kind == "shove"] == [
        ("shove", "thorin.r1/shove", True)
    ]

    def never(_request: ChoiceRequest) -> bool:
        raise AssertionError("a recorded answer is never asked again")

    again = Engine(encounter, ShovingRuleset(), choose=never, recorded=recorded)
    assert again.run()
    assert [e.to_json() for e in again.log] == [e.to_json() for e in first.log]


def test_a_log_read_without_the_rulesets_kinds_has_no_answers_to_replay(
    shoving: None, tmp_path: Path
) -> None:
    encounter = load_checked(_shoving_file(tmp_path))
    first = _shoves(encounter, ShovingRuleset(), taken=True)
    assert [d for d in recorded_decisions(first.log, ()) if d.kind == "shove"] == []


def test_an_undeclared_opportunity_is_a_ruleset_bug(tmp_path: Path) -> None:
    rulesets.register("undeclared", Undeclared)
    try:
        path = _file(tmp_path, PLAN)
        data = json.loads(path.read_text(encoding="utf-8"))
        data["ruleset"] = "undeclared"
        path.write_text(json.dumps(data), encoding="utf-8")
        encounter = load_checked(path)
        with pytest.raises(AssertionError, match="undeclared offers an undeclared opportunity"):
            Engine(encounter, Undeclared(), choose=lambda _r: True).run()
    finally:
        rulesets.unregister("undeclared")


def test_a_saved_answer_to_a_rulesets_opportunity_is_checked_where_it_is(
    shoving: None, tmp_path: Path
) -> None:
    path = _shoving_file(tmp_path)
    encounter = load_checked(path)
    first = _shoves(encounter, ShovingRuleset(), taken=True)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["log"] = [e.to_json() for e in first.log]
    index = next(i for i, e in enumerate(data["log"]) if e["type"] == "shove")
    data["log"][index]["taken"] = "yes"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EncounterError) as caught:
        load_checked(path)
    assert str(caught.value).startswith(f"{path}, log[{index}].taken: ")


def test_the_history_words_an_answer_as_the_ruleset_declares_it(
    shoving: None, tmp_path: Path
) -> None:
    encounter = load_checked(_shoving_file(tmp_path))
    fight = FightModel(encounter, lambda _r: False, lambda _request: None)
    fight.start()
    assert fight.pending is not None
    fight.choose(False)
    assert fight.play_out()
    decision = recorded_decisions(fight.events(), fight.ruleset.fields.opportunities)[-1]
    assert fight._step_text(decision) == "goblin leaves Thorin standing"


def test_simulate_declines_a_kind_by_its_own_flag(shoving: None, tmp_path: Path) -> None:
    path = _shoving_file(tmp_path)
    taken, declined = io.StringIO(), io.StringIO()
    with redirect_stdout(taken):
        assert main(["simulate", str(path)]) == 0
    with redirect_stdout(declined):
        assert main(["simulate", str(path), "--no-shove"]) == 0

    def answers(out: io.StringIO) -> list[bool]:
        lines = [json.loads(line) for line in out.getvalue().splitlines()]
        return [line["taken"] for line in lines if line["type"] == "shove"]

    assert answers(taken) == [True]
    assert answers(declined) == [False]


def test_simulate_declines_only_the_kinds_it_is_told() -> None:
    out = io.StringIO()
    code = simulate(
        str(Path(__file__).parents[2] / "resources" / "examples" / "skirmish.json"),
        seed=30,
        rounds=2,
        text=False,
        out=out,
        decline=("aoo",),
    )
    assert code == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert {line["taken"] for line in lines if line["type"] == "aoo"} <= {False}
    assert {line["taken"] for line in lines if line["type"] == "intercept"} <= {True}


@pytest.mark.parametrize("name", rulesets.available())
def test_each_built_in_rulesets_log_fields_name_its_opportunities(name: str) -> None:
    ruleset = rulesets.get_ruleset(name)
    assert ruleset.fields.opportunities == kinds(tuple(opportunities_of(ruleset)))
    for opportunity in opportunities_of(ruleset):
        assert opportunity_named(ruleset, opportunity.kind) is opportunity


def test_d12_offers_attacks_of_opportunity_with_rolls_and_intercepts_without() -> None:
    d12 = rulesets.get_ruleset("d12")
    aoo, intercept = opportunities_of(d12)
    assert (aoo.kind, aoo.rolls, aoo.resolved_by, aoo.with_roll) == (
        "aoo",
        ("attack", "damage"),
        "attack",
        True,
    )
    assert (intercept.kind, intercept.with_roll) == ("intercept", False)
    assert (
        aoo.answer_text("Thorin", "the runner", True) == "Thorin attacks the runner (opportunity)"
    )
    assert intercept.answer_text("Thorin", "the runner", False) == "Thorin lets the runner pass"
    assert opportunities_of(rulesets.get_ruleset("combat-experience")) == ()
