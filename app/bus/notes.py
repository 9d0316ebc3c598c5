"""Fan-out across server instances (DESIGN §4).

Every change to a room is announced as a note "game id, version, kind" (kind: "move", "room" or
"clock"), and every instance hears every note (its own included) and pushes the new versions, one
by one and in order, to its own sockets on that game (`app.play.games.on_notify`, which catches up from
the database, so a missed or repeated note is harmless). A chat line is a note "game id, line id,
chat": the other instances read the line and send it to their sockets on the game.

A change its instance has wholly handled itself (a seat claimed here: the store kept the seats and
this instance pushed the room) is announced with that instance's `origin` as a fourth field; heard
back by the same instance it comes as kind "echo", which asks for nothing. Without it each claim's
note, heard back, read the room again and pushed every socket its view once more: at 200 rooms
starting at once, on PostgreSQL, a backlog of 800 such notes still ran ~20 s into the play.
A move's note names its instance too, and comes back as kind "own_move": the move pushed its
version and poked the game's services itself, unless it was cut short after its commit, which
the listener can tell from the sockets (`app.play.games.on_notify`), so the note stays a safety net.

Three buses share one small interface, chosen by `make_bus` (app.main's lifespan):

- `RedisBus` (`DOI_REDIS_URL` set): notes are published on a Redis channel *after* the write
  transaction commits (a rolled-back change announces nothing); every instance subscribes.
- `PgBus` (PostgreSQL without Redis): the transaction itself sends `pg_notify`, which PostgreSQL
  delivers on commit only; every instance LISTENs.
- `Bus` (SQLite, one process): nothing to tell anyone; the instance that applied a change pushes
  the views itself (it always does, on every backend).

The store calls `notify_in(session, bus, ...)` inside its write transaction and `bus.after_commit`
with the session's notes once the transaction has committed."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable

from sqlalchemy import text
from sqlalchemy.engine import make_url

from app.infra.db import asyncpg_dsn, is_sqlite

CHANNEL = "doi_games"
NOTES = "doi_notes"  # key of the notes in a write session's `info`
STOP_WAIT = 3.0    # seconds a stopping bus waits for its listener task and each client close
log = logging.getLogger("doi.bus")

OnNotify = Callable[[str, int, str], Awaitable[None]]


async def notify_in(session, bus: Bus, gid: str, version: int, kind: str = "move",
                    handled_here: bool = False) -> None:
    """Announce a change from inside the caller's write transaction (sent only if it commits).
    `handled_here`: this instance does all a note would make it do itself (it hears it as "echo")."""
    note = f"{gid} {version} {kind} {bus.origin}" if handled_here else f"{gid} {version} {kind}"
    session.info.setdefault(NOTES, []).append(note)
    await bus.in_transaction(session, note)


def parse(note: str) -> tuple[str, int, str, str]:
    """(game id, version, kind, origin: "" unless the sender handled the change itself)."""
    gid, version, kind, *origin = note.split(" ")
    if len(origin) > 1:
        raise ValueError(note)
    return gid, int(version), kind, "".join(origin)


class Bus:
    """The local bus (one process): nothing to send, nothing to hear."""

    kind = "local"

    def __init__(self) -> None:
        self.ready = asyncio.Event()
        self.origin = secrets.token_hex(8)  # this instance's name on the bus (its handled notes)
        self._on_notify: OnNotify | None = None
        self._on_resubscribe: Callable[[], Awaitable[None]] | None = None

    async def start(self, on_notify: OnNotify, on_resubscribe: Callable[[], Awaitable[None]] | None = None) -> None:
        """`on_resubscribe` runs after the bus reconnects: notes sent while it was away are lost,
        so whoever listens must catch up on its own (the app re-reads the games it watches)."""
        self._on_notify = on_notify
        self._on_resubscribe = on_resubscribe
        self.ready.set()

    async def stop(self) -> None:
        pass

    async def in_transaction(self, session, note: str) -> None:
        """Called inside the write transaction, for each note."""

    def after_commit(self, notes: list[str]) -> None:
        """Called once the transaction that made `notes` has committed; must not block or raise."""

    async def _deliver(self, message: str) -> None:
        """One message holds one note, or several, a line each (the moves of one batch written
        to PostgreSQL: one NOTIFY for all, app/play/movelog.py)."""
        for note in message.split("\n"):
            try:
                gid, version, kind, origin = parse(note)
            except ValueError:
                log.warning("ignoring malformed bus note %r", note)
                continue
            if origin == self.origin:
                kind = "own_move" if kind == "move" else "echo"
            try:
                await self._on_notify(gid, version, kind)
            except Exception:  # one bad push must not stop the listener
                log.exception("push after notify failed for game %s", gid)


class _ListeningBus(Bus, ABC):
    """A bus with a background task that (re)connects and hears notes, with backoff."""

    async def start(self, on_notify: OnNotify, on_resubscribe: Callable[[], Awaitable[None]] | None = None) -> None:
        self._on_notify = on_notify
        self._on_resubscribe = on_resubscribe
        self._tasks = [asyncio.create_task(self._listen_forever(), name=f"doi-bus-{self.kind}")]
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.ready.wait(), 10)

    async def stop(self) -> None:
        tasks = getattr(self, "_tasks", [])
        for task in tasks:
            task.cancel()
        if tasks:
            # Bounded: a client library that swallows the cancel (seen once in a loaded full-suite
            # run with Redis) must not hold the server's shutdown forever.
            await asyncio.wait(tasks, timeout=STOP_WAIT)
        await self._close()

    async def _listen_forever(self) -> None:
        delay = 0.5
        subscribed_before = False
        while True:
            try:
                async for note in self._listen():
                    if note is None:  # (re)subscribed
                        delay = 0.5
                        if subscribed_before and self._on_resubscribe:
                            try:
                                await self._on_resubscribe()
                            except Exception:  # the next note for each game catches up anyway
                                log.exception("catching up after the %s bus came back failed", self.kind)
                        subscribed_before = True
                        continue
                    await self._deliver(note)
                raise ConnectionError("listener stream ended")
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("%s bus connection lost (%s); reconnecting in %.1fs", self.kind, type(e).__name__, delay)
                await self._close()
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10)

    @abstractmethod
    def _listen(self) -> AsyncIterator[str | None]:
        """Connect and subscribe, yield None once subscribed (with self.ready set), then each note."""

    @abstractmethod
    async def _close(self) -> None:
        """Drop the listening connection (before a reconnect, or at stop)."""


class PgBus(_ListeningBus):
    """PostgreSQL LISTEN/NOTIFY: the note rides in the transaction, delivered on commit.

    Heard on asyncpg: its protocol reads the connection all the time and hands each notification
    to a callback, where psycopg's `notifies()` waited for the socket anew for each one (a reader
    added and removed, a generator step): at R = 200 on PostgreSQL the listener took ~4% of the
    server's CPU (py-spy)."""

    kind = "postgres"
    APPLICATION_NAME = "doi-bus"

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self._conn = None

    async def in_transaction(self, session, note: str) -> None:
        await session.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": note})

    async def _listen(self):
        import asyncpg

        lost = object()
        heard: asyncio.Queue = asyncio.Queue()
        dsn, options = asyncpg_dsn(self.url)
        conn = self._conn = await asyncpg.connect(dsn, server_settings={"application_name": self.APPLICATION_NAME},
                                                  **options)
        conn.add_termination_listener(lambda _conn: heard.put_nowait(lost))
        await conn.add_listener(CHANNEL, lambda _conn, _pid, _channel, payload: heard.put_nowait(payload))
        self.ready.set()
        yield None
        while True:
            note = await heard.get()
            if note is lost:
                raise ConnectionError("the listening connection closed")
            yield note

    async def _close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.close(), STOP_WAIT)
            if not conn.is_closed():
                conn.terminate()


class RedisBus(_ListeningBus):
    """Redis pub/sub: notes are queued after commit and published, in order, by a background task
    (a move never waits on Redis, and a Redis outage never fails a committed move)."""

    kind = "redis"
    QUEUE_LIMIT = 10_000

    def __init__(self, redis_url: str, channel: str) -> None:
        super().__init__()
        self.redis_url = redis_url
        self.channel = channel
        self.client_name = f"doi-bus-{secrets.token_hex(4)}"  # lets a test (or an operator) find our socket
        self._queue: asyncio.Queue[str] = asyncio.Queue()
        self._sub = None
        self._pubsub = None
        self.published = 0
        self.dropped = 0

    def _client(self, name: str):
        from redis.asyncio import Redis

        return Redis.from_url(self.redis_url, client_name=name, socket_connect_timeout=5, socket_timeout=5,
                              health_check_interval=15, decode_responses=True)

    async def start(self, on_notify: OnNotify, on_resubscribe: Callable[[], Awaitable[None]] | None = None) -> None:
        await super().start(on_notify, on_resubscribe)
        self._pub = self._client(f"{self.client_name}-pub")
        self._tasks.append(asyncio.create_task(self._publish_forever(), name="doi-bus-redis-publish"))

    async def stop(self) -> None:
        # Let notes of moves that already committed go out before we leave (briefly).
        deadline = asyncio.get_running_loop().time() + 2
        while not self._queue.empty() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)
        await super().stop()
        pub = getattr(self, "_pub", None)
        if pub is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pub.aclose(), STOP_WAIT)

    def after_commit(self, notes: list[str]) -> None:
        for note in notes:
            if self._queue.qsize() >= self.QUEUE_LIMIT:
                self.dropped += 1  # harmless: the next note for that game catches its sockets up
                continue
            self._queue.put_nowait(note)

    async def _publish_forever(self) -> None:
        delay = 0.2
        batch: list[str] = []
        while True:
            if not batch:
                batch.append(await self._queue.get())
            while not self._queue.empty() and len(batch) < 500:
                batch.append(self._queue.get_nowait())
            try:
                async with self._pub.pipeline(transaction=False) as pipe:
                    for note in batch:
                        pipe.publish(self.channel, note)
                    await pipe.execute()
                self.published += len(batch)
                batch = []
                delay = 0.2
            except asyncio.CancelledError:
                raise
            except Exception as e:  # keep the batch and retry: order is kept, nothing committed is skipped
                log.warning("redis publish failed (%s); retrying in %.1fs", type(e).__name__, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5)
                batch = batch[-self.QUEUE_LIMIT:]

    async def _listen(self):
        self._sub = self._client(self.client_name)
        self._pubsub = self._sub.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(self.channel)
        self.ready.set()
        yield None
        while True:
            msg = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=5)
            if msg and msg.get("type") == "message":
                yield msg["data"]

    async def _close(self) -> None:
        pubsub, sub, self._pubsub, self._sub = self._pubsub, self._sub, None, None
        for closeable in (pubsub, sub):
            if closeable is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(closeable.aclose(), STOP_WAIT)


def redis_channel(database_url: str, configured: str = "") -> str:
    """The Redis channel: DOI_REDIS_CHANNEL, or one per database (instances of one deployment
    share it; tests or deployments on other databases never hear each other)."""
    if configured:
        return configured
    u = make_url(database_url)
    if is_sqlite(database_url):
        return f"{CHANNEL}:sqlite:{u.database}"
    return f"{CHANNEL}:{u.host or 'localhost'}:{u.port or 5432}/{u.database}"


def make_bus(database_url: str, redis_url: str = "", channel: str = "") -> Bus:
    """Redis when configured, else LISTEN/NOTIFY on PostgreSQL, else the local bus (SQLite)."""
    if redis_url:
        return RedisBus(redis_url, redis_channel(database_url, channel))
    if not is_sqlite(database_url):
        return PgBus(database_url)
    return Bus()
