"""Run ``petdesk`` as the benchmarks measure it: the test-side hook
(:mod:`benchhook`) armed on the QApplication, then PetDesk's own ``main()``.

``python tests/benchmarks/launch_petdesk.py --demo`` behaves like ``petdesk --demo``
plus the ``PETDESK_BENCH_EXIT_AFTER`` milestones. As shipped (the installers carry only
``packaging/requirements-runtime.lock``), httpx's command line and its click, rich and
pygments are absent; the development venv has them through dev tools, so the launcher
hides ``httpx._main`` as the bundle does not have it (httpx then uses its stub).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.modules.setdefault("httpx._main", None)  # type: ignore[arg-type]  # as bundled


def main() -> int:
    from PySide6.QtWidgets import QApplication

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import benchhook

    app = QApplication(sys.argv[:1])  # petdesk's create_application() reuses it
    benchhook.install()
    from petdesk.__main__ import main as petdesk_main

    code = petdesk_main(sys.argv[1:])
    del app
    return code


if __name__ == "__main__":
    sys.exit(main())
