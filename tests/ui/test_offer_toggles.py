"""The Fight menu offers the open fight's ruleset's opportunities, one toggle each, and the
toggles decide which kinds playback stops for."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from battlemap.core.decisions import ChoiceRequest
from battlemap.storage.settings import Settings
from battlemap.ui.main_window import MainWindow
from tests.ui.windows import example_window


def _window(qtbot: QtBot, tmp_path: Path, name: str, settings: Settings) -> MainWindow:
    return example_window(qtbot, tmp_path, name, settings, show=False)


def _offers(window: MainWindow) -> list[tuple[str, bool]]:
    """The Fight menu's Offer toggles as the user sees them: text and tick."""
    return [
        (act.text(), act.isChecked())
        for act in window.fight_menu.actions()
        if act.text().startswith("Offer")
    ]


def _request(kind: str) -> ChoiceRequest:
    return ChoiceRequest(kind, "goblin", "thorin", 1.0, 1.0, 3.0, "an opportunity", f"k/{kind}")


def test_d12_offers_its_two_kinds_and_a_toggle_turns_one_off(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path, "skirmish.json", Settings(not_offered=("aoo",)))
    assert _offers(window) == [
        ("Offer attacks of opportunity", False),
        ("Offer intercepts", True),
    ]
    assert window.decisions.offers(_request("aoo")) is False
    assert window.decisions.offers(_request("intercept")) is None

    window.offer_actions["intercept"].trigger()  # what a click on the menu item does
    window.offer_actions["aoo"].trigger()
    assert window.settings.not_offered == ("intercept",)
    assert _offers(window) == [
        ("Offer attacks of opportunity", True),
        ("Offer intercepts", False),
    ]
    assert window.decisions.offers(_request("aoo")) is None
    assert window.decisions.offers(_request("intercept")) is False


def test_a_ruleset_without_opportunities_has_no_toggles(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path, "combat_experience.json", Settings())
    assert _offers(window) == []
    # The menu keeps its other entries in order: the toggles sat before "Restart fight".
    texts = [act.text() for act in window.fight_menu.actions() if not act.isSeparator()]
    assert texts[-2:] == ["Players roll their own dice", "Restart &fight"]


def test_players_roll_their_own_says_which_rolls_the_ruleset_gives_them(
    qtbot: QtBot, tmp_path: Path
) -> None:
    d12 = _window(qtbot, tmp_path, "skirmish.json", Settings())
    assert d12.act_players_roll.statusTip() == (
        "Ask for the party's attack, concentration and damage rolls"
    )
    ce = _window(qtbot, tmp_path, "combat_experience.json", Settings())
    assert ce.act_players_roll.statusTip() == (
        "Ask for the party's abort, attack, damage, interrupt, opening, recovery and reroll rolls"
    )
