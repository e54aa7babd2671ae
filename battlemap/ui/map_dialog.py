"""The map's settings: its size in squares and an optional background picture under the grid."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtGui import QImageReader
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from battlemap.core.encounter import Background, Combatant, MapSpec

MAX_SQUARES = 500


class MapDialog(QDialog):
    """Edit width, height and the background picture; OK stays disabled while a value is wrong.

    A map too small for the tokens standing on it is refused with their names, so resizing
    never strands a token off the map.
    """

    def __init__(
        self,
        spec: MapSpec,
        combatants: tuple[Combatant, ...],
        base_dir: Path | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Map settings")
        self._spec = spec
        self._combatants = combatants
        self._base_dir = base_dir
        self._width = QSpinBox()
        self._width.setRange(1, MAX_SQUARES)
        self._width.setValue(spec.width)
        self._width.setSuffix(" squares")
        self._height = QSpinBox()
        self._height.setRange(1, MAX_SQUARES)
        self._height.setValue(spec.height)
        self._height.setSuffix(" squares")
        self._image = QLineEdit(spec.background.image if spec.background else "")
        self._image.setPlaceholderText("none: a plain grid")
        self._image.setToolTip("A PNG or JPEG; a path relative to the encounter file is kept so")
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        image_row = QHBoxLayout()
        image_row.addWidget(self._image, 1)
        image_row.addWidget(browse)
        self._across = QDoubleSpinBox()
        self._across.setRange(0.5, MAX_SQUARES)
        self._across.setDecimals(1)
        self._across.setValue(spec.background.squares_across if spec.background else spec.width)
        self._across.setSuffix(" squares")
        self._across.setToolTip("How many grid squares the picture's width spans")
        form = QFormLayout()
        form.addRow("&Width:", self._width)
        form.addRow("&Height:", self._height)
        form.addRow("Background &picture:", image_row)
        form.addRow("Picture &spans:", self._across)
        self._message = QLabel()
        self._message.setWordWrap(True)
        self._message.setStyleSheet("color: #b3261e")
        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self._message)
        layout.addWidget(self._buttons)
        for box in (self._width, self._height):
            box.valueChanged.connect(self._check)
        self._image.textChanged.connect(self._check)
        self._check()

    def map_spec(self) -> MapSpec:
        """The map as edited (walls are kept)."""
        image = self._image.text().strip()
        background = Background(image, self._across.value()) if image else None
        return dataclasses.replace(
            self._spec,
            width=self._width.value(),
            height=self._height.value(),
            background=background,
        )

    def problem(self) -> str:
        """What stops OK, in plain words, or "" when all is well."""
        width, height = self._width.value(), self._height.value()
        outside = [c.name for c in self._combatants if c.x > width or c.y > height]
        if outside:
            return f"{', '.join(outside)} would stand off a {width}x{height} map; move them first."
        image = self._image.text().strip()
        if image:
            path = Path(image)
            if not path.is_absolute() and self._base_dir is not None:
                path = self._base_dir / path
            if not path.is_file():
                return f"No picture at {path}."
            if QImageReader(str(path)).size().isEmpty():
                return f"{path.name} is not a picture Battlemap can read (PNG or JPEG)."
        return ""

    def _check(self) -> None:
        text = self.problem()
        self._message.setText(text)
        self._message.setVisible(bool(text))
        ok = self._buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(not text)

    def _browse(self) -> None:
        start = str(self._base_dir or Path.home())
        path, _ = QFileDialog.getOpenFileName(
            self, "Background picture", start, "Pictures (*.png *.jpg *.jpeg)"
        )
        if not path:
            return
        chosen = Path(path)
        if self._base_dir is not None and chosen.is_relative_to(self._base_dir):
            chosen = chosen.relative_to(self._base_dir)  # the encounter and its maps move together
        self._image.setText(str(chosen))
