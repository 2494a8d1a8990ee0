"""The kennel-card dialog driven by clicks and keys: page size, preview, Save as
PDF (painted page by page, written off the GUI thread), Print, Cancel, Escape."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QLocale, Qt
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from petdesk.gui.cards.kennel_card_dialog import (
    PREVIEW_MAX_PAGES,
    KennelCardDialog,
    default_page_size,
)
from petdesk.gui.cards.kennel_cards import CardPageSize, KennelCard
from petdesk.gui.worker.io_runner import ask_save_path
from tests.gui.cards.conftest import ThreadIo, decode_qr, pdf_to_png

TODAY = date(2026, 11, 24)


def cards(count: int) -> list[KennelCard]:
    return [KennelCard(100 + i, f"Pet {i}", "Dogs (1)", "Available") for i in range(count)]


class Answers:
    """What the user answers in the file and print dialogs."""

    def __init__(self, save_path: Path | None = None, pdf_for_printer: Path | None = None):
        self.save_path = save_path
        self.pdf_for_printer = pdf_for_printer
        self.suggested: list[str] = []
        self.printers: list[QPrinter] = []

    def ask_save_path(self, _parent: QWidget, suggested: str) -> Path | None:
        self.suggested.append(suggested)
        return self.save_path

    def ask_printer(self, printer: QPrinter, _parent: QWidget) -> bool:
        self.printers.append(printer)
        if self.pdf_for_printer is None:
            return False
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(self.pdf_for_printer))
        return True


def open_dialog(qtbot: QtBot, run_io: ThreadIo, count: int, answers: Answers,
                page: CardPageSize = CardPageSize.A4) -> KennelCardDialog:
    dialog = KennelCardDialog(cards(count), run_io, page=page, printed_on=TODAY,
                              ask_printer=answers.ask_printer,
                              ask_save_path=answers.ask_save_path)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    return dialog


def test_opens_with_the_page_size_focused_and_a_summary(qtbot: QtBot, run_io: ThreadIo) -> None:
    dialog = open_dialog(qtbot, run_io, 8, Answers())

    qtbot.waitUntil(lambda: dialog.pageSizeCombo.hasFocus())
    assert dialog.summaryLabel.text() == "8 card(s) on 2 page(s)."
    assert dialog.preview.pageCount() == 2
    assert not dialog.progressBar.isVisible()
    assert not dialog.cancelButton.isVisible()


def test_choosing_4x6_by_keyboard_gives_one_card_a_page(qtbot: QtBot, run_io: ThreadIo) -> None:
    dialog = open_dialog(qtbot, run_io, 5, Answers())

    qtbot.keyClick(dialog.pageSizeCombo, Qt.Key.Key_End)

    assert dialog.pageSizeCombo.currentText() == "4 × 6 in (1 card a page)"
    assert dialog.summaryLabel.text() == "5 card(s) on 5 page(s)."
    qtbot.waitUntil(lambda: dialog.preview.pageCount() == 5)


def test_the_preview_is_bounded_but_the_summary_counts_every_page(
        qtbot: QtBot, run_io: ThreadIo) -> None:
    dialog = open_dialog(qtbot, run_io, 200, Answers())

    assert dialog.preview.pageCount() == PREVIEW_MAX_PAGES
    assert dialog.summaryLabel.text() == (
        f"200 card(s) on 34 page(s). The preview shows the first {PREVIEW_MAX_PAGES} pages.")


@pytest.mark.parametrize("page", list(CardPageSize))
def test_save_as_pdf_writes_every_card_without_blocking(
        qtbot: QtBot, run_io: ThreadIo, tmp_path: Path, page: CardPageSize) -> None:
    target = tmp_path / "cards.pdf"
    dialog = open_dialog(qtbot, run_io, 13, Answers(save_path=target), page)
    pages: list[int] = []
    dialog.progressBar.valueChanged.connect(pages.append)

    with qtbot.waitSignal(dialog.saved, timeout=10_000) as saved:
        qtbot.mouseClick(dialog.saveButton, Qt.MouseButton.LeftButton)
        # The click returned before the pages were painted: the dialog is busy.
        assert not dialog.saveButton.isEnabled()
        assert not dialog.printButton.isEnabled()
        assert dialog.cancelButton.isVisible()
        assert dialog.progressBar.isVisible()
        assert pages in ([], [0])

    expected_pages = -(-13 // page.per_page)
    assert saved.args == [str(target)]
    assert [p for p in pages if p] == list(range(1, expected_pages + 1))
    assert dialog.statusLabel.text() == f"Saved to {target}."
    assert dialog.saveButton.isEnabled()
    assert not dialog.progressBar.isVisible()
    assert run_io.calls == 1
    reader = PdfReader(target)
    assert len(reader.pages) == expected_pages
    text = " ".join(" ".join(p.extract_text() for p in reader.pages).split())
    for card in cards(13):
        assert card.name in text
        assert f"ID: {card.pet_id}" in text
    png = pdf_to_png(target, tmp_path / "p", dpi=100)[0]
    assert sorted(decode_qr(png)) == [str(c.pet_id) for c in cards(13)[:page.per_page]]


def test_print_sends_every_page_to_the_chosen_printer(
        qtbot: QtBot, run_io: ThreadIo, tmp_path: Path) -> None:
    output = tmp_path / "printed.pdf"
    answers = Answers(pdf_for_printer=output)
    dialog = open_dialog(qtbot, run_io, 7, answers, CardPageSize.LETTER)

    with qtbot.waitSignal(dialog.printed, timeout=10_000):
        qtbot.mouseClick(dialog.printButton, Qt.MouseButton.LeftButton)

    assert dialog.statusLabel.text() == "Sent to the printer."
    reader = PdfReader(output)
    assert len(reader.pages) == 2
    assert round(float(reader.pages[0].mediabox.width)) == 612
    assert run_io.calls == 0


def test_dismissing_the_print_dialog_prints_nothing(
        qtbot: QtBot, run_io: ThreadIo) -> None:
    answers = Answers()
    dialog = open_dialog(qtbot, run_io, 3, answers)

    qtbot.mouseClick(dialog.printButton, Qt.MouseButton.LeftButton)

    assert len(answers.printers) == 1
    assert not dialog.busy
    assert dialog.statusLabel.text() == ""


def test_cancel_stops_a_long_save_and_writes_no_file(
        qtbot: QtBot, run_io: ThreadIo, tmp_path: Path) -> None:
    target = tmp_path / "cards.pdf"
    dialog = open_dialog(qtbot, run_io, 300, Answers(save_path=target))

    qtbot.mouseClick(dialog.saveButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.progressBar.value() >= 2)
    qtbot.mouseClick(dialog.cancelButton, Qt.MouseButton.LeftButton)

    assert dialog.statusLabel.text() == "Cancelled."
    assert dialog.saveButton.isEnabled()
    assert not target.exists()
    assert run_io.calls == 0


def test_escape_cancels_a_running_save_then_closes(
        qtbot: QtBot, run_io: ThreadIo, tmp_path: Path) -> None:
    dialog = open_dialog(qtbot, run_io, 300, Answers(save_path=tmp_path / "c.pdf"))
    qtbot.mouseClick(dialog.saveButton, Qt.MouseButton.LeftButton)

    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.isVisible()
    assert dialog.statusLabel.text() == "Cancelled."

    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_a_save_that_fails_says_why_and_keeps_the_dialog(
        qtbot: QtBot, run_io: ThreadIo, tmp_path: Path) -> None:
    target = tmp_path / "no such folder" / "cards.pdf"
    dialog = open_dialog(qtbot, run_io, 2, Answers(save_path=target))

    qtbot.mouseClick(dialog.saveButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.busy, timeout=10_000)

    assert dialog.statusLabel.text() == (
        f"The PDF could not be saved to {target}: No such file or directory.")
    assert dialog.saveButton.isEnabled()
    assert dialog.isVisible()


def test_declining_the_file_dialog_saves_nothing(qtbot: QtBot, run_io: ThreadIo) -> None:
    answers = Answers()
    dialog = open_dialog(qtbot, run_io, 2, answers)

    qtbot.mouseClick(dialog.saveButton, Qt.MouseButton.LeftButton)

    assert answers.suggested and answers.suggested[0].endswith("kennel-cards.pdf")
    assert not dialog.busy


def test_letter_is_the_default_for_us_units(qapp: object) -> None:
    assert default_page_size(QLocale("en_US")) is CardPageSize.LETTER
    assert default_page_size(QLocale("de_DE")) is CardPageSize.A4


@pytest.mark.parametrize(("chosen", "expected"), [
    ("/tmp/cards", "/tmp/cards.pdf"), ("/tmp/cards.PDF", "/tmp/cards.PDF"), ("", None)])
def test_the_save_dialog_answer_gets_the_pdf_suffix(
        qapp: object, monkeypatch: pytest.MonkeyPatch, chosen: str, expected: str | None) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *_args: (chosen, "PDF files (*.pdf)"))
    answer = ask_save_path(QWidget(), "Save", "/tmp/x.pdf", "PDF files (*.pdf)", ".pdf")
    assert answer == (Path(expected) if expected else None)


def test_enter_prints_and_the_printer_gets_the_chosen_page_size(
        qtbot: QtBot, run_io: ThreadIo, tmp_path: Path) -> None:
    output = tmp_path / "printed.pdf"
    answers = Answers(pdf_for_printer=output)
    dialog = open_dialog(qtbot, run_io, 2, answers, CardPageSize.INDEX_4X6)

    with qtbot.waitSignal(dialog.printed, timeout=10_000):
        qtbot.keyClick(dialog.pageSizeCombo, Qt.Key.Key_Return)

    assert len(answers.printers) == 1
    reader = PdfReader(output)
    assert len(reader.pages) == 2
    assert (round(float(reader.pages[0].mediabox.width)),
            round(float(reader.pages[0].mediabox.height))) == (432, 288)
