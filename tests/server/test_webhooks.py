"""Room webhooks (issue 13, turn notifications): a receiver on 127.0.0.1 gets each turn change once
and in order, one that hangs delays no move, failures are retried, and the URL is validated and
never shown to anyone. On SQLite and PostgreSQL."""
from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from tests.server.conftest import make_settings
from tests.server.helpers import auth, claim_all, recv_view


def hook_client(db_url, **update):
    # Receivers listen on 127.0.0.1 at ports the system picks: private addresses and those ports allowed.
    settings = make_settings(db_url).model_copy(update={"webhook_allow_private": True, "webhook_backoff": 0.05,
                                                        "webhook_ports": "1024-65535", **update})
    return TestClient(create_app(settings))


def hooked_room(client, url) -> tuple[dict, dict[str, str]]:
    r = client.post("/api/games", json={"revolutionaries": 1, "webhook": url})
    assert r.status_code == 201, r.text
    room = r.json()
    return room, claim_all(client, room)


def to_act(client, gid, tokens) -> tuple[int, set[str]]:
    version, active = None, set()
    for seat, token in tokens.items():
        v = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()
        version = v["version"]
        if v["view"]["actions"]:
            active.add(seat)
    return version, active


def play(client, gid, tokens, moves: int) -> list[float]:
    """`moves` moves by whoever is to act (the first legal non-undo action); each one's latency."""
    took = []
    for _ in range(moves):
        for token in tokens.values():
            view = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()
            action = next((a for a in view["view"]["actions"] if a["type"] != "undo"), None)
            if action:
                started = time.perf_counter()
                r = client.post(f"/api/games/{gid}/actions", json={"version": view["version"], "action": action},
                                headers=auth(token))
                took.append(time.perf_counter() - started)
                assert r.status_code == 200, r.text
                break
    return took


def wait_until(pred, timeout=20.0):
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_the_receiver_gets_each_turn_change_once_and_in_order(db_url, receiver):
    rx = receiver()
    with hook_client(db_url) as client:
        room, tokens = hooked_room(client, rx.url)
        gid = room["id"]
        expected = []
        version, before = to_act(client, gid, tokens)
        expected += [(version, seat) for seat in sorted(before)]  # the game's start: the Soviet's turn
        for _ in range(300):  # until the turn has changed hands a few times
            play(client, gid, tokens, 1)
            version, now = to_act(client, gid, tokens)
            expected += [(version, seat) for seat in sorted(now - before)]
            before = now
            if len(expected) >= 4:
                break
        wait_until(lambda: len(rx.bodies) >= len(expected))
        time.sleep(0.3)  # nothing more comes
        got = [(b["version"], b["seat"]) for b in rx.bodies]
        assert got == expected and len(expected) >= 3
        first = rx.bodies[0]
        assert first == {"event": "turn", "game": gid, "seat": first["seat"], "version": first["version"],
                         "link": f"/games/{gid}/table", "id": f"{gid}:{first['version']}:{first['seat']}"}
        assert not any(token in json.dumps(rx.bodies) for token in tokens.values())  # no seat token in a link


def test_a_hanging_receiver_delays_no_move(db_url, receiver):
    rx = receiver(hold=True)  # every request waits up to 30 s
    with hook_client(db_url, webhook_timeout=30) as client:
        room, tokens = hooked_room(client, rx.url)
        gid = room["id"]
        wait_until(rx.entered.is_set)  # the game's first turn change hangs in the receiver now
        took = play(client, gid, tokens, 20)
        # Every move went through while the one notification was still held: none waited for it.
        assert len(took) == 20 and not rx.release.is_set() and rx.bodies == []
        assert client.get(f"/api/games/{gid}").json()["version"] >= 20
        rx.release.set()
        wait_until(lambda: len(rx.bodies) >= 2)  # and once it answers, the rest follow in order
        versions = [b["version"] for b in rx.bodies]
        assert versions == sorted(versions)


def test_a_failing_receiver_is_retried_with_backoff(db_url, receiver):
    rx = receiver(fail=2)
    with hook_client(db_url) as client:
        room, tokens = hooked_room(client, rx.url)
        wait_until(lambda: len(rx.bodies) >= 1)
        assert rx.attempts == 3 and rx.bodies[0]["version"] == 0


def test_the_webhook_url_is_shown_to_nobody(db_url, receiver):
    rx = receiver()
    with hook_client(db_url) as client:
        room, tokens = hooked_room(client, rx.url)
        gid = room["id"]
        seen = [client.get(f"/api/games/{gid}").text, client.get("/api/games?status=active").text,
                client.get(f"/api/games/{gid}/clock").text, json.dumps(room)]
        seen += [client.get(f"/api/games/{gid}/view", headers=auth(t)).text for t in tokens.values()]
        for token in (None, *tokens.values()):
            with client.websocket_connect(f"/ws/games/{gid}" + (f"?token={token}" if token else "")) as ws:
                seen.append(json.dumps(recv_view(ws)))
        assert not any("/turns" in text or str(rx.server.server_address[1]) in text for text in seen)


@pytest.mark.parametrize("url, message", [
    ("ftp://example.org/hook", "http:// or https://"),
    ("javascript:alert(1)", "http:// or https://"),
    ("HTTPS://example.org/", "http:// or https://"),
    ("https://\u00cf/", "URL characters"),
    ("https://example.org/{x}", "URL characters"),
    ("https://example.org/\x00", "NUL"),
    ("https://example.org/" + "a" * 2001, "2000"),
    ("https://user:pw@example.org/", "user name"),
    ("https:///nohost", "host"),
    ("https://example.org/a b", "spaces"),
    ("http://127.0.0.1:8080/", "public address"),
    ("http://localhost/", "public address"),
    ("http://[::1]/", "public address"),
    ("http://10.1.2.3/", "public address"),
    ("http://169.254.169.254/latest/meta-data", "public address"),
    ("http://[::ffff:127.0.0.1]/", "public address"),
    (1, "string"),
])
def test_bad_webhook_urls_are_refused_and_create_nothing(client, url, message):
    before = len(client.get("/api/games?status=open").json())
    r = client.post("/api/games", json={"revolutionaries": 1, "webhook": url})
    assert r.status_code == 422 and message in r.json()["detail"], r.text
    assert len(client.get("/api/games?status=open").json()) == before
