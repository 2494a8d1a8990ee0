"""The local store: last-seen pages, looked-up pets, the outbox, the catalogue mirror.

:mod:`.repositories` says what the store offers, one repository per table group, and
the :class:`~petdesk.storage.repositories.Store` session that holds them; :mod:`.sqlite`
implements it in one SQLite file per environment (:mod:`.paths` says which), opened
once by the worker thread. The values it hands out are in :mod:`.rows`.

Qt-free; importing this package loads neither httpx nor pydantic nor PySide6, so the
rows of the last session can be painted before the client exists. The package
re-exports nothing: import each name from its module, so importing one part never
loads the others.
"""
