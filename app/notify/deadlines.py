"""A deadline near: a player of a correspondence game who has to move, is not at the table, and has
only DOI_DEADLINE_WARN_FRACTION of the decision's time left (a quarter by default: 6 hours of a
24-hour decision) is told once per deadline, by every channel the account has, before a bot takes
the seat over (app.seats.clocks).

Every instance looks every DOI_DEADLINE_TICK seconds at the running correspondence games' clock
rows (`game_clocks`, which app.seats.clocks keeps: per seat its `deadline` in epoch ms); the
notification's key names the game, the seat and the deadline, so two instances, or two looks,
queue it once. Chess-clock games are not warned: their players are at the table."""
from __future__ import annotations

import asyncio
import logging
import time

from sqlalchemy import select

from app.infra.models import ClockRow, GameRow
from app.infra.periodic import LoopService
from app.notify.channels import account_seats, at_table, browsers, tell
from app.notify.prefs import wanted
from app.notify.texts import deadline_text

log = logging.getLogger("doi.notify")


def near_deadlines(pace: dict | None, state: dict, now_ms: int, fraction: float) -> dict[str, int]:
    """seat -> its deadline (epoch ms), for the seats of a correspondence game whose deadline is
    in the future but at most `fraction` of a decision's time away."""
    if not pace or pace.get("mode") != "correspondence":
        return {}
    lead = pace["hours"] * 3_600_000 * fraction
    out = {}
    for seat, clock in (state or {}).items():
        deadline = clock.get("deadline") if isinstance(clock, dict) else None
        if type(deadline) is int and now_ms < deadline <= now_ms + lead:
            out[seat] = deadline
    return out


class DeadlineWarner(LoopService):
    task_name = "doi-deadlines"

    def __init__(self, app, outbox):
        self.app, self.outbox = app, outbox
        self._told: set[tuple[str, str, int]] = set()  # queued here already: no second transaction for it

    async def _run(self) -> None:
        while True:
            try:
                if await self.look():
                    self.outbox.poke()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the deadline warner failed a round; trying again")
            await asyncio.sleep(self.app.state.settings.deadline_tick)

    async def look(self, now_ms: int | None = None) -> int:
        """Queue the warnings due now; how many notifications were queued."""
        store, settings = self.app.state.store, self.app.state.settings
        now_ms = now_ms if now_ms is not None else int(time.time() * 1000)
        async with store.reading() as s:
            rows = (await s.execute(select(ClockRow.game_id, ClockRow.state, GameRow.pace)
                                    .join(GameRow, GameRow.id == ClockRow.game_id)
                                    .where(GameRow.status == "active", ClockRow.next_deadline.is_not(None)))).all()
        if len(self._told) > 50_000:
            self._told.clear()
        queued = 0
        for gid, state, pace in rows:
            near = {seat: d for seat, d in near_deadlines(pace, state, now_ms, settings.deadline_warn_fraction).items()
                    if (gid, seat, d) not in self._told}
            if near:
                queued += await self.warn(gid, near, now_ms)
        return queued

    async def warn(self, gid: str, near: dict[str, int], now_ms: int) -> int:
        store, settings = self.app.state.store, self.app.state.settings
        async with store.reading() as s:
            held = {row.seat: row for row in await account_seats(s, gid) if row.seat in near}
            subs = await browsers(s, [row.account_id for row in held.values()])
        base = settings.public_url or getattr(self.app.state, "site_url", "")
        postgres, queued, done = not store.url.startswith("sqlite"), 0, []
        async with store.transaction() as s:
            for seat, deadline in sorted(near.items()):
                row = held.get(seat)
                if row is None or row.bot:  # a guest's seat or a bot's: nobody to tell for this deadline
                    done.append((gid, seat, deadline))
                    continue
                if row.zombie or not wanted(row.notify)["deadline"] or at_table(self.app, gid, seat, row.seen_at):
                    continue  # looked at again next round: one who leaves the table is still warned
                subject, lead = deadline_text(gid, seat, (deadline - now_ms) // 60_000)
                queued += await tell(s, postgres, key=f"deadline:{gid}:{seat}:{deadline}", row=row,
                                     subs=subs[row.account_id], mail=self.outbox.mailer is not None, gid=gid,
                                     base=base, subject=subject, lead=lead)
                done.append((gid, seat, deadline))
        self._told.update(done)  # once committed
        return queued
