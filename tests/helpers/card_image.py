"""One kennel card painted on an image, to look at what a card shows without a printer."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QLocale, QRectF
from PySide6.QtGui import QColor, QImage, QPageLayout, QPainter

from petdesk.gui.cards.kennel_cards import CardPageSize, CardSheet, KennelCard

MM_PER_INCH = 25.4


def card_image(card: KennelCard, page: CardPageSize = CardPageSize.INDEX_4X6, *,
               dpi: int = 150, printed_on: date | None = None,
               locale: QLocale | None = None) -> QImage:
    """One card as an image at ``dpi`` (the size of a card of ``page``), on white."""
    sheet = CardSheet([card], page, printed_on=printed_on, locale=locale)
    layout = page.page_layout()
    paint_mm = layout.paintRect(QPageLayout.Unit.Millimeter)
    columns, rows = page.grid
    dots_per_mm = dpi / MM_PER_INCH
    width = round(paint_mm.width() / columns * dots_per_mm)
    height = round(paint_mm.height() / rows * dots_per_mm)
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(round(dots_per_mm * 1000))
    image.setDotsPerMeterY(round(dots_per_mm * 1000))
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        sheet.paint_card(painter, card, QRectF(0, 0, width, height), cut_lines=False)
    finally:
        painter.end()
    return image
