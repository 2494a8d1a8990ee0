"""CSV reading with detection of the encoding and the delimiter.

**Encoding** (decision, in this order):

1. A byte-order mark decides: UTF-8 (``utf-8-sig``), UTF-16 LE/BE or UTF-32 (``utf-16`` /
   ``utf-32``, which consume the mark).
2. Without a mark, many NUL bytes at odd (even) positions of the first 64 KiB mean
   UTF-16 LE (BE), as some tools write it.
3. Otherwise the whole file is checked (one pass, which also computes its fingerprint):
   valid UTF-8 is UTF-8 (plain ASCII included); else Windows-1252 when none of its five
   undefined bytes occur; else Latin-1, which decodes anything.

Checking the whole file, not a sample, is what makes the guess safe: a sheet whose first
thousand rows are ASCII and row 1,001 holds ``Zoë`` in Windows-1252 is not UTF-8.

**Delimiter** (decision; ``csv.Sniffer`` guesses wrong on short files and on names with
commas): each of comma, semicolon, tab and pipe parses the first 50 records of a 64 KiB
sample; the winner has the most records as wide as the header (and the header wider
than one column), then the widest header; ties go to comma, semicolon, tab, pipe in that
order. A one-column file reads as comma-separated. Excel's ``sep=;`` first line, when
present, decides instead (and is not a row, as in Excel).
"""

from __future__ import annotations

import codecs
import csv
import hashlib
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.services.importing.cells import restore_formula_escape
from petdesk.services.importing.errors import FileRejected
from petdesk.services.importing.table import (
    ENCODING_LABELS,
    FileKind,
    RawRow,
    ReadLimits,
    SourceInfo,
    Table,
    data_rows,
    find_header,
)

DELIMITERS = (",", ";", "\t", "|")
_SAMPLE_BYTES = 64 * 1024
_SAMPLE_RECORDS = 50
_CHUNK = 1024 * 1024
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
#: Excel's own delimiter hint, alone on the first line: ``sep=;``.
_SEP_LINE = re.compile(r"sep=([^\r\n])(?:\r\n|\r|\n)")
_CP1252_UNDEFINED = (b"\x81", b"\x8d", b"\x8f", b"\x90", b"\x9d")


def encoding_from_bom(head: bytes) -> str | None:
    for bom, codec in _BOMS:
        if head.startswith(bom):
            return codec
    return None


def _utf16_without_bom(head: bytes) -> str | None:
    if len(head) < 4:
        return None
    even = head[0::2].count(0) / len(head[0::2])
    odd = head[1::2].count(0) / len(head[1::2])
    if odd > 0.3 and even < 0.05:
        return "utf-16-le"
    if even > 0.3 and odd < 0.05:
        return "utf-16-be"
    return None


def scan(stream: BinaryIO) -> tuple[str, str]:
    """One pass over the whole file: its SHA-256 and the codec of step 3 above."""
    digest = hashlib.sha256()
    utf8 = codecs.getincrementaldecoder("utf-8")()
    utf8_ok = True
    cp1252_ok = True
    while chunk := stream.read(_CHUNK):
        digest.update(chunk)
        if utf8_ok:
            try:
                utf8.decode(chunk)
            except UnicodeDecodeError:
                utf8_ok = False
        if cp1252_ok and any(byte in chunk for byte in _CP1252_UNDEFINED):
            cp1252_ok = False
    if utf8_ok:
        try:
            utf8.decode(b"", final=True)
        except UnicodeDecodeError:
            utf8_ok = False
    codec = "utf-8" if utf8_ok else "cp1252" if cp1252_ok else "latin-1"
    return digest.hexdigest(), codec


def _fingerprint(stream: BinaryIO) -> str:
    digest = hashlib.sha256()
    while chunk := stream.read(_CHUNK):
        digest.update(chunk)
    return digest.hexdigest()


def detect_encoding(path: Path) -> tuple[str, str]:
    """The codec to read ``path`` with, and the file's SHA-256."""
    with path.open("rb") as stream:
        head = stream.read(_SAMPLE_BYTES)
        stream.seek(0)
        codec = encoding_from_bom(head) or _utf16_without_bom(head)
        if codec is not None:
            return codec, _fingerprint(stream)
        fingerprint, codec = scan(stream)
        return codec, fingerprint


def _width_score(sample: str, delimiter: str) -> tuple[int, int]:
    widths: list[int] = []
    try:
        for record in csv.reader(io.StringIO(sample), delimiter=delimiter):
            if record:
                widths.append(len(record))
            if len(widths) >= _SAMPLE_RECORDS:
                break
    except csv.Error:
        return (-1, 0)
    if not widths or widths[0] < 2:
        return (0, widths[0] if widths else 0)
    return (sum(1 for width in widths if width == widths[0]), widths[0])


def detect_delimiter(sample: str) -> str:
    """The delimiter of a CSV sample (decoded text of its first 64 KiB or less)."""
    best = DELIMITERS[0]
    best_score = (0, 0)
    for delimiter in DELIMITERS:
        score = _width_score(sample, delimiter)
        if score > best_score:
            best, best_score = delimiter, score
    return best


def _sample(path: Path, codec: str) -> str:
    with path.open("r", encoding=codec, newline="", errors="replace") as text:
        sample = text.read(_SAMPLE_BYTES)
        more = text.read(1)
    if more:
        cut = max(sample.rfind("\n"), sample.rfind("\r"))
        if cut > 0:
            sample = sample[:cut]
    return sample


class _CsvRows:
    """The record iterator, bounded line by line (see :class:`ReadLimits`)."""

    def __init__(self, path: Path, codec: str, delimiter: str, limits: ReadLimits, *,
                 skip_sep_line: bool = False) -> None:
        self._raw = path.open("rb")
        self._size = max(1, path.stat().st_size)
        self._text = io.TextIOWrapper(self._raw, encoding=codec, newline="")
        if skip_sep_line:
            self._text.readline(16)  # Excel's "sep=;" line: not a row, Excel hides it
        self._limits = limits
        self._delimiter = delimiter
        self._record = 0

    def _lines(self) -> Iterator[str]:
        limit = self._limits.max_line_chars
        while line := self._text.readline(limit + 1):
            if len(line) > limit:
                raise FileRejected(QT_TRANSLATE_NOOP(
                    "Import", "Row {row} is longer than {limit:,} characters. This does not "
                    "look like a table of pets.").format(row=self._record + 1, limit=limit))
            yield line

    def records(self) -> Iterator[RawRow]:
        limits = self._limits
        reader = csv.reader(self._lines(), delimiter=self._delimiter)
        while True:
            try:
                record = next(reader)
            except StopIteration:
                return
            except csv.Error as error:
                raise FileRejected(QT_TRANSLATE_NOOP(
                    "Import", "Row {row} could not be read ({reason}).").format(
                    row=self._record + 1, reason=str(error))) from error
            except UnicodeDecodeError as error:  # only with an encoding the user forced
                label = ENCODING_LABELS.get(error.encoding, error.encoding)
                raise FileRejected(QT_TRANSLATE_NOOP(
                    "Import", "This file is not {encoding} text: choose another encoding."
                ).format(encoding=label)) from error
            self._record += 1
            yield self._checked(record, limits)

    def _checked(self, record: list[str], limits: ReadLimits) -> RawRow:
        number = self._record
        if len(record) > limits.max_columns:
            raise FileRejected(QT_TRANSLATE_NOOP(
                "Import", "Row {row} has more than {limit:,} columns.").format(
                row=number, limit=limits.max_columns))
        if record and max(map(len, record)) > limits.max_cell_chars:
            raise FileRejected(QT_TRANSLATE_NOOP(
                "Import", "Row {row} has a cell longer than {limit:,} characters.").format(
                row=number, limit=limits.max_cell_chars))
        return RawRow(number, tuple(map(restore_formula_escape, record)))

    def fraction(self) -> float:
        if self._raw.closed:
            return 1.0
        return min(1.0, self._raw.tell() / self._size)

    def close(self) -> None:
        self._text.close()


def open_csv(path: Path, limits: ReadLimits, *, encoding: str | None = None,
             delimiter: str | None = None) -> Table:
    """Open a CSV file; ``encoding``/``delimiter`` override the detection when given."""
    if encoding is not None:
        try:
            codecs.lookup(encoding)
        except LookupError:
            raise FileRejected(QT_TRANSLATE_NOOP(
                "Import", "“{encoding}” is not a text encoding PetDesk knows.").format(
                encoding=encoding)) from None
    codec, fingerprint = detect_encoding(path)
    codec = encoding or codec
    sample = _sample(path, codec)
    hint = _SEP_LINE.match(sample)
    if delimiter is None:
        delimiter = hint.group(1) if hint else detect_delimiter(sample)
    reader = _CsvRows(path, codec, delimiter, limits, skip_sep_line=hint is not None)
    try:
        records = reader.records()
        header, records = find_header(records)
        if header is None:
            raise FileRejected(QT_TRANSLATE_NOOP(
                "Import", "This file is empty: it has no header row and no pets."))
    except BaseException:
        reader.close()
        raise
    info = SourceInfo(path=path, kind=FileKind.CSV, size_bytes=path.stat().st_size,
                      fingerprint=fingerprint, encoding=codec, delimiter=delimiter)
    return Table(info, header, data_rows(records, limits), reader.fraction, reader.close)
