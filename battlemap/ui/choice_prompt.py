"""The non-modal question when the rules offer an opportunity: take, decline, or roll it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QStyle, QVBoxLayout, QWidget


class ChoicePrompt(QFrame):
    """ "Thorin may attack the goblin (leaves threatened square at 4.5): take / decline / roll".

    Signals:
        answered(str): "take" (the app rolls), "roll" (take it; the players roll at the
            table) or "decline".
    """

    answered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ChoicePrompt")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            "QFrame#ChoicePrompt { background: #fdf3d7; border: 1px solid #d9b44a; }"
        )
        icon = QLabel()
        icon.setPixmap(
            self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning).pixmap(32, 32)
        )
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self._question = QLabel()
        self._question.setObjectName("choiceQuestion")
        self._question.setWordWrap(True)
        font = self._question.font()
        font.setBold(True)
        self._question.setFont(font)
        self.take_button = QPushButton("&Take")
        self.take_button.setToolTip("Take it; Battlemap rolls")
        self.roll_button = QPushButton("Take and &roll at the table")
        self.roll_button.setToolTip("Take it; the players roll and you type the result")
        self.decline_button = QPushButton("&Decline")
        self.take_button.setDefault(True)
        self.take_button.clicked.connect(lambda: self._finish("take"))
        self.roll_button.clicked.connect(lambda: self._finish("roll"))
        self.decline_button.clicked.connect(lambda: self._finish("decline"))
        buttons = QHBoxLayout()
        for button in (self.take_button, self.roll_button, self.decline_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        text = QVBoxLayout()
        text.addWidget(self._question)
        text.addLayout(buttons)
        row = QHBoxLayout(self)
        row.addWidget(icon)
        row.addLayout(text, 1)
        self._waiting = False
        self.hide()

    def ask(self, question: str, *, with_roll: bool = True) -> None:
        """Show `question`; `with_roll` offers "take and roll at the table" (an attack of
        opportunity has dice to roll, an intercept has none)."""
        self._question.setText(question)
        self.roll_button.setVisible(with_roll)
        self._waiting = True
        self.show()
        self.take_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def question(self) -> str:
        return self._question.text()

    def is_waiting(self) -> bool:
        return self._waiting

    def clear(self) -> None:
        self._waiting = False
        self.hide()

    def _finish(self, answer: str) -> None:
        if not self._waiting:
            return  # never answer twice
        self.clear()
        self.answered.emit(answer)
