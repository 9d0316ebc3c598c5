"""Tells players by mail, while they are not at the table, that it is their turn, that their game
started, or that it ended.

A move only pokes the notifier (a set add); its loop looks at each poked game afterwards, from the
committed state: the seats the engine waits for now and did not at the version it saw last
(`notify_games`), and the status then and now. Each account seat among them whose owner wants
that event, has a verified address and no open socket at that game gets one mail queued in the
outbox (app.notify.outbox), keyed by game, seat and version, so two instances queue it once.
Bots' seats and seats a bot plays for an away person are not told."""
from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from app.infra.models import AccountRow, NotifyGameRow, SeatRow
from app.infra.periodic import LoopService
from app.notify.outbox import queue
from app.notify.prefs import wanted
from app.play.store import StoreError

log = logging.getLogger("doi.notify")
SEAT_LABEL = {"soviet": "the Soviet commander", "rev1": "Revolutionary 1", "rev2": "Revolutionary 2",
              "rev3": "Revolutionary 3", "rev4": "Revolutionary 4"}


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(at: datetime | None) -> datetime | None:
    return at if at is None or at.tzinfo else at.replace(tzinfo=UTC)


def table_link(base: str, gid: str) -> str:
    return f"{base.rstrip('/')}/games/{gid}/table"


def mail_for(event: str, seat: str, gid: str, base: str, result: dict | None = None,
             your_turn: bool = False) -> tuple[str, str]:
    link = table_link(base, gid)
    who = SEAT_LABEL.get(seat, seat)
    if event == "turn":
        subject = f"Your turn in Days of Ire (game {gid})"
        lead = f"It is your turn as {who}."
    elif event == "start":
        subject = f"Your game of Days of Ire has started (game {gid})"
        lead = f"Every seat is taken: the game has started. You play {who}."
        if your_turn:
            lead += " It is your turn."
    else:
        winner = (result or {}).get("winner")
        subject = f"Your game of Days of Ire is over (game {gid})"
        lead = f"The game is over{f': the {winner} side won' if winner else ''}."
    body = (f"{lead}\n\nOpen the table: {link}\n\n"
            f"You get this mail because you are not at that table now. Choose which mails you get "
            f"in your account's settings: {base.rstrip('/')}/account\n")
    return subject, body


class TurnNotifier(LoopService):
    task_name = "doi-notifier"

    def __init__(self, app, outbox):
        self.app, self.outbox = app, outbox
        self._poked: set[str] = set()
        self._wake = asyncio.Event()

    def poke(self, gid: str) -> None:
        self._poked.add(gid)
        self._wake.set()

    async def _run(self) -> None:
        tick = self.app.state.settings.notify_tick
        while True:
            await self._wake.wait()
            self._wake.clear()
            games, self._poked = self._poked, set()
            for gid in games:
                try:
                    if await self.look(gid):
                        self.outbox.poke()
                except asyncio.CancelledError:
                    raise
                except StoreError:
                    pass  # deleted meanwhile
                except Exception:
                    log.exception("the notifier failed on a game", extra={"game_id": gid})
            await asyncio.sleep(tick)  # pokes meanwhile wait for the next round: one look per game per tick

    def _connected(self, gid: str, seat: str, seen_at: datetime | None) -> bool:
        hub = self.app.state.hub
        if any(c.seat == seat for c in hub.conns.get(gid, ())):
            return True
        # A socket on another instance: its presence beat (app.seats.zombies) is at most a third
        # of the grace period old; a socket that closed cleared it.
        beat = self.app.state.settings.away_grace_seconds / 3
        seen_at = _aware(seen_at)
        return seen_at is not None and seen_at > _now() - timedelta(seconds=beat * 1.5)

    async def look(self, gid: str) -> int:
        """Queue what the game's latest change calls for; returns how many mails were queued."""
        store, settings = self.app.state.store, self.app.state.settings
        async with store.reading() as s:
            held = (await s.execute(
                select(SeatRow.seat, SeatRow.account_id, SeatRow.bot, SeatRow.zombie, SeatRow.seen_at,
                       AccountRow.email, AccountRow.email_verified, AccountRow.notify)
                .join(AccountRow, AccountRow.id == SeatRow.account_id)
                .where(SeatRow.game_id == gid))).all()
        if not held:  # (a seat may join an account later, on any instance: no remembering this)
            return 0
        version, status, game = await store.current(gid)
        waiting = sorted(seat for seat in game.active_seats() if game.legal_actions(seat)) if status == "active" else []
        result = None
        if status == "finished":
            result = (await store.row(gid)).result
        base = settings.public_url or getattr(self.app.state, "site_url", "")
        queued = 0
        postgres = not store.url.startswith("sqlite")
        try:
            async with store.transaction() as s:
                q = select(NotifyGameRow).where(NotifyGameRow.game_id == gid)
                if postgres:
                    q = q.with_for_update()
                seen = (await s.execute(q)).scalar_one_or_none()
                # Told already (by this instance or another). Claims change the status, not the version.
                if seen is not None and (seen.version > version or (seen.version, seen.status) == (version, status)):
                    return 0
                # A room made before notifications existed has no row: no start or end to tell
                # from it, only the seats waiting now.
                before_status = seen.status if seen else status
                before_active = set(seen.active) if seen else set()
                events: list[tuple[str, str]] = []
                started = status == "active" and before_status == "open"
                if started:  # the mail of the start says whose turn it is: no second mail for it
                    events += [("start", row.seat) for row in held]
                if status == "finished" and before_status != "finished":
                    events += [("finish", row.seat) for row in held]
                events += [("turn", seat) for seat in waiting if seat not in before_active
                           and not (started and seat in {row.seat for row in held})]
                by_seat = {row.seat: row for row in held}
                for event, seat in events:
                    row = by_seat.get(seat)
                    if (row is None or row.bot or row.zombie or not row.email or not row.email_verified
                            or not wanted(row.notify)[event] or self._connected(gid, seat, row.seen_at)):
                        continue
                    subject, body = mail_for(event, seat, gid, base, result, your_turn=seat in waiting)
                    await queue(s, postgres, key=f"{event}:{gid}:{seat}:{version}", account_id=row.account_id,
                                to=row.email, subject=subject, body=body)
                    queued += 1
                if seen is None:
                    s.add(NotifyGameRow(game_id=gid, version=version, status=status, active=waiting))
                else:
                    seen.version, seen.status, seen.active = version, status, waiting
        except IntegrityError:  # another instance made the game's row at the same moment: it told them
            return 0
        return queued
