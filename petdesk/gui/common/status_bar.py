"""The status bar: busy indicator, ONE message area, Details…, Stop.

The message area shows the bar's messages (:mod:`.status_messages`) in their priority
order: what blocks the user (the key refused, the service unreachable), rate-limit
waits with their countdown, the answer to what the user just did, adds waiting to be
sent, the catalogue, the quota, the last refresh. Each is shown whole or in its short
form, never cut; what does not fit is counted on the Details… button ("2 more…"),
whose popup lists every current message in full with the technical details.

The countdown is driven by a QTimer on the GUI thread from :attr:`WaitInfo.until`; the
worker only reports when a wait starts and ends. The quota is checked against the
clock once a second: past its reset time it no longer claims the old figures.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from PySide6 import QtWidgets
from PySide6.QtCore import QLocale, QSize, Qt, QTime, QTimer, Signal
from PySide6.QtGui import QResizeEvent
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
from petdesk.core.errors import AuthenticationError, MissingKeyError, PetStoreError
from petdesk.core.status_messages import Fit, MessageKind, StatusMessage, fit, lead, ordered
from petdesk.core.text import display, elide
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.accessibility import make_accessible
from petdesk.gui.common.localize import error_text, localized
from petdesk.gui.common.plain import plain_box
from petdesk.storage.rows import SharedStoreUnavailable

if TYPE_CHECKING:
    from datetime import datetime

    from petdesk.api import RateLimitSnapshot, WaitInfo


def localized_message(message: StatusMessage) -> StatusMessage:
    """A status bar message with its sentence, short form and details localized."""
    return StatusMessage(message.kind, localized(message.text), localized(message.short),
                         localized(message.details))


#: Characters of the details shown on the Details box's label (all of them are in its
#: scrollable "Show Details..." part).
DETAILS_LABEL_LIMIT = 2000
#: "ConnectError: " at the start of an exception's text in Details.
_CLASS_PREFIX = re.compile(r"^[A-Z][A-Za-z]*(Error|Exception|Timeout|Cancelled): ")
#: Characters of one message (a server's sentence may be very long).
MESSAGE_LIMIT = 300
#: Milliseconds between two looks at the clock for the quota's reset time.
QUOTA_CHECK_MS = 1000


def time_of_day(when: datetime, locale: QLocale | None = None) -> str:
    """``when`` (local time) as the locale writes a time of day, with its seconds:
    ``1:04:07 PM``, ``13:04:07``."""
    locale = locale or QLocale()
    moment = when.astimezone()
    form = locale.timeFormat(QLocale.FormatType.ShortFormat)
    if "s" not in form:
        form = form.replace("mm", "mm:ss", 1)
    return locale.toString(QTime(moment.hour, moment.minute, moment.second), form)


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


class MessageLine(QLabel):
    """The one-line message area. It never asks for width (the window never widens for
    a message); the bar sets only texts that fit its width."""

    resized = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def minimumSizeHint(self) -> QSize:
        return QSize(0, super().minimumSizeHint().height())

    def room(self) -> int:
        """The width a text may take."""
        return self.contentsRect().width() - 2 * self.margin() - 2

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resized.emit()


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
        self._messages: dict[MessageKind, StatusMessage] = {}
        self._fit = Fit((), (), False)
        self._wait: WaitInfo | None = None
        self._queued_note = ""
        self._quota: RateLimitSnapshot | None = None

        self.busyIndicator = QProgressBar()
        self.busyIndicator.setObjectName("busyIndicator")
        self.busyIndicator.setRange(0, 0)
        self.busyIndicator.setTextVisible(False)
        self.busyIndicator.setFixedWidth(72)
        self.busyIndicator.setMaximumHeight(14)
        self.busyIndicator.setAccessibleName(self.tr("Working"))
        self.busyIndicator.setVisible(False)

        self.messageLabel = MessageLine()
        self.messageLabel.setObjectName("statusMessage")
        self.messageLabel.setAccessibleName(self.tr("Activity"))
        self.messageLabel.resized.connect(self._lay_out)
        self.detailsButton = QToolButton()
        self.detailsButton.setObjectName("errorDetailsButton")
        self.detailsButton.setAutoRaise(True)
        self.detailsButton.setAccessibleDescription(
            self.tr("Every message of the status bar in full, with the technical details"))
        self.detailsButton.clicked.connect(self.show_details)
        self._fix_details_width()

        self.stopButton = QPushButton(self.tr("Stop"))
        self.stopButton.setObjectName("stopButton")
        self.stopButton.setAccessibleName(self.tr("Stop"))
        self.stopButton.setToolTip(self.tr("Stop the running and waiting requests (Esc)"))
        self.stopButton.setVisible(False)
        self.stopButton.clicked.connect(self.stopRequested)

        area = QWidget()
        area.setAccessibleName(self.tr("Activity"))
        row = QHBoxLayout(area)
        row.setContentsMargins(4, 0, 0, 0)
        # The busy indicator and Stop come and go with every request, and Details… with
        # the messages: each keeps its place when hidden, so showing or hiding it relays
        # out nothing else (no shift of the message, no layout pass of the bar and the
        # window; bench figure 3).
        row.addWidget(_slot(self.busyIndicator))
        row.addWidget(self.messageLabel, 1)
        row.addWidget(self.detailsButton)
        row.addWidget(_slot(self.stopButton))
        # Showing the busy indicator, Stop or Details must not change the bar's height:
        # that resized the window's central area, a relayout and full repaint of the
        # table twice per request (bench figure 3).
        area.setMinimumHeight(max(w.sizeHint().height() for w in (
            self.busyIndicator, self.messageLabel, self.detailsButton, self.stopButton)))
        self.addWidget(area, 1)

        self._tick = QTimer(self)
        self._tick.setInterval(200)
        self._tick.timeout.connect(self._update_countdown)
        self._quota_check = QTimer(self)
        self._quota_check.setInterval(QUOTA_CHECK_MS)
        self._quota_check.timeout.connect(self._show_quota)
        self.show_activity(self.tr("Ready"))

    def _fix_details_width(self) -> None:
        """Details… keeps one width whatever it says ("Details…", "3 more…"), and its
        place while hidden: the message area's width never depends on it."""
        button = self.detailsButton
        widths = []
        for text in (self.tr("Details…"), self._more_text(99)):
            button.setText(text)
            widths.append(button.sizeHint().width())
        button.setFixedWidth(max(widths))
        policy = button.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        button.setSizePolicy(policy)
        button.setVisible(False)

    def _more_text(self, count: int) -> str:
        return localized(QT_TRANSLATE_NOOP("PetStatusBar", "{count} more…").format(count=count))

    # -- the messages ----------------------------------------------------------------------

    def show_message(self, message: StatusMessage) -> None:
        """Show ``message`` in its place (it replaces the message of its kind), in the
        user's language when its sentences come from the Qt-free layers."""
        message = localized_message(message)
        if self._messages.get(message.kind) != message:
            self._messages[message.kind] = message
            self._lay_out()

    def clear(self, kind: MessageKind) -> None:
        if self._messages.pop(kind, None) is not None:
            self._lay_out()

    @property
    def messages(self) -> list[StatusMessage]:
        """The current messages, most important first."""
        return ordered(self._messages.values())

    def text_of(self, kind: MessageKind) -> str:
        """The whole sentence of the message of ``kind`` ("" when there is none)."""
        message = self._messages.get(kind)
        return message.text if message is not None else ""

    def _lay_out(self) -> None:
        label = self.messageLabel
        metrics = label.fontMetrics()
        self._fit = fit(self._messages.values(), label.room(), metrics.horizontalAdvance)
        if label.text() != self._fit.line:
            label.setText(self._fit.line)
        hidden = len(self._fit.hidden)
        button = self.detailsButton
        button.setText(self._more_text(hidden) if hidden else self.tr("Details…"))
        button.setToolTip(self.tr("Every message in full, with the technical details"))
        button.setVisible(bool(hidden or self._fit.shortened or any(
            message.details for message in self._messages.values())))

    # -- activity ------------------------------------------------------------------------

    def set_busy(self, busy: bool) -> None:
        self.busyIndicator.setVisible(busy)
        self.stopButton.setVisible(busy)
        if not busy:
            self._queued_note = ""

    def show_activity(self, text: str, details: str = "", short: str = "") -> None:
        """``text``, with ``details`` (technical text) in the Details popup if given;
        ``short`` for a narrow line where the sentence's lead is still long."""
        text = display(localized(text), MESSAGE_LIMIT)  # it may quote a name
        self.show_message(StatusMessage(MessageKind.ACTIVITY, text, short or lead(text),
                                        details))

    def show_error(self, error: BaseException, prefix: str = "") -> None:
        # The shared store's trouble is a sentence of its own ("cannot reach…").
        known = isinstance(error, PetStoreError | SharedStoreUnavailable)
        message = error_text(error) if known else self.tr("Something unexpected went wrong.")
        details = self._readable_details(
            error.details() if isinstance(error, PetStoreError) else str(error))
        if isinstance(error, AuthenticationError):
            short = (self.tr("No API key") if isinstance(error, MissingKeyError)
                     else self.tr("API key refused"))
            self.show_message(StatusMessage(MessageKind.KEY_REFUSED,
                                            display(message, MESSAGE_LIMIT), short))
        # A server's sentence may carry direction overrides or be very long: markers, and
        # at most one status line's worth.
        self.show_activity(f"{prefix}{message}", details)

    def service_answered(self, *_args: object) -> None:
        """The service answered a request: the key works."""
        self.clear(MessageKind.KEY_REFUSED)

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
        """The answer to what the user just did ("Loaded 20 pets.")."""
        return self.text_of(MessageKind.ACTIVITY)

    @property
    def details(self) -> str:
        """The technical details of :attr:`message`."""
        activity = self._messages.get(MessageKind.ACTIVITY)
        return activity.details if activity is not None else ""

    def show_details(self) -> None:
        """The popup: every current message in full, then their technical details."""
        QMessageBox = QtWidgets.QMessageBox  # its class is made on first use, after the paint
        messages = self.messages
        text = "\n\n".join(message.text for message in messages)
        details = "\n\n".join(message.details for message in messages if message.details)
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Details"), text,
                          QMessageBox.StandardButton.Close, self)
        box.setObjectName("errorDetailsBox")
        box.setDefaultButton(QMessageBox.StandardButton.Close)  # Enter closes it too
        if details:
            box.setDetailedText(details)
            # Server text: shown literally (plain_box), and bounded on the label (the
            # full text is in the scrollable detailed text).
            box.setInformativeText(elide(details, DETAILS_LABEL_LIMIT))
        make_accessible(plain_box(box))
        box.open()

    # -- quota, catalogue, last refresh ------------------------------------------------------

    def set_quota(self, snapshot: RateLimitSnapshot | None) -> None:
        """The quota as the last answer reported it (``None``: none known)."""
        self._quota = snapshot
        self._show_quota()

    def _show_quota(self) -> None:
        snapshot = self._quota
        reset = snapshot.reset if snapshot is not None else None
        if snapshot is None or (snapshot.remaining is None and reset is None):
            self._quota_check.stop()
            self.clear(MessageKind.QUOTA)
            return
        if reset is not None and self._clock.time() >= reset.timestamp():
            # The window the figures were counted in is over: they no longer hold.
            self._quota_check.stop()
            self.show_message(StatusMessage(
                MessageKind.QUOTA,
                localized(QT_TRANSLATE_NOOP(
                    "PetStatusBar",
                    "Quota: a new window began at {reset}; the next answer tells how many "
                    "requests are left").format(
                    reset=time_of_day(reset))),
                self.tr("Quota: new window")))
            return
        figures = localized(snapshot.figures())
        if reset is not None:
            self._quota_check.start()
        whole = " · ".join(filter(None, (figures, localized(snapshot.resets()))))
        self.show_message(StatusMessage(
            MessageKind.QUOTA, localized(QT_TRANSLATE_NOOP("PetStatusBar", "Quota: {whole}").format(
                whole=whole)),
            localized(QT_TRANSLATE_NOOP("PetStatusBar", "Quota: {figures}").format(
                figures=figures)) if figures else ""))

    def set_catalogue(self, text: str, details: str = "", short: str = "") -> None:
        """The catalogue's line ("Catalogue: 8,412 pets · complete as of 09:42 · …") and
        its short form ("Catalogue: 8,412 pets")."""
        if text:
            self.show_message(StatusMessage(MessageKind.CATALOGUE, text, short, details))
        else:
            self.clear(MessageKind.CATALOGUE)

    def set_last_refresh(self, when: datetime | None) -> None:
        if when is None:
            self.clear(MessageKind.REFRESHED)
        else:
            self.show_message(StatusMessage(
                MessageKind.REFRESHED, localized(QT_TRANSLATE_NOOP(
                    "PetStatusBar",
                    "Last refresh {when}").format(
                    when=time_of_day(when)))))

    # -- waits ---------------------------------------------------------------------------

    def note_queued(self, label: str) -> None:
        """A user action was queued behind a wait: say so."""
        self._queued_note = label
        self._update_countdown()

    def start_wait(self, info: WaitInfo) -> None:
        self._wait = info
        self.stopButton.setVisible(True)
        self._update_countdown()
        self._tick.start()

    def end_wait(self, cancelled: bool) -> None:
        self._wait = None
        self._tick.stop()
        self.clear(MessageKind.WAIT)
        if cancelled:
            self.show_activity(self.tr("Stopped."))

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
                self.show_activity(localized(QT_TRANSLATE_NOOP(
                    "PetStatusBar",
                    "{queued_note} — queued").format(
                    queued_note=self._queued_note)))
            return
        left = self.seconds_left()
        reason = self._reason(info.reason)
        if info.attempt <= 1:
            text = localized(QT_TRANSLATE_NOOP(
                "PetStatusBar",
                "{reason} — your request is queued and goes out in {left} s").format(
                reason=reason, left=left))
        else:
            text = localized(QT_TRANSLATE_NOOP(
                "PetStatusBar",
                "{reason} — retrying in {left} s (attempt {attempt} of {max_attempts})").format(
                reason=reason, left=left, attempt=info.attempt, max_attempts=info.max_attempts))
        if self._queued_note:
            text += localized(QT_TRANSLATE_NOOP("PetStatusBar", " · queued: {queued_note}").format(
                queued_note=self._queued_note))
        self.show_message(StatusMessage(MessageKind.WAIT, text,
                                        localized(QT_TRANSLATE_NOOP(
                                            "PetStatusBar",
                                            "{reason} — {left} s").format(
                                            reason=reason, left=left))))

