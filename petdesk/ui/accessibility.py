"""Accessible names for the parts a screen reader meets that no module names itself.

Every control names itself where it is built (``setAccessibleName(self.tr(...))``, or
the text of its button or of the label whose buddy it is, which Qt reads as its name).
:func:`name_parts` names what is left: the parts Qt builds inside composite widgets
(scroll bars, headers, a spin box's text field, a combo box's list, the handle of a
splitter, the size grip, menus) after their owner, and the plain containers of a
window as the region they hold.

The rule for labels: a label's name is the text it shows (Qt reads it), so a label is
never given a fixed name, which would hide what it says; a label that shows a picture
only (an icon) is named after what the picture means. A label showing nothing (an empty
message line) has nothing to say until it shows a text.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QComboBox,
    QDialogButtonBox,
    QFrame,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QMenuBar,
    QMessageBox,
    QProgressBar,
    QScrollBar,
    QSizeGrip,
    QSplitterHandle,
    QToolButton,
    QWidget,
)

if TYPE_CHECKING:
    from .window_contents import Contents

__all__ = ["accessible_name", "make_accessible", "name_main_window", "name_parts"]


def _tr(text: str) -> str:
    return QCoreApplication.translate("Accessibility", text)


def accessible_name(widget: QWidget) -> str:
    """The name a screen reader reads for ``widget`` (its own, or the one Qt derives from
    its text or its label)."""
    interface = QAccessible.queryAccessibleInterface(widget)
    if interface is None or not interface.isValid():
        return widget.accessibleName()
    return interface.text(QAccessible.Text.Name)


def _owner_name(widget: QWidget) -> str:
    """The name of the nearest named widget around ``widget``."""
    parent = widget.parentWidget()
    while parent is not None:
        name = parent.accessibleName() or accessible_name(parent)
        if name:
            return name
        parent = parent.parentWidget()
    return ""


def _label_of(widget: QWidget) -> str:
    """The text of the label whose buddy ``widget`` is ("Page size"), or ""."""
    for label in widget.window().findChildren(QLabel):
        if label.buddy() is widget:
            return label.text().replace("&", "").rstrip(":")
    return ""


def _combo_of(widget: QWidget) -> QComboBox | None:
    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QComboBox):
        if parent.isWindow() and not isinstance(parent.parentWidget(), QComboBox):
            return None
        parent = parent.parentWidget()
    return parent


def _part_name(widget: QWidget) -> str:  # noqa: C901 - one rule a line
    """The name of a part Qt built, or of a plain container; "" when no rule fits."""
    name = widget.objectName()
    owner = _owner_name(widget)
    if isinstance(widget, QScrollBar):
        return (_tr("Vertical scroll bar") if widget.orientation() == Qt.Orientation.Vertical
                else _tr("Horizontal scroll bar"))
    combo = _combo_of(widget)
    if combo is not None:
        return _tr("%s: list of choices") % (
            combo.accessibleName() or _label_of(combo) or accessible_name(combo))
    if name in ("qt_scrollarea_vcontainer", "qt_scrollarea_hcontainer"):
        return _tr("Scroll bar area")
    if name == "qt_scrollarea_viewport" or (
            isinstance(widget.parentWidget(), QAbstractScrollArea)
            and widget is widget.parentWidget().viewport()):  # type: ignore[union-attr]
        return owner or _tr("Contents")
    if isinstance(widget, QHeaderView):
        return (_tr("Column headers") if widget.orientation() == Qt.Orientation.Horizontal
                else _tr("Row headers"))
    if name == "qt_tableview_cornerbutton":
        return _tr("Select all")
    if isinstance(widget, QSplitterHandle):
        return _tr("Divider: drag, or focus and use the arrow keys, to resize")
    if isinstance(widget, QSizeGrip):
        return _tr("Resize the window")
    if isinstance(widget.parentWidget(), QAbstractSpinBox):
        return owner
    if isinstance(widget, QMenuBar):
        return _tr("Menu bar")
    if isinstance(widget, QMenu):
        title = widget.title().replace("&", "")
        return title or (_tr("More menus") if isinstance(widget.parentWidget(), QMenuBar)
                         else _tr("Menu"))
    if name == "qt_menubar_ext_button":
        return _tr("More menus")
    if isinstance(widget, QToolButton) and isinstance(widget.parentWidget(), QLineEdit):
        return _tr("Clear the text")
    if isinstance(widget, QDialogButtonBox):
        return _tr("Buttons")
    if isinstance(widget, QProgressBar):
        return _tr("Progress")
    if isinstance(widget, QLabel):
        return _tr("Icon") if widget.text() == "" and not widget.pixmap().isNull() else ""
    if isinstance(widget, QAbstractButton):
        return ""  # its text is its name
    box = widget.window()
    if isinstance(box, QMessageBox) and widget is not box:  # the "Show Details..." part
        return (_tr("Separator") if type(widget) is QFrame  # the line, not a subclass
                else _tr("Technical details"))
    if isinstance(widget, QAbstractScrollArea):
        return owner
    return _tr("Part of %s") % owner if owner else ""


def name_parts(root: QWidget) -> None:
    """Name every widget under ``root`` (``root`` too) that has no name yet and that a
    rule of :func:`_part_name` covers. Run it once a window or dialog is built; parts
    built later (a dialog's next page) are named by running it again."""
    for combo in root.findChildren(QComboBox):
        combo.view()  # its list is built on first use: build it now, to name it
    for widget in [root, *root.findChildren(QWidget)]:
        if accessible_name(widget) or (widget.isWindow() and widget.windowTitle()):
            continue  # a window's name is its title
        name = _part_name(widget)
        if name:
            widget.setAccessibleName(name)


def tab_buttons_as_shown(root: QWidget) -> None:
    """Tab through the buttons of every button box under ``root`` in the order the
    platform lays them out ("Restore Defaults" on the left, say), not the order in
    which they were added."""
    for box in [root, *root.findChildren(QDialogButtonBox)]:
        layout = box.layout()
        if not isinstance(box, QDialogButtonBox) or layout is None:
            continue
        buttons = sorted(box.buttons(), key=layout.indexOf)
        for first, second in pairwise(buttons):
            QWidget.setTabOrder(first, second)


def make_accessible(root: QWidget) -> None:
    """A dialog, once built: every part named (:func:`name_parts`) and its buttons in
    the Tab order in which they are shown (:func:`tab_buttons_as_shown`)."""
    name_parts(root)
    tab_buttons_as_shown(root)


def name_main_window(contents: Contents) -> None:
    """The main window's regions, then every part inside them."""
    window = contents.window
    central = window.centralWidget()
    if central is not None:
        central.setAccessibleName(_tr("PetDesk main area"))
    right = contents.detail.parentWidget()
    if right is not None:
        right.setAccessibleName(_tr("Details area"))
    contents.splitter.setAccessibleName(_tr("Pet list and details"))
    name_parts(window)
    bar = window.menuBar()
    bar.installEventFilter(_NameNewParts(bar))


class _NameNewParts(QObject):
    """Names the parts a widget builds later (the menu bar's "More menus" menu, built
    when the window is too narrow for every menu)."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self._widget = widget

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._widget and event.type() == QEvent.Type.ChildAdded:
            QTimer.singleShot(0, self, lambda: name_parts(self._widget))
        return False
