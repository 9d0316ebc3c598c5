"""Tells players (by mail and Web Push), while they are not at the table, that it is their turn,
that their game started, that it ended, or that someone wrote in its chat.

A move only pokes the notifier (a set add); its loop looks at each poked game afterwards, from the
committed state: the seats the engine waits for now and did not at the version it saw last
(`notify_games`), and the status then and now. Each account seat among them whose owner wants
that event, has a channel (a verified address, a browser that allowed push) and no open socket at that
game gets it queued in the outbox (app.notify.outbox, app.notify.channels), keyed by game, seat
and version, so two instances queue it once.
Bots' seats and seats a bot plays for an away person are not told."""
from __future__ import annotations

import asyncio
import logging
import time

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from app.infra.models import NotifyGameRow
from app.infra.periodic import LoopService
from app.notify.channels import account_seats, at_table, browsers, tell
from app.notify.prefs import wanted
from app.notify.texts import chat_text, event_text
from app.play.store import StoreError

log = logging.getLogger("doi.notify")


class TurnNotifier(LoopService):
    task_name = "doi-notifier"

    def __init__(self, app, outbox):
        self.app, self.outbox = app, outbox
        self._poked: set[str] = set()
        self._chats: list[tuple[str, str, str, str]] = []
        self._wake = asyncio.Event()

    def poke(self, gid: str) -> None:
        self._poked.add(gid)
        self._wake.set()

    def chatted(self, gid: str, seat: str, name: str, text: str) -> None:
        """A line of chat was written at `gid` on this instance (after it was stored)."""
        if len(self._chats) < 10_000:  # a flood waits for the next round; its first lines suffice
            self._chats.append((gid, seat, name, text))
            self._wake.set()

    async def _run(self) -> None:
        tick = self.app.state.settings.notify_tick
        while True:
            await self._wake.wait()
            self._wake.clear()
            games, self._poked = self._poked, set()
            chats, self._chats = self._chats, []
            work = [(self.look, (gid,)) for gid in games] + [(self.chat, line) for line in chats]
            for step, args in work:
                gid = args[0]
                try:
                    if await step(*args):
                        self.outbox.poke()
                except asyncio.CancelledError:
                    raise
                except StoreError:
                    pass  # deleted meanwhile
                except Exception:
                    log.exception("the notifier failed on a game", extra={"game_id": gid})
            await asyncio.sleep(tick)  # pokes meanwhile wait for the next round: one look per game per tick

    async def look(self, gid: str) -> int:
        """Queue what the game's latest change calls for; returns how many notifications were queued."""
        store, settings = self.app.state.store, self.app.state.settings
        async with store.reading() as s:
            held = await account_seats(s, gid)
            if not held:  # (a seat may join an account later, on any instance: no remembering this)
                return 0
            subs = await browsers(s, [row.account_id for row in held])
        mail = self.outbox.mailer is not None
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
                    if (row is None or row.bot or row.zombie or not wanted(row.notify)[event]
                            or at_table(self.app, gid, seat, row.seen_at)):
                        continue
                    subject, lead = event_text(event, seat, gid, result, your_turn=seat in waiting)
                    queued += await tell(s, postgres, key=f"{event}:{gid}:{seat}:{version}", row=row,
                                         subs=subs[row.account_id], mail=mail, gid=gid, base=base,
                                         subject=subject, lead=lead)
                if seen is None:
                    s.add(NotifyGameRow(game_id=gid, version=version, status=status, active=waiting))
                else:
                    seen.version, seen.status, seen.active = version, status, waiting
        except IntegrityError:  # another instance made the game's row at the same moment: it told them
            return 0
        return queued

    async def chat(self, gid: str, speaker_seat: str, name: str, text: str) -> int:
        """Tell the players of `gid` who want chat notices and are away that `name` wrote: at most
        one notice per game and seat in each window of DOI_CHAT_NOTIFY_MINUTES (its key names the
        window, so the outbox keeps the first and ignores the rest)."""
        store, settings = self.app.state.store, self.app.state.settings
        async with store.reading() as s:
            rows = await account_seats(s, gid)
            speaker = next((row.account_id for row in rows if row.seat == speaker_seat), None)
            held = [row for row in rows if row.seat != speaker_seat and row.account_id != speaker
                    and not row.bot and not row.zombie and wanted(row.notify)["chat"]]
            if not held:
                return 0
            subs = await browsers(s, [row.account_id for row in held])
        window = int(time.time() // (settings.chat_notify_minutes * 60))
        base = settings.public_url or getattr(self.app.state, "site_url", "")
        subject, lead = chat_text(gid, name, speaker_seat, text, settings.chat_notify_minutes)
        postgres, queued = not store.url.startswith("sqlite"), 0
        async with store.transaction() as s:
            for row in held:
                if at_table(self.app, gid, row.seat, row.seen_at):
                    continue
                queued += await tell(s, postgres, key=f"chat:{gid}:{row.seat}:{window}", row=row,
                                     subs=subs[row.account_id], mail=self.outbox.mailer is not None, gid=gid,
                                     base=base, subject=subject, lead=lead)
        return queued
