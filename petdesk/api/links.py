"""``Link`` headers (RFC 8288) for ``rel="next"`` paging, read with httpx's own parser.

``httpx.Response.links`` splits the header with plain string operations (no
backtracking regular expression), so its time is linear in the header's
length: a 1 MB header parses in milliseconds (tests/api/test_paging.py).
"""

from __future__ import annotations

import httpx


def next_link(response: httpx.Response) -> str | None:
    """The target of a link whose ``rel`` (a space-separated list) contains ``next``."""
    if "link" not in response.headers:
        return None
    for link in response.links.values():
        rel = next((value for name, value in link.items() if name.lower() == "rel"), "")
        if "next" in rel.lower().split():
            target = link.get("url", "").strip()
            return target or None
    return None
