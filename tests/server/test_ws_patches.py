"""Sockets take patches by default (issue 14): a full view first, then per move a JSON Patch against
the previous version (`base`), which applied gives the seat's view; sockets opened with
?views=full keep full views, any other mode is refused;
`sync` brings a full view; the catalog is sent with an ETag and answers 304 when unchanged."""
from __future__ import annotations

import random

import jsonpatch
import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import cached_at, recv_until, started_room


def _next(ws):
    return recv_until(ws, lambda m: m["type"] in ("view", "patch"))


def test_patch_sockets_follow_a_game_and_full_sockets_keep_full_views(client):
    room, tokens = started_room(client, 2)
    gid = room["id"]
    store = client.app.state.store
    rng = random.Random(3)
    urls = {seat: f"/ws/games/{gid}?token={tok}" for seat, tok in tokens.items()}
    urls["spectator"] = f"/ws/games/{gid}"
    cms = {**{s: client.websocket_connect(u) for s, u in urls.items()},
           "plain": client.websocket_connect(f"/ws/games/{gid}?views=full")}
    socks = {s: cm.__enter__() for s, cm in cms.items()}
    try:
        have = {}
        for s, ws in socks.items():
            first = _next(ws)
            assert first["type"] == "view" and first["version"] == 0
            have[s] = first["view"]
        version, kinds = 0, set()
        for _ in range(40):
            _, game = store.cached(gid)
            seat = rng.choice([s for s in tokens if game.legal_actions(s)])
            acts = [a for a in game.legal_actions(seat) if a["type"] not in ("undo", "cancel")]
            socks[seat].send_json({"type": "action", "version": version, "action": rng.choice(acts)})
            version += 1
            game = cached_at(store, gid, version)
            for s, ws in socks.items():
                msg = _next(ws)
                assert msg["version"] == version
                if s == "plain":
                    assert msg["type"] == "view"
                    have[s] = msg["view"]
                else:
                    assert msg["type"] == "patch" and msg["base"] == version - 1 and msg["status"] == "active"
                    have[s] = jsonpatch.apply_patch(have[s], msg["patch"])
                    kinds.add(s)
                want = game.view("spectator" if s == "plain" else s, texts=False)
                assert have[s] == want, (s, version)
        assert kinds == set(urls)
        socks["spectator"].send_json({"type": "sync"})
        full = _next(socks["spectator"])
        assert full["type"] == "view" and full["version"] == version and full["view"] == have["spectator"]
    finally:
        for cm in cms.values():
            cm.__exit__(None, None, None)


def test_an_unknown_views_mode_is_refused_with_a_clear_error(client):
    room, _ = started_room(client, 1)
    with client.websocket_connect(f"/ws/games/{room['id']}?views=diff") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "invalid" and "'full'" in msg["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400


def test_the_catalog_has_an_etag_and_answers_304(client):
    first = client.get("/api/catalog")
    assert first.status_code == 200 and "view_records" in first.json()
    etag = first.headers["etag"]
    again = client.get("/api/catalog", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.headers["etag"] == etag and not again.content
    other = client.get("/api/catalog", headers={"If-None-Match": '"something-else"'})
    assert other.status_code == 200 and other.json() == first.json()
