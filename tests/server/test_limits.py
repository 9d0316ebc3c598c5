"""Operability and limits: health/readiness, Prometheus metrics, message rate per connection,
rooms per client address, idle socket timeout, graceful shutdown."""
from __future__ import annotations

import asyncio
import json
import time

import httpx
import websockets
from fastapi.testclient import TestClient

from app.infra.settings import Settings
from app.main import create_app
from bench.crash import ServerProcess
from tests.server.conftest import make_settings
from tests.server.follow import recv_version
from tests.server.helpers import recv_until, recv_view, run_async, started_room


def strict_client(db_url, **limits):
    settings = Settings(database_url=db_url, secret_key="limits-test-0123456789abcdefghijklmnop", json_logs=False, **limits)
    return TestClient(create_app(settings))


def test_healthz_readyz_and_metrics(empty_db_url):
    with TestClient(create_app(make_settings(empty_db_url))) as client:
        check_health_and_metrics(client)


def check_health_and_metrics(client):
    assert client.get("/healthz").json() == {"status": "ok"}
    assert client.get("/readyz").json() == {"status": "ready"}
    room, tokens = started_room(client, 1)
    with client.websocket_connect(f"/ws/games/{room['id']}?token={tokens['soviet']}") as ws:
        v = recv_view(ws)
        ws.send_json({"type": "action", "version": 0, "action": v["view"]["actions"][0]})
        recv_version(ws, 1)
        ws.send_json({"type": "action", "version": 0, "action": {"type": "done"}})
        recv_until(ws, lambda m: m["type"] == "error")
        text = client.get("/metrics").text
        assert "doi_moves_total 1.0" in text
        assert 'doi_errors_total{code="stale"} 1.0' in text
        assert "doi_open_sockets 1.0" in text
        assert "doi_move_seconds_count 1.0" in text


def test_message_rate_per_connection_is_limited(db_url):
    with strict_client(db_url, messages_per_second=1, message_burst=3, rooms_per_hour=10_000) as c:
        room, tokens = started_room(c, 1)
        with c.websocket_connect(f"/ws/games/{room['id']}?token={tokens['soviet']}") as ws:
            recv_view(ws)
            for _ in range(5):
                ws.send_json({"type": "ping"})
            got = [ws.receive_json() for _ in range(5)]
            assert [m["type"] for m in got].count("pong") == 3
            assert any(m["type"] == "error" and m["code"] == "rate_limited" for m in got)


def test_rooms_per_client_address_are_limited(db_url):
    with strict_client(db_url, rooms_per_hour=2) as c:
        # other tests share the database and the test client's address: count from what exists
        codes = [c.post("/api/games", json={"revolutionaries": 1}).status_code for _ in range(3)]
        assert codes[-1] == 429
        r = c.post("/api/games", json={"revolutionaries": 1})
        assert r.status_code == 429 and "Too many rooms" in r.json()["detail"]


def test_idle_socket_is_closed(db_url):
    with strict_client(db_url, idle_timeout=0.3, rooms_per_hour=10_000) as c:
        room, tokens = started_room(c, 1)
        with c.websocket_connect(f"/ws/games/{room['id']}?token={tokens['rev1']}") as ws:
            recv_view(ws)
            msg = recv_until(ws, lambda m: m["type"] == "error")
            assert msg["code"] == "idle"


def test_a_socket_that_keeps_talking_is_not_idle_and_is_closed_once_it_falls_silent(db_url):
    """The idle limit counts from the last frame (app.web.routes.ws.Silence: one timer per silence, set
    again when frames came meanwhile), not from the socket's start."""
    with strict_client(db_url, idle_timeout=0.4, rooms_per_hour=10_000) as c:
        room, tokens = started_room(c, 1)
        with c.websocket_connect(f"/ws/games/{room['id']}?token={tokens['rev1']}") as ws:
            recv_view(ws)
            started = time.monotonic()
            while time.monotonic() - started < 1.2:  # three times the limit, a frame every 0.1 s
                last = time.monotonic()
                ws.send_json({"type": "ping"})
                assert recv_until(ws, lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
                time.sleep(0.1)
            msg = recv_until(ws, lambda m: m["type"] == "error")
            assert msg["code"] == "idle" and time.monotonic() - last >= 0.35  # counted from the last frame


def test_graceful_shutdown_tells_clients_to_reconnect(db_url, tmp_path):
    """A real `doi serve` gets SIGTERM: each socket is told to reconnect, then closed with 1012
    (service restart). A real process, because an in-process test client stops delivering
    messages the moment the app has shut down."""
    server = ServerProcess(db_url, tmp_path)
    server.start()
    try:
        with httpx.Client(base_url=server.base) as http:
            room, tokens = started_room(http, 1)

        async def scenario():
            url = f"{server.ws_base}/ws/games/{room['id']}?token={tokens['rev1']}"
            async with websockets.connect(url) as ws:
                assert json.loads(await ws.recv())["type"] == "view"
                server.proc.terminate()
                received = []
                try:
                    while True:
                        received.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
                except websockets.ConnectionClosed as closed:
                    return received, closed.rcvd.code if closed.rcvd else None

        received, code = run_async(scenario())
    finally:
        server.stop()
    assert [m["type"] for m in received] == ["reconnect"], received
    assert "reconnect" in received[0]["message"]
    assert code == 1012


def test_logs_are_json_lines_with_game_id_and_seat(db_url, capfd):
    """Operators filter the log by game and seat: every move and refused move is one JSON line."""
    settings = Settings(database_url=db_url, secret_key="logs-test-0123456789abcdefghijklmnopqr", json_logs=True, messages_per_second=10_000,
                        message_burst=10_000, rooms_per_hour=10_000)
    with TestClient(create_app(settings)) as c:
        room, tokens = started_room(c, 1)
        gid = room["id"]
        with c.websocket_connect(f"/ws/games/{gid}?token={tokens['soviet']}") as ws:
            v = recv_view(ws)
            ws.send_json({"type": "action", "version": 0, "action": {"type": "no_such_move"}})
            recv_until(ws, lambda m: m["type"] == "error")
            ws.send_json({"type": "action", "version": 0, "action": v["view"]["actions"][0]})
            recv_version(ws, 1)
    lines = [json.loads(line) for line in capfd.readouterr().err.splitlines() if line.startswith("{")]
    ours = [x for x in lines if x.get("game_id") == gid]
    assert {x["message"] for x in ours} >= {"move", "illegal move"}
    assert all(x["seat"] == "soviet" and x["levelname"] and x["asctime"] for x in ours)
    move = next(x for x in ours if x["message"] == "move")
    assert move["version"] == 1
