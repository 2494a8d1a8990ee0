"""The embedded Pet Store sandbox: a spec-faithful server for ``petdesk --demo`` and tests.

* :mod:`petdesk.sandbox.app`: the WSGI application (every decision where the spec is
  silent is written down in its docstring).
* :mod:`petdesk.sandbox.store`: SQLite storage and seed data.
* :mod:`petdesk.sandbox.server`: ``petdesk-sandbox`` (real HTTP on loopback) and
  :func:`start_server` for tests.
* :mod:`petdesk.sandbox.inprocess`: the socket-less httpx transport used by the demo
  (imports httpx, so it is imported lazily here).

Standard library only at run time, apart from ``platformdirs`` for the default
database path and httpx in :mod:`petdesk.sandbox.inprocess`. No Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from petdesk.sandbox.app import (
    API_PREFIX,
    DEPRECATION_HEADER,
    ERROR_CODES,
    PLANS,
    SUNSET_HEADER,
    ConnectionDropped,
    FaultConfig,
    FaultInjector,
    FaultKind,
    KeyCounters,
    Plan,
    RetryAfterFormat,
    SandboxApp,
    SandboxConfig,
)
from petdesk.sandbox.server import DEFAULT_PORT, RunningSandbox, start_server
from petdesk.sandbox.store import (
    CATEGORIES,
    PET_STATUSES,
    SEED_COUNT,
    Pet,
    Store,
    StoreError,
    default_db_path,
)

if TYPE_CHECKING:
    from petdesk.sandbox.inprocess import (
        DEMO_API_KEY,
        DEMO_BASE_URL,
        SandboxTransport,
        demo_config,
        in_process_transport,
        make_demo_app,
    )

__all__ = [
    "API_PREFIX",
    "CATEGORIES",
    "DEFAULT_PORT",
    "DEMO_API_KEY",
    "DEMO_BASE_URL",
    "DEPRECATION_HEADER",
    "ERROR_CODES",
    "PET_STATUSES",
    "PLANS",
    "SEED_COUNT",
    "SUNSET_HEADER",
    "ConnectionDropped",
    "FaultConfig",
    "FaultInjector",
    "FaultKind",
    "KeyCounters",
    "Pet",
    "Plan",
    "RetryAfterFormat",
    "RunningSandbox",
    "SandboxApp",
    "SandboxConfig",
    "SandboxTransport",
    "Store",
    "StoreError",
    "default_db_path",
    "demo_config",
    "in_process_transport",
    "make_demo_app",
    "start_server",
]

_INPROCESS = {
    "DEMO_API_KEY",
    "DEMO_BASE_URL",
    "SandboxTransport",
    "demo_config",
    "in_process_transport",
    "make_demo_app",
}


def __getattr__(name: str) -> Any:
    if name in _INPROCESS:
        from petdesk.sandbox import inprocess

        return getattr(inprocess, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
