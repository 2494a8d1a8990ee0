"""The window's saved connection settings, read without Qt by the command line."""

from __future__ import annotations

import plistlib
from pathlib import Path

from PySide6.QtCore import QSettings

from petdesk.core.connection import DEFAULT_URLS
from petdesk.storage.saved_settings import ini_path, read_ini, read_plist


def test_what_qsettings_writes_is_read(tmp_path: Path) -> None:
    path = ini_path({"XDG_CONFIG_HOME": str(tmp_path)})
    assert path == tmp_path / "PetDesk" / "PetDesk.conf"
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    settings.setValue("connection/production_url", "https://pets.example.org:8443/v1")
    settings.setValue("connection/environment", "production")
    settings.setValue("filter/status", "sold, pending")
    settings.sync()
    del settings
    saved = read_ini(path)
    assert saved.environment == "production"
    assert saved.url("production") == "https://pets.example.org:8443/v1"
    assert saved.url("staging") == DEFAULT_URLS["staging"]


def test_a_missing_or_damaged_file_counts_as_unset(tmp_path: Path) -> None:
    assert read_ini(tmp_path / "none.conf").url("production") == DEFAULT_URLS["production"]
    bad = tmp_path / "bad.conf"
    bad.write_bytes(b"\xff\xfe[connection\nproduction_url")
    assert read_ini(bad).environment is None
    odd = tmp_path / "odd.conf"
    odd.write_text("[connection]\nenvironment=moon\n", encoding="utf-8")
    assert read_ini(odd).environment is None


def test_the_macos_property_list(tmp_path: Path) -> None:
    path = tmp_path / "org.petdesk.PetDesk.plist"
    with path.open("wb") as stream:
        plistlib.dump({"connection.staging_url": "https://staging.example/v1",
                       "connection.environment": "staging", "connection.timeout": 15.0},
                      stream)
    saved = read_plist(path)
    assert (saved.environment, saved.url("staging")) == ("staging", "https://staging.example/v1")
    assert read_plist(tmp_path / "missing.plist").environment is None
