"""A number for a plan, typed in a small dialog: the initiative a Combat Experience drop goes to.

Not modal: it opens beside the map (which stays live), Enter or OK takes the number, Esc or
Cancel plans nothing. The planning controller decides what the number becomes.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)


class NumberDialog(QDialog):
    """Asks one whole number in `low`..`high`, starting at `value`; `number()` reads it."""

    def __init__(
        self,
        title: str,
        question: str,
        low: int,
        high: int,
        value: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.question = QLabel(question)
        self.question.setWordWrap(True)
        self.spin = QSpinBox()
        self.spin.setRange(low, high)
        self.spin.setValue(min(max(value, low), high))
        self.spin.setAccelerated(True)
        self.question.setBuddy(self.spin)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.question)
        layout.addWidget(self.spin)
        layout.addWidget(self.buttons)
        self.spin.selectAll()
        self.spin.setFocus()

    def number(self) -> int:
        return self.spin.value()
