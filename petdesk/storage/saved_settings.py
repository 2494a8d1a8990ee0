"""The window's saved connection settings, read without Qt (for ``petdesk import``).

The window keeps its settings with ``QSettings`` (``default_settings`` in
``petdesk/gui/app.py``; the keys in ``petdesk/gui/settings/settings.py``): the service address
of each environment (``connection/production_url``, ``connection/staging_url``) and
the last environment used (``connection/environment``). The command line must not
load Qt, so it reads the same place itself, where that is a plain format:

* Linux and other Unix systems: the INI file
  ``$XDG_CONFIG_HOME/PetDesk/PetDesk.conf`` (``~/.config/PetDesk/PetDesk.conf``);
* macOS: the property list ``~/Library/Preferences/org.petdesk.PetDesk.plist`` (the
  bundle id: the window names its settings by the organisation's domain there)
  (keys ``connection.production_url`` …);
* Windows: the registry key ``HKEY_CURRENT_USER\\Software\\PetDesk\\PetDesk\\connection``,
  falling back to the same key under ``HKEY_LOCAL_MACHINE`` (IT's presets) like QSettings.

The shared store's address (``shared_store/address``) and whether the desk uses it
(``shared_store/enabled``) are read the same way (:func:`saved_shared_store`).

Anything unreadable counts as unset: the command line then uses the spec's addresses
(:data:`DEFAULT_URLS`) and says which address it uses, and ``--base-url`` always wins.
Only plain strings are read (the values the window writes for these keys).
"""

from __future__ import annotations

import configparser
import contextlib
import os
import plistlib
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from petdesk.core.connection import DEFAULT_URLS

ORGANIZATION: Final = "PetDesk"
APPLICATION: Final = "PetDesk"
#: The macOS bundle id, which names the window's preferences file on macOS.
BUNDLE_ID: Final = "org.petdesk.PetDesk"
ENVIRONMENTS: Final = ("production", "staging")


@dataclass(frozen=True)
class SavedConnection:
    """What the window saved: ``None`` for a value it never saved (or unreadable)."""

    environment: str | None = None
    urls: tuple[tuple[str, str], ...] = ()

    def url(self, environment: str) -> str:
        """The environment's service address: the saved one, else the spec's."""
        return dict(self.urls).get(environment) or DEFAULT_URLS[environment]


def ini_path(environ: dict[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    base = env.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / ORGANIZATION / f"{APPLICATION}.conf"


def _unquote(value: str) -> str:
    """Qt writes a string with a comma or leading/trailing space in double quotes."""
    text = value.strip()
    if len(text) >= 2 and text[0] == text[-1] == '"':
        text = text[1:-1]
    return text.replace("\\\\", "\\")


def _from_values(values: dict[str, str]) -> SavedConnection:
    environment = values.get("environment")
    urls = tuple((env, values[f"{env}_url"].strip()) for env in ENVIRONMENTS
                 if values.get(f"{env}_url", "").strip())
    return SavedConnection(environment if environment in ENVIRONMENTS else None, urls)


def read_ini(path: Path) -> SavedConnection:
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    try:
        parser.read(path, encoding="utf-8")
    except (OSError, configparser.Error, UnicodeDecodeError):
        return SavedConnection()
    if not parser.has_section("connection"):
        return SavedConnection()
    return _from_values({k: _unquote(v) for k, v in parser.items("connection")})


def read_plist(path: Path) -> SavedConnection:
    try:
        with path.open("rb") as stream:
            data = plistlib.load(stream)
    except (OSError, plistlib.InvalidFileException, ValueError):
        return SavedConnection()
    prefix = "connection."
    return _from_values({k[len(prefix):]: v for k, v in data.items()
                         if isinstance(k, str) and k.startswith(prefix) and isinstance(v, str)})


def _shared_from_values(values: dict[str, str]) -> str:
    address = values.get("address", "").strip()
    return address if values.get("enabled", "").strip().lower() == "true" else ""


def read_shared_ini(path: Path) -> str:
    """The shared store's address in the INI file when the desk uses it, else ``""``."""
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    try:
        parser.read(path, encoding="utf-8")
    except (OSError, configparser.Error, UnicodeDecodeError):
        return ""
    if not parser.has_section("shared_store"):
        return ""
    return _shared_from_values({k: _unquote(v) for k, v in parser.items("shared_store")})


def _read_shared_plist(path: Path) -> str:
    try:
        with path.open("rb") as stream:
            data = plistlib.load(stream)
    except (OSError, plistlib.InvalidFileException, ValueError):
        return ""
    prefix = "shared_store."
    return _shared_from_values({k[len(prefix):]: str(v) for k, v in data.items()
                                if isinstance(k, str) and k.startswith(prefix)})


if sys.platform == "win32":
    import winreg

    def _read_shared_registry() -> str:
        values: dict[str, str] = {}
        path = rf"Software\{ORGANIZATION}\{APPLICATION}\shared_store"
        for hive in (winreg.HKEY_CURRENT_USER, winreg.HKEY_LOCAL_MACHINE):
            with contextlib.suppress(OSError), winreg.OpenKey(hive, path) as key:
                for name in ("address", "enabled"):
                    with contextlib.suppress(OSError):
                        value, _kind = winreg.QueryValueEx(key, name)
                        values.setdefault(name, str(value))
        return _shared_from_values(values)

    def _read_registry() -> SavedConnection:
        values: dict[str, str] = {}
        path = rf"Software\{ORGANIZATION}\{APPLICATION}\connection"
        # The user's value, else the machine's: QSettings' own fallback, which is how
        # IT presets the service address for everyone (packaging/README.md, "For IT").
        for hive in (winreg.HKEY_CURRENT_USER, winreg.HKEY_LOCAL_MACHINE):
            with contextlib.suppress(OSError), winreg.OpenKey(hive, path) as key:
                for name in ("environment", *(f"{env}_url" for env in ENVIRONMENTS)):
                    with contextlib.suppress(OSError):
                        value, _kind = winreg.QueryValueEx(key, name)
                        if isinstance(value, str):
                            values.setdefault(name, value)
        return _from_values(values)
else:
    def _read_registry() -> SavedConnection:
        return SavedConnection()

    def _read_shared_registry() -> str:
        return ""


def saved_connection() -> SavedConnection:
    """The window's saved connection settings on this computer (see the module)."""
    if sys.platform == "win32":
        return _read_registry()
    if sys.platform == "darwin":
        return read_plist(Path.home() / "Library" / "Preferences" / f"{BUNDLE_ID}.plist")
    return read_ini(ini_path())


def saved_shared_store() -> str:
    """The shared store's address the window saved, when this desk uses it (else ``""``)."""
    if sys.platform == "win32":
        return _read_shared_registry()
    if sys.platform == "darwin":
        return _read_shared_plist(Path.home() / "Library" / "Preferences" / f"{BUNDLE_ID}.plist")
    return read_shared_ini(ini_path())
