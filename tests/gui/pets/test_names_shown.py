"""Names and server text as the table shows them: markers for hidden characters,
bounded length, tooltips that show markup literally."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon, QTextDocument

from petdesk.api import Pet
from petdesk.core.text import DISPLAY_LIMIT
from petdesk.gui.common.plain import tooltip
from petdesk.gui.pets.detail import breakable
from petdesk.gui.pets.pet_model import Column, PetTableModel

NAMES = ["\u202egnp.exe", "Re\u200bx", "Rex\x00", "\x1b[31mRex", "<a href='x'>y</a>\u202e",
         "Bella", "A" * 1_000_000]


def _model() -> PetTableModel:
    model = PetTableModel()
    model.replace_pets([Pet(id=i, name=name, categoryId=1) for i, name in enumerate(NAMES, 1)])
    return model


def _cell(model: PetTableModel, row: int, role: Qt.ItemDataRole) -> Any:
    return model.index(row, Column.NAME).data(role)


def test_qtmodeltester_with_hostile_names(qtmodeltester: Any, qapp: Any) -> None:
    model = _model()
    qtmodeltester.check(model, force_py=True)
    model.sort(Column.NAME, Qt.SortOrder.DescendingOrder)
    model.set_name_filter("re")
    qtmodeltester.check(model, force_py=True)


def test_names_show_markers_a_warning_icon_and_a_bounded_length(qapp: Any) -> None:
    model = _model()
    shown = [_cell(model, row, Qt.ItemDataRole.DisplayRole) for row in range(len(NAMES))]
    assert shown[:4] == ["⟦U+202E⟧gnp.exe", "Re⟦U+200B⟧x", "Rex⟦U+0000⟧", "⟦U+001B⟧[31mRex"]
    assert shown[5] == "Bella"
    assert len(shown[6]) == DISPLAY_LIMIT and shown[6].endswith("…")
    assert not any("\u202e" in text or "\x00" in text for text in shown)
    icons = [_cell(model, row, Qt.ItemDataRole.DecorationRole) for row in range(len(NAMES))]
    assert all(isinstance(icon, QIcon) for icon in icons[:5])
    assert icons[5] is None and icons[6] is None
    spoken = _cell(model, 0, Qt.ItemDataRole.AccessibleTextRole)
    assert spoken.startswith("⟦U+202E⟧gnp.exe") and "markers" in spoken


def test_a_name_tooltip_shows_markup_literally(qapp: Any) -> None:
    model = _model()
    tip = _cell(model, 4, Qt.ItemDataRole.ToolTipRole)
    document = QTextDocument()
    document.setHtml(tip)  # how Qt renders a tooltip that looks like rich text
    assert document.toPlainText().startswith("<a href='x'>y</a>⟦U+202E⟧")
    assert "<a href" not in document.toHtml()  # no link: the tags are text
    long_tip = _cell(model, 6, Qt.ItemDataRole.ToolTipRole)
    assert "1000000 characters" in long_tip and len(long_tip) < 1000
    assert _cell(model, 5, Qt.ItemDataRole.ToolTipRole) is None  # nothing to add


def test_plain_tooltip_and_breakable_labels() -> None:
    assert tooltip("") == ""
    document = QTextDocument()
    document.setHtml(tooltip("<b>x</b>\nsecond line"))
    assert document.toPlainText() == "<b>x</b>\nsecond line"
    assert breakable("Rex the dog", 4) == "Rex the dog"
    assert breakable("abcdefghij k", 4) == "abcd\nefgh\nij k"
