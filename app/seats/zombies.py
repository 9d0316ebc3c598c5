"""Seats a bot plays while their person is away ("zombies"), and taking them back.

A person's seat goes to a bot (level normal) when its clock or deadline runs out (app.seats.clocks, at
once) or when another player of the game asks for it because the seat's player is away (no socket
of the seat on any instance for `DOI_AWAY_GRACE_SECONDS`). The seat keeps its owner's token: the
owner's resume link takes it back at any time. Nothing of the game changes: the bot plays through
the same move service, and every hand-over is a `seat_events` row with the game version it took
effect at, so the log can say who played each move (the `clock` frame's `handovers`).

Presence: each instance writes `seats.seen_at` for the seats it has sockets for, at a socket's
start and every third of the grace period; and a move, by any route (a socket, REST), is presence:
the seat's last move in the action log counts as seen, so a player who plays over REST without a
socket is not away (read only when someone asks for a hand-over: no write per move)."""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from datetime import UTC, datetime, timedelta

from sqlalchemy import bindparam, select, update

from app.bus.notes import notify_in
from app.infra.models import ActionRow, BotLeaseRow, ClockRow, GameRow, SeatEventRow, SeatRow
from app.infra.security import token_hash
from app.play.games import push_room
from app.play.store import StoreError
from app.seats.clock_state import next_deadline, now_ms

log = logging.getLogger("doi.zombies")
ZOMBIE_LEVEL = "normal"
_SEATS = SeatRow.__table__
_SEEN = (update(_SEATS).where(_SEATS.c.seat == bindparam("seat_name"), _SEATS.c.game_id.in_(bindparam("gids", expanding=True)))
         .values(seen_at=bindparam("now")))  # built once (app.play.core_tx)


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(at: datetime | None) -> datetime | None:
    """SQLite gives naive UTC datetimes back."""
    return at if at is None or at.tzinfo else at.replace(tzinfo=UTC)


async def _changed(app, gid: str) -> None:
    """After a hand-over committed: this instance's seat cache, sockets, bots and clock frame."""
    store = app.state.store
    store.forget(gid)
    await push_room(app, gid)
    if store.bus.kind == "local":
        await app.state.clocks.broadcast(gid)


async def _lock_running(s, gid: str) -> GameRow:
    game = (await s.execute(select(GameRow).where(GameRow.id == gid).with_for_update())).scalar_one_or_none()
    if game is None:
        raise StoreError("No such game.", 404, "not_found")
    if game.status != "active":
        raise StoreError("The game is not running.", 409, game.status)
    return game


async def _hand_over(s, app, game: GameRow, seat: SeatRow, reason: str) -> None:
    """Give `seat` to a bot inside the caller's transaction; its clock stops."""
    seat.bot, seat.zombie = ZOMBIE_LEVEL, True
    s.add(SeatEventRow(game_id=game.id, seat=seat.seat, version=game.version, by="bot", reason=reason, at=_now()))
    clock = (await s.execute(select(ClockRow).where(ClockRow.game_id == game.id).with_for_update())).scalar_one_or_none()
    if clock is not None and seat.seat in clock.state:
        state = {k: dict(v) for k, v in clock.state.items()}
        c, now = state[seat.seat], now_ms()
        if c["since"] is not None and c.get("left_ms") is not None:
            c["left_ms"] = max(0, c["left_ms"] - max(0, now - c["since"]))
        c["since"] = c["deadline"] = None
        clock.state, clock.next_deadline = state, next_deadline(state)
    if await s.get(BotLeaseRow, game.id) is None:  # the bot driver finds games by their lease row
        s.add(BotLeaseRow(game_id=game.id, holder="", expires_at=_now()))
    await notify_in(s, app.state.store.bus, game.id, game.version, "room")
    await notify_in(s, app.state.store.bus, game.id, game.version, "clock")


async def time_out(app, gid: str) -> list[str]:
    """Hand every person's seat of `gid` whose clock or deadline has run out to a bot. Only when
    the clock row is at the game's version (else a move just came in: the clock update decides)."""
    store = app.state.store
    handed = []
    async with store.transaction() as s:
        game = await _lock_running(s, gid)
        clock = (await s.execute(select(ClockRow).where(ClockRow.game_id == gid))).scalar_one_or_none()
        if clock is None or clock.version != game.version:
            app.state.clocks.poke(gid)
            return []
        now = now_ms()
        seats = (await s.execute(select(SeatRow).where(SeatRow.game_id == gid))).scalars().all()
        for seat in seats:
            c = clock.state.get(seat.seat)
            if c and c.get("deadline") is not None and c["deadline"] <= now and not seat.bot:
                await _hand_over(s, app, game, seat, "time")
                handed.append(seat.seat)
    if handed:
        log.info("time ran out: a bot plays", extra={"game_id": gid, "seat": ",".join(handed)})
        await _changed(app, gid)
    return handed


def _present_here(app, gid: str, seat: str) -> bool:
    return any(c.seat == seat for c in app.state.hub.conns.get(gid, ()))


async def hand_away_seat(app, gid: str, seat: str, asker: str) -> None:
    """Another player (`asker`, proven by its token) hands `seat` to a bot: its player is away."""
    if asker == seat:
        raise StoreError("Hand your own seat to a bot? Just leave it: ask the others, or let your clock run.",
                         409, "own_seat")
    grace = timedelta(seconds=app.state.settings.away_grace_seconds)
    async with app.state.store.transaction() as s:
        game = await _lock_running(s, gid)
        row = (await s.execute(select(SeatRow).where(SeatRow.game_id == gid, SeatRow.seat == seat)
                               .with_for_update())).scalar_one_or_none()
        if row is None:
            raise StoreError(f"This game has no seat '{seat}'.", 404, "not_found")
        if row.bot:
            raise StoreError("A bot already plays this seat.", 409, "bot")
        moved = (await s.execute(select(ActionRow.at).where(ActionRow.game_id == gid, ActionRow.seat == seat)
                                 .order_by(ActionRow.seq.desc()).limit(1))).scalar()
        last = max((t for t in (_aware(row.seen_at), _aware(row.claimed_at), _aware(moved)) if t), default=None)
        if _present_here(app, gid, seat) or (last is not None and _now() - last < grace):
            raise StoreError("This seat's player is here (or was seen or moved less than "
                             f"{int(grace.total_seconds())} s ago).", 409, "present")
        await _hand_over(s, app, game, row, "away")
    log.info("seat handed to a bot", extra={"game_id": gid, "seat": seat})
    await _changed(app, gid)


async def resume_error(app, gid: str, token: str) -> StoreError:
    """The clear reason a resume link does not hold a seat of `gid`."""
    h = token_hash(token)
    async with app.state.store.sessions() as s:
        left = (await s.execute(select(SeatEventRow.seat).where(SeatEventRow.game_id == gid,
                                                                SeatEventRow.token_hash == h))).scalar()
        elsewhere = (await s.execute(select(SeatRow.game_id).where(SeatRow.token_hash == h))).scalar()
    if left is not None:
        return StoreError(f"This resume link no longer holds a seat: seat '{left}' was given up with it before "
                          "the game started.", 403, "revoked")
    if elsewhere is not None:
        return StoreError("This resume link is for another game.", 403, "other_game")
    return StoreError("That seat token is not valid for this game.", 403, "forbidden")


async def take_back(app, gid: str, seat: str, token: str) -> bool:
    """The owner (its token) takes `seat` back from the bot. False: it was not a bot's."""
    store = app.state.store
    h = token_hash(token)
    async with store.sessions() as s:
        holds = (await s.execute(select(SeatRow.seat).where(SeatRow.game_id == gid, SeatRow.token_hash == h))).scalar()
    if holds is None:
        raise await resume_error(app, gid, token)
    if holds != seat:
        raise StoreError(f"This resume link is for seat '{holds}', not '{seat}'.", 403, "forbidden")
    row, g = await store.load(gid)
    to_act = set(g.active_seats())  # read before any await: the cached game is not ours after it
    pace = await app.state.clocks.pace_of(gid)
    async with store.transaction() as s:
        game = await _lock_running(s, gid)
        seat_row = (await s.execute(select(SeatRow).where(SeatRow.game_id == gid, SeatRow.seat == seat)
                                    .with_for_update())).scalar_one()
        if not seat_row.zombie:
            return False
        seat_row.bot, seat_row.zombie, seat_row.seen_at = None, False, _now()
        s.add(SeatEventRow(game_id=gid, seat=seat, version=game.version, by="human", reason="back", at=_now()))
        clock = (await s.execute(select(ClockRow).where(ClockRow.game_id == gid).with_for_update())).scalar_one_or_none()
        if clock is not None and pace is not None and seat in clock.state:
            state = {k: dict(v) for k, v in clock.state.items()}
            c, now = state[seat], now_ms()
            if pace["mode"] == "clock":
                c["left_ms"] = max(c["left_ms"] or 0, app.state.settings.clock_resume_seconds * 1000)
            on_move = seat in to_act and game.version == row.version
            c["since"] = now if on_move else None
            length = c["left_ms"] if pace["mode"] == "clock" else pace["hours"] * 3_600_000
            c["deadline"] = now + length if on_move else None
            clock.state, clock.next_deadline = state, next_deadline(state)
        await notify_in(s, store.bus, gid, game.version, "room")
        await notify_in(s, store.bus, gid, game.version, "clock")
    log.info("seat taken back from the bot", extra={"game_id": gid, "seat": seat})
    await _changed(app, gid)
    app.state.clocks.poke(gid)  # a move may have come in meanwhile
    return True


class Presence:
    """Writes `seats.seen_at` for the seats this instance has sockets for."""

    def __init__(self, app):
        self.app = app
        self._loop: asyncio.Task | None = None

    async def start(self) -> None:
        self._loop = asyncio.create_task(self._beat_forever(), name="doi-presence")

    async def stop(self) -> None:
        if self._loop is not None:
            self._loop.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._loop

    async def seen(self, pairs: dict[str, set[str]]) -> None:
        """`pairs`: game -> seats with an open socket here."""
        by_seat: dict[str, list[str]] = {}
        for gid, seats in pairs.items():
            for seat in seats:
                by_seat.setdefault(seat, []).append(gid)
        if not by_seat:
            return
        now = _now()
        async with self.app.state.store.core() as s:
            for seat, gids in by_seat.items():
                await s.execute(_SEEN, {"seat_name": seat, "gids": gids, "now": now})

    def claimed_lately(self, gid: str, seat: str) -> bool:
        """True when `seat` was claimed less than a third of the grace period ago (by the store's
        kept seats): its claim keeps it from counting as away (`hand_away_seat` takes the later of
        `claimed_at` and `seen_at`) until the beat, due within a third of the grace period, writes
        `seen_at` for its socket. So a socket opened right after its claim (the usual start of a
        game) writes nothing at its start."""
        rows = self.app.state.store.kept_seats(gid)
        claimed = next((_aware(r.claimed_at) for r in rows or () if r.seat == seat), None)
        grace = self.app.state.settings.away_grace_seconds
        return claimed is not None and _now() - claimed < timedelta(seconds=grace / 3)

    def here(self) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for gid, conns in self.app.state.hub.conns.items():
            seats = {c.seat for c in conns if c.seat not in ("spectator", "admin")}
            if seats:
                out[gid] = seats
        return out

    async def _beat_forever(self) -> None:
        period = self.app.state.settings.away_grace_seconds / 3
        while True:
            await asyncio.sleep(period)
            try:
                await self.seen(self.here())
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("presence update failed", exc_info=True)


async def hello(app, conn) -> None:
    """A socket started (or proved its seat): it gets the clock frame (in a paced room, or once a
    seat has changed hands), and its seat counts as here."""
    try:
        presence = app.state.presence
        if conn.seat not in ("spectator", "admin") and not presence.claimed_lately(conn.game_id, conn.seat):
            await presence.seen({conn.game_id: {conn.seat}})
        frame = await app.state.clocks.hello_frame(conn.game_id)
        if frame is not None:  # None: a live room of people, nothing to tell
            conn.post(json.dumps(frame))
    except StoreError:
        pass
    except Exception:  # the socket works without it: the next change sends the clock again
        log.warning("socket hello failed", extra={"game_id": conn.game_id}, exc_info=True)
