"""PyInstaller entry point of the PetDesk bundle (``packaging/petdesk.spec``).

Runs ``petdesk.__main__.main`` exactly like the ``petdesk`` console script.
"""

import sys

from petdesk.__main__ import main

sys.exit(main())
