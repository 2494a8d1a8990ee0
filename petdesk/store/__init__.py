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

from .budget import BudgetDecision, BudgetReason, QuotaBudget, QuotaReading
from .db import LocalStore, OpenedStore, OutboxError, fold_name, open_store
from .lock import SenderLock
from .paths import store_path
from .probe import ProbeDecision, ReconnectProbe, means_offline
from .reconcile import Reconciliation, Verdict, reconcile
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
