"""Bulk intake and export: spreadsheets in and out (Qt-free).

The pieces, in the order an import uses them:

* :mod:`petdesk.services.importing.session` is the import dialog's two worker steps (inspect, preview)
  built on the modules below.
* :mod:`petdesk.services.importing.readers` opens a CSV, xlsx, ods or xls file as a
  :class:`~petdesk.services.importing.table.Table` of text cells, with bounded memory and time
  (:class:`~petdesk.services.importing.table.ReadLimits`).
* :mod:`petdesk.services.importing.mapping` finds which column holds the name, the category and the status,
  and gives a mapping that can be remembered per file layout.
* :mod:`petdesk.services.importing.preview` checks every row with the client's own ``NewPet`` rules,
  flags duplicates and lets the user decide, with progress and cancel.
* :mod:`petdesk.services.importing.report` and :mod:`petdesk.services.importing.writers` write the result report and exports.
* :mod:`petdesk.services.importing.eta` turns counts and rate-limit headers into staff-worded progress text.
* :mod:`petdesk.services.importing.headless` holds what ``petdesk import`` / ``petdesk export`` run.
* :mod:`petdesk.services.importing.control` carries progress and cancel between a worker and its caller.

Nothing here imports Qt; the UI runs the slow parts on its worker thread.
"""
