"""Icon files for the installers, made from the PNG sizes in ``resources/`` (stdlib only).

* :func:`write_ico` — Windows ``.ico`` (the EXE icon): ICO with PNG-compressed
  entries (supported since Windows Vista).
* :func:`write_icns` — macOS ``.icns`` (the .app icon): ICNS with PNG entries.
* :func:`find_pngs` — ``{size: path}`` of the square app-icon PNGs.

No Pillow needed: both formats can embed PNG data as is.
"""

from __future__ import annotations

import struct
from pathlib import Path

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    if data[:8] != _PNG_SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def find_pngs(resources: Path, name: str = "petdesk") -> dict[int, Path]:
    """``{size: path}`` of the square app-icon PNGs under ``resources``: files named
    ``<name>*.png`` (``petdesk-48.png``, ``petdesk_256.png``, ``icons/petdesk.png``) or
    ``<size>x<size>/<name>.png``; the size is read from the PNG header."""
    found: dict[int, Path] = {}
    for path in sorted(resources.rglob("*.png")):
        if not path.stem.startswith(name):
            continue
        try:
            width, height = png_size(path.read_bytes()[:32])
        except ValueError:
            continue
        if width == height:
            found.setdefault(width, path)
    return dict(sorted(found.items()))


def write_ico(pngs: dict[int, Path], out: Path) -> Path:
    """An ICO with the sizes Windows uses (16..256), PNG-compressed."""
    entries = [(s, p.read_bytes()) for s, p in pngs.items() if s <= 256]
    if not entries:
        raise ValueError("no PNG of 256 px or less for the .ico")
    header = struct.pack("<HHH", 0, 1, len(entries))
    offset = 6 + 16 * len(entries)
    directory = b""
    images = b""
    for size, data in entries:
        dim = 0 if size >= 256 else size
        directory += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        images += data
    out.write_bytes(header + directory + images)
    return out


#: ICNS element types holding PNG data, by pixel size (retina "@2x" types reuse sizes).
_ICNS_TYPES: dict[int, tuple[bytes, ...]] = {
    16: (b"icp4",),
    32: (b"icp5", b"ic11"),
    64: (b"icp6", b"ic12"),
    128: (b"ic07",),
    256: (b"ic08", b"ic13"),
    512: (b"ic09", b"ic14"),
    1024: (b"ic10",),
}


def write_icns(pngs: dict[int, Path], out: Path) -> Path:
    """An ICNS with every PNG size macOS knows."""
    body = b""
    for size, path in pngs.items():
        data = path.read_bytes()
        for kind in _ICNS_TYPES.get(size, ()):
            body += kind + struct.pack(">I", 8 + len(data)) + data
    if not body:
        raise ValueError("no PNG in a size ICNS supports (16, 32, 64, 128, 256, 512, 1024)")
    out.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)
    return out
