"""The shape the bot driver, the webhook sender and the clocks share: a task per game while that
game has work for this instance, started by `poke` when the game changes, beside one background
loop (`GameTasks`). The bot driver and the webhook sender also agree with other instances on who
works on a game through a lease row per game, and their background loop is a sweep that every half
lease finds the games nobody works on, after a restart or when another instance's lease ran out
(`GameWorkers`; the subclass owns the lease table). `holder` names this process, so a restart is a
new holder."""
from __future__ import annotations

import abc
import asyncio
import contextlib
import logging
import secrets
from datetime import timedelta

log = logging.getLogger("doi.workers")


class GameTasks(abc.ABC):
    what = "game work"  # for task names and log lines

    def __init__(self):
        self.tasks: dict[str, asyncio.Task] = {}
        self.pending: set[str] = set()  # games that changed since their task last looked
        self._background: asyncio.Task | None = None

    @abc.abstractmethod
    async def _drive(self, gid: str) -> None:
        """Do `gid`'s work; `pending` says whether it changed again meanwhile."""

    @abc.abstractmethod
    async def _run_background(self) -> None:
        """The loop beside the per-game tasks (a sweep, a clock tick); runs until cancelled."""

    def wanted(self, gid: str) -> bool:
        """False when a poke is known to find nothing to do (the usual room), so it starts no task."""
        return True

    def start_background(self) -> None:
        self._background = asyncio.create_task(self._run_background(), name=f"doi-{self.what}")

    async def cancel_tasks(self) -> None:
        tasks = [t for t in (self._background, *self.tasks.values()) if t is not None]
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


class GameWorkers(GameTasks):
    def __init__(self, lease: timedelta):
        super().__init__()
        self.lease = lease
        self.holder = secrets.token_hex(8)

    @abc.abstractmethod
    async def sweep(self) -> list[str]:
        """The games this instance should look at now (and any lease upkeep first)."""

    async def _run_background(self) -> None:
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
