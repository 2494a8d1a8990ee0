"""PyInstaller entry point of the PetDesk bundle (``packaging/petdesk.spec``).

Runs ``petdesk.__main__.main`` exactly like the ``petdesk`` console script. Before
that, the start-up probe (``packaging/startprobe.py``) is armed when
``PETDESK_EXIT_AFTER_SHOW`` is set, for ``packaging/measure.py``.
"""

import sys

import startprobe

startprobe.install()

from petdesk.__main__ import main  # noqa: E402

sys.exit(main())
