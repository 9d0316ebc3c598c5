"""Issue 34, chat apps: a room webhook speaks Discord's or Slack's own JSON (Discord takes
`content`, Slack `text`), chosen by `webhook_format` or recognised by the URL's host, under the
same address rules as the generic JSON. A receiver on 127.0.0.1 stands in for each service and
checks the exact body shape it would accept; the text links to the table and holds no seat token."""
from __future__ import annotations

import json
import time

import pytest

from app.infra.models import HookRow
from app.seats.hook_formats import detect
from tests.server.test_webhooks import Receiver, hook_client, play, wait_until


@pytest.fixture
def receiver():
    made = []

    def make(**kw):
        made.append(Receiver(**kw))
        return made[-1]

    yield make
    for r in made:
        r.close()


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
