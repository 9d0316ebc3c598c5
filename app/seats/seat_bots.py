"""Bot seats: the server plays the seats a room gave to a bot, through the same move service as a
person (app.play.games.make_move: version check, persistence, fan-out).

A bot sees exactly what a person in its seat would: `game.view(seat)` and the legal actions in it
(without the undo marks, `marks=False`: a bot never undoes).

Several instances: each game with bot seats has one lease row (`bot_leases`: holder + expiry).
An instance thinks for a game's bots only while it holds the lease, so two instances never think
for the same seat; the version check makes each bot move land exactly once even if they did. An
instance renews all its leases in one statement every half lease (the sweep), and a bot move
renews its game's lease itself only when the sweep is late. When the holder dies its leases run
out and another instance (or the restarted one) takes the games over: every instance looks for
such games at start and at each sweep, and on every change it hears of. Leases compare the
instances' clocks (keep them in sync).

Hard bots search (bots/search.py) in a bounded pool of worker processes (app.seats.bot_pool), never
on the event loop; the loop only builds the seat's view and information set. While a hard bot
thinks it holds no lane. A decision whose worker dies or misses its deadline is played by the
normal bot, so the game never stalls; the lease holds only while the instance lives, so a dead
instance's games (and their thinking) go to another.

A person's move comes first: at most `LANES` bot moves of this instance are past their pause at
once (reading the view, choosing, the move itself), so however many rooms' bots are due at the
same moment, a person's move waits for at most that many bot moves, not for all of them; bots
that are due queue for a lane (in order) and look at their game again once they have one.
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import time
import zlib
from datetime import UTC, datetime, timedelta

from sqlalchemy import or_, select, update

from app.infra.models import BotLeaseRow, GameRow
from app.play.games import make_move
from app.play.store import Stale, StoreError
from app.seats.bot_pool import ThinkPool
from app.seats.game_workers import GameWorkers
from bots.greedy import GreedyBot
from bots.random_bot import RandomBot
from bots.search import DEFAULT_THINK_MS

log = logging.getLogger("doi.bots")
LEVELS = ("easy", "normal", "hard")
# Bot moves in progress at once on one instance. Two keep a lane busy while the other waits for
# its commit; more only lengthen the queue in front of a person's move.
LANES = 2
RENEW_BATCH = 500  # games per lease-renewing statement (SQLite caps the parameters of one)
# A room's bot pace: the share of DOI_BOT_PAUSE (1 s by default) a bot waits before each move. A solo
# Revolutionary waits for a median of 11 bot moves (90% at most 20) between two of their decisions
# (greedy games, seeds 1-40), so "quick", the default, keeps a Soviet phase at about 3 s (6 s at worst).
PACE_SECONDS = {"instant": 0.0, "quick": 0.3, "normal": 1.0}
DEFAULT_PACE = "quick"

PROTOCOL_NOTE = """
## Bot seats

`POST /api/games` takes `"bots": {seat: level}`: the server plays those seats, `"easy"` (a random
legal action), `"normal"` (the greedy bot) or `"hard"` (a search over what its seat may know:
bots/search.py), in every seat of both rulesets. `"bot_think_ms"` (50-5000, default 400) is the hard
bots' budget per decision in CPU milliseconds; outside that range, `422` and no room. A bot seat is
claimed at creation (named `"Soviet bot (normal)"`, `"Revolutionary 2 bot (hard)"`:
app.play.store.bot_name) and gets no invite in `CreatedGame.invites`; a room whose every
seat is a bot starts at once, the others when their human seats are claimed. Claiming a bot seat
answers `409 taken`; a seat the game does not have, or an unknown level, `422`.

Seat lists (`GameSummary.seats`, the `seats` of every `view` frame and of `GET .../view`) give
each seat's `bot` level, `null` for a person. `"bot_pace"` sets how long a bot waits after its seat
becomes active before it moves: `"instant"` (0), `"quick"` (0.3 s, the default) or `"normal"` (1 s;
the seconds scale with the server's `DOI_BOT_PAUSE`, 1 by default); anything else answers `422`
and creates nothing. `GameSummary.bot_pace` gives it back. It moves through the same path as a
person's move: its moves reach the sockets as ordinary `view` frames, each version once and in
order.

`POST /api/games/{id}/skip` (a seat token) makes the room's bots move at once until a person is to
decide (`204`), for everyone in the room: the bots are the room's, so a skip is too, and the next
person to decide, whoever it is, ends it. A table shows "<seat> is thinking…" while a bot seat is to
move, and "While you were away" sums up the log entries since the person's last decision (both
computed by the client from the view). No token: `401`; no bot to move now: `409`. A decision a person's seat
may take too (a team choice offered to every Revolutionary) is left to the people: bot teammates
wait until no person can act (a person's seat a bot plays while they are away counts as a bot).
Bots stop when the game is finished or abandoned.
"""


class SeatBot:
    """One bot seat's player. `choose` reads the seat's view only (never the game). A hard bot's
    search runs elsewhere (`BotDriver._think`); `choose` is its fallback, the normal bot."""

    def __init__(self, level: str, seed: int, think_ms: int = DEFAULT_THINK_MS):
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}")
        self.level = level
        self.think_ms = think_ms
        self.rng = random.Random(seed)  # the hard bot's seed for each search
        self.bot = RandomBot(seed) if level == "easy" else GreedyBot(seed)

    def choose(self, view: dict) -> dict:
        actions = view["actions"]
        if isinstance(self.bot, GreedyBot):
            return self.bot.choose(view, actions)
        return self.bot.choose(actions)


def bot_seed(game_seed: int | str, seat: str) -> int:
    """The seat's bot's own seed. From a seed key, one-way (hashed): a bot's moves must not give away
    bits of the game's seed, which holds every secret of the game."""
    if isinstance(game_seed, str):
        return int.from_bytes(hashlib.sha256(f"bot:{seat}:{game_seed}".encode()).digest()[:8], "big")
    return (game_seed * 1_000_003 + zlib.crc32(seat.encode())) % 2**31


def _now() -> datetime:
    return datetime.now(UTC)


class BotDriver(GameWorkers):
    """Drives this instance's share of the bot seats: one task per game while a bot of it is to move."""

    what = "bots"

    def __init__(self, app):
        settings = app.state.settings
        super().__init__(timedelta(seconds=settings.bot_lease_seconds))
        self.app = app
        self.pause = settings.bot_pause
        self.bots: dict[tuple[str, str], SeatBot] = {}
        self.held: dict[str, datetime] = {}  # games whose lease we hold, until when
        self.lanes = asyncio.Semaphore(LANES)
        self.skipping: set[str] = set()  # games whose bots we saw told to skip (cleared at a person's turn)
        self.moves = 0
        self.thinking = ThinkPool(settings.bot_workers, settings.bot_think_grace)
        self.budgets: dict[str, int] = {}  # game -> its hard bots' think budget (ms), read with the lease

    async def start(self) -> None:
        self.start_background()

    async def stop(self) -> None:
        await self.cancel_tasks()
        self.thinking.close()
        # Hand our games over at once rather than after the lease runs out.
        if self.held:
            with contextlib.suppress(Exception):
                async with self.app.state.store.transaction() as s:
                    await s.execute(update(BotLeaseRow).where(BotLeaseRow.holder == self.holder)
                                    .values(expires_at=_now() - timedelta(seconds=1)))

    def wanted(self, gid: str) -> bool:
        return not self.app.state.store.without_bots(gid)  # most games: no task per move

    # ----- finding games ---------------------------------------------------------------------------
    async def drivable(self) -> list[str]:
        """Running games with bot seats whose lease is free, run out, or ours."""
        now = _now()
        q = (select(GameRow.id).join(BotLeaseRow, BotLeaseRow.game_id == GameRow.id)
             .where(GameRow.status == "active",
                    or_(BotLeaseRow.expires_at < now, BotLeaseRow.holder == self.holder)))
        async with self.app.state.store.sessions() as s:
            return list((await s.execute(q)).scalars().all())

    async def sweep(self) -> list[str]:
        await self.renew()
        return await self.drivable()

    # ----- leases ----------------------------------------------------------------------------------
    async def renew(self) -> None:
        """Every lease we hold, for another lease period, in one statement; a lease another instance
        took meanwhile (ours had run out) is no longer ours."""
        if not self.held:
            return
        now = _now()
        gids = list(self.held)
        ours: set[str] = set()
        async with self.app.state.store.transaction() as s:
            for i in range(0, len(gids), RENEW_BATCH):
                res = await s.execute(update(BotLeaseRow)
                                      .where(BotLeaseRow.game_id.in_(gids[i:i + RENEW_BATCH]), BotLeaseRow.holder == self.holder)
                                      .values(expires_at=now + self.lease).returning(BotLeaseRow.game_id))
                ours.update(res.scalars().all())
        for gid in gids:
            if gid in ours:
                if gid in self.held:  # not dropped while we waited
                    self.held[gid] = now + self.lease
            else:
                self.held.pop(gid, None)

    async def _take(self, gid: str) -> bool:
        """Hold `gid`'s lease: take it when it is free or ran out, renew it when the sweep (which
        renews every half lease) is late, i.e. with less than a quarter of it left."""
        now = _now()
        until = self.held.get(gid)
        if until is not None and until - now > self.lease / 4:
            return True
        async with self.app.state.store.transaction() as s:
            res = await s.execute(update(BotLeaseRow).where(
                BotLeaseRow.game_id == gid, or_(BotLeaseRow.holder == self.holder, BotLeaseRow.expires_at < now))
                .values(holder=self.holder, expires_at=now + self.lease))
        if res.rowcount == 1:
            self.held[gid] = now + self.lease
            return True
        self.held.pop(gid, None)
        return False

    def _drop(self, gid: str) -> None:
        self.held.pop(gid, None)
        self.skipping.discard(gid)
        self.budgets.pop(gid, None)
        for key in [k for k in self.bots if k[0] == gid]:
            del self.bots[key]

    # ----- playing ---------------------------------------------------------------------------------
    async def _drive(self, gid: str) -> None:
        while True:
            self.pending.discard(gid)
            try:
                again = await self._step(gid)
            except asyncio.CancelledError:
                raise
            except StoreError as e:  # the game ended, was abandoned or deleted meanwhile (409/404)
                if e.status not in (404, 409):
                    log.error("bot move failed: %s", e.message, extra={"game_id": gid})
                again = False
            except Exception:  # a bug must not take the driver down: the next change retries
                log.exception("bot driver failed", extra={"game_id": gid})
                again = False
            if not again and gid not in self.pending:
                return

    def _bot_to_move(self, gid: str, game, seats) -> tuple[str, SeatBot] | None:
        active = game.active_seats()  # the seats with legal actions
        if {r.seat for r in seats if not r.bot}.intersection(active):
            return None  # a choice a person may make too (a team choice) is theirs: bot teammates leave it to them
        levels = {r.seat: r.bot for r in seats if r.bot}
        for seat in active:
            if seat in levels:
                key = (gid, seat)
                if key not in self.bots:
                    self.bots[key] = SeatBot(levels[seat], bot_seed(game.seed, seat), self.budgets.get(gid, DEFAULT_THINK_MS))
                return seat, self.bots[key]
        return None

    async def _pause(self, gid: str) -> float:
        """This room's wait before a bot move: none while a person asked to skip (`games.bot_skip`,
        read each time so a skip asked on any instance counts), else its pace."""
        if not self.pause:
            return 0.0
        async with self.app.state.store.sessions() as s:
            row = (await s.execute(select(GameRow.bot_pace, GameRow.bot_skip).where(GameRow.id == gid))).first()
        if row is None:
            return 0.0
        if row.bot_skip:
            self.skipping.add(gid)
            return 0.0
        return PACE_SECONDS.get(row.bot_pace or "normal", 1.0) * self.pause

    async def _current(self, gid: str):
        """(version, status, game): our running copy without a database read when we have one (the
        bus keeps it current; a move on a copy another instance got ahead of is refused as stale)."""
        return await self.app.state.store.current(gid)

    async def _step(self, gid: str) -> bool:
        """Make one bot move if one is due; True when the game should be looked at again."""
        store = self.app.state.store
        # Seat rows are cached once a game runs: a game without bots costs its moves nothing here.
        seats = await store.seats(gid)
        if not any(r.bot for r in seats):
            return False
        version, status, game = await self._current(gid)
        if status != "active":  # open (waiting for people), finished or abandoned: nothing to do
            if status != "open":
                self._drop(gid)
            return False
        if self._bot_to_move(gid, game, seats) is None:
            if gid in self.skipping:  # a person is to decide: the skip asked for is over
                self.skipping.discard(gid)
                await end_skip(self.app, gid)
            return False
        if not await self._take(gid):
            return False  # another instance drives this game
        if gid not in self.budgets:
            await self._read_budget(gid)
        pause = await self._pause(gid)
        # A hard bot thinks during the pause people get to follow the game, not after it.
        _, planned = await asyncio.gather(asyncio.sleep(pause), self._think(gid, version))
        async with self.lanes:
            return await self._move(gid, version, planned)

    async def _read_budget(self, gid: str) -> None:
        async with self.app.state.store.sessions() as s:
            ms = (await s.execute(select(BotLeaseRow.think_ms).where(BotLeaseRow.game_id == gid))).scalar()
        self.budgets[gid] = ms or DEFAULT_THINK_MS
        for (g, _), bot in self.bots.items():
            if g == gid:
                bot.think_ms = self.budgets[gid]

    async def _think(self, gid: str, version: int) -> tuple[str, dict] | None:
        """A hard bot's move due at `version`, searched in the worker pool, outside any lane (the
        normal bot's move when the worker dies or misses its deadline); None for other levels, or
        when the game moved on meanwhile."""
        seats = await self.app.state.store.seats(gid)
        now, status, game = await self._current(gid)
        if now != version or status != "active":
            return None
        found = self._bot_to_move(gid, game, seats)
        if found is None or found[1].level != "hard":
            return None
        seat, bot = found
        # No await between reading the game and these two: the cached game is only ours until then.
        view = game.view(seat, marks=False)
        info = game.information_set(seat)
        metrics = self.app.state.metrics
        got = await self.thinking.think(view, info, bot.rng.getrandbits(63), bot.think_ms)
        if got is None:
            metrics.bot_fallbacks.inc()
            return seat, bot.choose(view)
        action, cpu, _ = got
        metrics.bot_worker_think.inc(cpu)
        metrics.bot_searches.inc()
        return seat, action

    async def _move(self, gid: str, version: int, planned: tuple[str, dict] | None = None) -> bool:
        """The bot move of `gid` due at `version`, in a lane: look again (someone may have moved
        while the bot paused or queued), read the view, choose, play it through the move service."""
        store = self.app.state.store
        seats = await store.seats(gid)  # its owner may have taken a seat back meanwhile (app.seats.zombies)
        now, status, game = await self._current(gid)
        if now != version or status != "active":
            return True  # someone moved (or the game ended) meanwhile: look again
        # No await between reading the view and choosing: the cached game is only ours until then.
        found = self._bot_to_move(gid, game, seats)
        if found is None:
            return True
        seat, bot = found
        metrics = self.app.state.metrics
        if planned is not None and planned[0] == seat:
            action = planned[1]  # a hard bot's, thought out for this very version
        elif bot.level == "hard":
            return True  # a hard bot to move that has not thought (the seat changed meanwhile): look again
        else:
            # The event loop's CPU clock: what the bot used, not what worker threads did meanwhile.
            cpu = time.thread_time()
            # Without the undo marks: a bot never undoes, and the marks try every legal action.
            action = bot.choose(game.view(seat, marks=False))
            metrics.bot_think.inc(time.thread_time() - cpu)
        try:
            await make_move(self.app, gid, seat, version, action, bot=True)
        except Stale:  # someone moved meanwhile, or the seat's owner took it back (checked as it is written)
            return True
        self.moves += 1
        metrics.bot_moves.inc()
        return True


def bot_to_move(game, seats) -> bool:
    """A bot seat is to move and no person's seat is (the bots are not waiting for a person)."""
    active = set(game.active_seats())
    return bool(active) and all(r.bot for r in seats if r.seat in active)


async def request_skip(app, gid: str, seat: str) -> None:
    """A person in the room asks the bots to move at once until a person is to decide."""
    store = app.state.store
    _, status, game = await store.current(gid)
    if status != "active" or not bot_to_move(game, await store.seats(gid)):
        raise StoreError("No bot is to move now.", 409, "no_bot_to_move")
    async with store.transaction() as s:
        await s.execute(update(GameRow).where(GameRow.id == gid).values(bot_skip=True))


async def end_skip(app, gid: str) -> None:
    async with app.state.store.transaction() as s:
        await s.execute(update(GameRow).where(GameRow.id == gid, GameRow.bot_skip.is_(True)).values(bot_skip=False))
