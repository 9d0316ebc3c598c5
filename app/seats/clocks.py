"""Clocks: the room's pace (`games.pace`), kept by the server.

- live (`pace` NULL): no clock, nothing here costs a move anything (the pace is cached per game).
- clock: every person's seat has `minutes` for the whole game; its clock runs only while the
  engine waits for that seat (`game.active_seats()`), so in a team decision several run at once.
- correspondence: `hours` for each decision; a seat's deadline starts when it has to act and
  starts again after each of its own moves that leads to a new decision; a move back to a decision
  of the same run of its moves (an undo, a cancel out of a sub-choice: the same view) goes back to
  that decision's deadline (a move and its undo or cancel never extend a deadline).

The state lives in `game_clocks` (one row per paced game): per seat the time left (clock), since
when it runs (`since`) and when it runs out (`deadline`), all in epoch milliseconds, at game
version `version`. After each change of a game (a move, the start, a hand-over) the instance
that heard of it brings the row to the game's version in one transaction that locks the row, so
two instances agree and a restart loses nothing. Each instance looks for run-out deadlines every
`DOI_CLOCK_TICK` seconds; a seat whose time ran out is handed to a bot (app.seats.zombies), and the
`clock` frame (docs/protocol.md) tells every socket. Bots' seats and seats a bot plays have no
clock. Instances compare their clocks (keep them in sync, as for the bot leases)."""
from __future__ import annotations

import asyncio
import logging

from sqlalchemy import select

from app.bus.notes import notify_in
from app.infra.models import ActionRow, ClockRow, GameRow, SeatEventRow, SeatRow
from app.play.store import StoreError
from app.seats.clock_state import advance, decision_print, ms_datetime, next_deadline, now_ms, public_clocks
from app.seats.game_workers import GameTasks
from app.seats.zombies import time_out

log = logging.getLogger("doi.clocks")

PROTOCOL_NOTE = """
## Pace, clocks and seats a bot plays for their player

`POST /api/games` takes `"pace"`: `{"mode": "live"}` (the default, no clock), `{"mode": "clock",
"minutes": m}` (a chess clock: m minutes per person's seat for the whole game, running only while
the engine waits for that seat) or `{"mode": "correspondence", "hours": h}` (h hours per
decision: a decision's deadline is set when it first appears; an undo, or a cancel out of a
sub-choice, goes back to the deadline of the decision it returns to, so they never extend it). `GameSummary.pace` repeats
it (null: live). The server keeps the time; a seat whose clock or deadline runs out is handed to
a bot (level normal) that plays for it until its owner takes it back. Seat lists say `"zombie":
true` for such a seat.

In a paced room, or once a seat has changed hands, every socket gets a `clock` frame after its
first view, and every socket one whenever a clock or a seat's hands change (also `GET
/api/games/{id}/clock`, for any room):

```json
{"type": "clock", "version": 12, "now": 1764590000000, "pace": {"mode": "clock", "minutes": 30},
 "clocks": {"rev1": {"left_ms": 1790000, "since": 1764589990000, "deadline": 1764591780000}},
 "handovers": [{"seat": "rev1", "version": 40, "by": "bot", "reason": "time", "at": "..."}]}
```

`now` is the server's time (epoch ms) so a client can correct its own clock; a seat whose `since`
is not null is on the move and its time runs until `deadline`. `clocks` is empty for a live game.
`handovers` is the log of who played what: from game version `version` on the seat was played by
`by` ("bot" or "human"); `reason` is `time` (its time ran out), `away` (its player was gone and
another player handed it over) or `back` (its owner took it back).

- `POST /api/games/{id}/seats/{seat}/bot` (Bearer: the token of *another* seat of the game): hand a
  seat whose player is away (no socket and no move, by any route, for `DOI_AWAY_GRACE_SECONDS`,
  default 60) to a bot. `409 present` if the player is there, `409` if the game is not running or
  the seat is not a person's.
- `POST /api/games/{id}/seats/{seat}/resume` (Bearer: that seat's own token, the one in its
  resume link): take the seat back from the bot. A clock seat gets at least
  `DOI_CLOCK_RESUME_SECONDS` (default 60) if its time had run out. A token of another game, or of
  a seat given up before the start, gets `403` saying so.
"""


def handover_list(events: list[SeatEventRow]) -> list[dict]:
    return [{"seat": e.seat, "version": e.version, "by": e.by, "reason": e.reason, "at": e.at.isoformat()}
            for e in events if e.reason != "left"]


class Clocks(GameTasks):
    """This instance's share of the clocks: keeps `game_clocks` at each game's version, sends the
    `clock` frame, and hands the seats whose time ran out to a bot."""

    what = "clocks"

    def __init__(self, app):
        super().__init__()
        self.app = app
        self.paces: dict[str, dict | None] = {}  # a room's pace never changes: read once per game
        # Live rooms none of whose seats has changed hands (their sockets get no clock frame), known
        # without a read once seen so: only a hand-over ends it, and every hand-over comes through
        # `broadcast` on every instance (its "clock" note; on the local bus, app.seats.zombies itself).
        self.quiet: set[str] = set()
        self._changes = 0  # broadcasts so far: a read with none meanwhile may mark its room quiet

    async def start(self) -> None:
        self.start_background()

    async def stop(self) -> None:
        await self.cancel_tasks()

    # ----- after a change -------------------------------------------------------------------------
    def wanted(self, gid: str) -> bool:
        """Nothing at all for a live game (no clock)."""
        return not (gid in self.paces and self.paces[gid] is None)

    def created(self, gid: str, pace: dict | None) -> None:
        """A room made here with `pace` (None: live): known without reading it back, and a live one
        quiet (no seat of it can have changed hands yet)."""
        if len(self.paces) > 50_000:
            self.paces.clear()
        self.paces[gid] = pace
        if pace is None:
            if len(self.quiet) > 50_000:
                self.quiet.clear()
            self.quiet.add(gid)

    async def pace_of(self, gid: str) -> dict | None:
        if gid not in self.paces:
            if len(self.paces) > 50_000:  # a long-running server: forget and read again when needed
                self.paces.clear()
            row = await self.app.state.store.row(gid)
            self.paces[gid] = row.pace if row.pace and row.pace.get("mode") != "live" else None
        return self.paces[gid]

    async def _drive(self, gid: str) -> None:
        while gid in self.pending:
            self.pending.discard(gid)
            try:
                await self.sync(gid)
            except StoreError:  # deleted meanwhile
                return
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: the next change or tick retries
                log.warning("clock update failed", extra={"game_id": gid}, exc_info=True)
                return

    async def sync(self, gid: str) -> bool:
        """Bring `gid`'s clock row to the game's current version (hand-overs change it at the same
        version themselves, app.seats.zombies). True when it changed."""
        pace = await self.pace_of(gid)
        if pace is None:
            return False
        store = self.app.state.store
        row, game = await store.load(gid)
        if row.status == "open":  # the clocks start with the game (the row waits at version -1)
            return False
        to_act = set(game.active_seats()) if row.status == "active" else set()  # read before any await
        # Which decision each seat on the move faces (an undo or a cancel may lead back to one whose
        # deadline runs already): from its view, read before any await too.
        decisions = ({seat: decision_print(game.view(seat, texts=False, marks=False)) for seat in to_act}
                     if pace["mode"] == "correspondence" else {})
        changed = False
        async with store.transaction() as s:
            clock = (await s.execute(select(ClockRow).where(ClockRow.game_id == gid).with_for_update())).scalar_one_or_none()
            if clock is None or clock.version >= row.version:
                return False
            seats = list((await s.execute(select(SeatRow).where(SeatRow.game_id == gid))).scalars().all())
            moves = []
            if pace["mode"] == "correspondence":
                # The moves since, in order (from the log, whichever instance made them): a seat's own
                # move starts its deadline again, its undo goes back to the deadline before.
                moves = [(seat, isinstance(action, dict) and action.get("type") == "undo")
                         for seat, action in (await s.execute(select(ActionRow.seat, ActionRow.action).where(
                             ActionRow.game_id == gid, ActionRow.seq > clock.version, ActionRow.seq <= row.version)
                             .order_by(ActionRow.seq))).all()]
            state = advance(pace, clock.state, now_ms(), seats, to_act, moves, decisions)
            clock.version, clock.state, clock.next_deadline = row.version, state, next_deadline(state)
            await notify_in(s, store.bus, gid, row.version, "clock")
            changed = True
        if changed and store.bus.kind == "local":  # other buses bring our own note back to us
            await self.broadcast(gid)
        return changed

    # ----- what clients see -----------------------------------------------------------------------
    async def frame(self, gid: str) -> dict:
        """The `clock` frame of `gid` (docs/protocol.md)."""
        store = self.app.state.store
        async with store.reading() as s:
            row = await s.get(GameRow, gid)
            if row is None:
                raise StoreError("No such game.", 404, "not_found")
            clock = await s.get(ClockRow, gid)
            events = (await s.execute(select(SeatEventRow).where(SeatEventRow.game_id == gid)
                                      .order_by(SeatEventRow.id))).scalars().all()
        return {"type": "clock", "version": clock.version if clock else row.version, "now": now_ms(),
                "pace": row.pace or {"mode": "live"}, "clocks": public_clocks(clock.state) if clock else {},
                "handovers": handover_list(events)}

    async def hello_frame(self, gid: str) -> dict | None:
        """The clock frame a socket gets after its first view: in a paced room, or once a seat has
        changed hands. None in a live room of people (after its first read, without reading)."""
        if gid in self.quiet:
            return None
        seen = self._changes
        frame = await self.frame(gid)
        if frame["pace"]["mode"] != "live" or frame["handovers"]:
            return frame
        if seen == self._changes:  # no hand-over heard while we read
            if len(self.quiet) > 50_000:  # a long-running server: forget and read again when needed
                self.quiet.clear()
            self.quiet.add(gid)
        return None

    def forget_quiet(self) -> None:
        """The bus was away (its notes lost, a hand-over's among them): read again."""
        self._changes += 1
        self.quiet.clear()

    async def broadcast(self, gid: str) -> None:
        self._changes += 1
        self.quiet.discard(gid)
        hub = self.app.state.hub
        if hub.watching(gid):
            await hub.broadcast(gid, await self.frame(gid))

    # ----- run-out clocks -------------------------------------------------------------------------
    async def run_out(self) -> list[str]:
        """Running games with a deadline that has passed."""
        q = (select(ClockRow.game_id).join(GameRow, GameRow.id == ClockRow.game_id)
             .where(GameRow.status == "active", ClockRow.next_deadline <= ms_datetime(now_ms())))
        async with self.app.state.store.sessions() as s:
            return list((await s.execute(q)).scalars().all())

    async def tick(self) -> None:
        for gid in await self.run_out():
            try:
                await time_out(self.app, gid)
            except StoreError:
                continue

    async def _run_background(self) -> None:
        settings = self.app.state.settings
        while True:
            try:
                await self.tick()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: try again at the next tick
                log.warning("clock tick failed", exc_info=True)
            await asyncio.sleep(settings.clock_tick)
