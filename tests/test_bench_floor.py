"""bench/floor.py, the stack's floor that bench/compare.py runs beside boardgame.io: its patches are
real RFC 6902 patches of each socket's view (what the load client applies with static/js/patch.js),
hands stay hidden, and the load client drives it over HTTP and websockets like `doi serve`."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import jsonpatch
import orjson
import pytest

from bench.compare import floor_server
from bench.floor import SEATS, Room

ROOT = Path(__file__).resolve().parents[1]
LOAD = ROOT / "bench" / "bgio" / "load.js"


def test_each_patch_turns_every_sockets_view_into_its_next_view():
    # 80 moves: past the first reshuffle of the discard pile (52 - 20 cards in hands) and the log's trim
    room = Room("g", random.Random(3))
    rng = random.Random(4)
    for _ in range(80):
        before = {s: room.view(s) for s in (*SEATS, None)}
        mover = room.current
        legal = room.actions(mover)
        assert legal and all(room.actions(s) == [] for s in SEATS if s != mover)
        frames = room.play(mover, rng.choice(legal)["card"])
        for seat, frame in frames.items():
            msg = orjson.loads(frame)
            assert msg["type"] == "patch" and msg["version"] == room.version and msg["base"] == room.version - 1
            assert jsonpatch.apply_patch(before[seat], msg["patch"]) == room.view(seat), seat
    assert sorted(room.deck + room.discard + [c for s in SEATS for c in room.hands[s]]) == list(range(52))


def test_a_seat_sees_only_its_own_hand_and_a_spectator_none():
    room = Room("g", random.Random(5))
    frames = room.play("soviet", room.hands["soviet"][0])
    for seat in (*SEATS, None):
        view = json.loads(room.view_frame(seat))["view"]
        assert view["hand"] == (room.hands[seat] if seat else [])
        hand_ops = [op for op in orjson.loads(frames[seat])["patch"] if op["path"] == "/hand"]
        assert hand_ops == ([{"op": "replace", "path": "/hand", "value": room.hands["soviet"]}]
                            if seat == "soviet" else [])


@pytest.mark.skipif(shutil.which("node") is None or not (ROOT / "bench" / "bgio" / "node_modules" / "ws").is_dir(),
                    reason="the load client needs Node and bench/bgio's packages (npm ci)")
@pytest.mark.parametrize("options", ["", "server=websockets,writer=direct"])
def test_the_load_client_plays_the_floor_like_doi_serve(options, tmp_path):
    with floor_server(options, tmp_path, "floor") as (url, pid):
        done = subprocess.run(["node", str(LOAD), "--target", "doi", "--url", url, "--rooms", "3", "--think", "0",
                               "--seconds", "2", "--server-pid", str(pid)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout)
    assert out["errors"] == 0 and out["problems"] == {}
    assert out["moves"] > 50
    assert len(out["bytes"]) == 6 * out["moves"]
    assert 500 <= sorted(out["bytes"])[len(out["bytes"]) // 2] <= 1200   # about boardgame.io's ~800
    assert out["server_cpu_s"] > 0


@pytest.mark.parametrize("api", ["starlette", "asgi"])
def test_the_floor_answers_auth_stale_and_illegal_moves_like_doi_serve(api):
    from starlette.testclient import TestClient

    from bench.floor import make_app

    client = TestClient(make_app(api, "text", writer=True))
    gid = client.post("/api/games", json={}).json()["id"]
    tokens = {s: client.post(f"/api/games/{gid}/seats/{s}", json={"name": s}).json()["token"] for s in SEATS}
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        assert ws.receive_json()["view"]["hand"] == []          # a spectator until it authenticates
        ws.send_json({"type": "auth", "token": tokens["soviet"]})
        first = ws.receive_json()
        assert first["seat"] == "soviet" and first["version"] == 0
        card = first["view"]["actions"][0]["card"]
        ws.send_json({"type": "action", "version": 5, "action": {"type": "play", "card": card}})
        assert ws.receive_json()["code"] == "stale"
        assert ws.receive_json()["version"] == 0                # and the view, unchanged
        not_mine = next(c for c in range(52) if c not in first["view"]["hand"])
        ws.send_json({"type": "action", "version": 0, "action": {"type": "play", "card": not_mine}})
        assert ws.receive_json()["code"] == "illegal"
        ws.send_json({"type": "action", "version": 0, "action": {"type": "play", "card": card}})
        patch = ws.receive_json()
        assert (patch["type"], patch["base"], patch["version"]) == ("patch", 0, 1)
        assert card not in jsonpatch.apply_patch(first["view"], patch["patch"])["hand"]
