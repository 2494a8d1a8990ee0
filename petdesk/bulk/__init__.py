"""Bulk intake and export: spreadsheets in and out (Qt-free).

The pieces, in the order an import uses them:

* :mod:`petdesk.bulk.session` is the import dialog's two worker steps (inspect, preview)
  built on the modules below.
* :mod:`petdesk.bulk.readers` opens a CSV, xlsx, ods or xls file as a
  :class:`~petdesk.bulk.table.Table` of text cells, with bounded memory and time
  (:class:`~petdesk.bulk.table.ReadLimits`).
* :mod:`petdesk.bulk.mapping` finds which column holds the name, the category and the status,
  and gives a mapping that can be remembered per file layout.
* :mod:`petdesk.bulk.preview` checks every row with the client's own ``NewPet`` rules,
  flags duplicates and lets the user decide, with progress and cancel.
* :mod:`petdesk.bulk.report` and :mod:`petdesk.bulk.writers` write the result report and exports.
* :mod:`petdesk.bulk.eta` turns counts and rate-limit headers into staff-worded progress text.
* :mod:`petdesk.bulk.headless` holds what ``petdesk import`` / ``petdesk export`` run.
* :mod:`petdesk.bulk.control` carries progress and cancel between a worker and its caller.

Nothing here imports Qt; the UI runs the slow parts on its worker thread.
"""
