"""`doi serve`'s websocket protocol (app/web/ws_protocol.py, issue 14): a socket is not paused and
resumed around every message, yet a client that sends faster than the app reads is held back, and
every message still arrives whole and in order."""
from __future__ import annotations

import asyncio
import socket

import pytest
import uvicorn
import websockets
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from app import serve as serve_module
from app.web.ws_protocol import QUEUE_HIGH, SteadyReading
from tests.server.helpers import run_async


class _Counting:
    """A transport that counts the protocol's pauses and resumes of reading."""

    def __init__(self, transport, counts):
        self._transport, self._counts = transport, counts

    def pause_reading(self):
        self._counts["pauses"] += 1
        self._transport.pause_reading()

    def resume_reading(self):
        self._counts["resumes"] += 1
        self._transport.resume_reading()

    def __getattr__(self, name):
        return getattr(self._transport, name)


def _counted(base):
    counts = {"pauses": 0, "resumes": 0, "most_waiting": 0}

    class Counted(base):
        def connection_made(self, transport):
            super().connection_made(_Counting(transport, counts))

        def send_receive_event_to_app(self):
            super().send_receive_event_to_app()
            counts["most_waiting"] = max(counts["most_waiting"], self.queue.qsize())

    return Counted, counts


async def _serve(app, protocol):
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(app, ws=protocol, ws_per_message_deflate=False, lifespan="off", log_level="warning")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    return server, task, sock.getsockname()[1]


async def _echo(scope, receive, send):
    """Echoes every text; after "hold" it stops reading for a while (the client floods meanwhile),
    then reads everything queued."""
    from starlette.websockets import WebSocket

    ws = WebSocket(scope, receive, send)
    await ws.accept()
    while True:
        text = await ws.receive_text()
        if text == "bye":
            await ws.close()
            return
        if text == "hold":
            await asyncio.sleep(0.3)  # the client floods meanwhile
        await ws.send_text(text)


def _play(protocol, messages, flood=False):
    async def main():
        server, task, port = await _serve(_echo, protocol)
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/", compression=None) as c:
                if flood:
                    for m in messages:
                        await c.send(m)
                    got = [await c.recv() for _ in messages]
                else:
                    got = []
                    for m in messages:
                        await c.send(m)
                        got.append(await c.recv())
                await c.send("bye")
                await c.wait_closed()
        finally:
            server.should_exit = True
            await task
        return got

    return run_async(main())


def test_a_client_sending_one_message_at_a_time_is_never_paused():
    """A move, then the next once the answer came: uvicorn's own protocol pauses and resumes the
    socket for each message (what this protocol exists to avoid); this one never pauses it."""
    messages = [f"move {i}" for i in range(20)]
    theirs, their_counts = _counted(WebSocketsSansIOProtocol)
    assert _play(theirs, messages) == messages
    assert their_counts["pauses"] >= len(messages)
    ours, counts = _counted(SteadyReading)
    assert _play(ours, messages) == messages
    assert counts["pauses"] == 0 and counts["resumes"] == 0


@pytest.mark.parametrize("size", [10, 2000, 30000])
def test_a_flooding_client_is_held_back_as_by_uvicorn_and_every_message_arrives_in_order(size):
    """While the app does not read, the socket stops being read (each read's messages are queued
    whole, by uvicorn's protocol too) and starts again once the app has taken them: all 60
    messages arrive in order, and no more wait at once than with uvicorn's own protocol, but for
    the one this protocol reads on for."""
    messages = ["hold"] + [f"m{i:02d}" + "x" * size for i in range(60)]
    theirs, their_counts = _counted(WebSocketsSansIOProtocol)
    assert _play(theirs, messages, flood=True) == messages
    ours, counts = _counted(SteadyReading)
    assert _play(ours, messages, flood=True) == messages
    assert counts["pauses"] >= 1 and counts["resumes"] >= 1
    assert counts["most_waiting"] <= their_counts["most_waiting"] + QUEUE_HIGH - 1


def test_doi_serve_runs_this_protocol(monkeypatch):
    seen = {}

    def run(self, sockets=None):
        seen["ws"] = self.config.ws

    monkeypatch.setattr(serve_module.GracefulServer, "run", run)
    serve_module.serve("127.0.0.1", 0)
    assert seen["ws"] is SteadyReading
