"""Issue 34, chat apps: a room webhook speaks Discord's or Slack's own JSON (Discord takes
`content`, Slack `text`), chosen by `webhook_format` or recognised by the URL's host, under the
same address rules as the generic JSON. A receiver on 127.0.0.1 stands in for each service and
checks the exact body shape it would accept; the text links to the table and holds no seat token."""
from __future__ import annotations

import json
import secrets
import time

from app.infra.models import HookRow
from app.seats.hook_formats import detect
from tests.server.test_webhooks import hook_client, play, wait_until


def hooked(client, url, fmt=None):
    from tests.server.helpers import claim_all
    body = {"revolutionaries": 1, "webhook": url, **({"webhook_format": fmt} if fmt else {})}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    room = r.json()
    return room, claim_all(client, room)


def until_two_turns(client, gid, tokens, rx):
    """Moves until the turn has changed hands (the game's first turn, then another seat's)."""
    for _ in range(300):
        if len(rx.bodies) >= 2:
            return
        play(client, gid, tokens, 1)
        time.sleep(0.02)
    wait_until(lambda: len(rx.bodies) >= 2)


def hook_format(client, gid) -> str:
    async def read():
        async with client.app.state.store.reading() as s:
            return (await s.get(HookRow, gid)).format
    return client.portal.call(read)


def test_discord_gets_content_with_the_tables_link_and_no_mentions(db_url, receiver):
    rx = receiver()
    with hook_client(db_url, public_url="https://doi.example") as client:
        room, tokens = hooked(client, rx.url, "discord")
        gid = room["id"]
        until_two_turns(client, gid, tokens, rx)
        for body in rx.bodies:
            # Discord's execute-webhook body: `content` (at most 2000 characters), and no pings.
            assert set(body) == {"content", "allowed_mentions"} and body["allowed_mentions"] == {"parse": []}
            assert isinstance(body["content"], str) and 0 < len(body["content"]) <= 2000
            assert body["content"].endswith(f"Open the table: https://doi.example/games/{gid}/table")
            assert "@" not in body["content"]
        assert rx.bodies[0]["content"].startswith("It is the Soviet commander's turn in Days of Ire")
        assert not any(t in json.dumps(rx.bodies) for t in tokens.values())


def test_slack_gets_text_with_a_mrkdwn_link_to_the_table(db_url, receiver):
    rx = receiver()
    with hook_client(db_url, public_url="https://doi.example") as client:
        room, tokens = hooked(client, rx.url, "slack")
        gid = room["id"]
        until_two_turns(client, gid, tokens, rx)
        for body in rx.bodies:
            assert set(body) == {"text"} and isinstance(body["text"], str)
            assert body["text"].endswith(f"<https://doi.example/games/{gid}/table|Open the table>")
        seats = {b["text"].split("It is ")[1].split("'s turn")[0] for b in rx.bodies}
        assert seats <= {"the Soviet commander", "Revolutionary 1"} and len(seats) == 2
        assert not any(t in json.dumps(rx.bodies) for t in tokens.values())


def test_the_format_is_recognised_from_the_url_and_the_address_rules_stay(db_url):
    assert detect("https://discord.com/api/webhooks/123/abc") == "discord"
    assert detect("https://discordapp.com/api/webhooks/123/abc") == "discord"
    assert detect("https://hooks.slack.com/services/T0/B0/xyz") == "slack"
    assert detect("https://discord.com/channels/1/2") == "json"  # not a webhook of Discord's
    assert detect("https://discord.com.evil.example/api/webhooks/1/x") == "json"
    assert detect("https://example.org/hooks.slack.com") == "json"
    with hook_client(db_url, webhook_allow_private=False, webhook_ports="") as client:
        for url, fmt in [("https://discord.com/api/webhooks/1/tok", "discord"),
                         ("https://hooks.slack.com/services/T/B/x", "slack"), ("https://example.org/hook", "json")]:
            r = client.post("/api/games", json={"revolutionaries": 1, "webhook": url})
            assert r.status_code == 201, r.text
            assert hook_format(client, r.json()["id"]) == fmt
        # A format chosen by hand wins over the host.
        r = client.post("/api/games", json={"revolutionaries": 1, "webhook": "https://hooks.slack.com/services/T/B/x",
                                            "webhook_format": "json"})
        assert hook_format(client, r.json()["id"]) == "json"
        # The address rules are the generic webhook's.
        for url in ("http://127.0.0.1/api/webhooks/1/x", "https://discord.com:8443/api/webhooks/1/x"):
            r = client.post("/api/games", json={"revolutionaries": 1, "webhook": url, "webhook_format": "discord"})
            assert r.status_code == 422, r.text
        for bad in ({"webhook_format": "discord"}, {"webhook": "https://example.org/h", "webhook_format": "teams"},
                    {"webhook": "https://example.org/h", "webhook_format": 1}):
            r = client.post("/api/games", json={"revolutionaries": 1, **bad})
            assert r.status_code == 422, (bad, r.text)


def test_an_accounts_own_webhook_gets_its_notifications_in_slack_format_while_away(db_url, receiver):
    from tests.server.helpers import browser as other_browser
    from tests.server.helpers import invite_of
    from tests.server.test_notify_mail import play_until

    rx = receiver()
    with hook_client(db_url, public_url="https://doi.example", notify_tick=0.05, notify_backoff=0.1) as client:
        signed = client.post("/api/accounts", json={"name": f"Hook{secrets.token_hex(3)}", "password": "correct horse battery"})
        csrf = signed.json()["csrf"]
        assert client.get("/api/me/webhook").json() == {"webhook": False, "format": None}
        r = client.put("/api/me/webhook", headers={"X-CSRF-Token": csrf}, json={"url": rx.url, "format": "slack"})
        assert r.status_code == 200 and r.json() == {"webhook": True, "format": "slack"}
        assert client.get("/api/me/webhook").json() == {"webhook": True, "format": "slack"}  # never the URL
        room = client.post("/api/games", json={"revolutionaries": 1, "pace": {"mode": "correspondence", "hours": 24}}).json()
        gid = room["id"]
        mine = client.post(f"/api/games/{gid}/seats/rev1", json={"name": "Me", "invite": invite_of(room, "rev1")}).json()["token"]
        with other_browser(client) as ivan:
            soviet = ivan.post(f"/api/games/{gid}/seats/soviet", json={"name": "Ivan", "invite": invite_of(room, "soviet")}).json()["token"]
        # The start is told before the Soviet moves: a start and a turn looked at in one round of
        # the notifier are one notice ("...started... It is your turn"), which is right but not this test.
        wait_until(lambda: len(rx.bodies) >= 1)
        rev_view = {"Authorization": f"Bearer {mine}"}
        play_until(client, gid, soviet, lambda _: bool(client.get(f"/api/games/{gid}/view", headers=rev_view).json()["view"]["actions"]))
        wait_until(lambda: len(rx.bodies) >= 2)
        time.sleep(0.5)
        link = f"<https://doi.example/games/{gid}/table|Open the table>"
        assert rx.bodies == [
            {"text": f"Every seat is taken: the game has started. You play Revolutionary 1. {link}"},
            {"text": f"It is your turn as Revolutionary 1. {link}"}]
        assert not any(t in json.dumps(rx.bodies) for t in (mine, soviet))

        # Removed: nothing more goes there.
        assert client.delete("/api/me/webhook", headers={"X-CSRF-Token": csrf}).status_code == 204
        assert client.get("/api/me/webhook").json() == {"webhook": False, "format": None}
        play_until(client, gid, mine, lambda got: not got["view"]["actions"])
        play_until(client, gid, soviet, lambda _: bool(client.get(f"/api/games/{gid}/view", headers=rev_view).json()["view"]["actions"]))
        time.sleep(0.8)
        assert len(rx.bodies) == 2


def test_an_accounts_webhook_follows_the_address_rules(db_url):
    with hook_client(db_url, webhook_allow_private=False, webhook_ports="") as client:
        csrf = client.post("/api/accounts", json={"name": f"Hook{secrets.token_hex(3)}",
                                                  "password": "correct horse battery"}).json()["csrf"]
        for url in ("http://127.0.0.1/x", "http://10.0.0.1/x", "https://example.org:8443/x", "ftp://example.org/",
                    "https://example.org/\x00", "https://example.org/" + "a" * 2001):
            r = client.put("/api/me/webhook", headers={"X-CSRF-Token": csrf}, json={"url": url})
            assert r.status_code == 422, (url, r.text)
        assert client.put("/api/me/webhook", json={"url": "https://discord.com/api/webhooks/1/x"}).status_code == 403
        r = client.put("/api/me/webhook", headers={"X-CSRF-Token": csrf}, json={"url": "https://discord.com/api/webhooks/1/x"})
        assert r.json() == {"webhook": True, "format": "discord"}
        assert client.get("/api/me/webhook").json() == {"webhook": True, "format": "discord"}
