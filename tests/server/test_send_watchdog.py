"""A socket that stops taking messages is dropped after SEND_TIMEOUT (app.play.hub: one watchdog for
every socket instead of a timer per message); the other sockets of the game keep getting theirs."""
from __future__ import annotations

import asyncio

from app.play import hub as hub_module
from app.play.hub import Conn, Hub
from tests.server.helpers import run_async


class FakeSocket:
    def __init__(self, stuck: bool):
        self.stuck = stuck
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        if self.stuck:  # a client that stopped reading: the send never completes
            await asyncio.Event().wait()
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        pass


def test_a_stuck_socket_is_dropped_and_the_others_keep_getting_their_messages(monkeypatch):
    monkeypatch.setattr(hub_module, "SEND_TIMEOUT", 0.2)
    monkeypatch.setattr(hub_module, "WATCH_EVERY", 0.05)

    async def scenario():
        hub = Hub()
        stuck, fine = FakeSocket(stuck=True), FakeSocket(stuck=False)
        conns = [Conn(ws=stuck, game_id="g", seat="rev1"), Conn(ws=fine, game_id="g", seat="soviet")]
        for c in conns:
            hub.add(c)
        for i in range(3):
            for c in conns:
                c.post(f"m{i}")
            await asyncio.sleep(0.01)
        assert conns[0].open and fine.sent == ["m0", "m1", "m2"]  # not dropped before the timeout
        await asyncio.sleep(0.5)
        dropped, kept = conns[0], conns[1]
        assert not dropped.open and dropped.writer.done() and not dropped.writer.cancelled()
        assert not dropped.post("later")
        kept.post("m3")
        await asyncio.sleep(0.01)
        assert kept.open and fine.sent[-1] == "m3"
        for c in conns:
            hub.remove(c)
            await c.stop()
        assert hub._watchdog is None  # no socket left: no watchdog either

    run_async(scenario())


class SlowSocket:
    """A client slow to read: each send waits until the test lets it through (`go`)."""

    def __init__(self):
        self.sent: list[str] = []
        self.closed: list[int] = []
        self.gate = asyncio.Event()
        self.slow = True

    async def send_text(self, text: str) -> None:
        if self.slow:
            await self.gate.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        self.closed.append(code)


def test_a_message_to_an_idle_socket_is_written_at_once_without_a_task():
    async def scenario():
        ws = FakeSocket(stuck=False)
        c = Conn(ws=ws, game_id="g", seat="rev1")
        assert c.post("v1") and c.post("v2")
        assert ws.sent == ["v1", "v2"] and c.writer is None  # written in post itself, in order

    run_async(scenario())


def test_a_slow_socket_gets_every_message_in_order_and_is_written_at_once_again_after():
    async def scenario():
        ws = SlowSocket()
        c = Conn(ws=ws, game_id="g", seat="rev1")
        for i in range(5):
            assert c.post(f"m{i}")
        assert ws.sent == [] and c.writer is not None and len(c.backlog) == 4  # m0 waits, the rest behind it
        ws.gate.set()
        await asyncio.sleep(0.01)
        assert ws.sent == ["m0", "m1", "m2", "m3", "m4"]
        assert c.writer is None and c.open  # caught up: idle again
        ws.slow = False
        c.post("m5")
        assert ws.sent[-1] == "m5"  # at once, no task
        await c.close(4408)
        assert ws.closed == [4408] and not c.post("late")

    run_async(scenario())


def test_close_waits_for_the_messages_posted_before_it():
    async def scenario():
        ws = SlowSocket()
        c = Conn(ws=ws, game_id="g", seat="rev1")
        c.post("bye-1")
        c.post("bye-2")
        closing = asyncio.ensure_future(c.close(1012))
        await asyncio.sleep(0.01)
        assert ws.closed == []  # still sending
        ws.gate.set()
        await closing
        assert ws.sent == ["bye-1", "bye-2"] and ws.closed == [1012]

    run_async(scenario())


def test_a_socket_that_stops_reading_is_closed_once_its_backlog_is_full(monkeypatch):
    monkeypatch.setattr(hub_module, "OUTBOX_LIMIT", 3)

    async def scenario():
        ws = SlowSocket()
        c = Conn(ws=ws, game_id="g", seat="rev1")
        assert all(c.post(f"m{i}") for i in range(4))  # one waiting, three behind it
        assert not c.post("m4") and not c.open
        ws.gate.set()
        await asyncio.sleep(0.01)
        assert ws.sent == ["m0", "m1", "m2", "m3"] and ws.closed == [1013]

    run_async(scenario())


def test_a_send_that_fails_at_once_marks_the_socket_closed():
    class Gone:
        async def send_text(self, text):
            raise OSError("connection reset")

    async def scenario():
        c = Conn(ws=Gone(), game_id="g", seat="rev1")
        assert not c.post("x") and not c.open and c.writer is None

    run_async(scenario())


def test_a_client_that_stops_reading_is_closed_with_1013_try_again_later(monkeypatch):
    """Issue 30, item 11: the README says 1013; such a client was closed with 1011 (uvicorn's
    keepalive: its ping waited behind the unread frames, no pong came). 1013 "Try Again Later" is
    the registry's code for a server casting off a client for a temporary condition; 1011 "Internal
    Error" (RFC 6455 §7.4.1) says the server failed. A real uvicorn connection, its keepalive on;
    the client reads again later and gets every frame, then the close code."""
    import uvicorn
    import websockets
    from starlette.websockets import WebSocket

    from app.play.socket_send import KeepSocketSend

    monkeypatch.setattr(hub_module, "SEND_TIMEOUT", 0.3)
    monkeypatch.setattr(hub_module, "WATCH_EVERY", 0.05)
    frames, big = 40, "x" * 500_000  # 20 MB: far more than the sockets' buffers hold
    server_side = {}

    async def app(scope, receive, send):
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        hub, conn = Hub(), Conn(ws=ws, game_id="g", seat="rev1")
        hub.add(conn)
        for _ in range(frames):
            conn.post(big)
        while (await ws.receive())["type"] != "websocket.disconnect":
            pass
        server_side["stalled"] = conn.stalled
        hub.remove(conn)
        await conn.stop()

    async def main():
        import socket

        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        config = uvicorn.Config(KeepSocketSend(app), ws="websockets-sansio", ws_per_message_deflate=False,
                                ws_ping_interval=1.0, ws_ping_timeout=1.0, lifespan="off", log_level="warning")
        server = uvicorn.Server(config)
        task = asyncio.create_task(server.serve(sockets=[sock]))
        while not server.started:
            await asyncio.sleep(0.01)
        try:
            async with websockets.connect(f"ws://127.0.0.1:{sock.getsockname()[1]}/", max_size=None, max_queue=1,
                                          compression=None, ping_interval=None) as c:
                await asyncio.sleep(3.0)  # not reading: past the send timeout and the keepalive's ping and pong
                got = 0
                try:
                    while True:
                        await c.recv()
                        got += 1
                except websockets.ConnectionClosed as e:
                    return got, e.rcvd.code if e.rcvd else None
        finally:
            server.should_exit = True
            await task

    got, code = run_async(main())
    assert code == 1013
    assert 0 < got <= frames  # what it had been sent before it stopped reading, then the close
    assert server_side["stalled"] is True
