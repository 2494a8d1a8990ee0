"""Kennel cards: one card per pet, painted with QPainter on any paged paint device.

A card shows the pet's name large, its category (``"Dogs (1)"`` or the bare id),
its status in staff words, its id, the date printed (formatted for the locale) and
a QR code of the id. A scanner that types what it reads into the look-up field
(Ctrl+L, the id, Enter) finds the pet: the code holds the id's digits and nothing
else (the scanner adds Enter).

:class:`CardSheet` lays cards out on pages of a :class:`CardPageSize` (A4 and Letter:
a 2 × 3 grid with dashed cut lines; 4 × 6 in: one card per page, landscape).
:meth:`CardSheet.paint_page` paints one page, so callers can paint page by page and
keep the event loop turning (:class:`petdesk.gui.cards.kennel_card_dialog.PagePainter`).

Text is drawn as given (right-to-left, emoji, CJK and invisible characters
included, so nothing is hidden by being dropped), wrapped at word boundaries or
anywhere, shrunk down to a minimum size, and elided with "…" only when even that
does not fit. Every piece of text is clipped to its own box: nothing leaves the card.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Final, Protocol

import segno
from PySide6.QtCore import QCoreApplication, QDate, QLocale, QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPaintDevice,
    QPainter,
    QPen,
    QTextLayout,
    QTextOption,
)

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized

__all__ = [
    "CardPageSize",
    "CardSheet",
    "KennelCard",
    "PetLike",
    "cards_for_pets",
    "paint_cards",
    "qr_matrix",
]

_MM_PER_INCH: Final = 25.4
#: Quiet zone around the QR code, in modules (ISO/IEC 18004 asks for 4).
QR_QUIET_ZONE: Final = 4
_NAME_MAX_PT: Final = 40.0
_NAME_MIN_PT: Final = 9.0
_DETAIL_MAX_PT: Final = 13.0
_DETAIL_MIN_PT: Final = 6.0
_ELLIPSIS: Final = "…"
#: Longer text is cut before it is laid out (a server may send a name of any length;
#: a card holds far fewer characters than this even at the smallest size).
_TEXT_MAX: Final = 1000


@dataclass(frozen=True)
class KennelCard:
    """What one card shows; the labels are already in the words staff read."""

    pet_id: int
    name: str
    category: str
    status: str


class PetLike(Protocol):
    """What :func:`cards_for_pets` reads of a pet (``petdesk.api.Pet`` has it)."""

    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def category_id(self) -> int: ...
    @property
    def status(self) -> str | None: ...


def cards_for_pets(pets: Iterable[PetLike], category_label: Callable[[int], str],
                   status_label: Callable[[str | None], str]) -> list[KennelCard]:
    """One card per pet: ``category_label`` is the display rule
    (:meth:`petdesk.gui.cards.categories_model.CategoryModel.label`), ``status_label`` the
    staff words the pet table shows for a status (``None``: no status)."""
    return [KennelCard(pet.id, pet.name, category_label(pet.category_id),
                       status_label(pet.status)) for pet in pets]


class CardPageSize(enum.Enum):
    """A page size: its Qt page, orientation, margins (mm) and grid of cards."""

    A4 = "a4"
    LETTER = "letter"
    INDEX_4X6 = "4x6"

    @property
    def page_size(self) -> QPageSize:
        if self is CardPageSize.A4:
            return QPageSize(QPageSize.PageSizeId.A4)
        if self is CardPageSize.LETTER:
            return QPageSize(QPageSize.PageSizeId.Letter)
        return QPageSize(QSizeF(4, 6), QPageSize.Unit.Inch, "4 x 6 in",
                         QPageSize.SizeMatchPolicy.ExactMatch)

    @property
    def grid(self) -> tuple[int, int]:
        """Columns and rows of cards on one page."""
        return (1, 1) if self is CardPageSize.INDEX_4X6 else (2, 3)

    @property
    def per_page(self) -> int:
        columns, rows = self.grid
        return columns * rows

    def page_layout(self) -> QPageLayout:
        landscape = self is CardPageSize.INDEX_4X6
        margin = 3.0 if landscape else 10.0
        return QPageLayout(
            self.page_size,
            QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait,
            QMarginsF(margin, margin, margin, margin), QPageLayout.Unit.Millimeter)

    def label(self) -> str:
        translate = QCoreApplication.translate
        return {
            CardPageSize.A4: translate("CardPageSize", "A4 (6 cards a page)"),
            CardPageSize.LETTER: translate("CardPageSize", "Letter (6 cards a page)"),
            CardPageSize.INDEX_4X6: translate("CardPageSize", "4 × 6 in (1 card a page)"),
        }[self]


def qr_matrix(text: str) -> tuple[bytearray, ...]:
    """The QR code of ``text`` as rows of 0/1 modules, without the quiet zone."""
    return segno.make_qr(text, error="m", boost_error=True).matrix


def _paint_qr(painter: QPainter, rect: QRectF, text: str) -> None:
    """The QR code of ``text`` centred in ``rect`` on white, quiet zone included.
    Module edges fall on whole device pixels and dark runs are single rectangles,
    so rasterised pages show no seams between modules."""
    matrix = qr_matrix(text)
    count = len(matrix) + 2 * QR_QUIET_ZONE
    module = int(min(rect.width(), rect.height()) // count)
    if module < 1:
        return
    side = module * count
    left = int(rect.x() + (rect.width() - side) / 2)
    top = int(rect.y() + (rect.height() - side) / 2)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.fillRect(left, top, side, side, QColor("white"))
    painter.setBrush(QBrush(QColor("black")))
    origin = QR_QUIET_ZONE * module
    for y, row in enumerate(matrix):
        x = 0
        width = len(row)
        while x < width:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < width and row[x]:
                x += 1
            painter.drawRect(left + origin + start * module, top + origin + y * module,
                             (x - start) * module, module)
    painter.restore()


def _font(point_size: float, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setPointSizeF(point_size)
    font.setBold(bold)
    return font


def _text_layout(text: str, font: QFont, device: QPaintDevice, width: float,
                 alignment: Qt.AlignmentFlag) -> tuple[QTextLayout, float]:
    """``text`` laid out in lines of ``width``; returns the layout and its height."""
    layout = QTextLayout(text, font, device)
    option = QTextOption(alignment)
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    layout.setCacheEnabled(True)
    height = 0.0
    layout.beginLayout()
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        line.setPosition(QPointF(0, height))
        height += line.height()
    layout.endLayout()
    return layout, height


def _fitted_layout(text: str, rect: QRectF, device: QPaintDevice, sizes: tuple[float, float],
                   *, bold: bool, alignment: Qt.AlignmentFlag) -> tuple[QTextLayout, float]:
    """The largest font size (from ``sizes[0]`` down to ``sizes[1]``) at which ``text``
    fits ``rect``; at the smallest size, as much of it as fits, elided."""
    largest, smallest = sizes
    size = largest
    while True:
        layout, height = _text_layout(text, _font(size, bold=bold), device, rect.width(), alignment)
        if height <= rect.height():
            return layout, height
        if size <= smallest:
            break
        size = max(smallest, size * 0.9)
    return _elided_layout(text, rect, device, _font(smallest, bold=bold), alignment, layout)


def _elided_layout(text: str, rect: QRectF, device: QPaintDevice, font: QFont,
                   alignment: Qt.AlignmentFlag, full: QTextLayout) -> tuple[QTextLayout, float]:
    fits = 0
    for index in range(full.lineCount()):
        line = full.lineAt(index)
        if line.y() + line.height() > rect.height():
            break
        fits = line.textStart() + line.textLength()
    end = max(fits, 0)
    while True:
        layout, height = _text_layout(text[:end].rstrip() + _ELLIPSIS, font, device,
                                      rect.width(), alignment)
        if height <= rect.height() or end == 0:
            return layout, height
        end -= 1


def _draw_text(painter: QPainter, text: str, rect: QRectF, sizes: tuple[float, float], *,
               bold: bool = False, alignment: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft,
               vcenter: bool = False) -> None:
    device = painter.device()
    if len(text) > _TEXT_MAX:
        text = text[:_TEXT_MAX] + _ELLIPSIS
    layout, height = _fitted_layout(text, rect, device, sizes, bold=bold, alignment=alignment)
    top = rect.y() + (max(0.0, rect.height() - height) / 2 if vcenter else 0.0)
    painter.save()
    painter.setClipRect(rect, Qt.ClipOperation.IntersectClip)
    layout.draw(painter, QPointF(rect.x(), top))
    painter.restore()


@dataclass(frozen=True)
class _Texts:
    category: str
    status: str
    pet_id: str
    printed: str


class CardSheet:
    """Cards laid out on pages of one size; paints a page at a time."""

    def __init__(self, cards: Sequence[KennelCard], page: CardPageSize, *,
                 printed_on: date | None = None, locale: QLocale | None = None) -> None:
        self.cards = list(cards)
        self.page = page
        self._locale = locale or QLocale()
        self._printed_on = printed_on or date.today()

    @property
    def page_count(self) -> int:
        return max(1, -(-len(self.cards) // self.page.per_page))

    def prepare(self, device: QPagedPaintDevice) -> bool:
        """Set ``device``'s page size, orientation and margins (before a painter begins
        on it). A printer whose hardware margins are wider keeps its own margins
        (then False); the cards fill whatever area is printable."""
        layout = self.page.page_layout()
        device.setPageSize(layout.pageSize())
        device.setPageOrientation(layout.orientation())
        return device.setPageMargins(layout.margins(), layout.units())

    def printed_text(self) -> str:
        day = self._printed_on
        when = self._locale.toString(QDate(day.year, day.month, day.day),
                                     QLocale.FormatType.LongFormat)
        return localized(QT_TRANSLATE_NOOP("KennelCard", "Printed {when}").format(when=when))

    def cards_on(self, page_index: int) -> list[KennelCard]:
        per_page = self.page.per_page
        return self.cards[page_index * per_page:(page_index + 1) * per_page]

    def card_rects(self, width: float, height: float) -> list[QRectF]:
        """The card boxes of one page whose painted area is ``width`` × ``height``."""
        columns, rows = self.page.grid
        cell_w, cell_h = width / columns, height / rows
        return [QRectF(c * cell_w, r * cell_h, cell_w, cell_h)
                for r in range(rows) for c in range(columns)]

    def paint_page(self, painter: QPainter, page_index: int) -> None:
        """Paint page ``page_index`` on the painter's current page."""
        device = painter.device()
        rects = self.card_rects(device.width(), device.height())
        cut_lines = self.page.per_page > 1
        for card, rect in zip(self.cards_on(page_index), rects, strict=False):
            self.paint_card(painter, card, rect, cut_lines=cut_lines)

    def paint_card(self, painter: QPainter, card: KennelCard, rect: QRectF, *,
                   cut_lines: bool) -> None:
        """One card in ``rect`` (device coordinates)."""
        mm = painter.device().logicalDpiX() / _MM_PER_INCH
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.setClipRect(rect)
        pen = QPen(QColor("#888888"), max(1.0, 0.3 * mm))
        if cut_lines:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        inset = rect.adjusted(0.5 * mm, 0.5 * mm, -0.5 * mm, -0.5 * mm)
        painter.drawRect(inset)
        painter.setPen(QColor("black"))
        self._paint_contents(painter, card, inset.adjusted(4 * mm, 4 * mm, -4 * mm, -4 * mm), mm)
        painter.restore()

    def _texts(self, card: KennelCard) -> _Texts:
        return _Texts(
            category=localized(QT_TRANSLATE_NOOP("KennelCard", "Category: {category}").format(
                category=card.category)),
            status=localized(QT_TRANSLATE_NOOP("KennelCard", "Status: {status}").format(
                status=card.status)),
            pet_id=localized(QT_TRANSLATE_NOOP("KennelCard", "ID: {pet_id}").format(
                pet_id=card.pet_id)),
            printed=self.printed_text(),
        )

    def _paint_contents(self, painter: QPainter, card: KennelCard, box: QRectF,
                        mm: float) -> None:
        texts = self._texts(card)
        name_box = QRectF(box.x(), box.y(), box.width(), box.height() * 0.42)
        _draw_text(painter, card.name, name_box, (_NAME_MAX_PT, _NAME_MIN_PT), bold=True,
                   alignment=Qt.AlignmentFlag.AlignHCenter, vcenter=True)
        lower = QRectF(box.x(), name_box.bottom() + 2 * mm, box.width(),
                       box.bottom() - name_box.bottom() - 2 * mm)
        qr_side = min(lower.height(), lower.width() * 0.45)
        qr_rect = QRectF(lower.right() - qr_side, lower.y(), qr_side, qr_side)
        _paint_qr(painter, qr_rect, str(card.pet_id))
        text_box = QRectF(lower.x(), lower.y(), lower.width() - qr_side - 3 * mm, lower.height())
        details = (texts.pet_id, texts.category, texts.status)
        row_h = text_box.height() / 4
        for index, text in enumerate(details):
            row = QRectF(text_box.x(), text_box.y() + index * row_h, text_box.width(), row_h)
            _draw_text(painter, text, row, (_DETAIL_MAX_PT, _DETAIL_MIN_PT),
                       bold=index == 0, vcenter=True)
        printed = QRectF(text_box.x(), text_box.y() + 3 * row_h, text_box.width(), row_h)
        painter.setPen(QColor("#444444"))
        _draw_text(painter, texts.printed, printed, (_DETAIL_MAX_PT * 0.75, _DETAIL_MIN_PT),
                   vcenter=True)


def paint_cards(device: QPagedPaintDevice, sheet: CardSheet,
                progress: Callable[[int], None] | None = None) -> None:
    """Every page of ``sheet`` on ``device`` in one go (for small jobs and tests; the
    dialog paints page by page instead)."""
    sheet.prepare(device)
    painter = QPainter()
    if not painter.begin(device):
        raise OSError("The pages could not be opened for painting.")
    try:
        for index in range(sheet.page_count):
            if index:
                device.newPage()
            sheet.paint_page(painter, index)
            if progress is not None:
                progress(index + 1)
    finally:
        painter.end()
