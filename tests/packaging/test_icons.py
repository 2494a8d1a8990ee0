"""ICO and ICNS writers (packaging/icons.py) on generated PNGs."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import icons


def _png(size: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    raw = b"".join(b"\0" + b"\x00\x80\x00\xff" * size for _ in range(size))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def _pngs(tmp_path: Path, sizes: tuple[int, ...]) -> dict[int, Path]:
    (tmp_path / "icons").mkdir()
    for size in sizes:
        (tmp_path / "icons" / f"petdesk-{size}.png").write_bytes(_png(size))
    (tmp_path / "icons" / "other-32.png").write_bytes(_png(32))  # not the app icon
    return icons.find_pngs(tmp_path)


def test_find_pngs_reads_sizes_from_the_header(tmp_path: Path) -> None:
    found = _pngs(tmp_path, (16, 48, 256))
    assert list(found) == [16, 48, 256]
    assert all(p.name.startswith("petdesk-") for p in found.values())


def test_ico_directory(tmp_path: Path) -> None:
    ico = icons.write_ico(_pngs(tmp_path, (16, 32, 256, 512)), tmp_path / "a.ico")
    data = ico.read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, 3)  # 512 px is left out
    widths = []
    for i in range(count):
        w, _h, _c, _r, _planes, _bpp, size, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * i
        )
        assert data[offset : offset + 8] == b"\x89PNG\r\n\x1a\n"
        assert offset + size <= len(data)
        widths.append(w)
    assert widths == [16, 32, 0]  # 0 means 256


def test_icns_elements(tmp_path: Path) -> None:
    icns = icons.write_icns(_pngs(tmp_path, (16, 32, 128, 256, 512, 1024)), tmp_path / "a.icns")
    data = icns.read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    kinds, pos = [], 8
    while pos < len(data):
        kind, length = data[pos : pos + 4], struct.unpack_from(">I", data, pos + 4)[0]
        assert data[pos + 8 : pos + 16] == b"\x89PNG\r\n\x1a\n"
        kinds.append(kind)
        pos += length
    assert pos == len(data)
    assert kinds == [
        b"icp4",
        b"icp5",
        b"ic11",
        b"ic07",
        b"ic08",
        b"ic13",
        b"ic09",
        b"ic14",
        b"ic10",
    ]


def test_the_repository_icons_convert(tmp_path: Path) -> None:
    from tests.packaging.conftest import ROOT

    found = icons.find_pngs(ROOT / "resources")
    assert {16, 32, 48, 256} <= set(found)
    assert icons.write_ico(found, tmp_path / "petdesk.ico").stat().st_size > 0
    assert icons.write_icns(found, tmp_path / "petdesk.icns").stat().st_size > 0


def test_the_macos_icon_goes_up_to_1024_px(tmp_path: Path) -> None:
    """Retina Docks and Finder's largest views use 512@2x (``ic10``, 1024 px)."""
    from tests.packaging.conftest import ROOT

    data = icons.write_icns(icons.find_pngs(ROOT / "resources"), tmp_path / "a.icns").read_bytes()
    kinds = {}
    offset = 8
    while offset < len(data):
        kind, length = data[offset:offset + 4], struct.unpack(">I", data[offset + 4:offset + 8])[0]
        kinds[kind] = icons.png_size(data[offset + 8:offset + length])
        offset += length
    assert kinds[b"ic10"] == (1024, 1024)
    assert kinds[b"ic09"] == (512, 512)
    assert kinds[b"ic14"] == (512, 512)  # 256@2x
    assert kinds[b"ic08"] == (256, 256)
