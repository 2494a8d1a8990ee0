"""Renders ``resources/icons/petdesk.svg`` to the PNG sizes desktops use.

``python -m petdesk.gui.common.icons`` rewrites ``resources/icons/petdesk-<size>.png``
(16, 24, 32, 48, 64, 128, 256) from the SVG.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from petdesk.core.datafiles import resources_dir
from petdesk.gui.started import ICON_SIZES


def render_pngs(svg: Path, out_dir: Path) -> list[Path]:
    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(svg))
    written = []
    for size in ICON_SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        path = out_dir / f"petdesk-{size}.png"
        image.save(str(path))
        written.append(path)
    return written


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    base = resources_dir()
    if base is None:
        print("resources/icons not found", file=sys.stderr)
        return 1
    for path in render_pngs(base / "icons" / "petdesk.svg", base / "icons"):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
