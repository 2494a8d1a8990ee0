"""The table's quick filter over the whole catalogue.

While the quick filter (Ctrl+F) holds a name and the catalogue is on, the window also
counts the pets of the whole catalogue named like it, and says so beside the footer's
count: "14 pets named like “mo” in the catalogue (as of 09:42) — Enter shows them".
Enter in the quick filter then opens Find any animal with that text, newest first.

* The search runs after typing pauses :data:`TYPING_MS`, as a ``USER`` job on the
  worker (:meth:`~petdesk.gui.catalogue.controller.CatalogueController.search`, one
  row read): never on the GUI thread. Each search carries a number; an answer to an
  older one (a newer keystroke, a cleared box, another environment) is dropped, and a
  keystroke hides the line until the new text is counted: a stale count is never
  shown.
* The same folding as the table: the mirror's search folds the text with
  :func:`~petdesk.core.names.fold_name`, as the table's filter does ("zoe" finds "Zoë").
* Pets this computer added (the form, an import, the outbox) or looked up by id are
  in the catalogue from the moment the service answered: the store writes them
  there with the answer (:meth:`petdesk.storage.repositories.OutboxRepository.mark_sent`,
  :meth:`~petdesk.storage.repositories.PageRepository.save_looked_up`), and the line is counted
  again (:meth:`~petdesk.gui.catalogue.controller.CatalogueController.pets_added`).
* Nothing extra is shown when the catalogue is off or holds no pet, or when the text
  is an id (the look-up box takes those): Enter then does nothing more.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QObject, QTimer

from petdesk.core.names import parse_search
from petdesk.gui.common.localize import localized
from petdesk.services.catalogue.wording import quick_filter_note
from petdesk.storage.rows import MirrorQuery

if TYPE_CHECKING:
    from PySide6.QtWidgets import QLabel, QLineEdit

    from petdesk.core.clock import Clock
    from petdesk.gui.catalogue.controller import CatalogueController
    from petdesk.services.catalogue.service import ResultWindow

__all__ = ["TYPING_MS", "CatalogueQuickFilter"]

#: Typing pauses this long before the catalogue is searched (as in Find any animal).
TYPING_MS: Final = 150


class CatalogueQuickFilter(QObject):
    """Counts the catalogue's matches of the quick filter; see the module docstring."""

    def __init__(self, edit: QLineEdit, label: QLabel, controller: CatalogueController,
                 clock: Clock, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._edit = edit
        self._label = label
        self._controller = controller
        self._clock = clock
        #: The number of the latest search asked; an answer to another is stale.
        self._asked = 0
        #: The text the shown line counts ("" when no line is shown).
        self._shown_text = ""
        #: A search for the current text is on the worker.
        self._pending = False
        self._typing = QTimer(self)
        self._typing.setSingleShot(True)
        self._typing.setInterval(TYPING_MS)
        self._typing.timeout.connect(self.search)
        edit.textChanged.connect(self._typed)

    def _wanted(self) -> str:
        """The name to count in the catalogue ("" when nothing is to be shown)."""
        if not self._controller.enabled:
            return ""
        typed = parse_search(self._edit.text())
        return "" if typed.is_id else typed.text

    def _typed(self, _text: str) -> None:
        """A keystroke: the line about the old text goes; the new one is counted
        when typing pauses."""
        self.clear()
        if self._wanted():
            self._typing.start()

    def search(self) -> None:
        """Count the pets named like the quick filter's text, on the worker (again
        when the catalogue's rows or settings changed)."""
        self._typing.stop()
        text = self._wanted()
        if not text:
            self.clear()
            return
        self._asked += 1
        self._pending = True
        self._controller.search(MirrorQuery(text), 0, 1, partial(self._counted, self._asked))

    def _counted(self, asked: int, window: ResultWindow | None) -> None:
        if asked != self._asked:
            return  # a newer keystroke, a cleared box
        self._pending = False
        if window is None or window.query.text != self._wanted():
            self._hide()  # not counted (stopped), or the catalogue switched off
            return
        if window.status.count == 0:
            self._hide()
            return
        self._shown_text = window.query.text if window.count else ""
        text = localized(quick_filter_note(
            window.count, window.query.text, window.status, self._clock.time()))
        self._label.setText(text)
        self._label.setToolTip(text)  # whole, when a narrow window cuts the line
        self._label.setVisible(True)

    def clear(self) -> None:
        """No line: the box is empty, the catalogue off, or another environment's."""
        self._typing.stop()
        self._asked += 1  # a search in flight is stale now
        self._pending = False
        self._hide()

    def _hide(self) -> None:
        self._shown_text = ""
        self._label.clear()
        self._label.setToolTip("")
        self._label.setVisible(False)

    def environment_changed(self) -> None:
        """Another catalogue: the line goes, and is counted again in the new one."""
        self._typed(self._edit.text())

    def enter_text(self) -> str:
        """What Enter in the quick filter opens in Find any animal: the text the line
        counts pets for, or the text being counted ("" when there is no line, or it
        found no pet: nothing is opened)."""
        wanted = self._wanted()
        if wanted and (wanted == self._shown_text or self._typing.isActive()
                       or self._pending):
            return wanted
        return ""
