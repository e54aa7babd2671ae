"""The map's links and dial overlay and the timeline's round notes, as pieces: the links follow
their tokens and are rebuilt only when a pair or an end changes; a round's note is the value
its events last set; a ruleset that declares nothing gets nothing."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from battlemap.core.encounter import MapSpec
from battlemap.core.events import Event
from battlemap.core.state import State
from battlemap.rulesets import get_ruleset
from battlemap.rulesets.base import dials_of, links_of
from battlemap.ui.map_view import MapView
from battlemap.ui.timeline_dials import RoundDials
from tests.factories import combatant


@pytest.fixture
def view(qtbot: QtBot) -> MapView:
    widget = MapView()
    qtbot.addWidget(widget)
    widget.resize(600, 500)
    widget.set_map(MapSpec(12, 10), None)
    widget.set_tokens(
        [combatant("a", x=2.5, y=2.5), combatant("b", x=3.5, y=2.5), combatant("c", x=8.5, y=6.5)],
        None,
    )
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_a_link_follows_its_tokens_and_is_rebuilt_only_when_an_end_moves(view: MapView) -> None:
    view.set_links([("a", "b")])
    assert view.link_segments() == (((2.5, 2.5), (3.5, 2.5)),)
    built = view._links.rebuilds
    view.set_positions({"a": (2.5, 2.5), "c": (8.5, 5.5)})  # nobody linked moved
    view.set_links([("a", "b")])  # the window asks again every frame
    assert view._links.rebuilds == built
    view.set_positions({"b": (3.5, 3.5)})
    assert view.link_segments() == (((2.5, 2.5), (3.5, 3.5)),)
    assert view._links.rebuilds == built + 1


def test_links_to_a_token_not_on_the_map_are_left_out_and_none_clears(view: MapView) -> None:
    view.set_links([("a", "ghost"), ("b", "c")])
    assert view.link_segments() == (((3.5, 2.5), (8.5, 6.5)),)
    view.set_links([])
    assert view.link_segments() == ()
    assert view._links.path().isEmpty()


def test_the_dial_overlay_says_its_readings_and_hides_with_none(view: MapView) -> None:
    assert view.dial_text() == ""
    view.set_dials(["Escalation 3"])
    assert view.dial_text() == "Escalation 3"
    view.set_dials([])
    assert view.dial_text() == ""


def _escalation(round_number: int, value: int) -> Event:
    return Event("escalation", float(round_number * 50), round_number, 50, None, {"value": value})


def test_a_rounds_note_is_the_value_its_events_last_set() -> None:
    """13th Age's die, round by round; a reset inside round 3 ("If combat virtually ceases,
    the escalation die resets to 0") is what round 3 shows."""
    dials = RoundDials(dials_of(get_ruleset("13th-age")))
    assert dials.add([_escalation(1, 0), _escalation(2, 1)])
    assert dials.note(1) == "Esc 0" and dials.note(2) == "Esc 1" and dials.note(3) == ""
    assert not dials.add([_escalation(2, 1)])  # nothing new
    assert dials.add([_escalation(3, 2), _escalation(3, 0)])
    assert dials.note(3) == "Esc 0"


def test_d12_declares_no_dials_and_links_no_pairs() -> None:
    d12 = get_ruleset("d12")
    assert dials_of(d12) == ()
    state = State.__new__(State)  # links_of's default reads nothing of the state
    assert links_of(d12)(state) == ()
    assert RoundDials(dials_of(d12)).add([_escalation(2, 1)]) is False
