"""Store figures: reading stored rows for the first paint, opening a store,
and the durable outbox write. Each against a baseline measured in the same run.

    .venv/bin/python tests/benchmarks/bench_store.py [--quick]

* import: a fresh interpreter running ``import petdesk.storage`` against one running
  ``import sqlite3``;
* read N rows (100; 100,000): ``SqliteStore.stored_page`` against a bare
  ``SELECT … fetchall()`` of the same rows on the same file (the floor: SQLite itself);
  medians of repeated reads (warm page cache, as after the first start of the day);
* open: ``open_store`` (WAL, quick_check, migrations) of a store holding 100,000 rows
  against a bare ``sqlite3.connect`` + one query;
* mirror search: ``SqliteStore.mirror_find`` (folded substring, newest first) over
  100,000 pets against a bare exact-match scan of the same table;
* outbox write: ``SqliteStore.queue`` (one transaction, WAL, synchronous=FULL, so on
  disk when it returns) against the same INSERT with ``synchronous=OFF`` (no fsync).
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from petdesk.core.statuses import PetStatus
from petdesk.storage.rows import Draft, PetRow, StoredQuery
from petdesk.storage.sqlite.store import open_store
from tests.helpers.store_helpers import find, mirror

STATUSES = [None, *PetStatus]


def _median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _fill(path: Path, count: int) -> StoredQuery:
    query = StoredQuery(None, 100)
    rows = [PetRow(i, f"Pet number {i}", 1 + i % 7, STATUSES[i % 4]) for i in range(1, count + 1)]
    with open_store(path, "production").store as store:
        store.pages.save_page(query, rows, next_url=None)
    return query


def reads(folder: Path, count: int, repeat: int) -> dict[str, float]:
    path = folder / f"read-{count}.sqlite3"
    query = _fill(path, count)
    store = open_store(path, "production").store
    bare = sqlite3.connect(path)
    sql = ("SELECT pet_id, name, category_id, pet_status FROM seen_row "
           "WHERE status = '' AND page_limit = 100 ORDER BY position")
    ours = _median_ms(lambda: store.pages.stored_page(query), repeat)
    base = _median_ms(lambda: bare.execute(sql).fetchall(), repeat)
    store.close()
    bare.close()
    return {"rows": count, "stored_page_ms": ours, "bare_select_ms": base,
            "ratio": ours / base}


def opening(folder: Path, repeat: int) -> dict[str, float]:
    path = folder / "open.sqlite3"
    _fill(path, 100_000)

    def ours() -> None:
        open_store(path, "production").store.close()

    def base() -> None:
        conn = sqlite3.connect(path)
        conn.execute("SELECT 1 FROM seen_query").fetchall()
        conn.close()

    a, b = _median_ms(ours, repeat), _median_ms(base, repeat)
    return {"open_store_100k_ms": a, "bare_connect_ms": b, "ratio": a / b}


def mirror_search(folder: Path, repeat: int) -> dict[str, float]:
    path = folder / "mirror.sqlite3"
    store = open_store(path, "production").store
    mirror(store, (PetRow(i, f"Pet number {i}", 1 + i % 7, STATUSES[i % 4])
                        for i in range(1, 100_001)))
    mirror(store, [PetRow(100_001, "Mochi", 2, None)])
    bare = sqlite3.connect(str(store.catalogue.path))  # the mirror's own file
    ours = _median_ms(lambda: find(store, "mochi"), repeat)
    base = _median_ms(lambda: bare.execute(
        "SELECT pet_id FROM mirror_pet WHERE name = 'Mochi'").fetchall(), repeat)
    store.close()
    bare.close()
    return {"find_ms": ours, "bare_scan_ms": base, "ratio": ours / base}


def outbox_writes(folder: Path, repeat: int) -> dict[str, float]:
    store = open_store(folder / "outbox.sqlite3", "production").store
    ours = _median_ms(lambda: store.outbox.queue(Draft("Rex", 1, PetStatus.AVAILABLE)), repeat)
    store.close()
    bare = sqlite3.connect(folder / "outbox-bare.sqlite3", isolation_level=None)
    bare.execute("PRAGMA journal_mode = WAL")
    bare.execute("PRAGMA synchronous = OFF")
    bare.execute("CREATE TABLE outbox (name TEXT, category_id INTEGER, state TEXT)")
    base = _median_ms(lambda: bare.execute(
        "INSERT INTO outbox VALUES ('Rex', 1, 'waiting')"), repeat)
    bare.close()
    return {"queue_ms": ours, "no_fsync_insert_ms": base, "ratio": ours / base}


def imports(repeat: int) -> dict[str, float]:
    """A fresh interpreter importing the store and reading nothing, against one that
    imports only sqlite3 (what any SQLite reader pays)."""
    def run(code: str) -> Callable[[], object]:
        return lambda: subprocess.run([sys.executable, "-c", code], check=True)

    ours = _median_ms(run("import petdesk.storage"), repeat)
    base = _median_ms(run("import sqlite3"), repeat)
    return {"import_store_ms": ours, "import_sqlite3_ms": base, "ratio": ours / base}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    repeat = 5 if args.quick else 21
    with tempfile.TemporaryDirectory(prefix="petdesk-bench-store-") as tmp:
        folder = Path(tmp)
        i = imports(repeat)
        print(f"python -c 'import petdesk.storage': {i['import_store_ms']:.1f} ms, "
              f"'import sqlite3' {i['import_sqlite3_ms']:.1f} ms ({i['ratio']:.2f}x)")
        for count in (100, 100_000):
            r = reads(folder, count, repeat)
            print(f"read {count:>7,} rows: stored_page {r['stored_page_ms']:.2f} ms, "
                  f"bare SELECT {r['bare_select_ms']:.2f} ms ({r['ratio']:.2f}x)")
        o = opening(folder, repeat)
        print(f"open a 100,000-row store: {o['open_store_100k_ms']:.2f} ms, bare connect "
              f"{o['bare_connect_ms']:.2f} ms ({o['ratio']:.1f}x)")
        m = mirror_search(folder, repeat)
        print(f"name search over 100,000 mirrored pets: {m['find_ms']:.2f} ms, bare scan "
              f"{m['bare_scan_ms']:.2f} ms ({m['ratio']:.2f}x)")
        w = outbox_writes(folder, repeat * 2)
        print(f"durable outbox write: {w['queue_ms']:.2f} ms, no-fsync insert "
              f"{w['no_fsync_insert_ms']:.3f} ms ({w['ratio']:.0f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
