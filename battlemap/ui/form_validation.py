"""Showing what a form's validator refused: a red frame on the field or table cell it names.

Dialogs set INVALID_STYLE_SHEET on themselves and call `set_invalid` on a field (or the
FieldFrame around it); table cells carry INVALID_ROLE, which LiveCellDelegate draws. The
delegate also commits cells as typed, so a form can check a cell before Enter is pressed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPersistentModelIndex, QRegularExpression, Qt
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QPainter,
    QPalette,
    QPen,
    QRegularExpressionValidator,
)
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QFrame,
    QHBoxLayout,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from battlemap.ui.palette import TIME_OUT
from battlemap.ui.table_model import ModelIndex

#: The red of a field the validator refused (the palette's "time out" red, so errors look alike).
INVALID_COLOR = QColor(TIME_OUT)
#: Widgets with the dynamic property invalid=true get a red frame. A style sheet rather than a
#: palette change, so it works under every style and colour scheme and is undone by one property.
#: Spin boxes and combo boxes lose their native arrows once a style sheet sets their border, so
#: a form wraps each field in a thin frame (FieldFrame) and marks the frame instead.
INVALID_STYLE_SHEET = f"""
*[invalid="true"] {{
    border: 2px solid {INVALID_COLOR.name()};
    border-radius: 3px;
}}
QFrame#fieldFrame {{
    border: 2px solid transparent;
    border-radius: 4px;
}}
QFrame#fieldFrame[invalid="true"] {{
    border-color: {INVALID_COLOR.name()};
}}
QLabel#validationMessage {{
    color: {INVALID_COLOR.name()};
}}
"""
#: Model data role of a table cell the validator refused (bool); the delegate frames it in red.
INVALID_ROLE = Qt.ItemDataRole.UserRole + 10


def set_invalid(widget: QWidget, invalid: bool) -> None:
    """Mark or unmark `widget` for INVALID_STYLE_SHEET (style sheets do not watch properties)."""
    if bool(widget.property("invalid")) == invalid:
        return
    widget.setProperty("invalid", invalid)
    widget.style().unpolish(widget)
    widget.style().polish(widget)
    widget.update()


class FieldFrame(QFrame):
    """A borderless holder for one input widget; set_invalid on it draws the red frame."""

    def __init__(self, field: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fieldFrame")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(field)
        self.field = field


class LiveCellDelegate(QStyledItemDelegate):
    """Edits text cells with a line edit that writes to the model on every keystroke.

    Committing as typed lets a form validate a cell before Enter is pressed. Cells whose
    INVALID_ROLE is true are framed in red; empty cells show the column's placeholder. Enter
    ends the edit without reaching the dialog's default button; with `enter_moves_on` it also
    moves on like Tab (commit and edit the next cell the view picks).
    """

    def __init__(
        self,
        parent: QObject,
        patterns: Mapping[int, str] | None = None,
        placeholders: Mapping[int, str] | None = None,
        *,
        enter_moves_on: bool = False,
    ) -> None:
        super().__init__(parent)
        self._patterns = dict(patterns or {})
        self._placeholders = dict(placeholders or {})
        self._enter_moves_on = enter_moves_on
        self._editor: QLineEdit | None = None
        self._editor_index = QPersistentModelIndex()
        # What the cell held before editing: live commits have already changed the model, so
        # Escape puts this back by hand.
        self._editor_original = ""

    def open_editor(self) -> tuple[QLineEdit, QPersistentModelIndex] | None:
        """The line edit currently open and its cell, if a cell is being edited."""
        if self._editor is None or not self._editor_index.isValid():
            return None
        return self._editor, self._editor_index

    def createEditor(
        self, parent: QWidget, option: QStyleOptionViewItem, index: ModelIndex
    ) -> QWidget:
        editor = QLineEdit(parent)
        editor.setFrame(False)
        pattern = self._patterns.get(index.column())
        if pattern is not None:
            # Letters in a number cell can never be right; Qt keeps them out, the validator
            # judges everything else.
            editor.setValidator(QRegularExpressionValidator(QRegularExpression(pattern), editor))
        editor.setPlaceholderText(self._placeholders.get(index.column(), ""))
        alignment = index.data(Qt.ItemDataRole.TextAlignmentRole)
        if alignment is not None:
            # The text stays where it was in the cell instead of jumping left while typed.
            editor.setAlignment(Qt.AlignmentFlag(int(alignment)))
        editor.textEdited.connect(lambda _text: self.commitData.emit(editor))
        self._editor = editor
        self._editor_index = QPersistentModelIndex(index)
        self._editor_original = str(index.data(Qt.ItemDataRole.EditRole) or "")
        return editor

    def destroyEditor(self, editor: QWidget, index: ModelIndex) -> None:
        if editor is self._editor:
            self._editor = None
            self._editor_index = QPersistentModelIndex()
        super().destroyEditor(editor, index)

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:
        assert isinstance(editor, QLineEdit)
        text = str(index.data(Qt.ItemDataRole.EditRole) or "")
        # The view calls this again whenever the cell's data changes, which with live commits
        # is after every keystroke; rewriting the same text would move the cursor to the end.
        if editor.text() != text:
            editor.setText(text)

    def setModelData(self, editor: QWidget, model: Any, index: ModelIndex) -> None:
        assert isinstance(editor, QLineEdit)
        if str(index.data(Qt.ItemDataRole.EditRole) or "") != editor.text():
            model.setData(index, editor.text(), Qt.ItemDataRole.EditRole)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not (
            isinstance(watched, QLineEdit)
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
        ):
            return super().eventFilter(watched, event)
        if event.key() == Qt.Key.Key_Escape and watched is self._editor:
            # Undo the edit, and keep Escape from reaching the dialog, which would close.
            if self._editor_index.isValid():
                model = self._editor_index.model()
                model.setData(self._editor_index, self._editor_original, Qt.ItemDataRole.EditRole)
            self.closeEditor.emit(watched, QAbstractItemDelegate.EndEditHint.RevertModelCache)
            return True
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            # Qt's own handling lets Enter travel on from the editor to the dialog, whose
            # default button then accepts the whole form: Enter in a cell must only end the
            # cell's edit.
            self.commitData.emit(watched)
            hint = (
                QAbstractItemDelegate.EndEditHint.EditNextItem
                if self._enter_moves_on
                else QAbstractItemDelegate.EndEditHint.SubmitModelCache
            )
            self.closeEditor.emit(watched, hint)
            return True
        return super().eventFilter(watched, event)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: ModelIndex) -> None:
        super().paint(painter, option, index)
        placeholder = self._placeholders.get(index.column())
        if placeholder and not index.data(Qt.ItemDataRole.DisplayRole):
            painter.save()
            painter.setPen(option.palette.color(QPalette.ColorRole.PlaceholderText))
            rect = option.rect.adjusted(4, 0, -4, 0)
            alignment = index.data(Qt.ItemDataRole.TextAlignmentRole)
            flags = (
                Qt.AlignmentFlag(int(alignment))
                if alignment is not None
                else Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
            )
            painter.drawText(rect, flags, placeholder)
            painter.restore()
        if index.data(INVALID_ROLE):
            painter.save()
            painter.setPen(QPen(INVALID_COLOR, 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(option.rect.adjusted(1, 1, -1, -1))
            painter.restore()
