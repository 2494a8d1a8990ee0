"""Text from the Qt-free layers, shown in the user's language.

The core, the store, bulk intake and the client write sentences as
:class:`~petdesk.core.wording.Template` / :class:`~petdesk.core.wording.Message`
(English ``str`` subclasses that remember their template and values).
:func:`localized` looks the template up with ``QCoreApplication.translate`` in its
context and fills in the values formatted for the locale: numbers with the
locale's separators, clock times in its date and time formats, nested messages
translated in turn. Plain strings (a pet's name, server text) are returned as they
are. A translation that breaks its placeholders falls back to the English sentence.

The window's title is localized before its first paint, so this module imports only
Qt's core and the wording (the status bar localizes its own messages).
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QCoreApplication, QDate, QLocale, QTime

from petdesk.core.wording import ClockTime, Message, Template

if TYPE_CHECKING:
    from datetime import date


class SummaryParts(Protocol):
    def summary_parts(self) -> list[str]: ...


def localized(text: str) -> str:
    """``text`` in the user's language when it is a marked sentence, else unchanged."""
    if isinstance(text, Message):
        source = text.template
        translated = QCoreApplication.translate(source.context, source)
        formatter = _LocaleFormatter(QLocale())
        try:
            return formatter.vformat(translated, (), text.values)
        except (KeyError, IndexError, ValueError):
            return formatter.vformat(source, (), text.values)
    if isinstance(text, Template):
        return QCoreApplication.translate(text.context, text)
    return text


def summary_text(report: SummaryParts) -> str:
    """An import report's summary ("398 added, 9 invalid") in the user's language."""
    return ", ".join(localized(part) for part in report.summary_parts())


def localized_names(names: Mapping[int, str]) -> dict[int, str]:
    """Names marked for translation (the demo's categories) in the user's language."""
    return {key: localized(name) for key, name in names.items()}


def error_text(error: BaseException | None) -> str:
    """The sentence for ``error`` in the user's language: a client error's message, or
    a marked sentence an error was raised with; else the error's own text."""
    if error is None:
        return ""
    message = getattr(error, "user_message", None)
    if isinstance(message, str):
        return localized(message)
    if error.args and isinstance(error.args[0], Template | Message):
        return localized(error.args[0])
    return str(error)


def number(value: int, locale: QLocale | None = None) -> str:
    """A count with the locale's digit grouping: ``8,412``, ``8.412``; the C locale
    (no language set) groups as English does."""
    locale = locale or QLocale()
    if locale.language() == QLocale.Language.C:
        return f"{value:,}"
    return locale.toString(value)


def long_date(day: date, locale: QLocale | None = None) -> str:
    """``5 December 2030``; the locale's long date in other languages
    (``Donnerstag, 5. Dezember 2030``, ``jueves, 5 de diciembre de 2030``)."""
    locale = locale or QLocale()
    qdate = QDate(day.year, day.month, day.day)
    if locale.language() in (QLocale.Language.English, QLocale.Language.C):
        return locale.toString(qdate, "d MMMM yyyy")
    return locale.toString(qdate, QLocale.FormatType.LongFormat)


def clock_time(value: ClockTime, locale: QLocale | None = None) -> str:
    """``09:42`` for today, else the locale's short date and time; with the seconds
    when ``value`` asks for them."""
    locale = locale or QLocale()
    m = value.moment
    time = QTime(m.hour, m.minute, m.second)
    time_format = locale.timeFormat(QLocale.FormatType.ShortFormat)
    if value.seconds and "ss" not in time_format:
        time_format = time_format.replace("mm", "mm:ss", 1)
    if value.today:
        return locale.toString(time, time_format)
    day = locale.toString(QDate(m.year, m.month, m.day), QLocale.FormatType.ShortFormat)
    return f"{day} {locale.toString(time, time_format)}"


class _LocaleFormatter(string.Formatter):
    def __init__(self, locale: QLocale) -> None:
        self._locale = locale

    def format_field(self, value: Any, format_spec: str) -> str:
        """``{n:,}`` groups digits as the locale does (8.412 in German); a bare
        ``{n}`` is left ungrouped (an ID); fractions get the locale's decimal sign."""
        if isinstance(value, int) and not isinstance(value, bool) and format_spec == ",":
            return number(value, self._locale)
        if format_spec:
            return str(super().format_field(value, format_spec))
        if isinstance(value, str):
            return localized(value)
        if isinstance(value, int):
            return str(value)
        if isinstance(value, float):
            return self._locale.toString(value, "g", 6)
        if isinstance(value, ClockTime):
            return clock_time(value, self._locale)
        return str(value)
