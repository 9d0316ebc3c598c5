"""A socket that stops taking messages is dropped after SEND_TIMEOUT (app.hub: one watchdog for
every socket instead of a timer per message); the other sockets of the game keep getting theirs."""
from __future__ import annotations

import asyncio

from app import hub as hub_module
from app.hub import Conn, Hub
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
            c.start()
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
