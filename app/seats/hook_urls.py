"""Webhook URLs: what a room's creator may give (checked at creation), and whether the address a
URL leads to may be called (checked again before each delivery, after resolving the name, so a
name that later resolves somewhere private is still refused: DNS rebinding)."""
from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

MAX_URL_CHARS = 2000
# RFC 3986's characters only (international names in punycode, others %-encoded); also the
# OpenAPI document's pattern.
URL_PATTERN = r"^https?://[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+$"


def check_url(url: str) -> str:
    """The URL if it is an absolute http(s) URL a server may call, else ValueError with the reason."""
    if "\x00" in url:
        raise ValueError("must not contain NUL characters")
    if len(url) > MAX_URL_CHARS:
        raise ValueError(f"must be at most {MAX_URL_CHARS} characters")
    if any(ord(c) < 33 or ord(c) == 127 for c in url):
        raise ValueError("must not contain spaces or control characters")
    if not url.startswith(("http://", "https://")):
        raise ValueError("must be an http:// or https:// URL")
    if not re.fullmatch(URL_PATTERN, url):
        raise ValueError("may hold only URL characters (RFC 3986: ASCII letters, digits, -._~:/?#[]@!$&'()*+,;=%; "
                         "international names in punycode)")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as e:
        raise ValueError(f"is not a valid URL ({e})") from e
    if parts.scheme not in ("http", "https"):
        raise ValueError("must be an http:// or https:// URL")
    if not parts.hostname:
        raise ValueError("must name a host")
    if parts.username is not None or parts.password is not None:
        raise ValueError("must not hold a user name or password")
    if port == 0:
        raise ValueError("must not use port 0")
    return url


def literal_address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None


def public_address(addr: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Only globally routable unicast addresses (no loopback, private, link-local, CGNAT, multicast,
    reserved; an IPv4-mapped IPv6 address counts as its IPv4 address)."""
    if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped is not None:
        addr = addr.ipv4_mapped
    return addr.is_global and not addr.is_multicast


def check_target(url: str, allow_private: bool) -> None:
    """At creation: refuse a URL whose host is a non-public address (or localhost) unless allowed."""
    if allow_private:
        return
    host = (urlsplit(url).hostname or "").lower()
    addr = literal_address(host)
    if host == "localhost" or host.endswith(".localhost") or (addr is not None and not public_address(addr)):
        raise ValueError("must lead to a public address (this server does not call private or loopback "
                         "addresses: DOI_WEBHOOK_ALLOW_PRIVATE)")
