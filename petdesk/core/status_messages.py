"""The status bar's messages as data, and which of them fit its one message area.

Every message has a kind (:class:`MessageKind`, whose order is the bar's priority), its
whole sentence, a short form for a narrow window and, for some, technical details. The
bar shows as many messages as fit, most important first, each whole or in its short
form, and never cuts one: what does not fit is listed in full in the Details popup.
Qt-free: the bar passes in how wide a text is.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final, NamedTuple

#: Between two messages of the line (the catalogue's line has " · " of its own).
SEPARATOR: Final = "  │  "


class MessageKind(enum.IntEnum):
    """What a message is about. The order is the bar's priority: what blocks the user,
    then rate-limit waits, then the answer to what the user just did, then adds waiting
    to be sent, the catalogue, the quota and the last refresh."""

    KEY_REFUSED = 1
    OFFLINE = 2
    #: The shared store is set up but cannot be reached: this computer's data is used.
    SHARED_STORE_DOWN = 3
    WAIT = 4
    STORED_ROWS = 5
    ACTIVITY = 6
    OUTBOX = 7
    CATALOGUE = 8
    QUOTA = 9
    REFRESHED = 10

    @property
    def essential(self) -> bool:
        """On the line whenever it can be, shortening the messages before it; the
        others (the catalogue, the quota, the last refresh) take only the room left."""
        return self <= MessageKind.OUTBOX


@dataclass(frozen=True)
class StatusMessage:
    kind: MessageKind
    text: str
    short: str = ""
    details: str = ""

    @property
    def brief(self) -> str:
        """The short form (the whole sentence when it has none)."""
        return self.short or self.text


class Fit(NamedTuple):
    """What the line shows: one text per message shown, in order; what it leaves to the
    popup; whether a message is shown in its short form."""

    texts: tuple[str, ...]
    hidden: tuple[StatusMessage, ...]
    shortened: bool

    @property
    def line(self) -> str:
        return SEPARATOR.join(self.texts)


def ordered(messages: Iterable[StatusMessage]) -> list[StatusMessage]:
    return sorted(messages, key=lambda message: message.kind)


def fit(messages: Iterable[StatusMessage], width: int, measure: Callable[[str], int]) -> Fit:
    """What the line shows in ``width``: the most essential messages, in priority order,
    whose short forms fit together, each then whole where the room allows, most
    important first; then the others, in order, each whole or short, while one fits."""
    queue = ordered(messages)
    essential = [message for message in queue if message.kind.essential]

    def fits(texts: list[str]) -> bool:
        return measure(SEPARATOR.join(texts)) <= width

    texts: list[str] = []
    for message in essential:
        if not fits([*texts, message.brief]):
            break
        texts.append(message.brief)
    shown = queue[:len(texts)]
    for i, message in enumerate(shown):
        whole = [*texts[:i], message.text, *texts[i + 1:]]
        if texts[i] != message.text and fits(whole):
            texts = whole
    if len(shown) == len(essential):
        for message in queue[len(shown):]:
            form = next((form for form in (message.text, message.brief)
                         if fits([*texts, form])), None)
            if form is None:
                break
            texts.append(form)
            shown.append(message)
    shortened = any(text != message.text for text, message in zip(texts, shown, strict=True))
    return Fit(tuple(texts), tuple(queue[len(texts):]), shortened)


def lead(text: str) -> str:
    """A sentence's lead for a narrow window: up to its first colon or full stop
    ("Could not load the pets" of "Could not load the pets: …"); the whole otherwise."""
    cuts = [at for at in (text.find(": "), text.find(". ")) if at > 0]
    return text[:min(cuts)] if cuts else text
