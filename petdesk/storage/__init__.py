"""The local store: last-seen pages, looked-up pets, the outbox, the catalogue mirror.

The mirror: :class:`petdesk.services.catalogue.mirror.MirrorFiller` fills it (the module
explains the strategy), :meth:`LocalStore.mirror_search` reads it in windows, and
:mod:`petdesk.services.catalogue.wording` says how complete and fresh it is. Those two
modules are imported where they are used (the worker, the status bar), not here, so
the first paint imports no more than it did.

Qt-free; importing this package loads neither httpx nor pydantic nor PySide6, so the
rows of the last session can be painted before the client exists. The package
re-exports nothing: import each name from its module (``petdesk.storage.db``,
``petdesk.services.outbox.sender``, ``petdesk.storage.rows``, …), so importing one part never loads
the others. The sending engine
(:mod:`petdesk.services.outbox.sender`) is httpx-free too; :mod:`petdesk.services.outbox.remote`
adapts the
real client to it and is imported where the client lives (the worker).
"""
