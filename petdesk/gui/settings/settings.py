"""Typed access to PetDesk's QSettings. The API key is never stored here.

Stored: the base URL of each environment (defaults: the spec's placeholders),
the request timeout, the last environment, the window geometry and state, the
table header (column widths) and sort, and for each environment ("production",
"staging", "demo") its status filter and page size: the demo's filters never carry
into Production. An environment without its own falls back to the older global keys
(``filter/status``, ``filter/limit``). Also the catalogue's schedule and share of
the quota, the folder each kind of file dialog last used, and the shared store's
address and whether this desk uses it (its password is in the keyring).
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QByteArray, QSettings

from petdesk.core.connection import PRODUCTION_URL, STAGING_URL

if TYPE_CHECKING:
    from PySide6.QtCore import Qt

DEFAULT_TIMEOUT = 15.0
TIMEOUT_RANGE = (1.0, 120.0)
#: The language chosen in File › Settings… besides the system's ("").
LANGUAGES = ("en", "de", "es")


class Environment(enum.StrEnum):
    PRODUCTION = "production"
    STAGING = "staging"


class AppSettings:
    """A thin typed wrapper; pass in the QSettings to use (tests use an ini file)."""

    def __init__(self, qsettings: QSettings, *, store_folder: Path | None = None) -> None:
        self._s = qsettings
        #: Where the local stores live (``None``: the platform data folder). The
        #: self-test passes a throw-away folder; never saved.
        self.store_folder = store_folder

    @property
    def qsettings(self) -> QSettings:
        return self._s

    def sync(self) -> None:
        self._s.sync()

    # -- connection ----------------------------------------------------------------------

    def base_url(self, environment: Environment | str) -> str:
        env = Environment(environment)
        default = PRODUCTION_URL if env is Environment.PRODUCTION else STAGING_URL
        value = self._s.value(f"connection/{env.value}_url", default)
        return str(value) if value else default

    def set_base_url(self, environment: Environment | str, url: str) -> None:
        self._s.setValue(f"connection/{Environment(environment).value}_url", url.strip())

    @property
    def timeout(self) -> float:
        try:
            value = float(self._s.value("connection/timeout", DEFAULT_TIMEOUT))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return DEFAULT_TIMEOUT
        low, high = TIMEOUT_RANGE
        return min(max(value, low), high)

    @timeout.setter
    def timeout(self, seconds: float) -> None:
        self._s.setValue("connection/timeout", float(seconds))

    @property
    def environment(self) -> Environment:
        try:
            return Environment(str(self._s.value("connection/environment", "production")))
        except ValueError:
            return Environment.PRODUCTION

    @environment.setter
    def environment(self, env: Environment) -> None:
        self._s.setValue("connection/environment", Environment(env).value)

    # -- language ------------------------------------------------------------------------

    @property
    def language(self) -> str:
        """"" for the system's language, else "en", "de" or "es" (read at start-up)."""
        value = self._s.value("ui/language", "")
        return value if isinstance(value, str) and value in LANGUAGES else ""

    @language.setter
    def language(self, value: str) -> None:
        self._s.setValue("ui/language", value if value in LANGUAGES else "")

    # -- view state ----------------------------------------------------------------------

    def _bytes(self, key: str) -> QByteArray | None:
        value = self._s.value(key)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    @property
    def geometry(self) -> QByteArray | None:
        return self._bytes("window/geometry")

    @geometry.setter
    def geometry(self, value: QByteArray) -> None:
        self._s.setValue("window/geometry", value)

    @property
    def window_state(self) -> QByteArray | None:
        return self._bytes("window/state")

    @window_state.setter
    def window_state(self, value: QByteArray) -> None:
        self._s.setValue("window/state", value)

    @property
    def header_state(self) -> QByteArray | None:
        return self._bytes("table/header")

    @header_state.setter
    def header_state(self, value: QByteArray) -> None:
        self._s.setValue("table/header", value)

    @property
    def sort(self) -> tuple[int, bool]:
        """The sort column, and whether the order is descending."""
        try:
            column = int(self._s.value("table/sort_column", 0))  # type: ignore[call-overload]
            order = int(self._s.value("table/sort_order", 0))  # type: ignore[call-overload]
        except (TypeError, ValueError):
            return 0, False
        return column, order == 1

    def set_sort(self, column: int, order: Qt.SortOrder) -> None:
        # Stored as Qt's value of the order: 1 is descending (Qt.SortOrder.DescendingOrder).
        self._s.setValue("table/sort_column", int(column))
        self._s.setValue("table/sort_order", 1 if order.value == 1 else 0)

    @property
    def status_filter(self) -> str:
        return str(self._s.value("filter/status", ""))

    @status_filter.setter
    def status_filter(self, value: str) -> None:
        self._s.setValue("filter/status", value)

    @property
    def page_size(self) -> int:
        try:
            raw: object = self._s.value("filter/limit", 20)
            value = int(str(raw))
        except (TypeError, ValueError):
            return 20
        return min(max(value, 1), 100)

    @page_size.setter
    def page_size(self, value: int) -> None:
        self._s.setValue("filter/limit", int(value))

    # -- file dialogs --------------------------------------------------------------------

    def file_folder(self, kind: str) -> Path | None:
        """The folder last chosen in a file dialog for ``kind`` (None: none yet)."""
        value = self._s.value(f"files/{kind}_folder")
        return Path(value) if isinstance(value, str) and value else None

    def set_file_folder(self, kind: str, folder: Path) -> None:
        self._s.setValue(f"files/{kind}_folder", str(folder))

    # -- per environment -----------------------------------------------------------------

    def environment_status_filter(self, environment: str) -> str:
        """The status filter last used in ``environment`` ("" for All, "none")."""
        value = self._s.value(f"filter/{environment}/status")
        return self.status_filter if value is None else str(value)

    def environment_page_size(self, environment: str) -> int:
        raw: object = self._s.value(f"filter/{environment}/limit")
        if raw is None:
            return self.page_size
        try:
            value = int(str(raw))
        except (TypeError, ValueError):
            return 20
        return min(max(value, 1), 100)

    def set_environment_filters(self, environment: str, status: str, page_size: int) -> None:
        self._s.setValue(f"filter/{environment}/status", status)
        self._s.setValue(f"filter/{environment}/limit", int(page_size))

    # -- the catalogue --------------------------------------------------------

    @property
    def catalogue(self) -> CatalogueChoice:
        """Whether the window keeps the catalogue, how often it looks for new pets and
        how much of the day's quota it may use (out-of-range values: the defaults)."""
        default = CatalogueChoice()
        try:
            choice = CatalogueChoice(
                str(self._s.value("catalogue/enabled", "true")).lower() != "false",
                int(str(self._s.value("catalogue/update_minutes", default.update_minutes))),
                int(str(self._s.value("catalogue/day_percent", default.day_percent))),
                int(str(self._s.value("catalogue/daily_quota", default.daily_quota))))
        except (TypeError, ValueError):
            return default
        return choice if choice.valid else default._replace(enabled=choice.enabled)

    @catalogue.setter
    def catalogue(self, choice: CatalogueChoice) -> None:
        self._s.setValue("catalogue/enabled", "true" if choice.enabled else "false")
        self._s.setValue("catalogue/update_minutes", choice.update_minutes)
        self._s.setValue("catalogue/day_percent", choice.day_percent)
        self._s.setValue("catalogue/daily_quota", choice.daily_quota)


    # -- the shared store -----------------------------------------------------

    @property
    def shared_store(self) -> SharedStoreChoice:
        return SharedStoreChoice(
            str(self._s.value("shared_store/address", "")).strip(),
            str(self._s.value("shared_store/enabled", "false")).lower() == "true")

    @shared_store.setter
    def shared_store(self, choice: SharedStoreChoice) -> None:
        self._s.setValue("shared_store/address", choice.address.strip())
        self._s.setValue("shared_store/enabled", "true" if choice.enabled else "false")


class SharedStoreChoice(NamedTuple):
    """The shared store's address (never with a password) and whether this desk uses it."""

    address: str = ""
    enabled: bool = False

    @property
    def in_use(self) -> str:
        """The address when the desk uses the shared store, else ``""``."""
        return self.address if self.enabled and self.address else ""


#: Limits of the catalogue's settings (the mirror's own: petdesk.storage.rows.MirrorSettings).
UPDATE_MINUTES_RANGE = (1, 1440)
DAY_PERCENT_RANGE = (1, 80)
DAILY_QUOTA_RANGE = (10, 10_000_000)


class CatalogueChoice(NamedTuple):
    """The catalogue's settings as the Settings dialog shows them."""

    enabled: bool = True
    update_minutes: int = 30
    day_percent: int = 25
    daily_quota: int = 1_000

    @property
    def valid(self) -> bool:
        return (UPDATE_MINUTES_RANGE[0] <= self.update_minutes <= UPDATE_MINUTES_RANGE[1]
                and DAY_PERCENT_RANGE[0] <= self.day_percent <= DAY_PERCENT_RANGE[1]
                and DAILY_QUOTA_RANGE[0] <= self.daily_quota <= DAILY_QUOTA_RANGE[1])
