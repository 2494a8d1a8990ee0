"""PetDesk: a desktop client for the Pet Store service."""

from typing import Any

API_VERSION = "1.0.0"


def __getattr__(name: str) -> Any:
    # ``__version__`` is read from the package metadata on first use only:
    # importlib.metadata costs ~35 ms, which ``petdesk`` start-up does not pay.
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError  # noqa: PLC0415 - the version is read on first use only
        from importlib.metadata import version as _version  # noqa: PLC0415 - the version is read on first use only

        try:
            value = _version("petdesk")
        except PackageNotFoundError:  # pragma: no cover - a frozen bundle without metadata
            value = "1.0.0"
        globals()["__version__"] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
