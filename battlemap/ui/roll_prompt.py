"""The roll prompt: a bar the window shows when the fight waits for dice rolled at the table.

It is not a dialog: the map, the timeline and the log stay usable while it waits, as the
engine never blocks (it stops with a pending decision and the prompt answers it).
"""

from __future__ import annotations

from PySide6.QtCore import QRegularExpression, Qt, Signal
from PySide6.QtGui import QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QStyle,
    QWidget,
)

from battlemap.core.dice import DiceRange, dice_range
from battlemap.core.errors import BattlemapError

_STYLE_SHEET = """
RollPrompt {
    background: #fff6dc;
    border: 1px solid #e0b020;
    border-radius: 4px;
}
RollPrompt QLabel#rollQuestion {
    color: #2b2b2b;
    font-weight: bold;
}
RollPrompt QLabel#rollFieldLabel {
    color: #2b2b2b;
}
RollPrompt QLabel#rollHint {
    color: #5b5b5b;
}
RollPrompt QLabel#rollHint[problem="true"] {
    color: #b3261e;
}
"""


class _RollField(QLineEdit):
    """The typed roll. Escape is swallowed: it must not answer, dismiss or clear anything."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            event.accept()
            return
        super().keyPressEvent(event)


class RollPrompt(QFrame):
    """Asks for one roll: the total the player rolled at the table, or "roll for me".

    Signals:
        answered(object): the int typed at the table, or None when the app should roll.
            Emitted once per `ask`, after the prompt has hidden itself (so a handler may ask
            the next question at once).
    """

    answered = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("RollPrompt")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        # Style sheets on a custom QFrame subclass need this to paint the background.
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(_STYLE_SHEET)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._dice = ""
        self._range: DiceRange | None = None
        self._waiting = False

        icon = QLabel()
        icon.setPixmap(
            self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxQuestion).pixmap(32, 32)
        )
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self._question = QLabel()
        self._question.setObjectName("rollQuestion")
        self._question.setWordWrap(True)
        self._field = _RollField()
        self._field.setValidator(
            # Digits with an optional sign: a total such as 1d4-5 can be below zero.
            QRegularExpressionValidator(QRegularExpression(r"-?\d{0,5}"), self._field)
        )
        self._field.setMaximumWidth(90)
        self._field.setAlignment(Qt.AlignmentFlag.AlignRight)
        self._field.setToolTip("The total the player rolled at the table, modifiers included")
        field_label = QLabel("Rolled at the &table:")
        field_label.setObjectName("rollFieldLabel")
        field_label.setBuddy(self._field)
        self._use = QPushButton("&Use this roll")
        self._use.setDefault(True)
        self._use.setToolTip("Use the number typed (Enter)")
        self._roll = QPushButton("&Roll for me")
        self._roll.setToolTip("Let Battlemap roll these dice")
        # A line of its own under the field, always there: a hint while all is well, the
        # problem in red when not, so the bar (and the map under it) never jumps while typing.
        self._message = QLabel()
        self._message.setObjectName("rollHint")
        self._message.setWordWrap(True)

        row = QHBoxLayout()
        row.addWidget(field_label)
        row.addWidget(self._field)
        row.addWidget(self._use)
        row.addWidget(self._roll)
        row.addStretch(1)
        layout = QGridLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.addWidget(icon, 0, 0, 3, 1)
        layout.addWidget(self._question, 0, 1)
        layout.addLayout(row, 1, 1)
        layout.addWidget(self._message, 2, 1)
        layout.setColumnStretch(1, 1)
        QWidget.setTabOrder(self._field, self._use)
        QWidget.setTabOrder(self._use, self._roll)

        self._field.textChanged.connect(self._check)
        self._field.returnPressed.connect(self._use_typed)
        self._use.clicked.connect(self._use_typed)
        self._roll.clicked.connect(self._roll_for_me)
        self._check()

    # --- public API -------------------------------------------------------------------------

    def ask(self, question: str, dice: str) -> None:
        """Show `question` (which should name the dice) and wait for a roll of `dice`."""
        self._dice = dice
        try:
            self._range = dice_range(dice)
        except BattlemapError:
            self._range = None  # not ours to refuse: the engine asked for it; accept any total
        self._question.setText(question)
        self._field.clear()
        self._field.setPlaceholderText(
            f"{self._range.low}–{self._range.high}" if self._range is not None else ""
        )
        self._waiting = True
        self._set_enabled(True)
        self._check()
        self.show()
        self._field.setFocus(Qt.FocusReason.OtherFocusReason)

    def clear(self) -> None:
        """Stop waiting and hide (the decision was answered or withdrawn elsewhere)."""
        self._waiting = False
        self._field.clear()
        self.hide()

    def is_waiting(self) -> bool:
        """Whether a question is open and unanswered."""
        return self._waiting

    # --- internals --------------------------------------------------------------------------

    def _typed(self) -> int | None:
        """The typed roll if it is a possible total of the dice, else None."""
        text = self._field.text().strip()
        if not text or text == "-":
            return None
        value = int(text)
        if self._range is not None and not self._range.low <= value <= self._range.high:
            return None
        return value

    def _check(self) -> None:
        text = self._field.text().strip()
        value = self._typed()
        self._use.setEnabled(self._waiting and value is not None)
        if text and text != "-" and value is None and self._range is not None:
            self._show_hint(
                f"a roll of {self._dice} is between {self._range.low} and {self._range.high}",
                problem=True,
            )
        elif self._range is not None:
            self._show_hint(
                f"Type the total rolled at the table ({self._range.low} to {self._range.high}) "
                "and press Enter, or let Battlemap roll.",
                problem=False,
            )
        else:
            self._show_hint(
                "Type the total rolled at the table and press Enter, or let Battlemap roll.",
                problem=False,
            )

    def _show_hint(self, text: str, *, problem: bool) -> None:
        self._message.setText(text)
        if bool(self._message.property("problem")) != problem:
            self._message.setProperty("problem", problem)
            # Style sheets do not watch properties: re-polish to switch the colour.
            self._message.style().unpolish(self._message)
            self._message.style().polish(self._message)

    def _set_enabled(self, enabled: bool) -> None:
        for widget in (self._field, self._roll):
            widget.setEnabled(enabled)

    def _use_typed(self) -> None:
        value = self._typed()
        if self._waiting and value is not None:
            self._finish(value)

    def _roll_for_me(self) -> None:
        if self._waiting:
            self._finish(None)

    def _finish(self, value: int | None) -> None:
        # Stop waiting before emitting: a second Enter or click must not answer twice, and the
        # handler may call ask() again for the next roll.
        self._waiting = False
        self._set_enabled(False)
        self._use.setEnabled(False)
        self.hide()
        self.answered.emit(value)
