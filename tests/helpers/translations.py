"""Undo :func:`petdesk.gui.common.translations.install_translations` after a test (the
app installs its translations once and keeps them)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QTranslator


def remove_translations(app: QCoreApplication, translators: list[QTranslator]) -> None:
    for translator in translators:
        app.removeTranslator(translator)
