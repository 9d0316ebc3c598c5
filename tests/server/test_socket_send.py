"""The hub writes game frames with the server's own ASGI `send` (app.play.socket_send, issue 14), past
Starlette's wrappers, and under uvicorn straight to its transport; what a socket receives is
unchanged."""
from __future__ import annotations

import asyncio
import socket

import pytest
import uvicorn
import websockets
from uvicorn.protocols.utils import ClientDisconnected
from websockets.frames import Frame, Opcode

from app.play.socket_send import RAW_SEND, KeepSocketSend, text_frame, text_sender
from tests.server.follow import follow, recv_version
from tests.server.helpers import auth, recv_view, run_async, settled_started_room


def test_a_game_socket_is_written_with_the_servers_send_and_gets_every_version(quiet_client):
    room, tokens = settled_started_room(quiet_client, 1)
    gid = room["id"]
    store, hub = quiet_client.app.state.store, quiet_client.app.state.hub
    with quiet_client.websocket_connect(f"/ws/games/{gid}?token={tokens['rev1']}") as ws:
        have = recv_view(ws, 0)
        (conn,) = hub.conns[gid]
        assert conn.ws.scope.get(RAW_SEND) is not None and conn.send != conn.ws.send_text
        for version in range(3):
            game = store.cached(gid)[1]
            seat = next(s for s in game.seats if game.legal_actions(s))
            action = next(a for a in game.legal_actions(seat) if a["type"] not in ("undo", "cancel"))
            r = quiet_client.post(f"/api/games/{gid}/actions", json={"version": version, "action": action},
                                  headers=auth(tokens[seat]))
            assert r.status_code == 200, r.text
            have = follow(have, recv_version(ws, version + 1))
        assert have["view"] == store.cached(gid)[1].view("rev1", texts=False)


def test_a_socket_without_the_apps_scope_is_written_through_starlette():
    class Plain:
        sent: list = []

        async def send_text(self, text):
            self.sent.append(text)

    class Raw:
        def __init__(self):
            self.messages = []
            self.scope = {RAW_SEND: self.send}

        async def send(self, message):
            self.messages.append(message)

    plain, raw = Plain(), Raw()
    run_async(text_sender(plain)("a"))
    run_async(text_sender(raw)("b"))
    assert plain.sent == ["a"] and raw.messages == [{"type": "websocket.send", "text": "b"}]


# ----- frames written straight to uvicorn's transport (issue 14) -------------------------------------

TEXTS = ["", "a" * 125, "b" * 126, "é" * 40, "c" * 65535, "d" * 65536, "Ł€𝄞" * 20000]


@pytest.mark.parametrize("text", TEXTS, ids=lambda t: f"{len(t.encode())}B")
def test_a_written_frame_is_byte_for_byte_the_websockets_librarys(text):
    data = text.encode()
    assert text_frame(data) == Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])


async def _serve(app):
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(KeepSocketSend(app), ws="websockets-sansio", ws_per_message_deflate=False,
                            lifespan="off", log_level="warning")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    return server, task, sock.getsockname()[1]


def test_under_uvicorn_frames_are_written_at_once_and_arrive_whole_and_in_order():
    """Every text reaches the client as sent; the sender wrote each at once (returned None)."""
    results = []

    async def app(scope, receive, send):
        from starlette.websockets import WebSocket
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        sender = text_sender(ws)
        results.extend(sender(t) for t in TEXTS)
        await ws.receive_text()  # the client's goodbye
        await ws.close()

    async def main():
        server, task, port = await _serve(app)
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/", max_size=None, compression=None) as c:
                got = [await c.recv() for _ in TEXTS]
                await c.send("bye")
        finally:
            server.should_exit = True
            await task
        return got

    assert run_async(main()) == TEXTS
    assert results == [None] * len(TEXTS)


def test_a_paused_or_closed_socket_goes_through_the_servers_send():
    """A transport over its high-water mark (a slow reader): the send waits in the server's `send`
    and finishes when the transport resumes; once the client is gone, the send fails loudly."""
    seen = {}

    async def app(scope, receive, send):
        from starlette.websockets import WebSocket
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        sender = text_sender(ws)
        proto = scope["doi.raw_send"].__self__
        proto.pause_writing()
        pending = sender("waited")
        seen["paused"] = pending is not None
        asyncio.get_running_loop().call_later(0.05, proto.resume_writing)
        await pending
        await ws.receive_text()  # the client says it got it, then leaves
        with pytest.raises(ClientDisconnected):
            for _ in range(100):  # the close reaches the server within a few loop turns
                pending = sender("after")
                if pending is not None:
                    await pending
                await asyncio.sleep(0.01)
        seen["closed"] = True

    async def main():
        server, task, port = await _serve(app)
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/", compression=None) as c:
                seen["got"] = await c.recv()
                await c.send("ok")
            for _ in range(200):
                if "closed" in seen:
                    break
                await asyncio.sleep(0.01)
        finally:
            server.should_exit = True
            await task

    run_async(main())
    assert seen == {"paused": True, "got": "waited", "closed": True}
