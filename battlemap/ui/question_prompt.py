"""The non-modal prompt for a ruleset's other questions: yes or no, one of a few options
(a pick, or a declaration of what a combatant will do), or a whole number."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from battlemap.core.decisions import Question


class QuestionPrompt(QFrame):
    """A button per answer (yes/no, or each option), or a number box and OK.

    Signals:
        answered(object): the answer (bool, the option's text, or the number).
    """

    answered = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("QuestionPrompt")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            "QFrame#QuestionPrompt { background: #e8f1fb; border: 1px solid #7aa7d9; }"
        )
        icon = QLabel()
        icon.setPixmap(
            self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxQuestion).pixmap(32, 32)
        )
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self._label = QLabel()
        self._label.setObjectName("questionText")
        self._label.setWordWrap(True)
        font = self._label.font()
        font.setBold(True)
        self._label.setFont(font)
        self.number = QSpinBox()
        self.ok_button = QPushButton("&OK")
        self.ok_button.clicked.connect(lambda: self._finish(self.number.value()))
        self._buttons = QHBoxLayout()
        text = QVBoxLayout()
        text.addWidget(self._label)
        text.addLayout(self._buttons)
        row = QHBoxLayout(self)
        row.addWidget(icon)
        row.addLayout(text, 1)
        self.option_buttons: list[QPushButton] = []
        self._waiting = False
        self.hide()

    def ask(self, question: Question) -> None:
        self._label.setText(question.description)
        self._clear_buttons()
        if question.kind == "number":
            self.number.setRange(question.low, question.high)
            default = question.default if isinstance(question.default, int) else question.low
            self.number.setValue(default)
            self._buttons.addWidget(self.number)
            self._buttons.addWidget(self.ok_button)
            self.number.show()
            self.ok_button.show()
        else:
            answers: list[tuple[str, object]] = (
                [("&Yes", True), ("&No", False)]
                if question.kind == "yes_no"
                else [(option, option) for option in question.options]
            )
            for text, value in answers:
                button = QPushButton(text)
                button.clicked.connect(lambda _checked=False, v=value: self._finish(v))
                self._buttons.addWidget(button)
                self.option_buttons.append(button)
        self._buttons.addStretch(1)
        self._waiting = True
        self.show()

    def question(self) -> str:
        return self._label.text()

    def is_waiting(self) -> bool:
        return self._waiting

    def clear(self) -> None:
        self._waiting = False
        self.hide()

    def _clear_buttons(self) -> None:
        while self._buttons.count():
            item = self._buttons.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None and widget not in (self.number, self.ok_button):
                widget.deleteLater()
            elif widget is not None:
                widget.hide()
        self.option_buttons = []

    def _finish(self, answer: object) -> None:
        if not self._waiting:
            return  # never answer twice
        self.clear()
        self.answered.emit(answer)
