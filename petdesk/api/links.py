"""A small RFC 8288 ``Link`` header parser (for ``rel="next"`` paging)."""

from __future__ import annotations

import re

_LINK = re.compile(r"<([^>]*)>((?:\s*;\s*[^;,]+)*)")
_PARAM = re.compile(r"""\s*;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;,\s]+)""")


def find_link(header: str | None, rel: str) -> str | None:
    """The target of the first link whose ``rel`` (a space-separated list) contains ``rel``."""
    if not header:
        return None
    for match in _LINK.finditer(header):
        target, params = match.group(1), match.group(2)
        for name, value in _PARAM.findall(params):
            if name.lower() != "rel":
                continue
            if value.startswith('"'):
                value = value[1:-1]
            if rel.lower() in (v.lower() for v in value.split()):
                return target.strip()
    return None
