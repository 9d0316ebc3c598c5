"""Issue 30 item 2: webhook targets. IPv6 forms that carry an internal IPv4 address (NAT64, the
IPv4-compatible and translated forms, 6to4, Teredo) and site-local addresses passed the filter at
room creation and at delivery; on an IPv6-only host with NAT64 `http://[64:ff9b::a00:1]/` reaches
10.0.0.1. Any port was called. Now the IPv4 address inside is judged, only ports 80 and 443 (and
those DOI_WEBHOOK_PORTS lists) are called, and a delivery connects to the one address it checked."""
from __future__ import annotations

import ipaddress
import socket
import ssl
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import SimpleNamespace

import httpx
import pytest

from app.seats.hook_urls import allowed_ports, embedded_ipv4, public_address
from app.seats.webhooks import HookSender, Refused
from tests.server.conftest import make_settings
from tests.server.helpers import run_async
from tests.server.hook_receiver import Receiver

INTERNAL_IN_IPV6 = [
    "http://[64:ff9b::a00:1]/",                 # NAT64 well-known prefix: 10.0.0.1
    "http://[64:ff9b::7f00:1]:80/hook",         # NAT64: 127.0.0.1
    "http://[64:ff9b::a9fe:a9fe]/latest",       # NAT64: 169.254.169.254, the cloud metadata address
    "http://[64:ff9b:1::a00:1]/",               # local-use NAT64 prefix (RFC 8215)
    "http://[::a00:1]/",                        # IPv4-compatible ::10.0.0.1
    "http://[::127.0.0.1]/",
    "http://[::ffff:0:a00:1]/",                 # IPv4-translated ::ffff:0:10.0.0.1
    "http://[::ffff:0:192.168.1.1]/",
    "http://[2002:a00:1::]/",                   # 6to4 for 10.0.0.1
    "http://[2002:7f00:1::1]/",                 # 6to4 for 127.0.0.1
    "http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/",  # Teredo whose client is 10.0.0.1
    "http://[fec0::1]/",                        # site-local
    "http://[fed0:1:2::3]/",
    "http://[::]/",
    "http://2130706433/",                       # 127.0.0.1 in the forms the C resolver reads
    "http://0x7f.1/",
    "http://127.1/",
    "http://0177.0.0.1/",
]


@pytest.mark.parametrize("url", INTERNAL_IN_IPV6)
def test_ipv6_forms_of_internal_ipv4_addresses_are_refused_at_creation(client, url):
    before = len(client.get("/api/games?status=open").json())
    r = client.post("/api/games", json={"revolutionaries": 1, "webhook": url})
    assert r.status_code == 422 and "public address" in r.json()["detail"], r.text
    assert len(client.get("/api/games?status=open").json()) == before


@pytest.mark.parametrize("address, public", [
    ("64:ff9b::808:808", True),                 # NAT64 to 8.8.8.8: a public host
    ("64:ff9b::a00:1", False),
    ("64:ff9b:1::808:808", False),              # local-use: where the IPv4 part sits is the operator's choice
    ("::808:808", True), ("::a00:1", False), ("::1", False), ("::", False),
    ("::ffff:8.8.8.8", True), ("::ffff:10.0.0.1", False),
    ("::ffff:0:8.8.8.8", True), ("::ffff:0:10.0.0.1", False),
    ("2002:808:808::1", True), ("2002:a00:1::1", False), ("2002:c0a8:101::1", False),
    ("2001:0:4136:e378:8000:63bf:f5ff:fffe", False),
    ("fec0::1", False), ("fe80::1%eth0", False), ("fc00::1", False), ("ff02::1", False),
    ("2001:4860:4860::8888", True), ("3fff::1", False),
    ("8.8.8.8", True), ("100.64.0.1", False), ("192.0.0.9", False), ("192.88.99.1", False),
    ("224.0.0.1", False), ("0.0.0.0", False),
])
def test_the_ipv4_address_inside_an_ipv6_address_decides(address, public):
    assert public_address(ipaddress.ip_address(address)) is public


def test_embedded_ipv4_reads_every_form():
    v6 = ipaddress.IPv6Address
    assert embedded_ipv4(v6("64:ff9b::a00:1")) == [ipaddress.IPv4Address("10.0.0.1")]
    assert embedded_ipv4(v6("::ffff:0:a00:1")) == [ipaddress.IPv4Address("10.0.0.1")]
    assert embedded_ipv4(v6("2002:a00:1::")) == [ipaddress.IPv4Address("10.0.0.1")]
    server, teredo_client = embedded_ipv4(v6("2001:0:4136:e378:8000:63bf:f5ff:fffe"))
    assert (str(server), str(teredo_client)) == ("65.54.227.120", "10.0.0.1")
    assert embedded_ipv4(v6("2001:4860:4860::8888")) == []


@pytest.mark.parametrize("url", ["https://example.org:8443/hook", "http://example.org:22/", "http://example.org:6379/",
                                 "https://93.184.216.34:8080/"])
def test_ports_other_than_80_and_443_are_refused_unless_listed(client, url):
    before = len(client.get("/api/games?status=open").json())
    r = client.post("/api/games", json={"revolutionaries": 1, "webhook": url})
    assert r.status_code == 422 and "port 80 or 443" in r.json()["detail"], r.text
    assert len(client.get("/api/games?status=open").json()) == before


def test_a_listed_port_is_accepted(db_url):
    from fastapi.testclient import TestClient

    from app.main import create_app

    settings = make_settings(db_url).model_copy(update={"webhook_ports": "8443, 9000-9010"})
    with TestClient(create_app(settings)) as client:
        for url in ("https://example.org:8443/hook", "http://example.org:9005/", "https://example.org/",
                    "http://example.org:80/"):
            assert client.post("/api/games", json={"revolutionaries": 1, "webhook": url}).status_code == 201
        r = client.post("/api/games", json={"revolutionaries": 1, "webhook": "http://example.org:9011/"})
        assert r.status_code == 422


def test_port_settings_are_read_as_lists_and_ranges():
    assert allowed_ports("") == {80, 443}
    assert allowed_ports(" 8080 , 9000-9002") == {80, 443, 8080, 9000, 9001, 9002}
    assert allowed_ports("1-65535") is None


# ----- at delivery ------------------------------------------------------------------------------
def sender(**update) -> HookSender:
    settings = make_settings("sqlite://").model_copy(update={"webhook_timeout": 2.0, **update})
    hooks = HookSender(SimpleNamespace(state=SimpleNamespace(settings=settings)))
    return hooks


async def post_once(hooks: HookSender, url: str, verify: ssl.SSLContext | bool = True) -> httpx.Response:
    """One delivery attempt with the sender's own client (`verify`: the certificates it trusts)."""
    hooks.client = hooks.new_client(verify)
    try:
        return await hooks.post(url, {"event": "turn"})
    finally:
        await hooks.client.aclose()


class Resolver:
    """getaddrinfo for one made-up name: the answers in turn (a name whose answer changes between
    two lookups: DNS rebinding), counting lookups."""

    def __init__(self, monkeypatch, *answers: str):
        self.answers, self.calls = list(answers), 0
        real = socket.getaddrinfo
        resolver = self

        def fake(host, port, *args, **kw):
            if host != "hooks.example.test":
                return real(host, port, *args, **kw)
            answer = resolver.answers[min(resolver.calls, len(resolver.answers) - 1)]
            resolver.calls += 1
            family = socket.AF_INET6 if ":" in answer else socket.AF_INET
            return [(family, socket.SOCK_STREAM, 6, "", (answer, port))]

        # Every lookup, whichever way it is asked (the event loop's getaddrinfo calls this one too).
        monkeypatch.setattr(socket, "getaddrinfo", fake)


@pytest.mark.parametrize("answer", ["64:ff9b::a00:1", "::ffff:0:7f00:1", "2002:7f00:1::1", "fec0::5", "::7f00:1"])
def test_a_name_resolving_to_an_ipv6_form_of_an_internal_address_is_not_called(monkeypatch, answer):
    resolver = Resolver(monkeypatch, answer)
    with pytest.raises(Refused, match="non-public"):
        run_async(post_once(sender(), "http://hooks.example.test/turns"))
    assert resolver.calls == 1


def test_a_delivery_connects_to_the_address_it_checked_with_one_lookup(monkeypatch):
    """The name answers 127.0.0.1 first, then an address nothing listens on: the POST reaches the
    receiver on 127.0.0.1 with the name in its Host header, after a single lookup."""
    rx = Receiver()
    try:
        port = rx.server.server_address[1]
        resolver = Resolver(monkeypatch, "127.0.0.1", "10.255.255.1")
        hooks = sender(webhook_allow_private=True, webhook_ports=str(port))
        response = run_async(post_once(hooks, f"http://hooks.example.test:{port}/turns"))
        assert response.status_code == 204 and rx.bodies == [{"event": "turn"}]
        assert rx.hosts == [f"hooks.example.test:{port}"]
        assert resolver.calls == 1
    finally:
        rx.close()


def test_an_unlisted_port_is_not_called_at_delivery():
    """A room made while DOI_WEBHOOK_PORTS listed a port that it no longer lists: refused, unsent."""
    rx = Receiver()
    try:
        port = rx.server.server_address[1]
        with pytest.raises(Refused, match="port 80 or 443"):
            run_async(post_once(sender(webhook_allow_private=True), f"http://127.0.0.1:{port}/turns"))
        assert rx.attempts == 0
    finally:
        rx.close()


# ----- https: the name in SNI and in the certificate check, the checked address in the connection --
def certificate(tmp_path, name: str) -> tuple[ssl.SSLContext, ssl.SSLContext]:
    """A certificate authority of the test's own and a certificate it signed for `name`: the
    server's context, and a client context that trusts only that authority."""
    def run(*args):
        subprocess.run(["openssl", *args], cwd=tmp_path, check=True, capture_output=True)

    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
        "-subj", "/CN=webhook test CA")
    run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "leaf.key", "-out", "leaf.csr", "-subj", f"/CN={name}")
    (tmp_path / "san.ext").write_text(f"subjectAltName=DNS:{name}\n")
    run("x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
        "leaf.pem", "-days", "2", "-extfile", "san.ext")
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(tmp_path / "leaf.pem", tmp_path / "leaf.key")
    return server, ssl.create_default_context(cafile=str(tmp_path / "ca.pem"))


class TlsReceiver:
    """An https server on 127.0.0.1 that records the SNI names it was asked for and the bodies."""

    def __init__(self, context: ssl.SSLContext):
        self.sni: list[str | None] = []
        self.bodies: list[dict] = []
        receiver = self
        context.sni_callback = lambda sock, name, ctx: receiver.sni.append(name)

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                receiver.bodies.append(self.rfile.read(int(self.headers["Content-Length"])))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        class Server(ThreadingHTTPServer):
            def get_request(self):
                sock, addr = super().get_request()
                return context.wrap_socket(sock, server_side=True), addr

            def handle_error(self, request, client_address):
                pass  # a refused handshake is the point of one test

        self.server = Server(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_https_to_the_checked_address_sends_the_name_and_verifies_its_certificate(monkeypatch, tmp_path):
    """The connection goes to the address checked (127.0.0.1), yet TLS speaks to the name: SNI is
    the name, and the certificate is verified against the name, not the address."""
    server_ctx, trusting = certificate(tmp_path, "hooks.example.test")
    rx = TlsReceiver(server_ctx)
    try:
        resolver = Resolver(monkeypatch, "127.0.0.1", "10.255.255.1")
        hooks = sender(webhook_allow_private=True, webhook_ports=str(rx.port))
        response = run_async(post_once(hooks, f"https://hooks.example.test:{rx.port}/turns", verify=trusting))
        assert response.status_code == 204 and len(rx.bodies) == 1
        assert rx.sni == ["hooks.example.test"] and resolver.calls == 1
    finally:
        rx.close()


def test_https_refuses_a_certificate_for_another_name(monkeypatch, tmp_path):
    """The receiver's certificate names another host: the sender will not talk to it."""
    server_ctx, trusting = certificate(tmp_path, "other.example.test")
    rx = TlsReceiver(server_ctx)
    try:
        Resolver(monkeypatch, "127.0.0.1")
        hooks = sender(webhook_allow_private=True, webhook_ports=str(rx.port))
        with pytest.raises(httpx.ConnectError, match="(?i)certificate|hostname"):
            run_async(post_once(hooks, f"https://hooks.example.test:{rx.port}/turns", verify=trusting))
        assert rx.bodies == []
    finally:
        rx.close()
