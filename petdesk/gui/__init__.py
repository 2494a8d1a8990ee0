"""PetDesk's Qt user interface.

Module map (dependencies point one way: ``ui`` → ``api`` → ``core``; ``ui`` imports
``petdesk.sandbox`` only in :mod:`.clients`, on the worker thread, for ``--demo``):

* :mod:`.app` — the QApplication-level objects and the main window for a command
  line (:func:`~petdesk.gui.app.create_application`, :func:`~petdesk.gui.app.build_main_window`).
* :mod:`.main_window` — the one window: the frame, shown first; its widgets
  (:mod:`.window_parts`), built after the first paint; its worker and controllers
  (:mod:`.window_controllers`), wired to the widgets, built once those are painted (or
  on first use).
* :mod:`.controllers` — the logic without widgets: connection, auth, list, look-up, add.
* :mod:`.worker` (with :mod:`.jobs` and :mod:`.worker_thread`) — the one worker thread.
* :mod:`.pet_model` — the table model (the view's model, no proxy).
* :mod:`.actions`, :mod:`.views`, :mod:`.dialogs`, :mod:`.add_pet`,
  :mod:`.api_key_dialog`, :mod:`.settings_dialog`, :mod:`.detail`, :mod:`.status_bar`,
  :mod:`.status_look` — actions, panels and dialogs.
* :mod:`.settings` — typed access to QSettings (never the API key).
* :mod:`.logs` — logging to the platform log directory, key redacted.
* :mod:`.screenshot` — renders the main window with data to a PNG.

Nothing is imported here so that ``petdesk --version`` stays Qt-free.
"""
