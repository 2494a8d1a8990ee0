"""One version: ``petdesk.__version__`` (a literal, so reading it imports nothing) is
``[project] version`` of pyproject.toml, and the installed metadata agrees."""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

import petdesk

ROOT = Path(__file__).resolve().parents[2]


def test_the_package_version_is_pyprojects() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project.get("dynamic", [])
    assert petdesk.__version__ == project["version"]


def test_the_installed_metadata_agrees() -> None:
    assert version("petdesk") == petdesk.__version__
