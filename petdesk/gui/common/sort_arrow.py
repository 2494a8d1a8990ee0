"""Which way a column header's sort arrow points: the way the order goes.

Qt's header asks the style for a "sort down" arrow when the order is ascending, and
the Fusion style (PetDesk's look on Linux) draws exactly that: an arrow pointing down
for A to Z, and one pointing up for "Newest first", which staff read as "smallest
first". Windows' own style already draws the arrow the other way round. PetDesk's
headers point the arrow up for an ascending order (A to Z, oldest first) and down for
a descending one (Z to A, newest first) on every platform: with Fusion, the header's
style swaps the two before Fusion draws them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleOptionHeader

if TYPE_CHECKING:
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QHeaderView, QStyleOption, QWidget

__all__ = ["point_sort_arrows"]

#: The styles that draw Qt's "sort down" (ascending) as an arrow pointing down.
_DRAWN_DOWN = frozenset({"fusion"})


class _SortArrowStyle(QProxyStyle):
    """The application's style, with the header's sort arrow pointing the order's way."""

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: QStyleOption,
                      painter: QPainter, widget: QWidget | None = None) -> None:
        if (element == QStyle.PrimitiveElement.PE_IndicatorHeaderArrow
                and isinstance(option, QStyleOptionHeader)
                and self.baseStyle().name().lower() in _DRAWN_DOWN):
            swapped = QStyleOptionHeader(option)
            down = QStyleOptionHeader.SortIndicator.SortDown
            up = QStyleOptionHeader.SortIndicator.SortUp
            if option.sortIndicator == down:
                swapped.sortIndicator = up
            elif option.sortIndicator == up:
                swapped.sortIndicator = down
            super().drawPrimitive(element, swapped, painter, widget)
            return
        super().drawPrimitive(element, option, painter, widget)


def point_sort_arrows(header: QHeaderView) -> None:
    """Let ``header`` draw its sort arrow pointing the way its order goes."""
    style = _SortArrowStyle()
    style.setParent(header)  # the header does not own the style it is given
    header.setStyle(style)
