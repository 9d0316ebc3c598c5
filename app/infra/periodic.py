"""A lifespan service whose work is one loop (`_run`) in a named task, started with the app and
cancelled at its stop (app/main.py starts and stops each service in `services`)."""
from __future__ import annotations

import abc
import asyncio
import contextlib


class LoopService(abc.ABC):
    task_name = "service"

    _task: asyncio.Task | None = None

    @abc.abstractmethod
    async def _run(self) -> None:
        """The service's loop (app/infra/gc_tuning.py GcFreezer, app/infra/wal_checkpoint.py WalCheckpointer)."""

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=self.task_name)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
