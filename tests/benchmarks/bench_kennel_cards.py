"""Kennel cards: how long painting takes, and the longest GUI-thread turn of the dialog.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/benchmarks/bench_kennel_cards.py

Medians of 5 runs, printed as one table: 300 cards on A4 (50 pages) and on
4 × 6 in (300 pages) painted in one go into an in-memory PDF (what one GUI-thread
turn would cost without paging), the longest single page (what
:class:`petdesk.gui.cards.kennel_card_dialog.PagePainter` costs per turn), and the
dialog's bounded preview. Not collected by pytest; not yet a figure of run.py.
"""

from __future__ import annotations

import statistics
import time
from datetime import date

from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QPainter, QPdfWriter
from PySide6.QtWidgets import QApplication

from petdesk.gui.cards.kennel_card_dialog import PDF_DPI, PREVIEW_MAX_PAGES
from petdesk.gui.cards.kennel_cards import CardPageSize, CardSheet, KennelCard, paint_cards

RUNS = 5
CARDS = [KennelCard(1_000 + i, f"Pet number {i} with a longer name", "Small mammals (6)",
                    "Available") for i in range(300)]


def _writer() -> tuple[QPdfWriter, QBuffer]:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(PDF_DPI)
    return writer, buffer


def whole(page: CardPageSize, cards: list[KennelCard]) -> float:
    writer, _buffer = _writer()
    start = time.perf_counter()
    paint_cards(writer, CardSheet(cards, page, printed_on=date(2026, 11, 24)))
    return time.perf_counter() - start


def longest_page(page: CardPageSize) -> float:
    writer, _buffer = _writer()
    sheet = CardSheet(CARDS, page, printed_on=date(2026, 11, 24))
    sheet.prepare(writer)
    painter = QPainter(writer)
    longest = 0.0
    for index in range(sheet.page_count):
        start = time.perf_counter()
        if index:
            writer.newPage()
        sheet.paint_page(painter, index)
        longest = max(longest, time.perf_counter() - start)
    start = time.perf_counter()
    painter.end()
    return max(longest, time.perf_counter() - start)


def main() -> None:
    QApplication([])
    whole(CardPageSize.A4, CARDS[:6])  # warm up fonts
    rows = [
        ("300 cards, A4, one go", lambda: whole(CardPageSize.A4, CARDS)),
        ("300 cards, 4x6, one go", lambda: whole(CardPageSize.INDEX_4X6, CARDS)),
        ("longest turn, A4 (1 page)", lambda: longest_page(CardPageSize.A4)),
        ("longest turn, 4x6 (1 page)", lambda: longest_page(CardPageSize.INDEX_4X6)),
        (f"preview, {PREVIEW_MAX_PAGES} A4 pages",
         lambda: whole(CardPageSize.A4, CARDS[:PREVIEW_MAX_PAGES * 6])),
    ]
    print(f"{'what':32} {'median ms':>10}")
    for label, fn in rows:
        median = statistics.median(fn() for _ in range(RUNS)) * 1000
        print(f"{label:32} {median:10.1f}")


if __name__ == "__main__":
    main()
