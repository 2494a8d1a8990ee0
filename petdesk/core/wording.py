"""Text the Qt-free layers write for people, in a form the window can translate.

The core, the store, bulk intake and the client stay free of Qt, yet what they
write (error messages, outbox states, "Offline — showing pets as of 09:42") is
shown in the window, in the user's language. They mark each sentence with
:func:`QT_TRANSLATE_NOOP` (the marker Qt's ``lupdate`` reads in Python sources)
and fill it in with :meth:`Template.format`::

    QT_TRANSLATE_NOOP("StoreWording", "Offline — showing pets as of {shown}").format(shown=t)

Both return ``str`` subclasses whose text is the English sentence, so logs, the
command line and the tests read English; the window (:mod:`petdesk.gui.common.localize`)
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


#: English day and month names for :class:`ClockTime`'s English form: the C library's
#: ``%a``/``%b`` would follow whatever locale Qt set for the process.
_DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


class ClockTime:
    """A moment shown as a clock time: ``09:42`` today, ``Mon 23 Nov, 09:42`` another
    day (with ``seconds``: ``09:42:07``). ``str()`` is the English form, built without
    the C library (``strftime`` directives and names differ between platforms and
    locales); the window formats it with QLocale."""

    __slots__ = ("moment", "seconds", "today")

    def __init__(self, moment: datetime, *, today: bool, seconds: bool = False) -> None:
        self.moment = moment
        self.today = today
        self.seconds = seconds

    def __str__(self) -> str:
        m = self.moment
        time = f"{m.hour:02d}:{m.minute:02d}" + (f":{m.second:02d}" if self.seconds else "")
        if self.today:
            return time
        return f"{_DAYS[m.weekday()]} {m.day} {_MONTHS[m.month - 1]}, {time}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, ClockTime) and (self.moment, self.today, self.seconds) == (
            other.moment, other.today, other.seconds)

    def __hash__(self) -> int:
        return hash((self.moment, self.today, self.seconds))

    def __repr__(self) -> str:
        return f"ClockTime({self.moment!r}, today={self.today}, seconds={self.seconds})"


def QT_TRANSLATE_NOOP(context: str, source: str) -> Template:
    """Mark ``source`` for translation in ``context`` (read by ``lupdate``)."""
    return Template(context, source)
