"""The one rule for which service addresses PetDesk accepts.

Used by the client, the Settings dialog and ``--base-url`` alike:

* ``https://`` to any host;
* ``http://`` only to *this computer*: a literal loopback address
  (``127.0.0.0/8``, ``::1``) or the name ``localhost``. Other names that merely
  resolve to loopback do not count: what a name resolves to can change.
* no user name, query or fragment.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from petdesk.core.wording import QT_TRANSLATE_NOOP


def is_this_computer(host: str) -> bool:
    """True for ``localhost`` and for a literal loopback IP address."""
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def base_url_problem(url: str) -> str | None:
    """Why ``url`` cannot be a service address, in plain words; ``None`` when it can."""
    text = url.strip()
    try:
        parts = urlsplit(text)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        return QT_TRANSLATE_NOOP("ServiceAddress", "The service address is not a valid address.")
    if parts.scheme not in ("https", "http") or not host:
        return QT_TRANSLATE_NOOP("ServiceAddress", "The service address must start with https://.")
    if parts.scheme == "http" and not is_this_computer(host):
        return QT_TRANSLATE_NOOP(
            "ServiceAddress",
            "The service address must use https:// "
            "(plain http:// is only allowed for a server on this computer).")
    if parts.username is not None or parts.query or parts.fragment:
        return QT_TRANSLATE_NOOP(
            "ServiceAddress",
            "The service address must not contain a user name, a query or a fragment.")
    return None
