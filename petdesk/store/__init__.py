"""The local store: last-seen pages, looked-up pets, the outbox, the catalogue mirror.

The mirror (issue 16): :class:`petdesk.store.mirror.MirrorFiller` fills it (the module
explains the strategy), :meth:`LocalStore.mirror_search` reads it in windows, and
:mod:`petdesk.store.mirror_wording` says how complete and fresh it is. Those two
modules are imported where they are used (the worker, the status bar), not here, so
the first paint imports no more than it did.

Qt-free; importing this package loads neither httpx nor pydantic nor PySide6, so the
rows of the last session can be painted before the client exists. The sending engine
(:mod:`petdesk.store.sender`) is httpx-free too; :mod:`petdesk.store.remote` adapts the
real client to it and is imported where the client lives (the worker).
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .budget import BudgetDecision, BudgetReason, QuotaBudget, QuotaReading
    from .db import LocalStore, OpenedStore, OutboxError, fold_name, open_store
    from .lock import SenderLock
    from .paths import store_path
    from .probe import ProbeDecision, ReconnectProbe, means_offline
    from .reconcile import Reconciliation, Verdict
    from .rows import (
        Draft,
        MirrorQuery,
        MirrorSettings,
        MirrorSort,
        MirrorState,
        OutboxEntry,
        OutboxState,
        PassKind,
        PetRow,
        StoredPage,
        StoredPet,
        StoredQuery,
    )
    from .schema import CURRENT_VERSION
    from .sender import BudgetExceeded, OutboxRemote, OutboxSender, StepKind, StepResult

#: Where each name lives: the package imports a module when one of its names is first
#: used (PEP 562), so ``import petdesk.store`` is instant and ``petdesk.store.db`` does
#: not load the sender. The window's reader thread (instant start) imports submodules
#: while the GUI thread imports others: the package itself is then already complete.
_WHERE: dict[str, str] = {
    "BudgetDecision": "budget",
    "BudgetExceeded": "sender",
    "BudgetReason": "budget",
    "CURRENT_VERSION": "schema",
    "Draft": "rows",
    "LocalStore": "db",
    "MirrorQuery": "rows",
    "MirrorSettings": "rows",
    "MirrorSort": "rows",
    "MirrorState": "rows",
    "OpenedStore": "db",
    "OutboxEntry": "rows",
    "OutboxError": "db",
    "OutboxRemote": "sender",
    "OutboxSender": "sender",
    "OutboxState": "rows",
    "PassKind": "rows",
    "PetRow": "rows",
    "ProbeDecision": "probe",
    "QuotaBudget": "budget",
    "QuotaReading": "budget",
    "Reconciliation": "reconcile",
    "ReconnectProbe": "probe",
    "SenderLock": "lock",
    "StepKind": "sender",
    "StepResult": "sender",
    "StoredPage": "rows",
    "StoredPet": "rows",
    "StoredQuery": "rows",
    "Verdict": "reconcile",
    "fold_name": "db",
    "means_offline": "probe",
    "open_store": "db",
    "store_path": "paths",
}


# ``reconcile`` names both a module and its function: bound here, the function wins
# (a lazy name would be shadowed by the module once the module is imported).
from .reconcile import reconcile  # noqa: E402


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "CURRENT_VERSION",
    "BudgetDecision",
    "BudgetExceeded",
    "BudgetReason",
    "Draft",
    "LocalStore",
    "MirrorQuery",
    "MirrorSettings",
    "MirrorSort",
    "MirrorState",
    "OpenedStore",
    "OutboxEntry",
    "OutboxError",
    "OutboxRemote",
    "OutboxSender",
    "OutboxState",
    "PassKind",
    "PetRow",
    "ProbeDecision",
    "QuotaBudget",
    "QuotaReading",
    "Reconciliation",
    "ReconnectProbe",
    "SenderLock",
    "StepKind",
    "StepResult",
    "StoredPage",
    "StoredPet",
    "StoredQuery",
    "Verdict",
    "fold_name",
    "means_offline",
    "open_store",
    "reconcile",
    "store_path",
]
