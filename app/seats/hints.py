"""Hints (issue 33): in a solo game, what the hard bot (bots/search.py) would do in the asking seat's
place, searched from that seat's view and information set only (`Game.information_set`: no secret
of another seat is in it), in the hard bots' worker pool (app.seats.bot_pool), never on the event
loop. The answer is one of the seat's own legal actions, so it can hold nothing the seat cannot see.

Only in a game where every seat but the asker's own is a bot: a hint in a game with another person
would be a strong player whispering to one side. A hint reads the game and changes nothing: no
action is applied, no row written (but the rate limit's count).
"""
from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from dataclasses import dataclass

from app.infra.models import SeatRow
from app.play.store import Stale, StoreError
from app.seats.bot_pool import ThinkPool
from bots.greedy import GreedyBot

# Hints kept per (game, seat, version): asking again about the same decision gives the same answer
# (a second search could suggest another move of nearly equal worth, which reads as a contradiction).
CACHE_SIZE = 2_000

PROTOCOL_NOTE = """
## Learning: the lesson room and hints

`POST /api/learn` `{"lesson": "first_game"}` (the body may be `{}`) makes a lesson room: Conflict, one
Revolutionary against the easy Soviet bot, private, on a fixed public deal chosen to teach
(app/play/lessons.py), and answers as `POST /api/games` does (`CreatedGame`: claim `rev1` with its
invite). It counts against the same rooms-per-address limit (`429`). Its `GameSummary.lesson` is
`"first_game"`; the table then shows the coach (`static/coach.json`), which explains each decision of
the first day.

`POST /api/games/{id}/hint` `{"version": n}` with a seat token: what the hard bot (bots/search.py)
would do in your seat's place, searched in the bots' worker pool from your seat's view and
information set only. It answers `HintAnswer`: one of your own legal actions at `version`
(`action`, equal to `actions[index]` of your view). Only in a solo game, where every seat but the
asker's own is a bot (`403 not_solo`); no token `401`, another game's token `403`; a version that is
not the current one `409 stale`; no decision of yours now, or a bot plays your seat while you are
away, `409 not_your_decision`; a game not running `409`; at most `DOI_HINTS_PER_MINUTE` (12) a minute
per client address (`429`, `Retry-After`). A hint changes nothing in the game.
"""


@dataclass(frozen=True)
class Hint:
    version: int
    index: int        # the action's place in the seat's `actions` at that version
    action: dict
    by: str           # "hard": the search's choice; "normal": the greedy bot's (the search missed its deadline)
    playouts: int


def same_person(a: SeatRow, b: SeatRow) -> bool:
    """Two seats held by one person: claimed from one browser (guest cookie) or one account."""
    return bool((a.guest_id and a.guest_id == b.guest_id) or (a.account_id and a.account_id == b.account_id))


def check_solo(seats: list[SeatRow], seat: str) -> None:
    """Refuse (403) unless every seat is a bot or the asker's own; 409 while a bot plays the asker's seat."""
    mine = next(r for r in seats if r.seat == seat)
    if mine.zombie:
        raise StoreError("A bot plays your seat while you are away: take it back first (your resume link).", 409,
                         "not_your_decision")
    people = [r for r in seats if not r.bot or r.zombie]  # a person's seat a bot plays while they are away is theirs
    if any(not same_person(r, mine) for r in people if r.seat != seat):
        raise StoreError("Hints are only for solo games (every other seat a bot): with other people at the table, a "
                         "hint would help one of them.", 403, "not_solo")


class Hints:
    """One per instance (`app.state.hints`): answers hint requests with the bots' think pool."""

    def __init__(self, app, pool: ThinkPool):
        self.app = app
        self.pool = pool
        self.cache: OrderedDict[tuple[str, str, int], Hint] = OrderedDict()
        self.inflight: dict[tuple[str, str, int], asyncio.Future] = {}

    async def ask(self, gid: str, seat: str, version: int) -> Hint:
        """The hint for `seat`'s decision at `version` (which must be the game's current one). Asks
        about one decision at once (a double click, two tabs) share one search; an asker who goes
        away leaves it running, and its answer is kept for the next ask."""
        check_solo(await self.app.state.store.seats(gid), seat)
        key = (gid, seat, version)
        if key in self.cache:
            self.cache.move_to_end(key)
            return self.cache[key]
        task = self.inflight.get(key)
        if task is None:
            task = self.inflight[key] = asyncio.ensure_future(self._search(key))
            task.add_done_callback(lambda t: self._done(key, t))
        return await asyncio.shield(task)

    def _done(self, key: tuple[str, str, int], task: asyncio.Future) -> None:
        self.inflight.pop(key, None)
        if not task.cancelled():
            task.exception()  # a refusal nobody waited for any more (the asker went away) is not an error

    async def _search(self, key: tuple[str, str, int]) -> Hint:
        gid, seat, version = key
        store = self.app.state.store
        now, status, game = await store.current(gid)
        if status != "active":
            raise StoreError("The game is not running: there is no decision to hint at.", 409, "not_running")
        if now != version:
            raise Stale("The game has moved on since that view: ask again about the current one.")
        # No await from here to the think call: the cached game is only ours until then.
        legal = [a for a in game.legal_actions(seat) if a["type"] != "undo"]
        if not legal:
            raise StoreError("It is not your decision now: a hint is for a decision in front of you.", 409,
                             "not_your_decision")
        view = game.view(seat, marks=False)
        info = game.information_set(seat) if len(legal) > 1 else None
        by, playouts = "hard", 0
        if info is None:
            action = legal[0]  # nothing to weigh
        else:
            settings = self.app.state.settings
            got = await self.pool.think(view, info, secrets.randbits(63), settings.hint_think_ms)
            if got is None:  # the worker died or missed its deadline: the normal bot's choice
                action, by = GreedyBot(secrets.randbits(32)).choose(view, view["actions"]), "normal"
            else:
                action, _, playouts = got
        hint = Hint(version=version, index=view["actions"].index(action), action=action, by=by, playouts=playouts)
        self.cache[key] = hint
        while len(self.cache) > CACHE_SIZE:
            self.cache.popitem(last=False)
        return hint
