"""Addresses the service sends: ``Link`` headers (RFC 8288) for ``rel="next"`` paging,
read with httpx's own parser, and whether an address belongs to the service.

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


def as_url(text: str, base: httpx.URL | None = None) -> httpx.URL | None:
    """``text`` as a URL (joined to ``base``), or ``None`` when it is not a valid one.

    Host names are checked here, once: an invalid international name (``xn--`` that
    does not decode) is ``None`` rather than an ``idna`` error later.
    """
    try:
        url = base.join(text) if base is not None else httpx.URL(text)
        url.host  # noqa: B018 - decodes the host name; raises for an invalid one
    except (httpx.InvalidURL, ValueError, TypeError):  # idna.IDNAError is a ValueError
        return None
    return url


def same_origin(url: httpx.URL, base: httpx.URL) -> bool:
    """Same scheme, host and port: where the API key may be sent."""
    # raw_host: the ASCII form, compared without decoding international names.
    return (url.scheme, url.raw_host.lower(), url.port) == (
        base.scheme, base.raw_host.lower(), base.port)


def same_service(url: httpx.URL, base: httpx.URL) -> bool:
    """Same origin, and at or under the service's path."""
    return same_origin(url, base) and (
        url.path == base.path or url.path.startswith(base.path + "/")
    )
