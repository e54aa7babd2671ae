"""Number inputs for forms: bounded whole numbers, signed modifiers, and map coordinates."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox, QWidget


class SignedSpinBox(QSpinBox):
    """A modifier shown as game masters write it: +3, -1, +0."""

    def textFromValue(self, value: int) -> str:
        return f"{value:+d}"


def whole_number_field(
    value: int,
    low: int,
    high: int,
    tip: str,
    *,
    step: int = 1,
    suffix: str = "",
    signed: bool = False,
) -> QSpinBox:
    """A whole-number field that cannot hold a value outside [low, high]."""
    spin = SignedSpinBox() if signed else QSpinBox()
    spin.setRange(low, high)
    spin.setSingleStep(step)
    spin.setSuffix(suffix)
    spin.setValue(value)
    spin.setToolTip(tip)
    spin.setAlignment(Qt.AlignmentFlag.AlignRight)
    spin.setAccelerated(True)
    return spin


class CoordinateSpinBox(QDoubleSpinBox):
    """A token's centre along one side of the map, in squares from 0 to `high`."""

    def __init__(
        self, value: float, high: int, edge: str, dimension: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setRange(0.0, float(high))
        self.setDecimals(2)
        # Half a square: small and medium tokens stand on square centres (i + 0.5).
        self.setSingleStep(0.5)
        self.setValue(value)
        self._exact = value
        self._shown = self.value()  # as rounded by the spin box
        self.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.setSuffix(" sq")
        self.setToolTip(
            f"The token's centre in squares from the map's {edge} (0 to {high}, the map's "
            f"{dimension}); a medium token on a square sits at .5"
        )

    def exact_value(self) -> float:
        """The value, or the one it was given while it is left untouched."""
        # The spin box shows two decimals; an untouched coordinate such as 7.3333 must come
        # back exactly as it was, not rounded.
        return self._exact if self.value() == self._shown else self.value()
