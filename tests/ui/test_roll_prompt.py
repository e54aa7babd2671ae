"""The roll prompt: a non-modal bar asking for a roll made at the table, or for the app to roll."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from battlemap.ui.roll_prompt import RollPrompt
from tests.ui.screenshots import save_png

QUESTION = "Thorin attacks the goblin (longsword): roll 1d20"
HINT = "Type the total rolled at the table (1 to 20) and press Enter, or let Battlemap roll."


@pytest.fixture
def window(qtbot: QtBot) -> QWidget:
    """A stand-in for the main window: the prompt lives in its layout, above the map."""
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    prompt = RollPrompt()
    prompt.hide()
    layout.addWidget(prompt)
    layout.addWidget(QLabel("the map"), 1)
    window.resize(680, 200)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def prompt(window: QWidget) -> RollPrompt:
    found = window.findChild(RollPrompt)
    assert isinstance(found, RollPrompt)
    return found


def roll_field(prompt: RollPrompt) -> QLineEdit:
    field = prompt.findChild(QLineEdit)
    assert isinstance(field, QLineEdit)
    return field


def button(prompt: RollPrompt, text: str) -> QPushButton:
    for candidate in prompt.findChildren(QPushButton):
        if candidate.text().replace("&", "") == text:
            return candidate
    raise AssertionError(f"no button {text!r}")


def shown_texts(prompt: RollPrompt) -> list[str]:
    return [label.text() for label in prompt.findChildren(QLabel) if label.isVisible()]


def test_a_question_shows_the_prompt_with_the_field_focused(
    qtbot: QtBot, prompt: RollPrompt
) -> None:
    assert not prompt.is_waiting()
    prompt.ask(QUESTION, "1d20")

    assert prompt.isVisible()
    assert prompt.is_waiting()
    assert QUESTION in shown_texts(prompt)
    assert "Rolled at the &table:" in shown_texts(prompt)
    qtbot.waitUntil(lambda: roll_field(prompt).hasFocus())
    assert roll_field(prompt).placeholderText() == "1–20"
    assert HINT in shown_texts(prompt)
    assert not button(prompt, "Use this roll").isEnabled()  # nothing typed yet
    assert button(prompt, "Roll for me").isEnabled()


def test_typing_17_and_enter_answers_17(qtbot: QtBot, prompt: RollPrompt) -> None:
    prompt.ask(QUESTION, "1d20")
    qtbot.keyClicks(roll_field(prompt), "17")
    assert button(prompt, "Use this roll").isEnabled()

    with qtbot.waitSignal(prompt.answered) as signal:
        qtbot.keyClick(roll_field(prompt), Qt.Key.Key_Return)

    assert signal.args == [17]
    assert not prompt.is_waiting()
    assert not prompt.isVisible()


def test_the_use_this_roll_button_answers_the_typed_roll(qtbot: QtBot, prompt: RollPrompt) -> None:
    prompt.ask("Ogre hits Thorin (greatclub): roll 2d8+7 for damage", "2d8+7")
    qtbot.keyClicks(roll_field(prompt), "23")
    with qtbot.waitSignal(prompt.answered) as signal:
        qtbot.mouseClick(button(prompt, "Use this roll"), Qt.MouseButton.LeftButton)
    assert signal.args == [23]


def test_roll_for_me_answers_none(qtbot: QtBot, prompt: RollPrompt) -> None:
    prompt.ask(QUESTION, "1d20")
    with qtbot.waitSignal(prompt.answered) as signal:
        qtbot.mouseClick(button(prompt, "Roll for me"), Qt.MouseButton.LeftButton)
    assert signal.args == [None]
    assert not prompt.is_waiting()


def test_a_roll_the_dice_cannot_make_is_refused(qtbot: QtBot, prompt: RollPrompt) -> None:
    prompt.ask(QUESTION, "1d20")
    field = roll_field(prompt)
    qtbot.keyClicks(field, "21")

    assert "a roll of 1d20 is between 1 and 20" in shown_texts(prompt)
    assert not button(prompt, "Use this roll").isEnabled()
    with qtbot.assertNotEmitted(prompt.answered):
        qtbot.keyClick(field, Qt.Key.Key_Return)
    assert prompt.is_waiting()

    qtbot.keyClick(field, Qt.Key.Key_Backspace)  # "2"
    assert "a roll of 1d20 is between 1 and 20" not in shown_texts(prompt)
    assert HINT in shown_texts(prompt)
    assert button(prompt, "Use this roll").isEnabled()

    field.clear()
    qtbot.keyClicks(field, "0")
    assert "a roll of 1d20 is between 1 and 20" in shown_texts(prompt)


def test_only_numbers_can_be_typed(qtbot: QtBot, prompt: RollPrompt) -> None:
    prompt.ask(QUESTION, "1d20")
    qtbot.keyClicks(roll_field(prompt), "a1b2")
    assert roll_field(prompt).text() == "12"


def test_a_total_below_zero_is_fine_when_the_dice_allow_it(
    qtbot: QtBot, prompt: RollPrompt
) -> None:
    prompt.ask("Kobold hits Thorin (sling): roll 1d4-3 for damage", "1d4-3")
    qtbot.keyClicks(roll_field(prompt), "-2")
    with qtbot.waitSignal(prompt.answered) as signal:
        qtbot.keyClick(roll_field(prompt), Qt.Key.Key_Enter)
    assert signal.args == [-2]


def test_escape_changes_nothing(qtbot: QtBot, prompt: RollPrompt) -> None:
    prompt.ask(QUESTION, "1d20")
    qtbot.keyClicks(roll_field(prompt), "17")
    with qtbot.assertNotEmitted(prompt.answered):
        qtbot.keyClick(roll_field(prompt), Qt.Key.Key_Escape)
    assert prompt.is_waiting()
    assert prompt.isVisible()
    assert roll_field(prompt).text() == "17"


def test_an_answer_is_given_once(qtbot: QtBot, prompt: RollPrompt) -> None:
    prompt.ask(QUESTION, "1d20")
    qtbot.keyClicks(roll_field(prompt), "5")
    answers: list[object] = []
    prompt.answered.connect(answers.append)
    qtbot.keyClick(roll_field(prompt), Qt.Key.Key_Return)
    qtbot.keyClick(roll_field(prompt), Qt.Key.Key_Return)
    qtbot.mouseClick(button(prompt, "Roll for me"), Qt.MouseButton.LeftButton)
    assert answers == [5]


def test_the_next_question_can_be_asked_from_the_answer(qtbot: QtBot, prompt: RollPrompt) -> None:
    prompt.answered.connect(lambda _value: prompt.ask("Thorin's damage: roll 1d8+3", "1d8+3"))
    prompt.ask(QUESTION, "1d20")
    qtbot.keyClicks(roll_field(prompt), "17")
    qtbot.keyClick(roll_field(prompt), Qt.Key.Key_Return)

    assert prompt.isVisible()
    assert prompt.is_waiting()
    assert "Thorin's damage: roll 1d8+3" in shown_texts(prompt)
    assert roll_field(prompt).text() == ""
    qtbot.keyClicks(roll_field(prompt), "12")
    assert "a roll of 1d8+3 is between 4 and 11" in shown_texts(prompt)


def test_clear_withdraws_the_question(qtbot: QtBot, prompt: RollPrompt) -> None:
    prompt.ask(QUESTION, "1d20")
    qtbot.keyClicks(roll_field(prompt), "9")
    prompt.clear()
    assert not prompt.isVisible()
    assert not prompt.is_waiting()
    assert roll_field(prompt).text() == ""


def test_the_map_stays_usable_while_the_prompt_waits(qtbot: QtBot, window: QWidget) -> None:
    prompt = window.findChild(RollPrompt)
    assert isinstance(prompt, RollPrompt)
    prompt.ask(QUESTION, "1d20")
    assert QApplication.activeModalWidget() is None


def test_render(qtbot: QtBot, prompt: RollPrompt, tmp_path: Path) -> None:
    prompt.setFixedWidth(640)
    prompt.ask(QUESTION, "1d20")
    save_png(prompt, tmp_path, "roll_prompt")
    qtbot.keyClicks(roll_field(prompt), "21")
    save_png(prompt, tmp_path, "roll_prompt_refused")
