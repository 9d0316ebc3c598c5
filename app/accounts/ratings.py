"""Ratings per ruleset and side, updated once when a rated game ends (docs/ratings.md).

The move path pokes the rater after every change (a set add, and only for a game whose copy here
is over or unknown); its loop rates each such game in one transaction that first writes the game's
marker (`rated_games`): a second instance, a second poke or a retry finds the marker, or on
PostgreSQL waits on its key and fails, and rates nothing. The accounts of the game are locked
(PostgreSQL) before their ratings are read, so two games ending at once for one player both
count. A sweep now and then rates the finished games nobody dealt with (a crash between a game's
end and its rating)."""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from datetime import UTC, datetime

from sqlalchemy import exists, select
from sqlalchemy.exc import IntegrityError

from app.accounts.rating_math import BOT_RATING, GUEST_RATING, MU, SIGMA, Entrant, published, rate
from app.infra.db import is_sqlite
from app.infra.models import AccountRow, DeckRatingRow, GameRow, RatedGameRow, RatingRow, SeatRow
from app.infra.periodic import LoopService
from app.play.store import StoreError

log = logging.getLogger("doi.ratings")
SIDES = {"conflict": ("soviet", "revolutionaries"), "zhukov": ("revolutionaries",)}
SWEEP_BATCH = 200
TICK = 0.25  # seconds between the rater's rounds


def side_of(seat: str) -> str:
    return "soviet" if seat == "soviet" else "revolutionaries"


def _now() -> datetime:
    return datetime.now(UTC)


def deck_key(options: dict, revolutionaries: int) -> str:
    """The Zhukov deck an option set and a number of Revolutionaries make: one opponent each."""
    canon = json.dumps({"options": options, "revolutionaries": revolutionaries}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canon.encode()).hexdigest()[:32]


def _teams(seats: list[SeatRow], ratings: dict[tuple[int, str], RatingRow]) -> dict[str, list[Entrant]]:
    """Each side's entrants: an account once however many seats it holds there (key: (account,
    side)), a guest once per browser, each bot seat; guests and bots keyless (never changed)."""
    teams: dict[str, list[Entrant]] = {}
    seen: set = set()
    for row in seats:
        side = side_of(row.seat)
        if row.account_id is not None:
            who, key = ("account", row.account_id), (row.account_id, side)
            r = ratings.get(key)
            mu, sigma = (r.mu, r.sigma) if r else (MU, SIGMA)
        elif row.bot:
            who, key = ("bot", row.seat), None
            mu, sigma = BOT_RATING.get(row.bot, BOT_RATING["normal"])
        else:
            who, key = ("guest", row.guest_id or row.seat), None
            mu, sigma = GUEST_RATING
        if (side, who) in seen:
            continue
        seen.add((side, who))
        teams.setdefault(side, []).append(Entrant(key, mu, sigma))
    return teams


def why_not(ruleset: str, seats: list[SeatRow]) -> str | None:
    """Why the game is not rated, or None: Conflict rates a game between accounts (one on each
    side, none on both); the co-operative Zhukov ruleset rates any game with an account, against
    the deck."""
    by_side: dict[str, set[int]] = {"soviet": set(), "revolutionaries": set()}
    for row in seats:
        if row.account_id is not None:
            by_side[side_of(row.seat)].add(row.account_id)
    if ruleset == "zhukov":
        return None if by_side["revolutionaries"] else "no account"
    if by_side["soviet"] & by_side["revolutionaries"]:
        return "one account on both sides"
    if not by_side["soviet"] or not by_side["revolutionaries"]:
        return "not between accounts"
    return None


async def _ensure_deck(store, key: str, options: dict, revolutionaries: int) -> None:
    async with store.reading() as s:
        if await s.get(DeckRatingRow, key) is not None:
            return
    try:
        async with store.transaction() as s:
            s.add(DeckRatingRow(key=key, options=options, revolutionaries=revolutionaries, mu=MU, sigma=SIGMA, games=0))
    except IntegrityError:  # another instance made it at the same moment
        pass


async def rate_game(store, gid: str) -> str | None:
    """Deal with a finished game once: returns the marker's note ("rated", or why not), or None
    when there is nothing to do (not over, dealt with already, or by another instance now)."""
    async with store.reading() as s:  # one read: most pokes are of a game running on another instance
        found = (await s.execute(
            select(GameRow.status, GameRow.options, GameRow.revolutionaries, RatedGameRow.game_id)
            .outerjoin(RatedGameRow, RatedGameRow.game_id == GameRow.id).where(GameRow.id == gid))).first()
    if found is None or found.status != "finished" or found.game_id is not None:
        return None
    options, revolutionaries = dict(found.options), found.revolutionaries
    ruleset = options.get("ruleset", "conflict")
    if ruleset == "zhukov":
        await _ensure_deck(store, deck_key(options, revolutionaries), options, revolutionaries)
    postgres = not is_sqlite(store.url)
    try:
        async with store.transaction() as s:
            marker = RatedGameRow(game_id=gid, rated=False, note="", at=_now())
            s.add(marker)
            await s.flush()  # PostgreSQL: a second transaction adding it waits here for ours, then fails
            game = await s.get(GameRow, gid)
            if game is None or game.status != "finished" or not game.result:  # deleted or changed meanwhile
                raise _Nothing()
            seats = list((await s.execute(select(SeatRow).where(SeatRow.game_id == gid))).scalars().all())
            marker.note = why_not(ruleset, seats) or await _apply(s, postgres, game, ruleset, seats)
            marker.rated = marker.note == "rated"
            note = marker.note
    except (IntegrityError, _Nothing):
        return None
    log.info("game rated" if note == "rated" else "game not rated", extra={"game_id": gid, "reason": note})
    return note


class _Nothing(Exception):
    """Roll the marker back: the game is no longer one to rate."""


async def _apply(s, postgres: bool, game: GameRow, ruleset: str, seats: list[SeatRow]) -> str:
    ids = sorted({r.account_id for r in seats if r.account_id is not None})
    lock = select(AccountRow.id).where(AccountRow.id.in_(ids)).order_by(AccountRow.id)
    if postgres:  # in id order: two games locking the same players never wait for each other in a circle
        lock = lock.with_for_update()
    await s.execute(lock)
    rows = (await s.execute(select(RatingRow).where(RatingRow.account_id.in_(ids), RatingRow.ruleset == ruleset)))
    ratings = {(r.account_id, r.side): r for r in rows.scalars().all()}
    teams = _teams(seats, ratings)
    winner = game.result.get("winner")
    revs = teams.get("revolutionaries", [])
    deck = None
    if ruleset == "zhukov":
        q = select(DeckRatingRow).where(DeckRatingRow.key == deck_key(game.options, game.revolutionaries))
        deck = (await s.execute(q.with_for_update() if postgres else q)).scalar_one()
        other = [Entrant("deck", deck.mu, deck.sigma)]
        won_side = "revolutionaries" if winner == "revolutionaries" else "deck"
        winners, losers = (revs, other) if won_side == "revolutionaries" else (other, revs)
    else:
        soviet = teams.get("soviet", [])
        won_side = "soviet" if winner == "soviet" else "revolutionaries"
        winners, losers = (soviet, revs) if won_side == "soviet" else (revs, soviet)
    now = _now()
    for key, (mu, sigma) in rate(winners, losers).items():
        if key == "deck":
            deck.mu, deck.sigma, deck.games = mu, sigma, deck.games + 1
            continue
        account_id, side = key
        row = ratings.get(key)
        if row is None:
            row = RatingRow(account_id=account_id, ruleset=ruleset, side=side, games=0, wins=0)
            s.add(row)
        row.mu, row.sigma, row.score = mu, sigma, published(mu, sigma)
        row.games += 1
        row.wins += side == won_side
        row.updated_at = now
    return "rated"


class Rater(LoopService):
    task_name = "doi-rater"

    def __init__(self, app):
        self.app = app
        self._poked: set[str] = set()
        self._wake = asyncio.Event()

    def poke(self, gid: str) -> None:
        """A game changed (app.play.games.Listeners): returns at once; a game running here is no work."""
        cached = self.app.state.store.cached(gid)
        if cached is not None and cached[1].result is None:
            return
        self._poked.add(gid)
        self._wake.set()

    async def _one(self, gid: str) -> None:
        store = self.app.state.store
        cached = store.cached(gid)
        if cached is not None and cached[1].result is None:
            return
        try:
            await rate_game(store, gid)
        except asyncio.CancelledError:
            raise
        except StoreError:
            pass
        except Exception:
            log.exception("rating a game failed (the sweep tries again)", extra={"game_id": gid})

    async def sweep(self) -> int:
        """Rate the finished games with an account seat that have no marker; returns how many were dealt with."""
        store = self.app.state.store
        async with store.reading() as s:
            q = (select(GameRow.id)
                 .where(GameRow.status == "finished",
                        exists().where(SeatRow.game_id == GameRow.id, SeatRow.account_id.is_not(None)),
                        ~exists().where(RatedGameRow.game_id == GameRow.id))
                 .order_by(GameRow.updated_at).limit(SWEEP_BATCH))
            gids = list((await s.execute(q)).scalars().all())
        for gid in gids:
            await self._one(gid)
        return len(gids)

    async def _run(self) -> None:
        every = self.app.state.settings.rating_sweep_seconds
        next_sweep = time.monotonic()
        while True:
            if time.monotonic() >= next_sweep:
                try:
                    await self.sweep()
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("the rating sweep failed")
                next_sweep = time.monotonic() + every
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=max(0.0, next_sweep - time.monotonic()))
            except TimeoutError:
                continue
            self._wake.clear()
            games, self._poked = self._poked, set()
            for gid in games:
                await self._one(gid)
            await asyncio.sleep(TICK)  # pokes meanwhile wait for the next round: one look per game per tick
