"""Profile ``petdesk --demo`` start-up with pyinstrument (a tool, not a figure).

    .venv/bin/python tests/benchmarks/profile_startup.py [window|first-data] [OUT.html]

Runs the app in this process under pyinstrument until the benchmark hook reports
the milestone, then prints the profile (all threads are sampled only for the main
thread: pyinstrument follows the thread that started it).
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["PETDESK_BENCH_EXIT_AFTER"] = sys.argv[1] if len(sys.argv) > 1 else "window"

from pyinstrument import Profiler

profiler = Profiler(interval=0.0005)
profiler.start()


def main() -> None:
    from pathlib import Path

    from PySide6.QtWidgets import QApplication

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import benchhook

    app = QApplication(sys.argv[:1])
    benchhook.install()

    real_exit = benchhook.exit_now

    def stop_and_exit(code: int) -> None:
        profiler.stop()
        out = sys.argv[2] if len(sys.argv) > 2 else None
        if out:
            with open(out, "w", encoding="utf-8") as fh:
                fh.write(profiler.output_html())
        print(profiler.output_text(unicode=False, color=False, show_all=False))
        sys.stdout.flush()
        real_exit(code)

    benchhook.exit_now = stop_and_exit
    from petdesk.__main__ import main as petdesk_main

    petdesk_main(["--demo"])
    del app


main()
