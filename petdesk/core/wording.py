"""Text the Qt-free layers write for people, in a form the window can translate.

The core, the store, bulk intake and the client stay free of Qt, yet what they
write (error messages, outbox states, "Offline — showing pets as of 09:42") is
shown in the window, in the user's language. They mark each sentence with
:func:`QT_TRANSLATE_NOOP` (the marker Qt's ``lupdate`` reads in Python sources)
and fill it in with :meth:`Template.format`::

    QT_TRANSLATE_NOOP("StoreWording", "Offline — showing pets as of {shown}").format(shown=t)

Both return ``str`` subclasses whose text is the English sentence, so logs, the
command line and the tests read English; the window (:mod:`petdesk.ui.localize`)
looks up the template in its context, formats the arguments for the user's
locale (numbers, :class:`ClockTime`) and fills in the translation.

Placeholders are ``str.format`` fields (``{name}``); translators keep them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:  # a type only: ``datetime`` stays off the start-up path (core.errors)
    from datetime import datetime

__all__ = ["QT_TRANSLATE_NOOP", "ClockTime", "Message", "Template"]


class Template(str):
    """An English sentence marked for translation in ``context``."""

    context: str

    def __new__(cls, context: str, source: str) -> Self:
        text = super().__new__(cls, source)
        text.context = context
        return text

    def format(self, *args: object, **kwargs: object) -> Message:
        """The English sentence filled in; it remembers the template and the values."""
        if args:
            raise TypeError("Template.format takes named fields only")
        return Message(self, kwargs)


class Message(str):
    """A filled-in :class:`Template`: the English text, its template and its values."""

    template: Template
    values: Mapping[str, object]

    def __new__(cls, template: Template, values: Mapping[str, object]) -> Self:
        text = super().__new__(cls, str.format(template, **values))
        text.template = template
        text.values = dict(values)
        return text


class ClockTime:
    """A moment shown as a clock time: ``09:42`` today, ``Mon 23 Nov, 09:42`` another
    day. ``str()`` is the English form; the window formats it for the locale."""

    __slots__ = ("moment", "today")

    def __init__(self, moment: datetime, *, today: bool) -> None:
        self.moment = moment
        self.today = today

    def __str__(self) -> str:
        m = self.moment
        if self.today:
            return m.strftime("%H:%M")
        return f"{m.strftime('%a')} {m.day} {m.strftime('%b, %H:%M')}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, ClockTime) and (self.moment, self.today) == (
            other.moment, other.today)

    def __hash__(self) -> int:
        return hash((self.moment, self.today))

    def __repr__(self) -> str:
        return f"ClockTime({self.moment!r}, today={self.today})"


def QT_TRANSLATE_NOOP(context: str, source: str) -> Template:
    """Mark ``source`` for translation in ``context`` (read by ``lupdate``)."""
    return Template(context, source)
