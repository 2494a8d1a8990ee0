"""The window's shortcuts before the focused widget's own key bindings.

Before Qt runs a shortcut it asks the focused widget whether it wants the key itself
(a ``ShortcutOverride`` event). A line edit says yes to every key of its platform's
editing bindings: on X11 that includes Emacs-style keys such as Ctrl+E (end of line),
on Windows Ctrl+Y (redo); read-only text views say yes to their cursor keys. A menu
command's shortcut would then work from some fields and not from others, differently
on each platform. :class:`ActionKeysFirst` answers that question for the widgets of
one window: a key that is one of the window's enabled commands is not the widget's.
Every other key (typing, Ctrl+A, Ctrl+C, Home, End, …) still goes to the widget.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEvent, QKeyCombination, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QWidget
from shiboken6 import isValid

__all__ = ["ActionKeysFirst"]

#: A key pad's digits and signs are the same keys to a shortcut.
_IGNORED = Qt.KeyboardModifier.KeypadModifier


class ActionKeysFirst(QObject):
    """Keeps ``actions``' single-key shortcuts for ``window``'s actions while the
    keyboard focus is anywhere in ``window`` (its dialogs are windows of their own)."""

    def __init__(self, window: QWidget, actions: Iterable[QAction]) -> None:
        super().__init__(window)
        self._window = window
        self._actions = tuple(actions)
        #: The focused widget and its parents: Qt offers them the key in turn (a combo
        #: box answers for its line edit).
        self._watched: list[QWidget] = []
        app = QApplication.instance()
        assert isinstance(app, QApplication), "a QApplication runs"
        app.focusChanged.connect(self._focus_changed)
        self._focus_changed(None, QApplication.focusWidget())

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        for old in self._watched:
            if isValid(old):  # a widget closed with the focus in it is gone
                old.removeEventFilter(self)
        self._watched = []
        widget: QWidget | None = new if new is not None and new.window() is self._window else None
        while widget is not None:
            self._watched.append(widget)
            widget.installEventFilter(self)
            widget = widget.parentWidget()

    def _is_action_key(self, event: QKeyEvent) -> bool:
        pressed = QKeySequence(QKeyCombination(event.modifiers() & ~_IGNORED,
                                               Qt.Key(event.key())))
        return any(action.isEnabled() and pressed in action.shortcuts()
                   for action in self._actions)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent)
                and self._is_action_key(event)):
            event.ignore()
            return True  # not the widget's: the shortcut map runs the action
        return False
