"""Which language the window speaks, and its translators.

The system locale decides, unless the language chosen in File › Settings… names
one (it applies on the next start: widgets take their text when they are built).
PetDesk's own catalogue (``petdesk_<lang>.qm``) and Qt's (``qtbase_<lang>.qm``: the
standard buttons, the line edits' context menus) are loaded for that language, and
it becomes the default QLocale, so dates and numbers follow it too.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from petdesk.core.datafiles import resources_dir

#: The languages of File › Settings…: the stored value and the name shown (each in
#: its own language).
LANGUAGE_CHOICES: tuple[tuple[str, str], ...] = (
    ("en", "English"), ("de", "Deutsch"), ("es", "Español"))


class EnglishPlurals(QTranslator):
    """English for the sources with a count (``tr("%n card(s)", "", n)``): "1 card",
    "2 cards". The sources follow Qt's convention for plural forms, which the German and
    Spanish catalogues translate with their own forms; English has no catalogue, so
    without this the window would say "1 card(s)". Every other source is left to the
    next translator (a null answer)."""

    def translate(self, context: str, source: str, _disambiguation: str | None = None,
                  n: int = -1) -> str:
        if n < 0 or "(s)" not in source:
            return None  # type: ignore[return-value]  # a null string: not translated here
        return source.replace("(s)", "" if n == 1 else "s")

    def isEmpty(self) -> bool:
        return False


def catalogue_dirs(resources: Path | None) -> list[Path]:
    """Where ``petdesk_<lang>.qm`` is: ``translations`` of the run-time files
    (:func:`petdesk.core.datafiles.resources_dir`)."""
    return [resources / "translations"] if resources is not None else []


def chosen_locale(language: str) -> QLocale:
    """The system locale, or the one Settings names (keeping the system's region
    when it speaks that language)."""
    system = QLocale.system()
    if not language or language == system.name().partition("_")[0]:
        return system
    return QLocale(language)


def install_translations(app: QCoreApplication, language: str,
                         resources: Path | None = None) -> list[QTranslator]:
    """Set the locale for ``language`` ("" for the system's) and install Qt's and
    PetDesk's catalogues for it, PetDesk's from ``resources`` (by default the run-time
    files, looked up only for a language other than English). Returns the translators
    installed."""
    locale = chosen_locale(language)
    QLocale.setDefault(locale)
    installed: list[QTranslator] = []
    if locale.language() in (QLocale.Language.English, QLocale.Language.C):
        plurals = EnglishPlurals(app)
        app.installTranslator(plurals)
        return [plurals]
    qt = QTranslator(app)
    if qt.load(locale, "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        installed.append(qt)
    ours = QTranslator(app)
    for folder in catalogue_dirs(resources if resources is not None else resources_dir()):
        if ours.load(locale, "petdesk", "_", str(folder)):
            installed.append(ours)
            break
    for translator in installed:
        app.installTranslator(translator)
    return installed


