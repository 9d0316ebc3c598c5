"""SQLite sessions come from a few kept connections (app.infra.db: a session of its own cost a new
aiosqlite connection and thread, ~2.9 ms of CPU against ~0.6 ms, a dozen times per room), and
none outlives the server: a session cut short by a cancel, kept ones and extra ones are all gone
after the engine's disposal (a connection's thread is not a daemon: one left open keeps the
process from exiting)."""
from __future__ import annotations

import asyncio
import threading

from app.infra.db import SQLITE_KEPT, make_engine, make_sessionmaker
from app.infra.migrate import upgrade
from app.infra.models import GameRow
from tests.server.helpers import run_async


def sqlite_threads() -> list[threading.Thread]:
    """aiosqlite's connection threads (not daemons in a server; here they take the test's thread's flag)."""
    return [t for t in threading.enumerate() if t.is_alive() and "_connection_worker_thread" in repr(getattr(t, "_target", None))]


def test_sqlite_sessions_reuse_connections_and_none_is_left_after_shutdown(tmp_path):
    url = f"sqlite:///{tmp_path / 'pool.sqlite3'}"
    upgrade(url)
    before = len(sqlite_threads())

    async def scenario():
        engine = make_engine(url)
        sessions = make_sessionmaker(engine)
        connects = []

        from sqlalchemy import event

        event.listen(engine.sync_engine, "connect", lambda *a: connects.append(1))
        for _ in range(10):  # one after another: the same kept connection
            async with sessions() as s:
                assert await s.get(GameRow, "none") is None
        assert len(connects) == 1

        reading = []

        async def reader():
            async with sessions() as s:
                await s.get(GameRow, "none")
                reading.append(1)
                await asyncio.sleep(3600)  # a request cut short while its session is open

        many = [asyncio.create_task(reader()) for _ in range(SQLITE_KEPT + 3)]  # more than are kept: no wait
        async with asyncio.timeout(10):
            while len(reading) < len(many):
                await asyncio.sleep(0.01)
        assert len(connects) == SQLITE_KEPT + 3 and len(sqlite_threads()) >= before + SQLITE_KEPT + 3
        for t in many:
            t.cancel()
        await asyncio.gather(*many, return_exceptions=True)
        await engine.dispose()

    run_async(scenario())
    for _ in range(100):  # their threads finish shortly after the close
        if len(sqlite_threads()) <= before:
            break
        threading.Event().wait(0.05)
    assert len(sqlite_threads()) <= before
