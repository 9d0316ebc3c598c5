"""Issue 34: mail reaches a player who is not at the table. A real SMTP server (aiosmtpd) on
127.0.0.1 receives what the server sends: the verification link, the password reset link, and the
turn mail of a correspondence game, which arrives exactly once when the player is away and never
while their socket is open."""
from __future__ import annotations

import contextlib
import re
import secrets
import socket
import time
from email import message_from_bytes
from urllib.parse import unquote, urlsplit

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from app.main import create_app
from tests.server.conftest import make_settings
from tests.server.helpers import invite_of

PASSWORD = "correct horse battery"
BASE = "http://doi.test"


class Inbox:
    def __init__(self):
        self.mails = []

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's handler hook
        msg = message_from_bytes(envelope.content)
        self.mails.append({"to": envelope.rcpt_tos, "subject": msg["Subject"], "body": msg.get_payload(decode=True).decode()})
        return "250 OK"

    def wait_for(self, count: int, timeout: float = 15.0) -> list[dict]:
        deadline = time.monotonic() + timeout
        while len(self.mails) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return list(self.mails)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield inbox, controller.port
    finally:
        controller.stop()


@pytest.fixture
def mail_client(db_url, smtp):
    inbox, port = smtp
    settings = make_settings(db_url).model_copy(update={
        "smtp_url": f"smtp://127.0.0.1:{port}", "public_url": BASE, "notify_tick": 0.05, "notify_backoff": 0.1})
    with TestClient(create_app(settings)) as c:
        yield c, inbox


@contextlib.contextmanager
def another_browser(client):
    """The same app and event loop (the notifier runs in it) with a cookie jar of its own."""
    kept = dict(client.cookies)
    client.cookies.clear()
    try:
        yield client
    finally:
        client.cookies.clear()
        for k, v in kept.items():
            client.cookies.set(k, v)


def link_in(mail: dict, path: str) -> str:
    found = re.search(rf"{re.escape(BASE)}{re.escape(path)}\S+", mail["body"])
    assert found, mail["body"]
    parts = urlsplit(found.group(0))
    return f"{parts.path}?{parts.query}"


def sign_up_verified(client, inbox, email) -> str:
    name = f"Anna{secrets.token_hex(3)}"
    r = client.post("/api/accounts", json={"name": name, "password": PASSWORD, "email": email})
    assert r.status_code == 201 and r.json()["mail"] is True
    [mail] = [m for m in inbox.wait_for(1) if m["to"] == [email]]
    assert "Confirm your address" in mail["subject"]
    page = client.get(link_in(mail, "/account/verify"))
    assert page.status_code == 200 and "Address confirmed" in page.text
    assert client.get("/api/me").json()["account"]["email_verified"] is True
    return name


def test_the_verification_link_confirms_the_address_and_a_forged_one_does_not(mail_client):
    client, inbox = mail_client
    sign_up_verified(client, inbox, "anna@example.org")
    assert client.get("/account/verify?token=forged.token.value").status_code == 400
    # A mail link's token is signed for mails only: as a session cookie it signs nobody in.
    token = link_in(inbox.mails[0], "/account/verify").split("token=")[1]
    with another_browser(client) as stranger:
        stranger.cookies.set("doi_session", unquote(token))
        assert stranger.get("/api/me").status_code == 401


def test_password_reset_by_mail_only_to_a_verified_address_and_the_link_works_once(mail_client):
    client, inbox = mail_client
    name = sign_up_verified(client, inbox, "reset@example.org")
    unverified = f"Bob{secrets.token_hex(3)}"
    with another_browser(client) as bob:
        bob.post("/api/accounts", json={"name": unverified, "password": PASSWORD, "email": "bob@example.org"})
    inbox.wait_for(2)
    before = len(inbox.mails)
    answers = [client.post("/api/accounts/reset", json={"name": who})
               for who in (name, unverified, f"Nobody{secrets.token_hex(3)}")]
    assert {r.status_code for r in answers} == {202} and len({r.text for r in answers}) == 1
    mails = inbox.wait_for(before + 1)
    time.sleep(0.5)
    new = inbox.mails[before:]
    assert [m["to"] for m in new] == [["reset@example.org"]]  # only the verified address got one
    token = unquote(link_in(new[0], "/account/reset").split("token=")[1])
    assert client.post("/api/accounts/reset/confirm", json={"token": token, "password": "a new passphrase!"}).status_code == 200
    assert client.post("/api/accounts/reset/confirm", json={"token": token, "password": "another one!!"}).status_code == 403
    assert client.post("/api/session", json={"name": name, "password": "a new passphrase!"}).status_code == 200
    assert mails  # (the list the wait returned)


def play_until(client, gid, token, seat_waits_for, steps=400):
    """The holder of `token` plays its first legal action (never undo) until `seat_waits_for`(view) holds."""
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(steps):
        got = client.get(f"/api/games/{gid}/view", headers=auth).json()
        if seat_waits_for(got):
            return got
        actions = [a for a in got["view"]["actions"] if a["type"] not in ("undo", "cancel")]
        if not actions:
            time.sleep(0.02)
            continue
        r = client.post(f"/api/games/{gid}/actions", headers=auth, json={"version": got["version"], "action": actions[0]})
        assert r.status_code in (200, 409), r.text
    raise AssertionError("the other seat never came to act")


def test_a_turn_mail_reaches_an_away_player_exactly_once_and_never_while_their_socket_is_open(mail_client):
    client, inbox = mail_client
    sign_up_verified(client, inbox, "rev@example.org")
    room = client.post("/api/games", json={"revolutionaries": 1,
                                           "pace": {"mode": "correspondence", "hours": 24}}).json()
    gid = room["id"]
    mine = client.post(f"/api/games/{gid}/seats/rev1", json={"name": "Anna", "invite": invite_of(room, "rev1")}).json()["token"]
    with another_browser(client) as opponent:
        soviet = opponent.post(f"/api/games/{gid}/seats/soviet", json={"name": "Ivan", "invite": invite_of(room, "soviet")}).json()["token"]
    started = [m for m in inbox.wait_for(2) if "has started" in m["subject"]]
    assert len(started) == 1 and started[0]["to"] == ["rev@example.org"]

    # Away (no socket): the Soviet plays until it is the Revolutionary's turn.
    rev_view = {"Authorization": f"Bearer {mine}"}
    def rev_to_act(_):
        return bool(client.get(f"/api/games/{gid}/view", headers=rev_view).json()["view"]["actions"])
    play_until(client, gid, soviet, rev_to_act)
    time.sleep(1.0)  # every round of the notifier and the outbox has run by now
    turns = [m for m in inbox.mails if m["subject"].startswith("Your turn")]
    assert len(turns) == 1, [m["subject"] for m in inbox.mails]
    assert turns[0]["to"] == ["rev@example.org"]
    assert f"{BASE}/games/{gid}/table" in turns[0]["body"] and mine not in turns[0]["body"]
    assert soviet not in turns[0]["body"]

    # At the table (socket open): the turn goes round again and no mail comes.
    with client.websocket_connect(f"/ws/games/{gid}?token={mine}") as ws:
        ws.receive_json()
        play_until(client, gid, mine, lambda got: not got["view"]["actions"])
        def rev_again(_):
            return bool(client.get(f"/api/games/{gid}/view", headers=rev_view).json()["view"]["actions"])
        play_until(client, gid, soviet, rev_again)
        time.sleep(1.0)
        assert len([m for m in inbox.mails if m["subject"].startswith("Your turn")]) == 1


def test_a_player_who_turned_turn_mails_off_gets_none(mail_client):
    client, inbox = mail_client
    sign_up_verified(client, inbox, "quiet@example.org")
    csrf = client.get("/api/me").json()["csrf"]
    r = client.patch("/api/me", headers={"X-CSRF-Token": csrf}, json={"notify": {"turn": False, "start": False}})
    assert r.json()["account"]["notify"] == {"turn": False, "start": False, "finish": True, "chat": False,
                                             "deadline": True}
    assert client.patch("/api/me", headers={"X-CSRF-Token": csrf}, json={"notify": {"turn": 0}}).status_code == 422
    room = client.post("/api/games", json={"revolutionaries": 1, "pace": {"mode": "correspondence", "hours": 24}}).json()
    gid = room["id"]
    mine = client.post(f"/api/games/{gid}/seats/rev1", json={"name": "Q", "invite": invite_of(room, "rev1")}).json()["token"]
    with another_browser(client) as opponent:
        soviet = opponent.post(f"/api/games/{gid}/seats/soviet", json={"name": "I", "invite": invite_of(room, "soviet")}).json()["token"]
    rev_view = {"Authorization": f"Bearer {mine}"}
    play_until(client, gid, soviet,
               lambda _: bool(client.get(f"/api/games/{gid}/view", headers=rev_view).json()["view"]["actions"]))
    time.sleep(1.0)
    assert [m["subject"] for m in inbox.mails if m["to"] == ["quiet@example.org"]] == [
        "Confirm your address for Days of Ire Online"]
