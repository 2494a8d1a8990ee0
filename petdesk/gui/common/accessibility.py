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
    QMainWindow,
    QMenu,
    QMenuBar,
    QMessageBox,
    QProgressBar,
    QScrollBar,
    QSizeGrip,
    QSplitter,
    QSplitterHandle,
    QToolButton,
    QWidget,
)

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.focus_ring import FocusRing
from petdesk.gui.common.localize import localized
from petdesk.gui.common.screen_fit import ScreenFit

__all__ = ["accessible_name", "make_accessible", "name_main_window", "name_parts"]


# Called by this name, lupdate reads the strings: translate("Accessibility", "...").
translate = QCoreApplication.translate


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
        if widget.orientation() == Qt.Orientation.Vertical:
            return translate("Accessibility", "Vertical scroll bar")
        return translate("Accessibility", "Horizontal scroll bar")
    combo = _combo_of(widget)
    if combo is not None:
        return localized(QT_TRANSLATE_NOOP("Accessibility", "{name}: list of choices").format(
            name=combo.accessibleName() or _label_of(combo) or accessible_name(combo)))
    if name in ("qt_scrollarea_vcontainer", "qt_scrollarea_hcontainer"):
        return translate("Accessibility", "Scroll bar area")
    if name == "qt_scrollarea_viewport" or (
            isinstance(widget.parentWidget(), QAbstractScrollArea)
            and widget is widget.parentWidget().viewport()):  # type: ignore[union-attr]
        return owner or translate("Accessibility", "Contents")
    if isinstance(widget, QHeaderView):
        if widget.orientation() == Qt.Orientation.Horizontal:
            return translate("Accessibility", "Column headers")
        return translate("Accessibility", "Row headers")
    if name == "qt_tableview_cornerbutton":
        return translate("Accessibility", "Select all")
    if isinstance(widget, QSplitterHandle):
        return translate("Accessibility",
                         "Divider: drag, or focus and use the arrow keys, to resize")
    if isinstance(widget, QSizeGrip):
        return translate("Accessibility", "Resize the window")
    if isinstance(widget.parentWidget(), QAbstractSpinBox):
        return owner
    if isinstance(widget, QMenuBar):
        return translate("Accessibility", "Menu bar")
    if isinstance(widget, QMenu):
        title = widget.title().replace("&", "")
        if title:
            return title
        if isinstance(widget.parentWidget(), QMenuBar):
            return translate("Accessibility", "More menus")
        return translate("Accessibility", "Menu")
    if name == "qt_menubar_ext_button":
        return translate("Accessibility", "More menus")
    if isinstance(widget, QToolButton) and isinstance(widget.parentWidget(), QLineEdit):
        return translate("Accessibility", "Clear the text")
    if isinstance(widget, QDialogButtonBox):
        return translate("Accessibility", "Buttons")
    if isinstance(widget, FocusRing):
        return translate("Accessibility", "Keyboard focus")
    if isinstance(widget, QProgressBar):
        return translate("Accessibility", "Progress")
    if isinstance(widget, QLabel):
        icon_only = widget.text() == "" and not widget.pixmap().isNull()
        return translate("Accessibility", "Icon") if icon_only else ""
    if isinstance(widget, QAbstractButton):
        return ""  # its text is its name
    box = widget.window()
    if isinstance(box, QMessageBox) and widget is not box:  # the "Show Details..." part
        if type(widget) is QFrame:  # the line, not a subclass
            return translate("Accessibility", "Separator")
        return translate("Accessibility", "Technical details")
    if isinstance(widget, QAbstractScrollArea):
        return owner
    if not owner:
        return ""
    return localized(QT_TRANSLATE_NOOP("Accessibility", "Part of {owner}").format(owner=owner))


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
    """A dialog, once built: every part named (:func:`name_parts`), its buttons in
    the Tab order in which they are shown (:func:`tab_buttons_as_shown`), and the
    keyboard focus shown by a :class:`.focus_ring.FocusRing`; as a window, it opens
    within the screen (:class:`.screen_fit.ScreenFit`)."""
    if root.isWindow():
        FocusRing(root)
        ScreenFit(root)
    name_parts(root)
    tab_buttons_as_shown(root)


def name_main_window(window: QMainWindow, detail: QWidget, splitter: QSplitter) -> None:
    """The main window's regions, then every part inside them."""
    central = window.centralWidget()
    if central is not None:
        central.setAccessibleName(translate("Accessibility", "PetDesk main area"))
    right = detail.parentWidget()
    if right is not None:
        right.setAccessibleName(translate("Accessibility", "Details area"))
    splitter.setAccessibleName(translate("Accessibility", "Pet list and details"))
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
