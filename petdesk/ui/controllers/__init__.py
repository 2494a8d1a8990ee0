"""The UI's logic, without widgets: each controller owns one flow and talks to the
worker; the window only wires widgets to them (see README, "How PetDesk is built").

* :mod:`.connection` — environment, service address, timeout: the worker's connection.
* :mod:`.auth` — every job goes through it: 401 → the key dialog once → replay;
  the key dialog's Test and Save.
* :mod:`.pet_list` — the query, paging, generations, the list state, coalesced Refresh.
* :mod:`.lookup` — one pet by ID (the look-up field and the detail panel's refresh).
* :mod:`.add_pet` — the add form's request lifecycle.
"""
