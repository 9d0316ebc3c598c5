"""Learning (issue 33): the lesson room of "Learn to play" and the hint of a solo game: who may ask,
nothing changes, nothing leaks, the rate limit, refused input. On SQLite and PostgreSQL."""
from __future__ import annotations

import json

import orjson
import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.play.lessons import LESSONS
from tests.server.conftest import make_settings
from tests.server.helpers import auth, invite_of
from tests.server.test_bot_seats import wait_for

LESSON = LESSONS["first_game"]


def settings(url, **kw):
    s = make_settings(url)
    # A short search keeps the tests quick; the hint is still the search's (the think pool's) answer.
    # A long grace: a loaded test machine must not turn the search's answer into the fallback's.
    return s.model_copy(update={"hint_think_ms": 50, "bot_think_grace": 30.0, **kw})


@pytest.fixture
def hint_client(db_url):
    with TestClient(create_app(settings(db_url))) as c:
        yield c


def learn(client) -> tuple[str, str]:
    """A lesson room with its Revolutionary claimed; (game id, rev1's token) once rev1 is to decide."""
    r = client.post("/api/learn", json={})
    assert r.status_code == 201, r.text
    room = r.json()
    tok = client.post(f"/api/games/{room['id']}/seats/rev1", json={"name": "Anna", "invite": invite_of(room, "rev1")})
    assert tok.status_code == 200, tok.text
    token = tok.json()["token"]
    wait_for(client, room["id"], lambda g: g["status"] == "active" and g["version"] > 0)
    wait_for_decision(client, room["id"], token)
    return room["id"], token


def wait_for_decision(client, gid, token) -> dict:
    import time

    deadline = time.monotonic() + 60
    while True:
        got = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()
        if got["view"]["actions"]:
            return got
        assert time.monotonic() < deadline, "the Soviet bot never handed the decision to rev1"
        time.sleep(0.05)


def state(client, gid) -> bytes:
    """The game's whole state as bytes, and its version and status."""
    version, status, game = client.portal.call(client.app.state.store.current, gid)
    return orjson.dumps([version, status, game.to_dict()], option=orjson.OPT_SORT_KEYS)


def ask(client, gid, token, version, **kw):
    return client.post(f"/api/games/{gid}/hint", json={"version": version}, headers=auth(token) if token else {}, **kw)


def test_learn_to_play_makes_a_private_lesson_room_on_the_fixed_deal(hint_client):
    client = hint_client
    gid, token = learn(client)
    g = client.get(f"/api/games/{gid}").json()
    assert g["lesson"] == "first_game" and g["private"] and g["revolutionaries"] == 1
    assert {s["seat"]: s["bot"] for s in g["seats"]} == {"soviet": "easy", "rev1": None}
    view = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()["view"]
    # The deal the coach's lines expect (static/coach.json): day 1, at the University, this hand.
    assert view["day"] == 1 and view["phase"] == "revolutionary" and view["positions"]["rev1"] == "university"
    assert sorted(c["id"] for c in view["hand"]) == ["rc_ammunition_4", "rc_first_aid_kit_1", "rc_information_3",
                                                     "rc_molotov_1", "rc_transportation_2"]
    assert view["decision"]["kind"] == "turn" and view["decision"]["free_step"] is True
    assert view["locations"]["bem"]["event"]["id"] == "e02"
    # Every other room is no lesson, and the lesson's seed never reaches a seat.
    other = client.post("/api/games", json={"revolutionaries": 1}).json()
    assert client.get(f"/api/games/{other['id']}").json()["lesson"] is None
    assert LESSON.seed not in json.dumps(view) and LESSON.seed not in json.dumps(g)


@pytest.mark.parametrize("body", [{"lesson": "second_game"}, {"lesson": 1}, {"lesson": None}, {"lesson": "first_game\x00"},
                                  {"other": 1}, [], "first_game"])
def test_learn_refuses_an_unknown_lesson_and_makes_nothing(hint_client, body):
    before = hint_client.get("/api/games?status=active").json()
    r = hint_client.post("/api/learn", json=body)
    assert r.status_code == 422, r.text
    assert hint_client.get("/api/games?status=active").json() == before


def test_the_hint_is_one_of_your_legal_actions_and_changes_nothing(hint_client):
    client = hint_client
    gid, token = learn(client)
    got = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()
    before = state(client, gid)
    r = ask(client, gid, token, got["version"])
    assert r.status_code == 200, r.text
    h = r.json()
    assert set(h) == {"version", "index", "action", "by", "playouts"}
    assert h["version"] == got["version"] and h["action"] == got["view"]["actions"][h["index"]]
    assert h["by"] == "hard" and h["playouts"] >= 1  # the search's own answer, from the worker pool
    assert state(client, gid) == before, "a hint must not change the game"
    # The same decision asked again: the same answer (a second search could contradict the first).
    again = ask(client, gid, token, got["version"]).json()
    assert again == h and state(client, gid) == before
    # It can be played: the server takes it as the move it is.
    moved = client.post(f"/api/games/{gid}/actions", json={"version": got["version"], "action": h["action"]},
                        headers=auth(token))
    assert moved.status_code == 200, moved.text


def test_the_search_sees_only_the_seat_s_view_and_information_set(hint_client, monkeypatch):
    client = hint_client
    gid, token = learn(client)
    version = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()["version"]
    _, _, game = client.portal.call(client.app.state.store.current, gid)
    expected_view, expected_info = game.view("rev1", marks=False), game.information_set("rev1")
    soviet_hand = [c["id"] for c in game.view("soviet")["hand"]]
    seen = {}

    async def spy(view, info, seed, think_ms, deadline=None):
        seen.update(view=view, info=info, think_ms=think_ms)
        return view["actions"][0], 0.0, 1

    from app.web.routes.coach import hints
    monkeypatch.setattr(hints(client.app).pool, "think", spy)
    r = ask(client, gid, token, version)
    assert r.status_code == 200, r.text
    assert seen["view"] == expected_view and seen["info"] == expected_info and seen["think_ms"] == 50
    # The Soviet's hand is not where it lies: the information set pools it with the unseen headlines.
    assert soviet_hand and "soviet" not in json.dumps(seen["info"].get("hands", {}))
    assert not any(cid in json.dumps(r.json()) for cid in soviet_hand)


def test_a_search_that_misses_its_deadline_answers_the_normal_bot_s_choice(hint_client, monkeypatch):
    client = hint_client
    gid, token = learn(client)
    got = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()

    async def late(*args, **kw):
        return None  # what ThinkPool.think gives for a dead or late worker

    from app.web.routes.coach import hints
    monkeypatch.setattr(hints(client.app).pool, "think", late)
    r = ask(client, gid, token, got["version"])
    assert r.status_code == 200, r.text
    h = r.json()
    assert h["by"] == "normal" and h["playouts"] == 0 and h["action"] == got["view"]["actions"][h["index"]]


def test_two_asks_at_once_share_one_search_and_get_one_answer(hint_client, monkeypatch):
    import threading

    client = hint_client
    gid, token = learn(client)
    version = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()["version"]
    pool = __import__("app.web.routes.coach", fromlist=["hints"]).hints(client.app).pool
    real, calls = pool.think, []

    async def counted(*args, **kw):
        calls.append(1)
        return await real(*args, **kw)

    monkeypatch.setattr(pool, "think", counted)
    before = state(client, gid)
    answers, start = [], threading.Barrier(2)

    def one():
        start.wait()
        answers.append(ask(client, gid, token, version))

    threads = [threading.Thread(target=one) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert [r.status_code for r in answers] == [200, 200]
    assert answers[0].json() == answers[1].json() and len(calls) == 1
    assert state(client, gid) == before


def test_only_the_solo_seat_holder_may_ask(db_url):
    with TestClient(create_app(settings(db_url))) as client:
        gid, token = learn(client)
        version = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()["version"]
        before = state(client, gid)
        spectator = ask(client, gid, None, version)
        assert spectator.status_code == 401 and "seat token" in spectator.json()["detail"]
        assert ask(client, gid, "not-a-token", version).status_code == 403
        assert client.post(f"/api/games/{gid}/hint", json={"version": version},
                           headers={"Authorization": "Basic abc"}).status_code == 401
        assert state(client, gid) == before
        # Two people at the table (each claimed from their own browser): no hints for either.
        room = client.post("/api/games", json={"revolutionaries": 1}).json()
        tokens = {}
        for seat in ("soviet", "rev1"):
            client.cookies.clear()  # another browser: another person
            r = client.post(f"/api/games/{room['id']}/seats/{seat}", json={"name": seat.title(), "invite": invite_of(room, seat)})
            tokens[seat] = r.json()["token"]
        v = client.get(f"/api/games/{room['id']}/view", headers=auth(tokens["soviet"])).json()["version"]
        for seat in ("soviet", "rev1"):
            r = ask(client, room["id"], tokens[seat], v)
            assert r.status_code == 403 and r.json()["code"] == "not_solo", r.text


def test_a_hint_when_it_is_not_your_decision_or_for_an_old_view_is_refused(db_url):
    # The bots wait 60 s before each move: the Soviet (a bot) is still to decide when rev1 asks.
    with TestClient(create_app(settings(db_url, bot_pause=60.0))) as client:
        room = client.post("/api/games", json={"revolutionaries": 1, "bots": {"soviet": "normal"}}).json()
        gid = room["id"]
        token = client.post(f"/api/games/{gid}/seats/rev1", json={"name": "Anna", "invite": invite_of(room, "rev1")}).json()["token"]
        got = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()
        assert got["status"] == "active" and got["view"]["active"] == ["soviet"]
        r = ask(client, gid, token, got["version"])
        assert r.status_code == 409 and r.json()["code"] == "not_your_decision", r.text
        assert "not your decision" in r.json()["detail"]
        stale = ask(client, gid, token, got["version"] + 1)
        assert stale.status_code == 409 and stale.json()["code"] == "stale"
        client.portal.call(client.app.state.store.delete, gid)


@pytest.mark.parametrize("body", [{"version": "1"}, {"version": 1.0}, {"version": True}, {"version": -1},
                                  {"version": None}, {}, {"version": 1, "seat": "soviet"}, {"version": "\x00"},
                                  {"version": [1]}, {"version": 10**30}])
def test_a_hint_request_of_the_wrong_shape_is_refused(hint_client, body):
    client = hint_client
    gid, token = learn(client)
    before = state(client, gid)
    r = client.post(f"/api/games/{gid}/hint", json=body, headers=auth(token))
    assert r.status_code == 422, r.text
    assert state(client, gid) == before


def test_a_hint_for_an_unknown_game_or_a_bad_id_or_body(hint_client):
    client = hint_client
    gid, token = learn(client)
    assert ask(client, "nosuchgame00", token, 1).status_code == 404
    assert client.post("/api/games/bad%00id/hint", json={"version": 1}, headers=auth(token)).status_code in (404, 422)
    assert client.post("/api/games/" + "x" * 40 + "/hint", json={"version": 1}, headers=auth(token)).status_code == 422
    broken = client.post(f"/api/games/{gid}/hint", content=b'{"version": 1', headers={**auth(token), "Content-Type": "application/json"})
    assert broken.status_code in (400, 422)
    nul_token = client.post(f"/api/games/{gid}/hint", json={"version": 1}, headers={"Authorization": "Bearer ab\x01cd"})
    assert nul_token.status_code == 403


def test_hints_are_rate_limited_per_address(empty_db_url):
    # A database of its own: the other tests' hints count against the same address.
    with TestClient(create_app(settings(empty_db_url, hints_per_minute=2))) as client:
        gid, token = learn(client)
        version = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()["version"]
        assert [ask(client, gid, token, version).status_code for _ in range(2)] == [200, 200]
        refused = ask(client, gid, token, version)
        assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        # A refused asker (a spectator) is not counted, and is told why rather than throttled.
        assert ask(client, gid, None, version).status_code == 401
