"""What the running app adds once its first page is on screen: the window icon and
the log file. Neither is needed to show the pets, and both read files
(:func:`petdesk.gui.app.run` imports this module then)."""

from __future__ import annotations

import logging

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from petdesk.core.datafiles import resources_dir
from petdesk.services.logs import setup_logging
from petdesk.services.redaction import RedactingFilter

__all__ = ["ICON_SIZES", "app_icon", "finish_start"]

#: The app icon's PNG sizes in resources/icons: 16-256 for the window and Windows' .ico,
#: up to 1024 (512@2x) for the macOS .icns (packaging/icons.py).
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)


def app_icon() -> QIcon:
    """The PNGs (16-1024 px) and the SVG."""
    icon = QIcon()
    base = resources_dir()
    if base is None:
        return icon
    icons = base / "icons"
    for size in ICON_SIZES:
        png = icons / f"petdesk-{size}.png"
        if png.is_file():  # with its size: QIcon need not read the file to learn it
            icon.addFile(str(png), QSize(size, size))
    svg = icons / "petdesk.svg"
    if svg.is_file():
        icon.addFile(str(svg))
    return icon


def finish_start(app: QApplication, redactor: RedactingFilter, demo: bool) -> None:
    """The window icon (the PNGs and the SVG) and the log file, key redacted."""
    icon = app_icon()
    if not icon.isNull():
        app.setWindowIcon(icon)
    path, _ = setup_logging(redactor=redactor)
    logging.getLogger("petdesk").info("PetDesk started (demo=%s); log at %s", demo, path)
