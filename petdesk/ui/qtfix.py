"""Work around PySide6 6.12.0 losing a reference to ``True`` on every ``emit()``.

PySide6 6.12.0 (the locked version) returns ``True`` from ``SignalInstance.emit``
without taking a reference for it, so every emit made from Python lowers the
reference count of ``True`` by one (6.11.3 does not). PetDesk starts with about
4,800 references to ``True``, and the worker emits several signals per request:
after some hundreds of requests CPython aborts with "Fatal Python error:
bool_dealloc: deallocating True or False" (the benchmarks' 100k-row runs hit it at
exit). On CPython 3.12+ ``True`` is immortal and nothing happens.

:func:`apply` checks for the bug with one emit and, only when it is there, adds
2**40 references to ``True`` (a count no session can use up). Called when
:mod:`petdesk.ui.app` is imported, before the first window exists. The real fix is
a PySide6 without the bug (pin ``!=6.12.0``); then this does nothing.
"""

from __future__ import annotations

import sys

_applied = False


def emit_loses_true() -> bool:
    """Whether ``Signal.emit()`` drops a reference to ``True`` here."""
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        ping = Signal()

    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(4):
        probe.ping.emit()
    return sys.getrefcount(True) < before - 2


def apply() -> bool:
    """Protect ``True`` when the bug is present; returns whether it was needed."""
    global _applied
    if _applied or sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return False
    _applied = True
    if not emit_loses_true():
        return False
    import ctypes

    # ob_refcnt is the first field of every CPython object.
    ctypes.c_ssize_t.from_address(id(True)).value += 1 << 40
    return True
