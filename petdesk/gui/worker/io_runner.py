"""The one signature by which kennel cards and category names do file I/O, and the
file dialog that asks where to save.

The GUI thread never does I/O: the dialogs hand the work to an :class:`IoRunner`,
which the main window implements with its worker (``Worker.run``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from PySide6.QtWidgets import QFileDialog, QWidget

__all__ = ["IoRunner", "ask_save_path", "write_file"]


class IoRunner(Protocol):
    """Runs ``fn`` off the GUI thread, then ``on_done(result)`` or ``on_error(exc)`` on
    the GUI thread, exactly once."""

    def __call__(self, fn: Callable[[], object], on_done: Callable[[object], None],
                 on_error: Callable[[BaseException], None]) -> None: ...


def write_file(path: Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` through a temporary file renamed over it (call it
    through an :class:`IoRunner`)."""
    temp = path.with_name(f".{path.name}.part")
    try:
        temp.write_bytes(data)
        temp.replace(path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return path


def ask_save_path(parent: QWidget, title: str, suggested: str, file_filter: str,
                  suffix: str) -> Path | None:
    """Qt's save dialog; the chosen path with ``suffix`` added when it has another one,
    or ``None`` when the user cancelled."""
    chosen, _ = QFileDialog.getSaveFileName(parent, title, suggested, file_filter)
    if not chosen:
        return None
    path = Path(chosen)
    return path if path.suffix.lower() == suffix else path.with_name(path.name + suffix)
