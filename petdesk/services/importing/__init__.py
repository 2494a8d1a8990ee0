"""Bulk intake and export: spreadsheets in and out (Qt-free).

The pieces, in the order an import uses them (each a module of this package):

* ``session``: the import dialog's two worker steps (inspect, preview), built on the
  modules below.
* ``readers``: opens a CSV, xlsx, ods or xls file as a ``table.Table`` of text cells,
  with bounded memory and time (``table.ReadLimits``).
* ``mapping``: finds which column holds the name, the category and the status, and
  gives a mapping that can be remembered per file layout.
* ``preview``: checks every row with the client's own ``NewPet`` rules, flags
  duplicates and lets the user decide, with progress and cancel.
* ``report`` and ``writers``: write the result report and exports.
* ``eta``: turns counts and rate-limit headers into staff-worded progress text.
* ``headless``: what ``petdesk import`` and ``petdesk export`` run.
* ``control``: carries progress and cancel between a worker and its caller.
* ``outbox``: the sending half of an import, on the local store's outbox.
* ``engine``: the worker-thread side of the window's import and export.

Nothing here imports Qt; the UI runs the slow parts on its worker thread.
"""
