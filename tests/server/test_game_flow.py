"""Whole games through the websocket API with a leak oracle; restart in mid-game; concurrent moves."""
from __future__ import annotations

import asyncio
import json
import random

from app.infra.db import make_engine, make_sessionmaker
from app.play.store import GameStore, Stale
from tests.invariants import secret_ids
from tests.server.follow import follow, recv_version
from tests.server.helpers import auth, cached_at, recv_view, run_async, settled_started_room, started_room


def play_through_websockets(client, revolutionaries: int, seed: int, max_moves: int = 5000) -> tuple[str, int]:
    """Random bots on every seat, each on its own socket, plus two spectators (one on patches, the
    default, one on ?views=full). After every move each socket must receive exactly the next
    version, a patch must rebuild the seat's view, and no message may carry another seat's secret."""
    # The claims' room notes, heard back after a socket joined, would send it the view of version 0
    # again (the room changed): let them come first, so that each move's message is its next.
    store = client.app.state.store
    room, tokens = settled_started_room(client, revolutionaries)
    gid = room["id"]
    rng = random.Random(seed)
    sockets = {seat: client.websocket_connect(f"/ws/games/{gid}?token={tok}") for seat, tok in tokens.items()}
    sockets["spectator"] = client.websocket_connect(f"/ws/games/{gid}")
    sockets["full"] = client.websocket_connect(f"/ws/games/{gid}?views=full")
    opened = {seat: cm.__enter__() for seat, cm in sockets.items()}
    try:
        latest = {seat: recv_view(ws) for seat, ws in opened.items()}
        version = 0
        moves = 0
        while latest["spectator"]["view"]["result"] is None and moves < max_moves:
            playable = {s: [a for a in latest[s]["view"]["actions"] if a["type"] not in ("undo", "cancel")]
                        for s in tokens}
            seat = rng.choice([s for s in tokens if playable[s]])
            acts = playable[seat]
            busy = [a for a in acts if a["type"] not in ("done", "end_turn")]
            action = rng.choice(busy if busy and rng.random() < 0.8 else acts)
            opened[seat].send_json({"type": "action", "version": version, "action": action})
            version += 1
            moves += 1
            game = cached_at(store, gid, version)
            for viewer, ws in opened.items():
                seat = "spectator" if viewer == "full" else viewer
                msg = recv_version(ws)
                assert msg["version"] == version, (viewer, msg["version"], version)
                assert msg["type"] == ("view" if viewer == "full" else "patch"), (viewer, msg["type"])
                text = json.dumps(msg)
                leaked = [i for i in secret_ids(game, seat) if f'"{i}"' in text]
                assert not leaked, f"{viewer} was sent {leaked}"
                msg = follow(latest[viewer], msg)
                assert msg["view"] == game.view(seat, texts=False), (viewer, version)
                latest[viewer] = msg
        return gid, moves
    finally:
        for cm in sockets.values():
            cm.__exit__(None, None, None)


def test_whole_game_by_random_bots_over_websockets_leaks_nothing(client):
    gid, moves = play_through_websockets(client, 3, seed=11)
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["status"] == "finished" and summary["result"]["winner"] in ("revolutionaries", "soviet")
    assert summary["version"] == moves


def test_restart_in_mid_game_reloads_an_equal_state_and_clients_resume(app_factory):
    rng = random.Random(5)
    with app_factory() as a:
        room, tokens = started_room(a, 2)
        gid = room["id"]
        for version in range(37):  # crosses snapshots (every 10 moves in tests)
            views = {s: a.get(f"/api/games/{gid}/view", headers=auth(t)).json() for s, t in tokens.items()}
            seat = next(s for s in tokens if views[s]["view"]["actions"])
            acts = [x for x in views[seat]["view"]["actions"] if x["type"] not in ("undo", "cancel")]
            r = a.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                       json={"version": version, "action": rng.choice(acts)})
            assert r.status_code == 200, r.text
        before_hash = a.app.state.store.cached(gid)[1].state_hash()
        before_view = a.get(f"/api/games/{gid}/view", headers=auth(tokens["rev1"])).json()
    with app_factory() as b:  # a new server process on the same database: empty cache
        assert b.app.state.store.cached(gid) is None
        after_view = b.get(f"/api/games/{gid}/view", headers=auth(tokens["rev1"])).json()
        assert b.app.state.store.cached(gid)[1].state_hash() == before_hash
        assert after_view == before_view
        with b.websocket_connect(f"/ws/games/{gid}?token={tokens['soviet']}") as ws:
            assert recv_view(ws)["version"] == 37


def test_two_concurrent_moves_exactly_one_applies(db_url, client):
    """Two servers (two stores, no shared memory) receive a move for the same version at once."""
    room, tokens = started_room(client, 1)
    gid = room["id"]
    view = client.get(f"/api/games/{gid}/view", headers=auth(tokens["soviet"])).json()
    a1, a2 = view["view"]["actions"][0], view["view"]["actions"][1]

    async def race():
        engine = make_engine(db_url)
        try:
            s1 = GameStore(make_sessionmaker(engine))
            s2 = GameStore(make_sessionmaker(engine))
            results = await asyncio.gather(s1.apply(gid, "soviet", 0, a1), s2.apply(gid, "soviet", 0, a2),
                                           return_exceptions=True)
            return results
        finally:
            await engine.dispose()

    results = run_async(race())
    ok = [r for r in results if not isinstance(r, Exception)]
    stale = [r for r in results if isinstance(r, Stale)]
    assert len(ok) == 1 and len(stale) == 1, results
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["version"] == 1
    # the server that lost the race serves the winner's state, not its own
    fresh = client.get(f"/api/games/{gid}/view", headers=auth(tokens["soviet"])).json()
    assert fresh["version"] == 1


def test_same_server_serialises_moves_on_one_game(client):
    room, tokens = started_room(client, 1)
    gid = room["id"]
    store = client.app.state.store
    view = client.get(f"/api/games/{gid}/view", headers=auth(tokens["soviet"])).json()
    a1 = view["view"]["actions"][0]

    async def race():
        return await asyncio.gather(store.apply(gid, "soviet", 0, a1), store.apply(gid, "soviet", 0, a1),
                                    return_exceptions=True)

    results = client.portal.call(race)
    assert sum(isinstance(r, Stale) for r in results) == 1
