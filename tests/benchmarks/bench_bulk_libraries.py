"""Which library reads the intake spreadsheets: python-calamine against openpyxl (xlsx)
and odfpy (ods), measured on the same generated files in the same run.

    .venv/bin/python tests/benchmarks/bench_bulk_libraries.py [--rows N] [--repeat K]

Writes the xlsx with openpyxl (write-only) and the ods with odfpy, then reads every
cell of the first sheet with each library, ``--repeat`` times in a row, and prints the
median read time of each and the ratio. Not collected by pytest. The figures behind the
choice are recorded in tests/benchmarks/RESULTS-bulk.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import openpyxl
import python_calamine
from odf.opendocument import load
from odf.table import Table, TableCell, TableRow

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.unit.services.importing.files import write_ods as _write_ods

HEADER = ("Animal name", "Species", "Category ID", "Status", "Intake date", "Notes")
STATUSES = ("Available", "pending", "SOLD", "")


def _row(i: int) -> tuple[str, str, int, str, str, str]:
    return (f"Pet {i}", "Dog" if i % 2 else "Cat", 1 + i % 7, STATUSES[i % 4],
            f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}", f"Kennel {i % 40}, friendly")


def write_xlsx(path: Path, rows: int) -> None:
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Intake")
    sheet.append(HEADER)
    for i in range(rows):
        sheet.append(_row(i))
    book.save(path)


def write_ods(path: Path, rows: int) -> None:
    _write_ods(path, [HEADER, *(_row(i) for i in range(rows))])


def read_calamine(path: Path) -> int:
    book = python_calamine.CalamineWorkbook.from_path(str(path))
    try:
        return sum(1 for _ in book.get_sheet_by_index(0).iter_rows())
    finally:
        book.close()


def read_openpyxl(path: Path) -> int:
    book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    try:
        return sum(1 for _ in book.worksheets[0].iter_rows(values_only=True))
    finally:
        book.close()


def read_odfpy(path: Path) -> int:
    doc = load(str(path))
    count = 0
    for table in doc.spreadsheet.getElementsByType(Table):
        for row in table.getElementsByType(TableRow):
            _ = [str(cell) for cell in row.getElementsByType(TableCell)]
            count += 1
        break
    return count


def _median_time(func: Callable[[Path], int], path: Path, repeat: int) -> tuple[float, int]:
    times: list[float] = []
    count = 0
    for _ in range(repeat):
        started = time.perf_counter()
        count = func(path)
        times.append(time.perf_counter() - started)
    return statistics.median(times), count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--ods-rows", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        xlsx = Path(tmp) / "big.xlsx"
        ods = Path(tmp) / "big.ods"
        write_xlsx(xlsx, args.rows)
        write_ods(ods, args.ods_rows)
        print(f"xlsx: {args.rows:,} rows × {len(HEADER)} columns, "
              f"{xlsx.stat().st_size / 1e6:.1f} MB; "
              f"ods: {args.ods_rows:,} rows, {ods.stat().st_size / 1e6:.1f} MB; "
              f"median of {args.repeat}")
        results = {
            "xlsx calamine": _median_time(read_calamine, xlsx, args.repeat),
            "xlsx openpyxl (read-only)": _median_time(read_openpyxl, xlsx, args.repeat),
            "ods calamine": _median_time(read_calamine, ods, args.repeat),
            "ods odfpy": _median_time(read_odfpy, ods, max(1, args.repeat - 2)),
        }
    for name, (seconds, count) in results.items():
        print(f"  {name:28s} {seconds:8.3f} s  ({count:,} rows)")
    cal, opx = results["xlsx calamine"][0], results["xlsx openpyxl (read-only)"][0]
    print(f"  openpyxl / calamine (xlsx): {opx / cal:.1f}x")
    cal_o, odf = results["ods calamine"][0], results["ods odfpy"][0]
    print(f"  odfpy / calamine (ods):     {odf / cal_o:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
