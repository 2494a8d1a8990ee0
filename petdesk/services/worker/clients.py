"""The clients the worker builds: real HTTPS, or the in-process demo sandbox.

Imported on the worker thread, when the first client is built (the sandbox; httpx and
pydantic are loaded before the thread starts): never before the window is painted.
The OS keyring is not imported here: the demo has its one key and never needs it
(:class:`petdesk.gui.app.LazyKeyStore` loads it for real connections).
"""

from __future__ import annotations

from pathlib import Path

from petdesk.api import PetStoreClient, RequestListener, RequestPolicy
from petdesk.api.shared import SharedQuota
from petdesk.core.clock import Clock
from petdesk.core.connection import DEMO_BASE_URL, Connection
from petdesk.sandbox.app import SandboxApp
from petdesk.sandbox.inprocess import in_process_transport, make_demo_app


def https_client(connection: Connection, key: str, listener: RequestListener,
                 clock: Clock, policy: RequestPolicy | None,
                 shared_quota: SharedQuota | None) -> PetStoreClient:
    return PetStoreClient(connection.base_url, key, timeout=connection.timeout,
                          listener=listener, clock=clock, policy=policy,
                          shared_quota=shared_quota)


def demo_app(db_path: str | Path | None) -> SandboxApp:
    return make_demo_app(db_path)


def demo_client(app: SandboxApp, connection: Connection, key: str,
                listener: RequestListener, clock: Clock,
                policy: RequestPolicy | None,
                shared_quota: SharedQuota | None) -> PetStoreClient:
    return PetStoreClient(DEMO_BASE_URL, key, timeout=connection.timeout, listener=listener,
                          transport=in_process_transport(app), clock=clock, policy=policy,
                          shared_quota=shared_quota)

