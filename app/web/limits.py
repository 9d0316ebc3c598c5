"""Rate limits kept in the database, so every instance counts the same attempts (issue 11): rooms
created per client address, admin logins per address and per name and address (and the count per
name that slows guessing at one name, issue 30 item 10).

An attempt is recorded *before* the work it allows (creating a room, checking a password) in one
transaction that first takes a lock on its key (PostgreSQL: a transaction advisory lock; SQLite:
every write already goes through the store's single writer), counts the attempts in the window and
inserts the new one. Simultaneous requests therefore queue on the key and the limit holds however
many arrive at once."""
from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import bindparam, delete, func, insert, select, text

from app.infra.models import RateEventRow
from app.play.store import GameStore, StoreError

# Attempts older than this are deleted whatever their key (the longest window is an hour), at most
# once a FORGET_EVERY per instance: the counts only look at their window, so an old row left a
# little longer changes nothing, and a delete per attempt was a third of a room's rate-limit cost.
HORIZON = timedelta(days=1)
FORGET_EVERY = timedelta(minutes=1)
# Built once: building a statement costs SQLAlchemy more than SQLite takes to run it.
_EVENTS = RateEventRow.__table__
_FORGET = delete(_EVENTS).where(_EVENTS.c.at < bindparam("before"))
_COUNT = select(func.count(), func.min(_EVENTS.c.at)).where(
    _EVENTS.c.scope == bindparam("scope"), _EVENTS.c.key == bindparam("key"), _EVENTS.c.at >= bindparam("since"))
_RECORD = insert(_EVENTS).returning(_EVENTS.c.id)
_GIVE_BACK = delete(_EVENTS).where(_EVENTS.c.id.in_(bindparam("ids", expanding=True)))
_PG_KEY_LOCK = text("SELECT pg_advisory_xact_lock(hashtextextended(:k, 0))")


class RateLimited(StoreError):
    def __init__(self, message: str, retry_after: int):
        super().__init__(message, 429, "rate_limited")
        self.retry_after = retry_after


@dataclass(frozen=True)
class Limit:
    scope: str       # what is counted: "rooms", "login_address", "login_pair", "login_name"
    key: str         # whose attempts: a client address or an admin name
    limit: int | None  # attempts allowed in any `window` (None: only counted, never refused)
    window: float    # seconds
    message: str     # the 429's detail


def _aware(at: datetime) -> datetime:
    return at if at.tzinfo else at.replace(tzinfo=UTC)  # SQLite gives back naive UTC datetimes


class Limiter:
    def __init__(self, store: GameStore, postgres: bool):
        self.store = store
        self.postgres = postgres
        self._forgotten_at: datetime | None = None  # the last delete of attempts past HORIZON

    async def take(self, *limits: Limit) -> list[int]:
        """Record one attempt under each limit, or none and raise RateLimited (with the seconds
        until the oldest counted attempt leaves its window) when any of them is used up."""
        async with self.store.core() as s:
            if self.postgres:  # in one order, so two requests locking the same keys cannot deadlock
                for name in sorted(f"{lim.scope}:{lim.key}" for lim in limits):
                    await s.execute(_PG_KEY_LOCK, {"k": name})
            now = datetime.now(UTC)  # under the locks: no attempt already counted is later than this
            if self._forgotten_at is None or now - self._forgotten_at >= FORGET_EVERY:
                await s.execute(_FORGET, {"before": now - HORIZON})
                self._forgotten_at = now
            for lim in limits:
                since = now - timedelta(seconds=lim.window)
                count, oldest = (await s.execute(_COUNT, {"scope": lim.scope, "key": lim.key, "since": since})).one()
                if lim.limit is not None and count >= lim.limit:
                    wait = (_aware(oldest) + timedelta(seconds=lim.window) - now).total_seconds() if oldest else lim.window
                    raise RateLimited(lim.message, min(math.ceil(lim.window), max(1, math.ceil(wait))))
            return [(await s.execute(_RECORD, {"scope": lim.scope, "key": lim.key, "at": now})).scalar_one()
                    for lim in limits]

    async def count(self, scope: str, key: str, window: float) -> int:
        """Attempts recorded under `scope` and `key` in the last `window` seconds (in progress included)."""
        since = datetime.now(UTC) - timedelta(seconds=window)
        async with self.store.core() as s:
            return (await s.execute(_COUNT, {"scope": scope, "key": key, "since": since})).one()[0]

    async def give_back(self, ids: list[int]) -> None:
        """Un-count attempts that turned out not to count (a room that was not created, a login
        that succeeded)."""
        if ids:
            async with self.store.core() as s:
                await s.execute(_GIVE_BACK, {"ids": ids})


def growing_delay(earlier: int, after: int, base: float, most: float) -> float:
    """Seconds an attempt waits when `earlier` attempts were made before it: none for the first
    `after`, then `base`, doubled for each further attempt, at most `most`."""
    if earlier < after or base <= 0:
        return 0.0
    return min(most, base * 2.0 ** min(earlier - after, 32))
