"""SQLite storage of the sandbox's animals (standard library ``sqlite3`` only).

Decisions where the spec is silent
----------------------------------
* Categories are not a resource in the spec (section 2 shows only the identifier
  ``categoryId``). The seed data uses the categories in :data:`CATEGORIES`
  (1 = Dogs, 2 = Cats, 3 = Rabbits, 4 = Birds, 5 = Reptiles, 6 = Small mammals,
  7 = Fish); the server accepts any positive int64 ``categoryId`` on creation and
  does not check it against this table.
* Identifiers are assigned by SQLite (``INTEGER PRIMARY KEY AUTOINCREMENT``): they
  start at 1, increase, and are never reused, except after :meth:`Store.reset`,
  which empties the table and starts again at 1.
* An animal without a status is stored with ``status`` NULL and is serialised
  *without* a ``status`` member (never ``"status": null``): the spec types
  ``status`` as the PetStatus enumeration with no null value.
* A new database is seeded with :data:`SEED_COUNT` animals generated from a fixed
  random seed, so every fresh sandbox holds exactly the same animals with the
  same identifiers. An existing database file is never re-seeded unless
  :meth:`Store.reset` is called (``petdesk-sandbox --reset``).

Thread safety: one connection opened with ``check_same_thread=False``, every use
of it serialised by a lock. That is plenty for a sandbox and works the same for
``:memory:`` and for files.
"""

from __future__ import annotations

import random
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from petdesk.core import folders  # platformdirs: the sandbox's only third-party import

__all__ = [
    "CATEGORIES",
    "INT64_MAX",
    "PET_STATUSES",
    "SEED_COUNT",
    "Pet",
    "Store",
    "StoreError",
    "default_db_path",
]

INT64_MAX: Final = 2**63 - 1
PET_STATUSES: Final[tuple[str, ...]] = ("available", "pending", "sold")
SEED_COUNT: Final = 300
SEED: Final = 20240501
SCHEMA_VERSION: Final = "1"

#: Meaning of the category identifiers used by the seed data.
CATEGORIES: Final[dict[int, str]] = {
    1: "Dogs",
    2: "Cats",
    3: "Rabbits",
    4: "Birds",
    5: "Reptiles",
    6: "Small mammals",
    7: "Fish",
}

# Relative share of each category among the seeded animals.
_CATEGORY_WEIGHTS: Final = {1: 30, 2: 30, 3: 10, 4: 10, 5: 7, 6: 8, 7: 5}
# Share of each status among the seeded animals; None = no status.
_STATUS_WEIGHTS: Final[dict[str | None, int]] = {
    "available": 55,
    "pending": 15,
    "sold": 20,
    None: 10,
}


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_COMMON_NAMES: Final = _words(
    "Bella Luna Charlie Lucy Max Bailey Daisy Cooper Sadie Molly Buddy Lola Stella "
    "Tucker Bear Zoey Duke Penny Rocky Maggie Jack Chloe Ollie Sophie Teddy Ruby "
    "Milo Rosie Leo Gracie Coco Jake Lily Toby Roxy Finn Nala Winston Willow Murphy "
    "Pepper Louie Ginger Oscar Hazel Gus Piper Bruno Olive Archie Maple Ziggy Honey"
)

_NAMES_BY_CATEGORY: Final[dict[int, tuple[str, ...]]] = {
    1: _words(
        "Rex Biscuit Scout Ranger Bandit Diesel Koda Moose Sarge Thor Apollo Blue Ace "
        "Rusty Hank Waffles Nugget Pickles Barkley Copper Juno Mocha Sky Remy"
    ),
    2: _words(
        "Whiskers Mittens Shadow Smokey Tigger Simba Cleo Misty Felix Salem Pumpkin "
        "Oreo Kiki Mochi Jinx Pixel Sushi Tofu Marmalade Binx Purrcy Noodle"
    ),
    3: _words(
        "Thumper Clover Hopper Cinnamon Flopsy Peanut Snowball Bunbun Dandelion "
        "Caramel Oatmeal Marshmallow Nibbles Basil"
    ),
    4: _words(
        "Kiwi Mango Rio Sunny Tweety Skye Polly Peaches Blu Sunflower Pip Zazu "
        "Echo Lemon Chirpy Papaya"
    ),
    5: _words(
        "Spike Godzilla Rango Yoshi Draco Scales Shelly Ziggy Gecko Slinky Verdi Kaa Iggy Pebbles"
    ),
    6: _words(
        "Peanut Hammy Squeaky Fuzzy Nutmeg Biscotti Popcorn Gizmo Button Acorn "
        "Cheddar Pudding Muffin Truffle"
    ),
    7: _words("Nemo Bubbles Goldie Finley Dory Splash Gill Wanda Flash Coral Neptune Marlin"),
}

_TITLES: Final = ("Sir", "Lady", "Captain", "Professor", "Little", "Big", "Princess", "Mr.")


@dataclass(frozen=True, slots=True)
class Pet:
    """One animal as stored."""

    id: int
    name: str
    category_id: int
    status: str | None = None

    def to_json(self) -> dict[str, object]:
        """The wire form (spec section 2); ``status`` is left out when unset."""
        data: dict[str, object] = {"id": self.id, "name": self.name, "categoryId": self.category_id}
        if self.status is not None:
            data["status"] = self.status
        return data


class StoreError(Exception):
    """The database file is not a sandbox database this version understands."""


def default_db_path() -> Path:
    """The demo database: ``sandbox.sqlite3`` in PetDesk's data folder."""
    return folders.data_dir() / "sandbox.sqlite3"


def seed_pets(count: int = SEED_COUNT, seed: int = SEED) -> list[tuple[str, int, str | None]]:
    """The deterministic seed data as ``(name, category_id, status)`` rows."""
    rng = random.Random(seed)  # noqa: S311 - deterministic demo data, not security
    categories = list(_CATEGORY_WEIGHTS)
    category_weights = list(_CATEGORY_WEIGHTS.values())
    statuses = list(_STATUS_WEIGHTS)
    status_weights = list(_STATUS_WEIGHTS.values())
    rows: list[tuple[str, int, str | None]] = []
    for _ in range(count):
        category = rng.choices(categories, category_weights)[0]
        pool = _NAMES_BY_CATEGORY[category]
        name = rng.choice(pool) if rng.random() < 0.6 else rng.choice(_COMMON_NAMES)
        if rng.random() < 0.08:
            name = f"{rng.choice(_TITLES)} {name}"
        status = rng.choices(statuses, status_weights)[0]
        rows.append((name, category, status))
    return rows


class Store:
    """Thread-safe SQLite storage of pets.

    ``path`` is a file path, or ``None`` / ``":memory:"`` for a private in-memory
    database. A new database (no sandbox tables yet) is created and seeded with
    ``seed_count`` animals; an existing one is opened as it is.
    """

    def __init__(self, path: str | Path | None = None, *, seed_count: int = SEED_COUNT) -> None:
        if seed_count < 0:
            raise ValueError("seed_count must be >= 0")
        self._seed_count = seed_count
        self._lock = threading.RLock()
        if path is None or str(path) == ":memory:":
            self._path: Path | None = None
            target = ":memory:"
        else:
            self._path = Path(path)
            self._path.parent.mkdir(parents=True, exist_ok=True)
            target = str(self._path)
        self._conn = sqlite3.connect(
            target, check_same_thread=False, isolation_level=None, timeout=10.0
        )
        self._closed = False
        self.created = self._ensure_schema()

    # -- lifecycle ---------------------------------------------------------------------------

    @property
    def path(self) -> Path | None:
        """The database file, or ``None`` for an in-memory store."""
        return self._path

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _ensure_schema(self) -> bool:
        """Create and seed the tables if missing. Returns True if the DB was new."""
        with self._lock:
            conn = self._conn
            conn.execute("BEGIN IMMEDIATE")
            try:
                has_meta = conn.execute(
                    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'"
                ).fetchone()
                if has_meta:
                    row = conn.execute(
                        "SELECT value FROM meta WHERE key = 'schema_version'"
                    ).fetchone()
                    if row is None or row[0] != SCHEMA_VERSION:
                        raise StoreError(
                            f"{self._path} is not a PetDesk sandbox database of schema version "
                            f"{SCHEMA_VERSION}"
                        )
                    conn.execute("COMMIT")
                    return False
                conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                conn.execute(
                    "CREATE TABLE pets ("
                    " id INTEGER PRIMARY KEY AUTOINCREMENT,"
                    " name TEXT NOT NULL,"
                    " category_id INTEGER NOT NULL,"
                    " status TEXT CHECK (status IN ('available', 'pending', 'sold'))"
                    ")"
                )
                conn.execute("CREATE INDEX pets_status_id ON pets (status, id)")
                conn.execute(
                    "INSERT INTO meta (key, value) VALUES ('schema_version', ?)", (SCHEMA_VERSION,)
                )
                self._seed_locked()
                conn.execute("COMMIT")
                return True
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    def _seed_locked(self) -> None:
        self._conn.executemany(
            "INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?)",
            seed_pets(self._seed_count),
        )

    def reset(self) -> None:
        """Delete every animal and re-seed; identifiers start again at 1."""
        with self._lock:
            conn = self._conn
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.execute("DELETE FROM pets")
                conn.execute("DELETE FROM sqlite_sequence WHERE name = 'pets'")
                self._seed_locked()
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    # -- queries -----------------------------------------------------------------------------

    def list_pets(
        self, *, limit: int, status: str | None = None, after_id: int = 0
    ) -> tuple[list[Pet], bool]:
        """Up to ``limit`` pets with ``id > after_id`` by ascending id, and whether more exist."""
        if limit < 1:
            raise ValueError("limit must be >= 1")
        if after_id >= INT64_MAX:
            return [], False
        after_id = max(after_id, 0)
        with self._lock:
            if status is None:
                rows = self._conn.execute(
                    "SELECT id, name, category_id, status FROM pets WHERE id > ? "
                    "ORDER BY id LIMIT ?",
                    (after_id, limit + 1),
                ).fetchall()
            else:
                rows = self._conn.execute(
                    "SELECT id, name, category_id, status FROM pets WHERE status = ? AND id > ? "
                    "ORDER BY id LIMIT ?",
                    (status, after_id, limit + 1),
                ).fetchall()
        pets = [Pet(*row) for row in rows[:limit]]
        return pets, len(rows) > limit

    def get_pet(self, pet_id: int) -> Pet | None:
        if not 1 <= pet_id <= INT64_MAX:
            return None
        with self._lock:
            row = self._conn.execute(
                "SELECT id, name, category_id, status FROM pets WHERE id = ?", (pet_id,)
            ).fetchone()
        return Pet(*row) if row else None

    def add_pet(self, name: str, category_id: int, status: str | None = None) -> Pet:
        if status is not None and status not in PET_STATUSES:
            raise ValueError(f"unknown status {status!r}")
        with self._lock:
            cursor = self._conn.execute(
                "INSERT INTO pets (name, category_id, status) VALUES (?, ?, ?)",
                (name, category_id, status),
            )
            pet_id = cursor.lastrowid
        assert pet_id is not None
        return Pet(pet_id, name, category_id, status)

    def count(self, status: str | None = None) -> int:
        with self._lock:
            if status is None:
                row = self._conn.execute("SELECT COUNT(*) FROM pets").fetchone()
            else:
                row = self._conn.execute(
                    "SELECT COUNT(*) FROM pets WHERE status = ?", (status,)
                ).fetchone()
        return int(row[0])
