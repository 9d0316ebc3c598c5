"""The shape the bot driver and the webhook sender share: a task per game while that game has work
for this instance, started by `poke` when a move commits, and a sweeper that every half lease
finds the games nobody works on (after a restart, or when another instance's lease ran out).

Several instances agree on who works on a game through a lease row per game (the subclass owns
the table); `holder` names this process, so a restart is a new holder."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from datetime import timedelta

log = logging.getLogger("doi.workers")


class GameWorkers:
    what = "game work"  # for task names and log lines

    def __init__(self, lease: timedelta):
        self.lease = lease
        self.holder = secrets.token_hex(8)
        self.tasks: dict[str, asyncio.Task] = {}
        self.pending: set[str] = set()  # games that changed since their task last looked
        self._sweeper: asyncio.Task | None = None

    # ----- what a subclass says ---------------------------------------------------------------------
    async def sweep(self) -> list[str]:
        """The games this instance should look at now (and any lease upkeep first)."""
        raise NotImplementedError

    async def _drive(self, gid: str) -> None:
        raise NotImplementedError

    def wanted(self, gid: str) -> bool:
        """False when a poke is known to find nothing to do (the usual room), so it starts no task."""
        return True

    # ----- the shared machinery ---------------------------------------------------------------------
    def start_sweeping(self) -> None:
        self._sweeper = asyncio.create_task(self._sweep_forever(), name=f"doi-{self.what}-sweep")

    async def cancel_tasks(self) -> None:
        tasks = [t for t in (self._sweeper, *self.tasks.values()) if t is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t

    def poke(self, gid: str) -> None:
        """`gid` changed (or may have work): look at it soon, in its one task."""
        if not self.wanted(gid):
            return
        self.pending.add(gid)
        task = self.tasks.get(gid)
        if task is None or task.done():
            self.tasks[gid] = asyncio.create_task(self._run(gid), name=f"doi-{self.what}-{gid}")

    async def _run(self, gid: str) -> None:
        try:
            await self._drive(gid)
        finally:
            if self.tasks.get(gid) is asyncio.current_task():
                del self.tasks[gid]

    async def _sweep_forever(self) -> None:
        while True:
            try:
                for gid in await self.sweep():
                    if gid not in self.tasks:
                        self.poke(gid)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: try again at the next round
                log.warning("%s sweep failed", self.what, exc_info=True)
            await asyncio.sleep(self.lease.total_seconds() / 2)
