"""The status bar: busy indicator, activity or error (with details), the live
countdown of any wait with a Stop button, the quota, the last refresh time.

The countdown is driven by a QTimer on the GUI thread from
:attr:`WaitInfo.until`; the worker only reports when a wait starts and ends.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from PySide6 import QtWidgets
from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QStatusBar,
    QToolButton,
    QWidget,
)

from petdesk.core.clock import Clock, SystemClock
from petdesk.core.errors import PetStoreError
from petdesk.core.text import display, elide

from .plain import plain_box

if TYPE_CHECKING:
    from datetime import datetime

    from petdesk.api import RateLimitSnapshot, WaitInfo


#: Characters of the details shown on the Details box's label (all of them are in its
#: scrollable "Show Details..." part).
DETAILS_LABEL_LIMIT = 2000
#: "ConnectError: " at the start of an exception's text in Details.
_CLASS_PREFIX = re.compile(r"^[A-Z][A-Za-z]*(Error|Exception|Timeout|Cancelled): ")
#: Characters of an error message shown in the bar.
MESSAGE_LIMIT = 300


def _slot(widget: QWidget) -> QWidget:
    """A fixed-size place for ``widget``, which is shown and hidden inside it."""
    slot = QWidget()
    slot.setAccessibleName(widget.accessibleName())
    layout = QHBoxLayout(slot)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(widget)
    slot.setFixedSize(widget.sizeHint().boundedTo(widget.maximumSize())
                      .expandedTo(widget.minimumSize()))
    return slot


class ElidedLabel(QLabel):
    """A one-line plain-text label that never asks for more width than it has: its
    text is drawn elided ("Rate limited — your request is qu…") and whole in its
    tooltip, so a long message or a countdown never widens the window."""

    #: The least width the label asks for.
    MIN_WIDTH = 40

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)

    def minimumSizeHint(self) -> QSize:
        return QSize(min(self.MIN_WIDTH, super().minimumSizeHint().width()),
                     super().minimumSizeHint().height())

    @property
    def elided(self) -> bool:
        return self.fontMetrics().horizontalAdvance(self.text()) > self.contentsRect().width()

    def setText(self, text: str) -> None:
        super().setText(text)
        self._tooltip()

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)  # type: ignore[arg-type]
        self._tooltip()

    def _tooltip(self) -> None:
        self.setToolTip(self.text() if self.elided else "")

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QPainter(self)
        rect = self.contentsRect()
        text = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                             rect.width())
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(rect, int(self.alignment() | Qt.AlignmentFlag.AlignVCenter), text)


class PetStatusBar(QStatusBar):
    stopRequested = Signal()

    def __init__(self, parent: QWidget | None = None, *, clock: Clock | None = None,
                 demo: bool = False) -> None:
        super().__init__(parent)
        #: The demo: Details never name an address (nothing leaves the computer).
        self._demo = demo
        self._clock: Clock = clock or SystemClock()
        self.setObjectName("statusBar")
        self.setAccessibleName(self.tr("Status bar"))
        self.setSizeGripEnabled(True)
        self._details = ""
        self._wait: WaitInfo | None = None
        self._queued_note = ""

        self.busyIndicator = QProgressBar()
        self.busyIndicator.setObjectName("busyIndicator")
        self.busyIndicator.setRange(0, 0)
        self.busyIndicator.setTextVisible(False)
        self.busyIndicator.setFixedWidth(72)
        self.busyIndicator.setMaximumHeight(14)
        self.busyIndicator.setAccessibleName(self.tr("Working"))
        self.busyIndicator.setVisible(False)

        self.messageLabel = ElidedLabel(self.tr("Ready"))
        self.messageLabel.setObjectName("statusMessage")
        self.detailsButton = QToolButton()
        self.detailsButton.setObjectName("errorDetailsButton")
        self.detailsButton.setText(self.tr("Details…"))
        self.detailsButton.setAutoRaise(True)
        self.detailsButton.setAccessibleDescription(
            self.tr("The technical details of the message"))
        self.detailsButton.setVisible(False)
        self.detailsButton.clicked.connect(self.show_details)

        self.countdownLabel = ElidedLabel()
        self.countdownLabel.setObjectName("countdownLabel")
        self.countdownLabel.setVisible(False)
        self.stopButton = QPushButton(self.tr("Stop"))
        self.stopButton.setObjectName("stopButton")
        self.stopButton.setAccessibleName(self.tr("Stop"))
        self.stopButton.setToolTip(self.tr("Stop the running and waiting requests (Esc)"))
        self.stopButton.setVisible(False)
        self.stopButton.clicked.connect(self.stopRequested)

        self.quotaLabel = QLabel()
        self.quotaLabel.setObjectName("quotaLabel")
        self.quotaLabel.setToolTip(self.tr("Requests left in the current rate-limit window"))
        self.lastRefreshLabel = ElidedLabel()
        self.lastRefreshLabel.setObjectName("lastRefreshLabel")

        left = QWidget()
        left.setAccessibleName(self.tr("Activity"))
        row = QHBoxLayout(left)
        row.setContentsMargins(4, 0, 0, 0)
        # The busy indicator and Stop come and go with every request: each sits in a
        # fixed-size slot, so showing or hiding it relays out nothing else (no shift of
        # the message, no layout pass of the bar and the window; bench figure 3).
        row.addWidget(_slot(self.busyIndicator))
        # The message and the countdown share the room by stretch, whatever their
        # texts' lengths (each elides): a text never widens the window.
        for label in (self.messageLabel, self.countdownLabel):
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        row.addWidget(self.messageLabel, 2)
        row.addWidget(self.detailsButton)
        row.addWidget(self.countdownLabel, 3)
        row.addWidget(_slot(self.stopButton))
        # Showing the busy indicator, Stop or Details must not change the bar's height:
        # that resized the window's central area, a relayout and full repaint of the
        # table twice per request (bench figure 3).
        left.setMinimumHeight(max(w.sizeHint().height() for w in (
            self.busyIndicator, self.messageLabel, self.detailsButton, self.countdownLabel,
            self.stopButton)))
        self.addWidget(left, 1)
        self.addPermanentWidget(self.quotaLabel)
        self.addPermanentWidget(self.lastRefreshLabel)

        self._tick = QTimer(self)
        self._tick.setInterval(200)
        self._tick.timeout.connect(self._update_countdown)

    # -- activity ------------------------------------------------------------------------

    def set_busy(self, busy: bool) -> None:
        self.busyIndicator.setVisible(busy)
        self.stopButton.setVisible(busy)
        if not busy:
            self._queued_note = ""

    def show_activity(self, text: str, details: str = "") -> None:
        """``text``, with ``details`` (technical text) behind Details… if given."""
        self._details = details
        self.detailsButton.setVisible(bool(details))
        self.messageLabel.setText(display(text, MESSAGE_LIMIT))  # it may quote a name

    def show_error(self, error: BaseException, prefix: str = "") -> None:
        message = str(error) if isinstance(error, PetStoreError) else self.tr(
            "Something unexpected went wrong.")
        # A server's sentence may carry direction overrides or be very long: markers, and
        # at most one status line's worth.
        self.messageLabel.setText(display(f"{prefix}{message}", MESSAGE_LIMIT))
        self._details = self._readable_details(
            error.details() if isinstance(error, PetStoreError) else str(error))
        self.detailsButton.setVisible(True)

    def _readable_details(self, text: str) -> str:
        """The technical text without exception class names ("Error type: …",
        "Cause: ConnectError: …"); in the demo, without the request's address."""
        lines = []
        for line in text.splitlines():
            if line.startswith("Error type:") or (self._demo and line.startswith("Request:")):
                continue
            if line.startswith("Cause: "):
                line = "Cause: " + _CLASS_PREFIX.sub("", line[len("Cause: "):])
            if self._demo:
                line = line.replace("Server code:", "Code:").replace("Server message:",
                                                                     "Message:")
            lines.append(line)
        return "\n".join(lines) or self.tr("No further details.")

    @property
    def message(self) -> str:
        return self.messageLabel.text()

    @property
    def details(self) -> str:
        return self._details

    def show_details(self) -> None:
        QMessageBox = QtWidgets.QMessageBox  # its class is made on first use, after the paint
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Details"),
                          self.messageLabel.text(), QMessageBox.StandardButton.Close, self)
        box.setObjectName("errorDetailsBox")
        box.setDefaultButton(QMessageBox.StandardButton.Close)  # Enter closes it too
        box.setDetailedText(self._details)
        # Server text: shown literally (plain_box), and bounded on the label (the full
        # text is in the scrollable detailed text).
        box.setInformativeText(elide(self._details, DETAILS_LABEL_LIMIT))
        from .accessibility import make_accessible  # noqa: PLC0415 - on first use

        make_accessible(plain_box(box))
        box.open()

    def set_quota(self, snapshot: RateLimitSnapshot) -> None:
        text = snapshot.describe()
        self.quotaLabel.setText(self.tr("Quota: %s") % text if text else "")

    def set_last_refresh(self, when: datetime | None) -> None:
        if when is None:
            self.lastRefreshLabel.clear()
            return
        self.lastRefreshLabel.setText(
            self.tr("Last refresh %s") % when.astimezone().strftime("%H:%M:%S"))

    # -- waits ---------------------------------------------------------------------------

    def note_queued(self, label: str) -> None:
        """A user action was queued behind a wait: say so."""
        self._queued_note = label
        self._update_countdown()

    def start_wait(self, info: WaitInfo) -> None:
        self._wait = info
        self.countdownLabel.setVisible(True)
        self.stopButton.setVisible(True)
        self._update_countdown()
        self._tick.start()

    def end_wait(self, cancelled: bool) -> None:
        self._wait = None
        self._tick.stop()
        self.countdownLabel.clear()
        self.countdownLabel.setVisible(False)
        if cancelled:
            self.show_activity(self.tr("Stopped."))

    @property
    def countdown_text(self) -> str:
        return self.countdownLabel.text() if self.countdownLabel.isVisibleTo(self) else ""

    def seconds_left(self) -> int:
        if self._wait is None:
            return 0
        left = self._wait.until.timestamp() - self._clock.time()
        return max(0, math.ceil(left))

    def _reason(self, reason: object) -> str:
        return {
            "RATE_LIMITED": self.tr("Rate limited"),
            # A 429 also reports Remaining: 0, so the gate often names the quota;
            # to the user both are the same thing.
            "QUOTA_EXHAUSTED": self.tr("Rate limited"),
            "SERVER_BUSY": self.tr("Service busy"),
            "SERVER_UNREACHABLE": self.tr("Service unreachable"),
            "TIMED_OUT": self.tr("No answer in time"),
        }.get(getattr(reason, "name", ""), str(reason))

    def _update_countdown(self) -> None:
        info = self._wait
        if info is None:
            if self._queued_note:
                self.show_activity(self.tr("%s — queued") % self._queued_note)
            return
        left = self.seconds_left()
        reason = self._reason(info.reason)
        if info.attempt <= 1:
            text = self.tr("%s — your request is queued and goes out in %d s") % (
                reason, left)
        else:
            text = self.tr("%s — retrying in %d s (attempt %d of %d)") % (
                reason, left, info.attempt, info.max_attempts)
        if self._queued_note:
            text += self.tr(" · queued: %s") % self._queued_note
        self.countdownLabel.setText(text)
