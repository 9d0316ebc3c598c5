"""Webhook URLs: what a room's creator may give (checked at creation), and whether the address a
URL leads to may be called (checked again before each delivery, after resolving the name, so a
name that later resolves somewhere private is still refused: DNS rebinding).

An IPv6 address can carry an IPv4 one that a gateway or the host's own stack turns into an IPv4
packet (NAT64, 6to4, Teredo, the mapped and compatible forms): on an IPv6-only host with NAT64,
`http://[64:ff9b::a00:1]/` reaches 10.0.0.1. Every such IPv4 address is judged as if it had been
given itself (issue 30 item 2)."""
from __future__ import annotations

import ipaddress
import re
import socket
from urllib.parse import urlsplit

MAX_URL_CHARS = 2000
# RFC 3986's characters only (international names in punycode, others %-encoded); also the
# OpenAPI document's pattern.
URL_PATTERN = r"^https?://[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+$"
# The ports called without DOI_WEBHOOK_PORTS: a room must not make the server knock on a mail,
# database or admin port of someone else's host.
DEFAULT_PORTS = frozenset({80, 443})

Address = ipaddress.IPv4Address | ipaddress.IPv6Address

# Python 3.11's is_global misses these (newer Pythons know some of them): not one is a public host.
_NOT_PUBLIC = [ipaddress.ip_network(n) for n in (
    "192.0.0.0/24",      # IETF protocol assignments (3.11 knows only a /29 of it)
    "192.88.99.0/24",    # 6to4 relay anycast, deprecated
    "fec0::/10",         # site-local, deprecated but still routed inside some networks
    "64:ff9b:1::/48",    # local-use NAT64 (RFC 8215): the IPv4 part sits where the operator chose
    "3fff::/20",         # documentation (RFC 9637)
    "5f00::/16",         # SRv6 segment identifiers
)]
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_COMPATIBLE = ipaddress.ip_network("::/96")            # ::a.b.c.d, deprecated
_TRANSLATED = ipaddress.ip_network("::ffff:0:0:0/96")  # ::ffff:0:a.b.c.d (SIIT)


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


def literal_address(host: str) -> Address | None:
    """The address a host names without asking DNS: an IP literal, or a numeric form the C resolver
    reads as IPv4 ("2130706433", "0x7f.1", "127.1"), which getaddrinfo would turn into that address."""
    host = host.strip("[]")
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    if re.fullmatch(r"[0-9a-fA-FxX.]+", host) and re.match(r"[0-9]", host):
        try:
            return ipaddress.IPv4Address(socket.inet_aton(host))
        except OSError:
            return None
    return None


def embedded_ipv4(addr: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address leads to (both ends of a Teredo address), or []."""
    if addr.ipv4_mapped is not None:
        return [addr.ipv4_mapped]
    if addr.sixtofour is not None:
        return [addr.sixtofour]
    if addr.teredo is not None:
        return list(addr.teredo)
    if addr in _NAT64 or addr in _COMPATIBLE or addr in _TRANSLATED:
        return [ipaddress.IPv4Address(int(addr) & 0xFFFF_FFFF)]
    return []


def _public_ipv4(addr: ipaddress.IPv4Address) -> bool:
    return addr.is_global and not addr.is_multicast and not any(addr in n for n in _NOT_PUBLIC)


def public_address(addr: Address) -> bool:
    """Only globally routable unicast addresses: no loopback, private, link-local, site-local, CGNAT,
    multicast or reserved one, and no IPv6 address that carries such an IPv4 address."""
    if isinstance(addr, ipaddress.IPv4Address):
        return _public_ipv4(addr)
    addr = addr.__class__(int(addr))  # without a scope id ("fe80::1%eth0")
    inner = embedded_ipv4(addr)
    if addr.ipv4_mapped is not None or addr in _NAT64 or addr in _COMPATIBLE or addr in _TRANSLATED:
        # Only another spelling of the IPv4 address (Python counts some of these ranges as private,
        # others as global): the IPv4 address decides.
        return all(_public_ipv4(a) for a in inner)
    if not addr.is_global or addr.is_multicast or addr.is_site_local or any(addr in n for n in _NOT_PUBLIC):
        return False
    return all(_public_ipv4(a) for a in inner)


def allowed_ports(spec: str) -> set[int] | None:
    """80, 443 and the ports DOI_WEBHOOK_PORTS lists ("8080,8443" or "8000-8999"); None: any port
    (a range covering them all)."""
    ports = set(DEFAULT_PORTS)
    spans = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        low, _, high = part.partition("-")
        spans.append((int(low), int(high or low)))
    if any(low <= 1 and high >= 65535 for low, high in spans):
        return None
    for low, high in spans:
        ports.update(range(low, high + 1))
    return ports


def url_port(url: str) -> int:
    parts = urlsplit(url)
    return parts.port or (443 if parts.scheme == "https" else 80)


def check_port(port: int, ports_spec: str) -> None:
    allowed = allowed_ports(ports_spec)
    if allowed is not None and port not in allowed:
        raise ValueError(f"must use port 80 or 443, not {port} (DOI_WEBHOOK_PORTS lists others this server "
                         "may call)")


def check_target(url: str, allow_private: bool, ports_spec: str = "") -> None:
    """At creation: refuse a URL whose host is a non-public address (or localhost) unless allowed,
    or whose port is neither 80, 443 nor listed."""
    if not allow_private:
        host = (urlsplit(url).hostname or "").lower()
        addr = literal_address(host)
        if host == "localhost" or host.endswith(".localhost") or (addr is not None and not public_address(addr)):
            raise ValueError("must lead to a public address (this server does not call private or loopback "
                             "addresses: DOI_WEBHOOK_ALLOW_PRIVATE)")
    check_port(url_port(url), ports_spec)
