"""Read what ELF files link to, in pure Python (no binutils needed).

* :func:`elf_info` — ``DT_NEEDED`` sonames and required symbol versions
  (``GLIBC_2.34``, ``GLIBCXX_3.4.30``) of one 64-bit little-endian ELF file.
* :func:`scan_tree` — the same for every ELF file under a directory, plus the
  sonames the tree provides itself.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ELF_MAGIC = b"\x7fELF"
_SHT_DYNAMIC = 6
_SHT_GNU_VERNEED = 0x6FFFFFFE
_DT_NEEDED = 1
_DT_SONAME = 14
_DT_NULL = 0


@dataclass
class ElfInfo:
    path: Path
    soname: str | None = None
    needed: list[str] = field(default_factory=list)
    #: (library soname, version name), e.g. ("libc.so.6", "GLIBC_2.34")
    versions: set[tuple[str, str]] = field(default_factory=set)


def is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            return fh.read(4) == ELF_MAGIC
    except OSError:
        return False


def _cstr(blob: bytes, offset: int) -> str:
    end = blob.index(b"\0", offset)
    return blob[offset:end].decode("utf-8", "replace")


def elf_info(path: Path) -> ElfInfo:
    """Parse the dynamic section and version-needs of a 64-bit LE ELF file."""
    data = path.read_bytes()
    if data[:4] != ELF_MAGIC:
        raise ValueError(f"{path}: not an ELF file")
    if data[4] != 2 or data[5] != 1:
        raise ValueError(f"{path}: only 64-bit little-endian ELF is supported")
    (e_shoff,) = struct.unpack_from("<Q", data, 0x28)
    e_shentsize, e_shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = []
    for i in range(e_shnum):
        off = e_shoff + i * e_shentsize
        (_name, sh_type, _flags, _addr, sh_offset, sh_size, sh_link, sh_info, _align, _entsize) = (
            struct.unpack_from("<IIQQQQIIQQ", data, off)
        )
        sections.append((sh_type, sh_offset, sh_size, sh_link, sh_info))

    def strtab(index: int) -> bytes:
        _t, offset, size, _l, _i = sections[index]
        return data[offset : offset + size]

    info = ElfInfo(path)
    for sh_type, offset, size, link, count in sections:
        if sh_type == _SHT_DYNAMIC:
            strings = strtab(link)
            for pos in range(offset, offset + size, 16):
                tag, val = struct.unpack_from("<qQ", data, pos)
                if tag == _DT_NULL:
                    break
                if tag == _DT_NEEDED:
                    info.needed.append(_cstr(strings, val))
                elif tag == _DT_SONAME:
                    info.soname = _cstr(strings, val)
        elif sh_type == _SHT_GNU_VERNEED:
            strings = strtab(link)
            pos = offset
            for _ in range(count):
                _ver, cnt, vn_file, vn_aux, vn_next = struct.unpack_from("<HHIII", data, pos)
                library = _cstr(strings, vn_file)
                aux = pos + vn_aux
                for _ in range(cnt):
                    _hash, _flags, _other, vna_name, vna_next = struct.unpack_from(
                        "<IHHII", data, aux
                    )
                    info.versions.add((library, _cstr(strings, vna_name)))
                    if not vna_next:
                        break
                    aux += vna_next
                if not vn_next:
                    break
                pos += vn_next
    return info


def iter_elf_files(root: Path) -> Iterator[Path]:
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            if not path.is_symlink() and is_elf(path):
                yield path


@dataclass
class TreeScan:
    files: list[ElfInfo]
    #: sonames (and file names) present in the tree
    provided: set[str]

    def external_needs(self) -> dict[str, list[Path]]:
        """Sonames linked to but not shipped in the tree, with who needs them."""
        out: dict[str, list[Path]] = {}
        for info in self.files:
            for name in info.needed:
                if name not in self.provided:
                    out.setdefault(name, []).append(info.path)
        return dict(sorted(out.items()))

    def required_versions(self, library_prefix: str, version_prefix: str) -> list[str]:
        """Version names like ``GLIBC_2.34`` required from libraries like ``libc.so``,
        oldest first."""
        names = {
            v
            for info in self.files
            for lib, v in info.versions
            if lib.startswith(library_prefix) and v.startswith(version_prefix)
        }
        return sorted(names, key=lambda v: version_key(v.removeprefix(version_prefix)))


def version_key(text: str) -> tuple[int, ...]:
    """``"2.34"`` -> ``(2, 34)``; non-numeric parts count as 0."""
    return tuple(int(p) if p.isdigit() else 0 for p in text.split("."))


def scan_tree(root: Path) -> TreeScan:
    files = [elf_info(p) for p in iter_elf_files(root)]
    provided: set[str] = set()
    for dirpath, _dirs, names in os.walk(root):
        provided.update(names)  # files and symlinks (libfoo.so.1 -> ...) by name
        del dirpath
    provided.update(info.soname for info in files if info.soname)
    return TreeScan(files, provided)
