"""PySide6 6.12.0 drops a reference to True on every Signal.emit(): petdesk.ui.qtfix
must have protected True once the app module is loaded, or the app aborts after a
few thousand emits ("Fatal Python error: bool_dealloc")."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QObject, Signal

import petdesk.ui.app  # noqa: F401 - applies the fix on import
from petdesk.ui import qtfix


class _Emitter(QObject):
    ping = Signal()


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="True is immortal on 3.12+")
def test_many_emits_cannot_free_true() -> None:
    emitter = _Emitter()
    for _ in range(20_000):
        emitter.ping.emit()
    if qtfix.emit_loses_true():
        assert sys.getrefcount(True) > 2**39
    else:
        assert sys.getrefcount(True) > 100
