"""The outbox of notifications: queued inside a transaction after the change that caused them,
sent by a loop on every instance. A row is leased before it is sent (an UPDATE that only one
instance wins), so two instances never both send it; a holder that dies loses its lease and the
row goes out from another. A failed attempt waits twice as long as the one before; after
DOI_NOTIFY_ATTEMPTS it is dropped. Nothing here runs inside a move. Three channels: mail
(app.notify.mail), Web Push (app.notify.push) and an account's own webhook (app.notify.account_hooks)."""
from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
from datetime import UTC, datetime, timedelta

from sqlalchemy import and_, false, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from app.infra.models import NotificationRow
from app.infra.periodic import LoopService

log = logging.getLogger("doi.notify")
LEASE = timedelta(minutes=2)
BATCH = 20
MAX_IN_FLIGHT = 64  # notifications being sent at once by one instance
MAX_BACKOFF = 6 * 3600.0
_ROWS = NotificationRow.__table__


class Gone(Exception):
    """The channel is gone (a push subscription its service forgot, a webhook removed): not retried."""


class Failed(Exception):
    """An answer other than 2xx: tried again later (a 400 or 413 would fail again: dropped at once)."""

    def __init__(self, status: int):
        super().__init__(f"HTTP {status}")
        self.status = status


def _now() -> datetime:
    return datetime.now(UTC)


async def queue(s, postgres: bool, *, key: str, account_id: int, to: str, subject: str, body: str,
                channel: str = "email") -> None:
    """Queue one notification in session `s`'s transaction; a key already queued is left as it is.
    A mail goes to the address `to`; a push (`channel="push"`) to the subscription whose id is
    `to`, with `body` its JSON payload."""
    now = _now()
    values = {"key": key, "account_id": account_id, "channel": channel, "to_addr": to, "subject": subject,
              "body": body, "attempts": 0, "next_at": now, "sent_at": None, "dropped": False, "holder": "",
              "lease_until": now, "created_at": now}
    insert = pg_insert if postgres else sqlite_insert
    await s.execute(insert(_ROWS).values(**values).on_conflict_do_nothing(index_elements=["key"]))


class OutboxSender(LoopService):
    task_name = "doi-outbox"

    def __init__(self, app, mailer, pusher=None, hooks=None):
        self.app, self.mailer, self.pusher, self.hooks = app, mailer, pusher, hooks  # mailer None: no DOI_SMTP_URL
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{id(self):x}"
        self._wake = asyncio.Event()
        self._flying: dict[int, asyncio.Task] = {}  # notification id -> the task sending it
        self.sent = 0

    def poke(self) -> None:
        self._wake.set()

    async def _run(self) -> None:
        tick = self.app.state.settings.notify_tick
        while True:
            try:
                await self.send_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the outbox failed a round; trying again")
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), tick)
            except TimeoutError:
                pass

    async def send_due(self) -> int:
        store, now = self.app.state.store, _now()
        async with store.reading() as s:
            ids = (await s.execute(select(_ROWS.c.id).where(
                _ROWS.c.sent_at.is_(None), _ROWS.c.dropped == false(), _ROWS.c.next_at <= now,
                _ROWS.c.lease_until <= now).order_by(_ROWS.c.next_at).limit(BATCH))).scalars().all()
        # Each in a task of its own, not awaited here: a receiver that hangs (a push service, a
        # webhook, an SMTP server) holds up only its own notification (for at most
        # DOI_WEBHOOK_TIMEOUT or DOI_MAIL_TIMEOUT), never the others nor the next round.
        started = 0
        for nid in ids:
            if nid in self._flying or len(self._flying) >= MAX_IN_FLIGHT:
                continue
            self._flying[nid] = asyncio.create_task(self._one(nid), name=f"doi-outbox-{nid}")
            self._flying[nid].add_done_callback(lambda _t, nid=nid: self._flying.pop(nid, None))
            started += 1
        return started

    async def _one(self, nid: int) -> None:
        try:
            row = await self._lease(nid)
            if row is not None:
                await self._attempt(row)
        except asyncio.CancelledError:
            raise
        except Exception:  # the database went away meanwhile: the lease runs out, the row is sent later
            log.exception("the outbox failed a notification; trying again later", extra={"notification": nid})

    async def stop(self) -> None:
        await super().stop()
        flying = list(self._flying.values())
        for task in flying:
            task.cancel()
        await asyncio.gather(*flying, return_exceptions=True)

    async def _lease(self, nid: int):
        now = _now()
        async with self.app.state.store.transaction() as s:
            won = await s.execute(update(_ROWS).where(and_(_ROWS.c.id == nid, _ROWS.c.lease_until <= now,
                                                           _ROWS.c.sent_at.is_(None)))
                                  .values(holder=self.holder, lease_until=now + LEASE))
            if won.rowcount != 1:
                return None  # another instance has it
            return (await s.execute(select(_ROWS).where(_ROWS.c.id == nid))).one()

    async def _attempt(self, row) -> None:
        settings = self.app.state.settings
        try:
            if row.channel == "push":
                await self.pusher.send(int(row.to_addr), row.body.encode())
            elif row.channel == "hook":
                await self.hooks.send(row.account_id, json.loads(row.body))
            else:
                await self.mailer.send(row.to_addr, row.subject, row.body)
        except Exception as e:  # noqa: BLE001 - any failure of the other side is a failed attempt
            attempts = row.attempts + 1
            delay = min(settings.notify_backoff * 2 ** (attempts - 1), MAX_BACKOFF)
            # A subscription its push service forgot, or a message it refuses as too big or malformed,
            # fails the same way each time.
            final = isinstance(e, Gone) or (isinstance(e, Failed) and e.status in (400, 413))
            dropped = final or attempts >= settings.notify_attempts
            log.warning("a notification could not be sent", extra={"notification": row.id, "attempt": attempts,
                                                                     "error": type(e).__name__, "dropped": dropped})
            values = {"attempts": attempts, "next_at": _now() + timedelta(seconds=delay), "dropped": dropped,
                      "lease_until": _now()}
        else:
            self.sent += 1
            values = {"attempts": row.attempts + 1, "sent_at": _now(), "lease_until": _now()}
        async with self.app.state.store.transaction() as s:
            await s.execute(update(_ROWS).where(_ROWS.c.id == row.id).values(**values))
