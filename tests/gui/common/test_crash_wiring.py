"""The real app (``petdesk.gui.app.run``) installs the crash handler: an exception
escaping a slot shows the crash dialog instead of killing the app silently."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from petdesk.gui import app as appmod

    original = appmod.build_main_window

    def patched(*args, **kwargs):
        window = original(*args, **kwargs)

        def boom():
            raise RuntimeError("deliberate failure in a slot")

        QTimer.singleShot(0, boom)
        polls = [0]

        def check():
            polls[0] += 1
            shown = [type(w).__name__ for w in QApplication.topLevelWidgets() if w.isVisible()]
            if "CrashDialog" in shown:
                print("CRASH-DIALOG-SHOWN", flush=True)
                QApplication.instance().exit(0)
            elif polls[0] > 400:
                print("NO-DIALOG", shown, flush=True)
                QApplication.instance().exit(3)

        timer = QTimer(window)
        timer.timeout.connect(check)
        timer.start(25)
        return window

    appmod.build_main_window = patched
    sys.exit(appmod.run(appmod.LaunchConfig(demo=True)))
""")


def test_run_installs_the_crash_handler() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                            env=env, timeout=60)
    assert "CRASH-DIALOG-SHOWN" in result.stdout, result.stdout + result.stderr
    assert result.returncode == 0
