"""Issue 34: chat while you are away, and a deadline near. A real SMTP server (aiosmtpd) and a
push-service stand-in on 127.0.0.1 receive what the server sends: a chat notice only to players
who turned chat notices on, are not at the table and did not write the line, at most one per game
in the window; a deadline warning once per deadline, to every channel the account has."""
from __future__ import annotations

import secrets
import time

import pytest
from fastapi.testclient import TestClient

from app.infra.models import ClockRow
from app.main import create_app
from tests.server.conftest import make_settings
from tests.server.helpers import browser as other_browser
from tests.server.helpers import invite_of
from tests.server.test_notify_mail import BASE, PASSWORD, link_in, play_until, smtp  # noqa: F401 - smtp: a fixture
from tests.server.test_notify_push import Browser, PushService


@pytest.fixture
def service():
    s = PushService()
    yield s
    s.close()


@pytest.fixture
def away_client(db_url, smtp):  # noqa: F811 - the fixture imported above
    inbox, port = smtp
    settings = make_settings(db_url).model_copy(update={
        "smtp_url": f"smtp://127.0.0.1:{port}", "public_url": BASE, "notify_tick": 0.05, "notify_backoff": 0.1,
        "push_allow_private": True, "webhook_ports": "1024-65535", "deadline_tick": 3600})
    with TestClient(create_app(settings)) as c:
        yield c, inbox


def sign_up_verified(client, inbox, email) -> str:
    name = f"Acct{secrets.token_hex(3)}"
    assert client.post("/api/accounts", json={"name": name, "password": PASSWORD, "email": email}).status_code == 201
    deadline = time.monotonic() + 15
    while not [m for m in inbox.mails if m["to"] == [email]]:
        assert time.monotonic() < deadline, "no verification mail"
        time.sleep(0.05)
    [mail] = [m for m in inbox.mails if m["to"] == [email]]
    assert client.get(link_in(mail, "/account/verify")).status_code == 200
    return name


def subjects(inbox, to, start="") -> list[str]:
    return [m["subject"] for m in inbox.mails if m["to"] == [to] and m["subject"].startswith(start)]


def test_a_chat_notice_reaches_only_away_players_who_want_it_and_once_per_window(away_client):
    client, inbox = away_client
    anna = sign_up_verified(client, inbox, "anna@example.org")
    csrf = client.get("/api/me").json()["csrf"]
    r = client.patch("/api/me", headers={"X-CSRF-Token": csrf}, json={"notify": {"chat": True}})
    assert r.json()["account"]["notify"]["chat"] is True
    room = client.post("/api/games", json={"revolutionaries": 2, "pace": {"mode": "correspondence", "hours": 24}}).json()
    gid = room["id"]
    mine = client.post(f"/api/games/{gid}/seats/rev1", json={"name": anna, "invite": invite_of(room, "rev1")}).json()["token"]
    with other_browser(client) as bob_browser:  # an account with chat notices as they come (off)
        bob = sign_up_verified(bob_browser, inbox, "bob@example.org")
        bob_token = bob_browser.post(f"/api/games/{gid}/seats/rev2",
                                     json={"name": bob, "invite": invite_of(room, "rev2")}).json()["token"]
    with other_browser(client) as ivan:
        soviet = ivan.post(f"/api/games/{gid}/seats/soviet", json={"name": "Ivan", "invite": invite_of(room, "soviet")}).json()["token"]

    # Anna at the table: Ivan's line reaches her screen, not her inbox.
    with client.websocket_connect(f"/ws/games/{gid}?token={mine}") as at_table:
        at_table.receive_json()
        with client.websocket_connect(f"/ws/games/{gid}?token={soviet}") as ws:
            ws.receive_json()
            ws.send_json({"type": "chat", "text": "Hello while you watch"})
            time.sleep(1.0)
    assert subjects(inbox, "anna@example.org", "New chat") == []

    # Away: one notice with the line, the table's link and no token; the next lines wait for the window.
    with client.websocket_connect(f"/ws/games/{gid}?token={soviet}") as ws:
        ws.receive_json()
        ws.send_json({"type": "chat", "text": "Budapest\nis   quiet\ttonight"})
        deadline = time.monotonic() + 15
        while not subjects(inbox, "anna@example.org", "New chat") and time.monotonic() < deadline:
            time.sleep(0.05)
        ws.send_json({"type": "chat", "text": "Anyone there?"})
        ws.send_json({"type": "chat", "text": "x" * 400})
        time.sleep(1.0)
    notes = [m for m in inbox.mails if m["to"] == ["anna@example.org"] and m["subject"].startswith("New chat")]
    assert len(notes) == 1, [m["subject"] for m in inbox.mails]
    body = notes[0]["body"]
    assert notes[0]["subject"] == f"New chat in your game of Days of Ire (game {gid})"
    assert "Ivan (the Soviet commander) wrote: “Budapest is quiet tonight”" in body
    assert f"{BASE}/games/{gid}/table" in body
    assert not any(t in body for t in (mine, soviet, bob_token))
    assert subjects(inbox, "bob@example.org", "New chat") == []  # chat notices are off unless turned on

    # Anna's own line tells nobody who is away and wants it... not herself.
    with client.websocket_connect(f"/ws/games/{gid}?token={mine}") as ws:
        ws.receive_json()
        ws.send_json({"type": "chat", "text": "I am back"})
        time.sleep(0.8)
    assert len(subjects(inbox, "anna@example.org", "New chat")) == 1


def warned(inbox, to, wait=False) -> list[dict]:
    deadline = time.monotonic() + (15 if wait else 0)
    while True:
        got = [m for m in inbox.mails if m["to"] == [to] and m["subject"].startswith("Your time runs out")]
        if got or time.monotonic() >= deadline:
            return got
        time.sleep(0.05)


def clock_state(client, gid) -> dict:
    async def read():
        async with client.app.state.store.reading() as s:
            return (await s.get(ClockRow, gid)).state
    return client.portal.call(read)


def test_a_deadline_near_is_told_once_to_every_channel_of_an_away_player(away_client, service):
    client, inbox = away_client
    anna = sign_up_verified(client, inbox, "late@example.org")
    csrf = client.get("/api/me").json()["csrf"]
    phone = Browser()
    assert client.post("/api/me/push", headers={"X-CSRF-Token": csrf},
                       json=phone.subscription(service.endpoint("phone"))).status_code == 201
    room = client.post("/api/games", json={"revolutionaries": 1, "pace": {"mode": "correspondence", "hours": 4}}).json()
    gid = room["id"]
    mine = client.post(f"/api/games/{gid}/seats/rev1", json={"name": anna, "invite": invite_of(room, "rev1")}).json()["token"]
    with other_browser(client) as ivan:
        soviet = ivan.post(f"/api/games/{gid}/seats/soviet", json={"name": "Ivan", "invite": invite_of(room, "soviet")}).json()["token"]
    service.wait_for("phone", 1)  # the start, told apart from the turn (one round of the notifier would join them)
    rev_view = {"Authorization": f"Bearer {mine}"}
    play_until(client, gid, soviet, lambda _: bool(client.get(f"/api/games/{gid}/view", headers=rev_view).json()["view"]["actions"]))
    deadline_ms = None
    for _ in range(100):  # the clocks catch up with the move in the background
        deadline_ms = (clock_state(client, gid).get("rev1") or {}).get("deadline")
        if deadline_ms:
            break
        time.sleep(0.05)
    assert deadline_ms, clock_state(client, gid)
    warner = client.app.state.deadlines
    pushes_before = len(service.wait_for("phone", 2))  # the start and the turn

    # Two hours of four left: not near yet (a quarter of the decision's time is).
    client.portal.call(warner.look, deadline_ms - 2 * 3600_000)
    time.sleep(0.5)
    assert warned(inbox, "late@example.org") == [] and len(service.to("phone")) == pushes_before
    # 50 minutes left: a mail and a push.
    client.portal.call(warner.look, deadline_ms - 50 * 60_000)
    [mail] = warned(inbox, "late@example.org", wait=True)
    assert mail["to"] == ["late@example.org"]
    assert mail["subject"] == f"Your time runs out soon in Days of Ire (game {gid})"
    assert "You have 50 min left to move as Revolutionary 1" in mail["body"]
    assert f"{BASE}/games/{gid}/table" in mail["body"] and mine not in mail["body"]
    pushed = service.wait_for("phone", pushes_before + 1)[-1]
    assert phone.decrypt(pushed["body"]) == {
        "title": f"Your time runs out soon in Days of Ire (game {gid})",
        "body": "You have 50 min left to move as Revolutionary 1; then a bot plays your seat until you come back.",
        "url": f"{BASE}/games/{gid}/table", "tag": f"doi-{gid}"}
    # Once per deadline, however often anyone looks (another instance's warner included).
    client.portal.call(warner.look, deadline_ms - 10 * 60_000)
    client.app.state.deadlines._told.clear()  # as a fresh instance would start
    client.portal.call(warner.look, deadline_ms - 5 * 60_000)
    time.sleep(0.8)
    assert len(warned(inbox, "late@example.org")) == 1
    assert len(service.to("phone")) == pushes_before + 1


def test_no_deadline_warning_at_the_table_or_for_one_who_turned_it_off(away_client):
    client, inbox = away_client
    anna = sign_up_verified(client, inbox, "here@example.org")
    room = client.post("/api/games", json={"revolutionaries": 1, "pace": {"mode": "correspondence", "hours": 4}}).json()
    gid = room["id"]
    mine = client.post(f"/api/games/{gid}/seats/rev1", json={"name": anna, "invite": invite_of(room, "rev1")}).json()["token"]
    with other_browser(client) as ivan:
        soviet = ivan.post(f"/api/games/{gid}/seats/soviet", json={"name": "Ivan", "invite": invite_of(room, "soviet")}).json()["token"]
    rev_view = {"Authorization": f"Bearer {mine}"}
    play_until(client, gid, soviet, lambda _: bool(client.get(f"/api/games/{gid}/view", headers=rev_view).json()["view"]["actions"]))
    deadline_ms = None
    for _ in range(100):
        deadline_ms = (clock_state(client, gid).get("rev1") or {}).get("deadline")
        if deadline_ms:
            break
        time.sleep(0.05)
    warner = client.app.state.deadlines
    with client.websocket_connect(f"/ws/games/{gid}?token={mine}") as ws:
        ws.receive_json()
        client.portal.call(warner.look, deadline_ms - 30 * 60_000)
        time.sleep(0.5)
    csrf = client.get("/api/me").json()["csrf"]
    client.patch("/api/me", headers={"X-CSRF-Token": csrf}, json={"notify": {"deadline": False}})
    client.portal.call(warner.look, deadline_ms - 20 * 60_000)
    time.sleep(0.5)
    assert warned(inbox, "here@example.org") == []
    client.patch("/api/me", headers={"X-CSRF-Token": csrf}, json={"notify": {"deadline": True}})
    client.portal.call(warner.look, deadline_ms - 10 * 60_000)
    [mail] = warned(inbox, "here@example.org", wait=True)  # away, and wanted again
    assert "You have 10 min left" in mail["body"]
