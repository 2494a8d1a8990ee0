"""PetDesk's Qt user interface.

Module map (dependencies point one way: ``ui`` → ``api``; ``ui`` imports
``petdesk.sandbox`` only in :mod:`petdesk.ui.app` for ``--demo``):

* :mod:`.app` — builds the QApplication-level objects and the main window
  (:func:`~petdesk.ui.app.create_application`, :func:`~petdesk.ui.app.build_main_window`).
* :mod:`.main_window` — :class:`~petdesk.ui.main_window.MainWindow`.
* :mod:`.worker` — the one worker thread (a priority queue of jobs).
* :mod:`.pet_model` — the table model and its proxy.
* :mod:`.add_pet`, :mod:`.api_key_dialog`, :mod:`.settings_dialog`,
  :mod:`.detail`, :mod:`.status_bar` — dialogs and panels.
* :mod:`.settings` — typed access to QSettings (never the API key).
* :mod:`.logs` — logging to the platform log directory, key redacted.
* :mod:`.screenshot` — renders the main window with data to a PNG.

Nothing is imported here so that ``petdesk --version`` stays Qt-free.
"""
