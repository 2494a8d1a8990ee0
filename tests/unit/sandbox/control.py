"""Test-only control of a running sandbox, kept out of the product.

The product's app offers its ``config`` (settable), its ``faults`` injector (a
``ScriptedFaults`` from tests/helpers when a test built it), its ``limiter`` and the
counters of a key. These helpers are the conveniences tests and benchmarks use on top.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from petdesk.sandbox.app import SandboxApp
from petdesk.sandbox.limiter import KeyCounters


def reconfigure(app: SandboxApp, **changes: Any) -> None:
    """Replace fields of the config of a running app (see ``SandboxApp.config``)."""
    app.config = dataclasses.replace(app.config, **changes)


def anonymous_counters(app: SandboxApp, address: str = "127.0.0.1") -> KeyCounters:
    """Counters of requests without an accepted key from ``address``."""
    return app.limiter.counters("addr:" + address)


def reset_rate_limits(app: SandboxApp) -> None:
    """Forget all quotas, Retry-After periods, bans and counters."""
    app.limiter.reset()
