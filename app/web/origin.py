"""Which web pages may open a game socket: a browser sends the page's Origin with the handshake,
and a socket opened by another site's page would act with this site's cookies (the admin's).
Clients that are not browsers send no Origin and are not affected."""
from __future__ import annotations

from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}


def _site(url: str) -> tuple[str, str, int | None] | None:
    try:
        u = urlsplit(url)
        return u.scheme, (u.hostname or ""), u.port or DEFAULT_PORTS.get(u.scheme)
    except ValueError:  # a port that is not a number
        return None


def origin_allowed(origin: str | None, host: str | None, public_url: str = "") -> bool:
    """With a public URL (DOI_PUBLIC_URL), the Origin must be that URL's scheme, host and port;
    without one, the Origin's host and port must be the Host the request was sent to."""
    if origin is None:
        return True
    site = _site(origin)
    if site is None or site[0] not in DEFAULT_PORTS:
        return False
    if public_url:
        return site == _site(public_url)
    served = _site(f"{site[0]}://{host}") if host else None
    return served is not None and site[1:] == served[1:]
