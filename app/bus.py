"""Fan-out across server instances (DESIGN §4): every instance LISTENs on a PostgreSQL channel;
a move's transaction sends NOTIFY "game id, version" (delivered on commit), and every instance
pushes the new versions, one by one and in order, to its own sockets on that game.

With SQLite there is one process, so the bus is local: the instance that applied a move pushes
the views itself (it always does, on every backend)."""
from __future__ import annotations

import asyncio
import contextlib
import logging

import psycopg
from sqlalchemy import text

from .db import is_sqlite

CHANNEL = "doi_games"
log = logging.getLogger("doi.bus")


async def notify_in(session, url: str, gid: str, version: int, kind: str = "move") -> None:
    """Queue a notification inside the caller's transaction (PostgreSQL sends it at commit)."""
    if not is_sqlite(url):
        await session.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": f"{gid} {version} {kind}"})


class PgListener:
    def __init__(self, url: str, on_notify):
        self.url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.on_notify = on_notify
        self._task: asyncio.Task | None = None
        self._conn: psycopg.AsyncConnection | None = None
        self.ready = asyncio.Event()

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="doi-listen")
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.ready.wait(), 10)

    async def stop(self) -> None:
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._conn:
            with contextlib.suppress(Exception):
                await self._conn.close()

    async def _run(self) -> None:
        delay = 0.5
        while True:
            try:
                self._conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                await self._conn.execute(f"LISTEN {CHANNEL}")
                self.ready.set()
                delay = 0.5
                async for note in self._conn.notifies():
                    gid, version, kind = note.payload.split(" ")
                    try:
                        await self.on_notify(gid, int(version), kind)
                    except Exception:  # one bad push must not stop the listener
                        log.exception("push after notify failed for game %s", gid)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("LISTEN connection lost; reconnecting in %.1fs", delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10)
