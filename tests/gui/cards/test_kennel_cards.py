"""Kennel cards rendered to real PDFs, read back with pypdf, rasterised with
poppler's pdftoppm and their QR codes decoded with zbar."""

from __future__ import annotations

import math
import unicodedata
from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QLocale, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPdfWriter

from petdesk.api import Pet, PetStatus
from petdesk.gui.cards.kennel_cards import (
    CardPageSize,
    CardSheet,
    KennelCard,
    cards_for_pets,
    paint_cards,
)
from petdesk.services.cards.categories import CategoryTable
from tests.gui.cards.conftest import decode_qr, pdf_to_png
from tests.helpers.card_image import card_image

TODAY = date(2026, 11, 24)
LOCALE = QLocale("en_GB")

CARDS = [
    KennelCard(1, "Rex", "Dogs (1)", "Available"),
    KennelCard(42, "Whiskers", "Cats (2)", "Pending"),
    KennelCard(9_223_372_036_854_775_807, "Biggest Id", "7", "Sold"),
    KennelCard(305, "Thumper", "Rabbits (3)", "No status"),
    KennelCard(306, "Polly", "Birds (4)", "Available"),
    KennelCard(307, "Slinky", "Reptiles (5)", "Available"),
    KennelCard(308, "Nibbles", "Small mammals (6)", "Sold"),
]
#: Points of each page, as PDF readers see them (4 × 6 in is landscape).
PAGE_POINTS = {
    CardPageSize.A4: (595, 842),
    CardPageSize.LETTER: (612, 792),
    CardPageSize.INDEX_4X6: (432, 288),
}


def render_pdf(path: Path, cards: list[KennelCard], page: CardPageSize) -> Path:
    writer = QPdfWriter(str(path))
    writer.setResolution(300)
    paint_cards(writer, CardSheet(cards, page, printed_on=TODAY, locale=LOCALE))
    del writer
    return path


def squash(text: str) -> str:
    """``text`` without white space, ligatures (ﬃ) unfolded."""
    return "".join(unicodedata.normalize("NFKC", text).split())


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("page", list(CardPageSize))
def test_pdf_holds_name_category_status_id_and_date_of_every_card(
        qapp: object, tmp_path: Path, page: CardPageSize) -> None:
    pdf = PdfReader(render_pdf(tmp_path / "cards.pdf", CARDS, page))

    assert len(pdf.pages) == math.ceil(len(CARDS) / page.per_page)
    for number, pdf_page in enumerate(pdf.pages):
        width, height = PAGE_POINTS[page]
        assert (round(float(pdf_page.mediabox.width)), round(float(pdf_page.mediabox.height))) \
            == (width, height)
        text = words(pdf_page.extract_text())
        on_page = CARDS[number * page.per_page:(number + 1) * page.per_page]
        for card in on_page:
            assert card.name in text
            assert f"Category: {card.category}" in text
            assert f"Status: {card.status}" in text
            assert f"ID: {card.pet_id}" in text
        assert text.count("Printed Tuesday, 24 November 2026") == len(on_page)


@pytest.mark.parametrize("page", list(CardPageSize))
def test_qr_codes_on_every_page_decode_to_the_ids(
        qapp: object, tmp_path: Path, page: CardPageSize) -> None:
    pdf = render_pdf(tmp_path / "cards.pdf", CARDS, page)

    pngs = pdf_to_png(pdf, tmp_path / "page", dpi=100)

    assert len(pngs) == math.ceil(len(CARDS) / page.per_page)
    decoded = [sorted(decode_qr(png)) for png in pngs]
    expected = [sorted(str(c.pet_id) for c in CARDS[i * page.per_page:(i + 1) * page.per_page])
                for i in range(len(pngs))]
    assert decoded == expected


def test_a_card_image_decodes_to_its_id_and_is_written_as_png(
        qapp: object, tmp_path: Path) -> None:
    image = card_image(KennelCard(12345, "Rex", "Dogs (1)", "Available"), dpi=150,
                       printed_on=TODAY, locale=LOCALE)
    png = tmp_path / "card.png"
    assert image.save(str(png))

    assert decode_qr(png) == ["12345"]
    # 4 × 6 in less 3 mm margins, at 150 dpi.
    assert (image.width(), image.height()) == (865, 565)


HARD_NAMES = [
    "A" * 100,
    "Maximilian-Alexander von Hohenzollern-Sigmaringen der Dritte, genannt der Große " * 2,
    "שלום עולם " * 10,
    "مرحبا بالعالم " * 7,
    "🐶🐱🐰🦜🐍" * 20,
    "小白兔" * 33 + "a",
    "Rex\u202eevil\u200b\u2066zero\u200d\u00ad\ufeff",
    "W" * 1000,
    "",
    " ",
]


@pytest.mark.parametrize("name", HARD_NAMES, ids=range(len(HARD_NAMES)))
@pytest.mark.parametrize("page", [CardPageSize.A4, CardPageSize.INDEX_4X6])
def test_hard_names_never_leave_the_card_and_the_code_still_reads(
        qapp: object, tmp_path: Path, name: str, page: CardPageSize) -> None:
    card = KennelCard(777, name, "Dogs (1)", "Available")
    plain = card_image(card, page, dpi=100, printed_on=TODAY)
    margin = 40
    image = QImage(plain.width() + 2 * margin, plain.height() + 2 * margin,
                   QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(plain.dotsPerMeterX())
    image.setDotsPerMeterY(plain.dotsPerMeterY())
    image.fill(QColor("white"))
    painter = QPainter(image)
    sheet = CardSheet([card], page, printed_on=TODAY)
    sheet.paint_card(painter, card, QRectF(margin, margin, plain.width(), plain.height()),
                     cut_lines=True)
    painter.end()

    white = QColor("white").rgb()
    for x in range(image.width()):
        for y in (*range(margin - 1), *range(image.height() - margin + 1, image.height())):
            assert image.pixel(x, y) == white, (x, y)
    for y in range(image.height()):
        for x in (*range(margin - 1), *range(image.width() - margin + 1, image.width())):
            assert image.pixel(x, y) == white, (x, y)
    png = tmp_path / "card.png"
    image.save(str(png))
    assert decode_qr(png) == ["777"]


def test_a_100_character_name_is_printed_whole(qapp: object, tmp_path: Path) -> None:
    name = "Bartholomew " * 8 + "Fluffington"
    assert len(name) >= 100
    card = KennelCard(5, name, "Dogs (1)", "Available")

    text = PdfReader(render_pdf(tmp_path / "c.pdf", [card], CardPageSize.INDEX_4X6)) \
        .pages[0].extract_text()

    assert squash(name) in squash(text)
    assert "…" not in text


def test_a_name_too_long_for_any_size_is_elided(qapp: object, tmp_path: Path) -> None:
    card = KennelCard(5, "W" * 1000, "Dogs (1)", "Available")

    text = PdfReader(render_pdf(tmp_path / "c.pdf", [card], CardPageSize.A4)) \
        .pages[0].extract_text()

    assert "…" in text
    assert "ID: 5" in words(text)


def test_the_date_follows_the_locale(qapp: object, tmp_path: Path) -> None:
    german = QLocale("de_DE")
    writer = QPdfWriter(str(tmp_path / "de.pdf"))
    paint_cards(writer, CardSheet(CARDS[:1], CardPageSize.A4, printed_on=TODAY, locale=german))
    del writer

    text = PdfReader(tmp_path / "de.pdf").pages[0].extract_text()

    assert "24. November 2026" in words(text)


def test_no_cards_give_one_empty_page(qapp: object, tmp_path: Path) -> None:
    pdf = PdfReader(render_pdf(tmp_path / "none.pdf", [], CardPageSize.LETTER))

    assert len(pdf.pages) == 1
    assert pdf.pages[0].extract_text().strip() == ""


def test_a_megabyte_name_from_a_server_is_cut_and_elided(qapp: object, tmp_path: Path) -> None:
    card = KennelCard(6, "Rex " * 250_000, "Dogs (1)", "Available")

    text = PdfReader(render_pdf(tmp_path / "c.pdf", [card], CardPageSize.A4)) \
        .pages[0].extract_text()

    assert "…" in text
    assert text.count("Rex") < 1000
    assert "ID: 6" in words(text)


def test_cards_for_pets_use_the_display_rule_and_staff_words(qapp: object) -> None:
    pets = [Pet(id=5, name="Rex", categoryId=1, status=PetStatus.PENDING),
            Pet(id=6, name="Tom", categoryId=9)]
    table = CategoryTable({1: "Dogs"})
    words_for = {"pending": "Pending", None: "No status"}

    cards = cards_for_pets(pets, table.label, words_for.__getitem__)

    assert cards == [KennelCard(5, "Rex", "Dogs (1)", "Pending"),
                     KennelCard(6, "Tom", "9", "No status")]
