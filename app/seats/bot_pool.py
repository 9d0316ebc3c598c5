"""The hard bots' thinking, off the event loop: a bounded pool of worker processes
(`DOI_BOT_WORKERS` per instance) runs `bots.search.decide`. The loop only builds the seat's view
and information set (a millisecond) and waits.

The workers run niced (`WORKER_NICENESS`): the event loop's process comes first for the CPU.
A decision that is not back by its deadline (twice the budget plus `DOI_BOT_THINK_GRACE`), or
whose worker died, gives None: the caller plays the normal bot's move for it, so a bot never
stalls. The pool is then replaced: its processes are killed (a hung one would hold a slot for
ever) and a fresh pool takes the next decisions.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bots.search import decide, ready

log = logging.getLogger("doi.bots")
STARTUP_SECONDS = 60.0
# The workers run at a lower CPU priority than the server: on a machine short of CPU a person's move
# (the event loop) goes first, and a search that then misses its deadline falls back to the normal bot.
WORKER_NICENESS = 10


def _worker_start() -> None:
    os.nice(WORKER_NICENESS)


class ThinkPool:
    def __init__(self, workers: int, grace: float):
        self.workers = workers
        self.grace = grace
        self.slots = asyncio.Semaphore(workers)  # a deadline counts from the start of the work, not a queue
        self._pool: ProcessPoolExecutor | None = None
        self._warm: asyncio.Future | None = None
        self.replaced = 0  # pools replaced after a death or a missed deadline

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # A fork server, not fork: the server's process has threads (the database drivers'),
            # which a fork would copy in whatever state they hold. The fork server imports the
            # engine and the bots once; each worker (a new one after a crash too) is forked from it
            # in milliseconds, where spawn would import everything again.
            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(["bots.search"])
            self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx, initializer=_worker_start)
            self._warm = asyncio.wrap_future(self._pool.submit(ready))
        return self._pool

    def pids(self) -> list[int]:
        """The worker processes' ids (tests kill one)."""
        procs = getattr(self._pool, "_processes", None) or {}
        return list(procs)

    async def think(self, view: dict, info: dict, seed: int, think_ms: int,
                    deadline: float | None = None) -> tuple[dict, float, int] | None:
        """The search's (action, CPU seconds, playouts), or None when the worker died or missed the
        deadline (seconds; default twice the budget plus the grace)."""
        async with self.slots:
            pool = self._executor()
            warm = self._warm
            loop = asyncio.get_running_loop()
            try:
                # The deadline counts from a started worker: the first start (the fork server's
                # imports) may take seconds on a busy machine.
                await asyncio.wait_for(asyncio.shield(warm), STARTUP_SECONDS)
                future = loop.run_in_executor(pool, decide, view, info, seed, think_ms)
                return await asyncio.wait_for(future, deadline or 2 * think_ms / 1000 + self.grace)
            except (TimeoutError, BrokenProcessPool) as e:
                log.warning("a bot worker %s: its pool is replaced", "missed its deadline"
                            if not isinstance(e, BrokenProcessPool) else "died")
                self._replace(pool)
                return None
            except Exception:  # a fork server that failed to start, a pickling error...: the bot must still move
                log.exception("a bot worker failed: its pool is replaced")
                self._replace(pool)
                return None

    def _replace(self, pool: ProcessPoolExecutor) -> None:
        if self._pool is not pool:
            return  # another decision replaced it already
        self._pool = self._warm = None
        self.replaced += 1
        self._kill(pool)

    @staticmethod
    def _kill(pool: ProcessPoolExecutor) -> None:
        # ProcessPoolExecutor cannot stop a running call; its processes (a private field, the only
        # handle there is) are killed so a hung one frees its CPU.
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            with contextlib.suppress(Exception):
                proc.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        if self._pool is not None:
            pool, self._pool, self._warm = self._pool, None, None
            self._kill(pool)
