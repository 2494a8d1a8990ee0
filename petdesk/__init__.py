"""PetDesk: a desktop client for the Pet Store service."""

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _version

try:
    __version__ = _version("petdesk")
except PackageNotFoundError:  # pragma: no cover - running from a frozen bundle without metadata
    __version__ = "1.0.0"

API_VERSION = "1.0.0"
