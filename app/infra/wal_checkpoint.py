"""SQLite: the WAL checkpoint off the event loop.

The move writer's sqlite3 connection commits in the event-loop thread (app/play/movelog.py). With
SQLite's default, the commit that takes the WAL past 1000 pages runs the checkpoint itself:
copying ~4 MB into the database file inside one move, a stall of every room. The move writer turns
its automatic checkpoints off; this lifespan service runs a PASSIVE checkpoint (it never waits for
readers or the writer) every `every` seconds on a connection of its own in a worker thread
(sqlite3 lets go of the GIL while it works), which keeps the WAL bounded."""
from __future__ import annotations

import asyncio
import logging
import sqlite3

from sqlalchemy.engine import make_url

from app.infra.periodic import LoopService

log = logging.getLogger("doi.wal")


class WalCheckpointer(LoopService):
    task_name = "wal-checkpoint"

    def __init__(self, url: str, every: float = 2.0):
        self.path = make_url(url).database
        self.every = every
        self.checkpoints = 0

    def checkpoint(self) -> tuple[int, int, int]:
        """(busy, pages in the WAL, pages copied), as PRAGMA wal_checkpoint answers."""
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        try:
            row = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        finally:
            conn.close()
        self.checkpoints += 1
        return tuple(row)

    async def stop(self) -> None:
        await super().stop()
        await asyncio.to_thread(self.checkpoint)  # leave a short WAL behind

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await asyncio.to_thread(self.checkpoint)
            except sqlite3.Error as e:  # the next one tries again; the WAL only grows meanwhile
                log.warning("WAL checkpoint failed: %s", e)
