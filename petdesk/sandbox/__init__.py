"""The embedded Pet Store sandbox: a spec-faithful server for ``petdesk --demo`` and tests.

* :mod:`petdesk.sandbox.app`: the WSGI application (every decision where the spec is
  silent is written down in its docstring); :mod:`~petdesk.sandbox.wire` reads
  requests and writes errors, :mod:`~petdesk.sandbox.limiter` keeps the rate limits,
  :mod:`~petdesk.sandbox.config` and :mod:`~petdesk.sandbox.faults` say how it behaves.
* :mod:`petdesk.sandbox.store`: SQLite storage and seed data.
* :mod:`petdesk.sandbox.server`: ``petdesk-sandbox`` (real HTTP on loopback); tests
  serve it with ``tests/helpers/sandbox_server.py``. Not imported here: the demo
  (in-process) needs no HTTP server, ``http.server`` and its sockets.
* :mod:`petdesk.sandbox.inprocess`: the socket-less httpx transport used by the demo
  (it imports httpx, so it is not imported here: ``petdesk-sandbox`` does without).

Standard library only at run time, apart from ``platformdirs`` for the default
database path and httpx in :mod:`petdesk.sandbox.inprocess`. No Qt.
"""

from __future__ import annotations

from petdesk.sandbox.app import DEPRECATION_HEADER, SUNSET_HEADER, SandboxApp
from petdesk.sandbox.config import PLANS, Plan, RetryAfterFormat, SandboxConfig
from petdesk.sandbox.faults import ConnectionDropped, FaultConfig, FaultInjector, FaultKind
from petdesk.sandbox.limiter import KeyCounters
from petdesk.sandbox.store import (
    CATEGORIES,
    PET_STATUSES,
    SEED_COUNT,
    Pet,
    Store,
    StoreError,
    default_db_path,
)
from petdesk.sandbox.wire import API_PREFIX, ERROR_CODES

__all__ = [
    "API_PREFIX",
    "CATEGORIES",
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
    "SandboxApp",
    "SandboxConfig",
    "Store",
    "StoreError",
    "default_db_path",
]
