"""The Qt binding in use must not lose references on ``Signal.emit()``.

PySide6 6.12.0 returns ``True`` from ``SignalInstance.emit`` without a reference:
every emit lowers the count of ``True`` by one and CPython 3.11 aborts with
"Fatal Python error: bool_dealloc" after a few thousand (a few hundred requests
through the worker). pyproject.toml excludes that release; this test stops a lock
update from bringing it (or a release with the same bug) back.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal


class _Emitter(QObject):
    ping = Signal()
    value = Signal(int)


def test_emit_keeps_the_reference_count_of_true() -> None:
    emitter = _Emitter()
    received: list[int] = []
    emitter.value.connect(received.append)
    before = sys.getrefcount(True)
    for i in range(200):
        emitter.ping.emit()
        emitter.value.emit(i)
    assert len(received) == 200
    assert sys.getrefcount(True) >= before - 5
