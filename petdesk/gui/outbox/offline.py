"""Offline: the window says when the service cannot be reached, keeps showing what it
has, and notices by itself when the service is back.

* A request of the list or of a look-up that finds the service unreachable
  (:func:`~petdesk.services.outbox.probe.means_offline`) puts the window offline: the status bar
  says "Offline — showing pets as of 09:42" (the time of the last list shown) and the
  rows already shown stay.
* While offline, one probe at a time at growing intervals
  (:class:`~petdesk.services.outbox.probe.ReconnectProbe`: 5 s, 10 s, 20 s … up to 5 minutes):
  the probe is a background refresh of the current list, one request, so when it
  answers the list is fresh at once. Nothing is sent while another job runs.
* Any answer of the service (the probe's, a refresh, a look-up, an add) ends it: the
  message goes, the status bar says so, and the outbox sends what waits.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from petdesk.core.jobs import ListState
from petdesk.core.status_messages import MessageKind
from petdesk.gui.common.localize import localized
from petdesk.services.outbox.probe import ReconnectProbe, means_offline
from petdesk.services.outbox.wording import BACK_ONLINE, offline_message, stored_pet_note

if TYPE_CHECKING:
    from petdesk.core.clock import Clock
    from petdesk.gui.common.status_bar import PetStatusBar
    from petdesk.gui.pets.pet_list import PetListController

#: Milliseconds of the probe timer per second of the probe's schedule (tests shorten it).
MS_PER_SECOND = 1000


class OfflineWatch(QObject):
    """Offline state, its message and the reconnect probe; see the module docstring."""

    #: The service answered again after being unreachable.
    cameBack = Signal()

    def __init__(self, pets: PetListController, status: PetStatusBar, clock: Clock,
                 probe: Callable[[], None], as_of: Callable[[], datetime | None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pets = pets
        self._as_of = as_of
        self._status = status
        self._clock = clock
        self._send_probe = probe
        self._probe = ReconnectProbe()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._probe_now)
        self._probing = False

    @property
    def offline(self) -> bool:
        return self._probe.offline

    def request_failed(self, error: object, _prefix: str = "") -> None:
        """A request failed: offline when the service could not be reached."""
        if not isinstance(error, BaseException) or not means_offline(error):
            if self._probing:
                self.answered()  # any answer proves the service is reachable
            return
        if self._probing:
            self._probing = False
            self._probe.probe_failed()
        else:
            self._probe.went_offline()
        self._show()
        self._schedule(self._probe.interval(self._probe.failures))

    def answered(self, *_args: object) -> None:
        """The service answered a request."""
        self._probing = False
        if not self._probe.offline:
            return
        self._probe.came_back()
        self._timer.stop()
        self._status.clear(MessageKind.OFFLINE)
        self._status.show_activity(BACK_ONLINE)
        self.cameBack.emit()

    def _show(self) -> None:
        when = self._as_of()
        self._status.show_message(offline_message(
            None if when is None else when.timestamp(), self._clock.time()))

    def _schedule(self, seconds: float) -> None:
        self._timer.start(int(seconds * MS_PER_SECOND))

    def _probe_now(self) -> None:
        if not self._probe.offline:
            return
        self._send_probe()
        if self._pets.state is ListState.LOADING:
            self._probing = True
        else:  # busy with something else: try again after the same interval
            self._schedule(self._probe.interval(self._probe.failures))

    def stored_copy_note(self, fetched_at: float) -> str:
        """Under a look-up answered from the store, in the user's language."""
        return localized(stored_pet_note(fetched_at, self._clock.time()))

    def shut_down(self) -> None:
        self._timer.stop()

