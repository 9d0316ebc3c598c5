"""Issue 34: Web Push reaches a player who is not at the table. A push-service stand-in on 127.0.0.1
checks each request as a real one would (the VAPID JWT signed by the server's public key, for the
endpoint's origin, not expired; the payload aes128gcm-encrypted to the browser's keys, decrypted
here with the private key the test made for the "browser") and the tests read what a player's
browser would show. Also: the subscription's address rules, a subscription the service forgets
(410) is deleted, and the key pair survives a restart."""
from __future__ import annotations

import base64
import json
import os
import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from fastapi.testclient import TestClient

from app.main import create_app
from tests.server.conftest import make_settings
from tests.server.helpers import browser as other_browser
from tests.server.helpers import invite_of
from tests.server.test_notify_mail import play_until

PASSWORD = "correct horse battery"
BASE = "http://doi.test"


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """What a browser makes when it subscribes: an ECDH key pair and a 16-byte auth secret."""

    def __init__(self):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.p256dh = b64(self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                             serialization.PublicFormat.UncompressedPoint))

    def subscription(self, endpoint: str) -> dict:
        return {"endpoint": endpoint, "keys": {"p256dh": self.p256dh, "auth": b64(self.auth)}}

    def decrypt(self, body: bytes) -> dict:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


def check_vapid(authorization: str, server_key: str, origin: str) -> dict:
    """RFC 8292: `vapid t=<JWT>,k=<public key>`; the JWT is ES256 over its header and claims, by the
    key `k`, which must be the server's; `aud` the endpoint's origin; `exp` within 24 hours."""
    scheme, _, params = authorization.partition(" ")
    assert scheme == "vapid"
    fields = dict(p.strip().split("=", 1) for p in params.split(","))
    assert fields["k"] == server_key
    head, claims, sig = fields["t"].split(".")
    assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64(sig)
    assert len(raw) == 64
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(server_key))
    public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                  f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    claims = json.loads(unb64(claims))
    assert claims["aud"] == origin
    assert time.time() < claims["exp"] <= time.time() + 24 * 3600
    assert claims["sub"].startswith(("mailto:", "https:"))
    return claims


class PushService:
    """A push service on 127.0.0.1: records every message; `answers[name]` is the status it gives
    for the endpoint /push/<name> (201 by default)."""

    def __init__(self):
        self.messages: list[dict] = []
        self.answers: dict[str, int] = {}
        self.hold: set[str] = set()  # endpoints whose requests wait (up to 30 s) for `release`
        self.release = threading.Event()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                name = self.path.rsplit("/", 1)[-1]
                if name in service.hold:
                    service.release.wait(30)
                service.messages.append({"name": name, "path": self.path, "headers": dict(self.headers), "body": body})
                self.send_response(service.answers.get(name, 201))
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def endpoint(self, name: str) -> str:
        return f"{self.origin}/push/{name}"

    def to(self, name: str) -> list[dict]:
        return [m for m in self.messages if m["name"] == name]

    def wait_for(self, name: str, count: int, timeout: float = 15.0) -> list[dict]:
        deadline = time.monotonic() + timeout
        while len(self.to(name)) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.to(name)

    def close(self):
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def service():
    s = PushService()
    yield s
    s.close()


def push_settings(db_url, **update):
    # The stand-in listens on http://127.0.0.1 at a port the system picks: allowed for push here only.
    return make_settings(db_url).model_copy(update={
        "public_url": BASE, "notify_tick": 0.05, "notify_backoff": 0.1, "push_allow_private": True,
        "webhook_ports": "1024-65535", **update})


@pytest.fixture
def push_client(db_url, service):
    with TestClient(create_app(push_settings(db_url))) as c:
        yield c, service


def sign_up(client) -> tuple[str, str]:
    name = f"Pia{secrets.token_hex(3)}"
    r = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201
    return name, r.json()["csrf"]


def subscribe(client, csrf, device: Browser, endpoint: str):
    return client.post("/api/me/push", headers={"X-CSRF-Token": csrf}, json=device.subscription(endpoint))


def correspondence_room(client, my_seat_name="Pia"):
    room = client.post("/api/games", json={"revolutionaries": 1, "pace": {"mode": "correspondence", "hours": 24}}).json()
    gid = room["id"]
    mine = client.post(f"/api/games/{gid}/seats/rev1", json={"name": my_seat_name,
                                                             "invite": invite_of(room, "rev1")}).json()["token"]
    with other_browser(client) as opponent:
        soviet = opponent.post(f"/api/games/{gid}/seats/soviet", json={"name": "Ivan",
                                                                       "invite": invite_of(room, "soviet")}).json()["token"]
    return gid, mine, soviet


def rev_to_act(client, gid, token):
    return lambda _: bool(client.get(f"/api/games/{gid}/view",
                                     headers={"Authorization": f"Bearer {token}"}).json()["view"]["actions"])


def test_a_turn_push_is_signed_encrypted_and_reaches_an_away_player_once_and_never_at_the_table(push_client):
    client, service = push_client
    _, csrf = sign_up(client)
    phone = Browser()
    r = subscribe(client, csrf, phone, service.endpoint("phone"))
    assert r.status_code == 201 and r.json() == {"browsers": 1}
    server_key = client.get("/api/push/key").json()["key"]
    assert len(unb64(server_key)) == 65 and unb64(server_key)[0] == 4

    gid, mine, soviet = correspondence_room(client)
    [started] = service.wait_for("phone", 1)
    check_vapid(started["headers"]["Authorization"], server_key, service.origin)
    assert started["headers"]["Content-Encoding"] == "aes128gcm" and int(started["headers"]["TTL"]) > 0
    assert phone.decrypt(started["body"]) == {
        "title": f"Your game of Days of Ire has started (game {gid})",
        "body": "Every seat is taken: the game has started. You play Revolutionary 1.",
        "url": f"{BASE}/games/{gid}/table", "tag": f"doi-{gid}"}

    # Away (no socket): the Soviet plays until the Revolutionary has to act: one push says so.
    play_until(client, gid, soviet, rev_to_act(client, gid, mine))
    time.sleep(1.0)  # every round of the notifier and the outbox has run by now
    pushes = service.to("phone")
    assert len(pushes) == 2, [phone.decrypt(p["body"]) for p in pushes]
    turn = pushes[1]
    claims = check_vapid(turn["headers"]["Authorization"], server_key, service.origin)
    assert claims["sub"] == "mailto:noreply@localhost"  # DOI_MAIL_FROM's address, without DOI_VAPID_SUBJECT
    assert phone.decrypt(turn["body"]) == {"title": f"Your turn in Days of Ire (game {gid})",
                                           "body": "It is your turn as Revolutionary 1.",
                                           "url": f"{BASE}/games/{gid}/table", "tag": f"doi-{gid}"}
    # No seat token anywhere: not in the payload, a header or the path.
    for p in pushes:
        seen = json.dumps(phone.decrypt(p["body"])) + json.dumps(p["headers"]) + p["path"]
        assert mine not in seen and soviet not in seen

    # At the table (socket open): the turn goes round again and no push comes.
    with client.websocket_connect(f"/ws/games/{gid}?token={mine}") as ws:
        ws.receive_json()
        play_until(client, gid, mine, lambda got: not got["view"]["actions"])
        play_until(client, gid, soviet, rev_to_act(client, gid, mine))
        time.sleep(1.0)
        assert len(service.to("phone")) == 2


def test_a_subscription_the_push_service_forgets_is_deleted_and_the_other_browsers_still_get_theirs(push_client):
    client, service = push_client
    _, csrf = sign_up(client)
    laptop, phone = Browser(), Browser()
    assert subscribe(client, csrf, laptop, service.endpoint("laptop")).status_code == 201
    assert subscribe(client, csrf, phone, service.endpoint("phone")).json() == {"browsers": 2}
    service.answers["laptop"] = 410  # that browser unsubscribed behind our back
    correspondence_room(client)
    assert len(service.wait_for("phone", 1)) == 1
    assert len(service.wait_for("laptop", 1)) == 1
    deadline = time.monotonic() + 10
    while client.get("/api/me/push").json()["browsers"] != 1:
        assert time.monotonic() < deadline, "the forgotten subscription was kept"
        time.sleep(0.05)
    time.sleep(0.5)
    assert len(service.to("laptop")) == 1  # not retried: 410 is final

    # A push service that fails for a while (503) gets the same message again, with backoff.
    service.answers["phone"] = 503
    gid, mine, soviet = correspondence_room(client)
    service.wait_for("phone", 3)
    service.answers["phone"] = 201
    got = service.wait_for("phone", 4)
    assert len(got) >= 4
    assert phone.decrypt(got[-1]["body"]) == phone.decrypt(got[-2]["body"])  # the same message, once more
    assert client.get("/api/me/push").json()["browsers"] == 1  # a 503 deletes nothing


@pytest.mark.parametrize("endpoint, why", [
    ("http://push.example.com/x", "https"),
    ("https://127.0.0.1/x", "public address"),
    ("https://10.1.2.3/x", "public address"),
    ("https://[::1]/x", "public address"),
    ("https://[::ffff:192.168.0.1]/x", "public address"),
    ("https://localhost/x", "public address"),
    ("https://push.example.com:8443/x", "port"),
    ("https://push.example.com/" + "a" * 2000, "2000"),
    ("https://push.example.com/a\x00b", "NUL"),
    ("https://user:pw@push.example.com/x", "user name"),
    ("ftp://push.example.com/x", "http"),
])
def test_a_subscription_is_refused_unless_its_endpoint_is_an_https_url_on_a_public_address(db_url, endpoint, why):
    with TestClient(create_app(make_settings(db_url))) as client:
        _, csrf = sign_up(client)
        r = subscribe(client, csrf, Browser(), endpoint)
        assert r.status_code == 422 and why in r.json()["detail"], r.text
        assert client.get("/api/me/push").json() == {"browsers": 0}
        good = subscribe(client, csrf, Browser(), "https://fcm.googleapis.com/fcm/send/abc:def")
        assert good.status_code == 201, good.text


def test_a_subscription_needs_an_account_its_csrf_token_and_real_keys(db_url):
    with TestClient(create_app(make_settings(db_url))) as client:
        endpoint = "https://updates.push.services.mozilla.com/wpush/v2/abc"
        phone = Browser()
        assert client.post("/api/me/push", json=phone.subscription(endpoint)).status_code == 401
        _, csrf = sign_up(client)
        assert client.post("/api/me/push", json=phone.subscription(endpoint)).status_code == 403  # no CSRF token
        bad = [
            {**phone.subscription(endpoint), "keys": {"p256dh": b64(b"\x04" + os.urandom(64)), "auth": b64(phone.auth)}},
            {**phone.subscription(endpoint), "keys": {"p256dh": phone.p256dh, "auth": b64(os.urandom(15))}},
            {**phone.subscription(endpoint), "keys": {"p256dh": phone.p256dh}},
            {**phone.subscription(endpoint), "keys": {"p256dh": 1.0, "auth": b64(phone.auth)}},
            {**phone.subscription(endpoint), "extra": True},
            {"endpoint": ["https://x.example/"], "keys": phone.subscription(endpoint)["keys"]},
        ]
        for body in bad:
            r = client.post("/api/me/push", headers={"X-CSRF-Token": csrf}, json=body)
            assert r.status_code == 422, (body, r.text)
        assert client.get("/api/me/push").json() == {"browsers": 0}
        # What a browser's toJSON() gives, expirationTime included, is taken.
        body = {**phone.subscription(endpoint), "expirationTime": None}
        assert client.post("/api/me/push", headers={"X-CSRF-Token": csrf}, json=body).status_code == 201


def test_a_browser_belongs_to_one_account_and_nobody_else_can_drop_it(db_url):
    with TestClient(create_app(make_settings(db_url).model_copy(update={"push_per_account": 3}))) as client:
        endpoint = "https://push.example.com/one"
        _, anna = sign_up(client)
        device = Browser()
        assert subscribe(client, anna, device, endpoint).status_code == 201
        with other_browser(client) as other:
            _, bob = sign_up(other)
            # Bob cannot drop Anna's browser (it is not his)...
            r = other.request("DELETE", "/api/me/push", headers={"X-CSRF-Token": bob}, json={"endpoint": endpoint})
            assert r.status_code == 204
            # ... but the same browser signing in to Bob's account moves there: never both accounts'.
            assert subscribe(other, bob, device, endpoint).json() == {"browsers": 1}
            # At most push_per_account browsers: the oldest go first.
            for i in range(5):
                subscribe(other, bob, Browser(), f"https://push.example.com/b{i}")
            assert other.get("/api/me/push").json() == {"browsers": 3}
        assert client.get("/api/me/push").json() == {"browsers": 0}


def test_the_vapid_key_pair_is_made_once_and_kept_across_restarts(db_url):
    with TestClient(create_app(make_settings(db_url))) as client:
        first = client.get("/api/push/key").json()["key"]
    with TestClient(create_app(make_settings(db_url))) as client:
        assert client.get("/api/push/key").json()["key"] == first


def test_the_service_worker_is_served_at_the_root_for_the_whole_site(client):
    r = client.get("/sw.js")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    assert "showNotification" in r.text and "notificationclick" in r.text
    assert r.headers["cache-control"] == "no-cache"


def test_a_deleted_account_leaves_no_browser_or_webhook_behind(db_url):
    from sqlalchemy import func, select

    from app.infra.models import PushSubRow

    with TestClient(create_app(make_settings(db_url))) as client:
        _, csrf = sign_up(client)
        endpoint = f"https://push.example.com/{secrets.token_hex(8)}"
        assert subscribe(client, csrf, Browser(), endpoint).status_code == 201

        async def kept() -> int:
            async with client.app.state.store.reading() as s:
                return (await s.execute(select(func.count()).select_from(PushSubRow)
                                        .where(PushSubRow.endpoint == endpoint))).scalar_one()
        assert client.portal.call(kept) == 1
        assert client.request("DELETE", "/api/me", headers={"X-CSRF-Token": csrf},
                              json={"password": PASSWORD}).status_code == 204
        assert client.portal.call(kept) == 0


def test_a_push_service_that_hangs_holds_up_no_one_else(db_url, service):
    service.hold.add("slow")
    with TestClient(create_app(push_settings(db_url, webhook_timeout=30))) as client:
        _, anna = sign_up(client)
        assert subscribe(client, anna, Browser(), service.endpoint("slow")).status_code == 201
        room = client.post("/api/games", json={"revolutionaries": 1}).json()
        gid = room["id"]
        client.post(f"/api/games/{gid}/seats/soviet", json={"name": "Anna", "invite": invite_of(room, "soviet")})
        with other_browser(client) as bob_browser:
            _, bob = sign_up(bob_browser)
            fast = Browser()
            assert subscribe(bob_browser, bob, fast, service.endpoint("fast")).status_code == 201
            bob_browser.post(f"/api/games/{gid}/seats/rev1", json={"name": "Bob", "invite": invite_of(room, "rev1")})
        started = time.monotonic()
        [got] = service.wait_for("fast", 1, timeout=10)
        assert time.monotonic() - started < 5 and service.to("slow") == []  # Anna's is still hanging
        assert fast.decrypt(got["body"])["title"] == f"Your game of Days of Ire has started (game {gid})"
        service.release.set()
        assert len(service.wait_for("slow", 1)) == 1
