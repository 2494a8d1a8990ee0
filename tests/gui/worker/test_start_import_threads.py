"""One thread imports httpx and pydantic: the add form opened while the worker starts.

Two threads importing the same package for the first time at once can each get the
other's half-initialised modules (pydantic's circular imports then fail with
"partially initialized module 'pydantic._internal._validators'"). ``petdesk`` loads
:mod:`petdesk.api` (httpx, pydantic) on the GUI thread before the worker thread exists,
so the add form (Ctrl+N, which needs pydantic) and the worker never race on it.

Which thread loads a module is read from the interpreter's ``import`` audit event (in
the child process only); the race itself cannot be forced without pausing an import
half-way, so the test asserts the order that rules it out.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

RUN_SCRIPT = textwrap.dedent("""
    import sys
    import threading

    loaded_by = {}  # module -> (thread that loaded it, worker thread alive then)

    def audit(event, args):
        if event == "import" and args[0] not in loaded_by:
            worker = any(t.name == "petdesk-worker" for t in threading.enumerate())
            loaded_by[args[0]] = (threading.current_thread().name, worker)

    sys.addaudithook(audit)

    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QDialog, QTableView
    from petdesk.gui import app as appmod

    report = {}
    release = threading.Event()  # the first request waits until the form is shown

    class HeldDemo(appmod.DemoClients):
        def __call__(self, *args, **kwargs):
            report["held"] = release.wait(30)
            return super().__call__(*args, **kwargs)

    original = appmod.build_main_window

    def patched(config, **kwargs):
        window = original(config, client_factory=HeldDemo(), **kwargs)

        def worker_started():  # the worker thread runs; its first page is held
            window.activateWindow()
            QTest.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
            dialog = window.findChild(QDialog, "addPetDialog")
            report["form shown"] = dialog is not None and dialog.isVisible()
            release.set()

        def loaded():
            report["rows"] = window.findChild(QTableView, "petsTable").model().rowCount()
            report["crash dialog"] = any(w.objectName() == "crashDialog"
                                         for w in QApplication.topLevelWidgets())
            dialog = window.findChild(QDialog, "addPetDialog")
            if dialog is not None and dialog.isVisible():
                dialog.discard()
            QApplication.instance().exit(0)

        window.workerStarted.connect(worker_started)
        window.petsLoaded.connect(loaded)
        return window

    appmod.build_main_window = patched
    code = appmod.run(appmod.LaunchConfig(demo=True))
    report["loaded by"] = {m: loaded_by[m] for m in sorted(loaded_by)
                           if m.split(".")[0] in ("pydantic", "pydantic_core", "httpx")
                           or m.startswith("petdesk.api")}
    print("REPORT", repr(report), flush=True)
    sys.exit(code)
""")


def test_add_form_opened_while_the_worker_starts_shares_no_first_import(
        tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_STATE_HOME": str(tmp_path / "state"),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("PETDESK_BENCH_EXIT_AFTER", None)
    result = subprocess.run([sys.executable, "-c", RUN_SCRIPT], capture_output=True,
                            text=True, env=env, timeout=60)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    lines = [line for line in result.stdout.splitlines() if line.startswith("REPORT ")]
    assert lines, output
    report = ast.literal_eval(lines[-1].removeprefix("REPORT "))
    assert report["form shown"] is True, output
    assert report["held"] is True, output  # the form opened before the first page
    assert report["rows"] == 20, output
    assert report["crash dialog"] is False, output
    assert "Traceback" not in result.stderr, result.stderr
    loaded_by = report["loaded by"]
    assert "pydantic" in loaded_by and "httpx" in loaded_by and "petdesk.api" in loaded_by
    # Every module of httpx, pydantic and petdesk.api: loaded on the GUI thread, before
    # the worker thread started.
    elsewhere = {module: where for module, where in loaded_by.items()
                 if where != ("MainThread", False)}
    assert elsewhere == {}, output
