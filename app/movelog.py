"""Writing one move: the hot path of the server (DESIGN §4).

A move is a versioned UPDATE of its game row plus one action row (and every N moves a snapshot),
committed together; the move is acknowledged only after the commit. The ORM's unit of work and
even SQLAlchemy Core's per-statement work cost more than the rest of the move, so this path talks
to the drivers directly, with statements written out below (the tables are app.models').

SQLite: a plain sqlite3 connection in the event-loop thread, under the store's single-writer
lock. A WAL commit with synchronous=NORMAL takes tens of microseconds, far less than an asyncio
driver's thread hand-offs (each statement crossing to a worker thread and back, GIL in between).

PostgreSQL: one prepared statement in autocommit on a connection kept for move writes, so one
round trip commits the move; when the bus is LISTEN/NOTIFY the pg_notify rides in it (sent on
commit), and any bus hears of the move through `after_commit`. At most `max_connections` such
connections are open (DOI_MOVE_WRITERS): when every one is busy, a write waits for one to come
back instead of opening another (unbounded, a slow database made them pile up until PostgreSQL's
own max_connections refused everyone). A kept connection the server has closed is dropped
before use; one whose write failed or was cancelled is closed, never reused.

These connections are asyncpg's, not psycopg's (the rest of the app keeps SQLAlchemy on psycopg):
the same write costs asyncpg about 0.6 of psycopg's CPU (issue 14: MoveWriter.write alone, 3000
writes one after another, 0.42-0.47 against 0.65-0.76 ms of the process's CPU a write, event loop
included). JSON goes as text (json columns, never jsonb): the snapshot exactly as given, `result`
and `action` as json.dumps writes them, which is what psycopg's Json and SQLAlchemy's JSON wrote."""
from __future__ import annotations

import asyncio
import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime

import orjson
from sqlalchemy.engine import make_url

from .bus import CHANNEL
from .db import asyncpg_dsn, is_sqlite

SQLITE_ADVANCE = ("UPDATE games SET version = ?, status = ?, result = ?, updated_at = ? "
                  "WHERE id = ? AND version = ? AND status = 'active'")
# Most moves leave the game running: `status` (indexed) and `result` are left alone, because SQLite
# rewrites an indexed column's index entry whenever the column is SET, even to the value it holds
# (the write's instructions: 164 k -> 137 k).
SQLITE_ADVANCE_ACTIVE = "UPDATE games SET version = ?, updated_at = ? WHERE id = ? AND version = ? AND status = 'active'"
SQLITE_ADD_ACTION = "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)"
SQLITE_ADD_SNAPSHOT = "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)"


@dataclass
class Move:
    game_id: str
    version: int        # the version the move was applied to
    seat: str
    action: dict
    status: str         # the game's status after the move
    result: dict | None
    snapshot: str | None = None  # the state after the move as JSON text (state_json), when a snapshot is due

    @property
    def new_version(self) -> int:
        return self.version + 1


class MoveWriter:
    """`await write(move)` is True when the move committed, False when the game had moved on
    (another server, or a concurrent request): the caller reports "stale"."""

    APPLICATION_NAME = "doi-moves"  # how these connections show in pg_stat_activity

    def __init__(self, url: str, bus, lock: asyncio.Lock | None, max_connections: int = 8):
        if max_connections < 1:
            raise ValueError("A move writer needs at least one connection.")
        self.url = url
        self.bus = bus
        self.sqlite = is_sqlite(url)
        self.lock = lock or asyncio.Lock()
        self.max_connections = max_connections
        self._sync_conn = None
        self._idle: list = []  # PostgreSQL connections kept for move writes, not in use
        # Held for as long as a write uses a connection. A write opens one only when none is idle,
        # so connections open (idle + in use) never outnumber the permits.
        self._permits = asyncio.Semaphore(max_connections)

    def _sqlite(self) -> sqlite3.Connection:
        """The synchronous SQLite write connection, opened on first use, in autocommit mode: each
        move is its own BEGIN IMMEDIATE ... COMMIT."""
        if self._sync_conn is None:
            path = make_url(self.url).database
            conn = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
            # No checkpoint inside a move's commit: app/wal_checkpoint.py runs them off the loop.
            conn.execute("PRAGMA wal_autocheckpoint=0")
            self._sync_conn = conn
        return self._sync_conn

    async def write(self, move: Move) -> bool:
        note = f"{move.game_id} {move.new_version} move {self.bus.origin}"
        if self.sqlite:
            async with self.lock:
                ok = self._write_sqlite(move)
        else:
            ok = await self._write_async(move, note)
        if ok:
            self.bus.after_commit([note])
        return ok

    def _write_sqlite(self, move: Move) -> bool:
        """Straight on the sqlite3 module, with values stored as SQLAlchemy stores them (JSON text,
        naive UTC timestamps), so the ORM reads these rows like its own."""
        conn = self._sqlite()
        now = sqlite_now()
        conn.execute("BEGIN IMMEDIATE")
        try:
            if move.status == "active" and move.result is None:
                advanced = conn.execute(SQLITE_ADVANCE_ACTIVE, (move.new_version, now, move.game_id, move.version)).rowcount
            else:
                advanced = conn.execute(SQLITE_ADVANCE, (move.new_version, move.status, json.dumps(move.result), now,
                                                         move.game_id, move.version)).rowcount
            if advanced != 1:
                conn.execute("ROLLBACK")
                return False
            conn.execute(SQLITE_ADD_ACTION, (move.game_id, move.new_version, move.seat, json.dumps(move.action), now))
            if move.snapshot is not None:
                conn.execute(SQLITE_ADD_SNAPSHOT, (move.game_id, move.new_version, move.snapshot))
            conn.execute("COMMIT")
            return True
        except sqlite3.IntegrityError:
            conn.execute("ROLLBACK")
            return False
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    async def _write_async(self, move: Move, note: str) -> bool:
        """PostgreSQL: one prepared statement in autocommit, so one round trip commits the move (and
        sends the NOTIFY, when the bus is LISTEN/NOTIFY). Straight on asyncpg: SQLAlchemy's
        per-statement work would double the cost of the move, and psycopg's is ~1.6 times asyncpg's."""
        from asyncpg.exceptions import UniqueViolationError

        args = (move.game_id, move.version, move.new_version, move.status, json.dumps(move.result), move.seat,
                json.dumps(move.action), move.snapshot, move.snapshot is not None)
        sql = PG_WRITE_NOTIFY if getattr(self.bus, "kind", "") == "postgres" else PG_WRITE
        if sql is PG_WRITE_NOTIFY:
            args += (CHANNEL, note)
        async with self._permits:
            writer = await self._checkout()
            try:
                statement = writer.statements.get(sql) or await writer.prepare(sql)
                return await statement.fetchval(*args) == 1
            except UniqueViolationError:
                return False
            except BaseException:
                # A broken connection (or a cancelled write) is not reused: the next write opens another.
                # Closing it waits for asyncpg's cancel request of a running statement to be answered,
                # so a cancelled move does not commit later behind our back.
                await _close_quietly(writer.conn)
                writer = None
                raise
            finally:
                if writer is not None:
                    self._idle.append(writer)

    async def _checkout(self) -> _PgWriter:
        """A long-lived autocommit connection of our own with its statements prepared: no pool
        checkout, ping or reset per move. The caller holds a permit."""
        while self._idle:
            writer = self._idle.pop()
            if not writer.conn.is_closed():  # the server went away meanwhile: its permit opens another
                return writer
        import asyncpg

        dsn, options = asyncpg_dsn(self.url)
        # No statement cache: each connection prepares its statement once (_PgWriter), where
        # asyncpg's cache would prepare it again every 5 minutes (max_cached_statement_lifetime).
        conn = await asyncpg.connect(dsn, statement_cache_size=0,
                                     server_settings={"application_name": self.APPLICATION_NAME}, **options)
        return _PgWriter(conn)

    async def close(self) -> None:
        if self._sync_conn is not None:
            self._sync_conn.close()
            self._sync_conn = None
        idle, self._idle = self._idle, []
        for writer in idle:
            await _close_quietly(writer.conn)


class _PgWriter:
    """A move writer's asyncpg connection and the statements prepared on it (the bus's kind picks
    one: PG_WRITE or PG_WRITE_NOTIFY), each once."""
    __slots__ = ("conn", "statements")

    def __init__(self, conn):
        self.conn = conn
        self.statements: dict[str, object] = {}  # SQL -> asyncpg.PreparedStatement

    async def prepare(self, sql: str):
        statement = self.statements[sql] = await self.conn.prepare(sql)
        return statement


def sqlite_now() -> str:
    """The time as SQLAlchemy stores a DateTime on SQLite ("%Y-%m-%d %H:%M:%S.%f", naive UTC), by
    isoformat: a quarter cheaper than strftime, and always the six digits of microseconds."""
    return datetime.now(UTC).replace(tzinfo=None).isoformat(" ", "microseconds")


def state_json(state: dict) -> str:
    """A game's state as the JSON text of its snapshot, serialised straight from the state the
    caller holds (read only, at once: no deep copy first, which `Game.to_dict` makes of the whole
    state, history included: 2.4 ms copied and 1.1 ms serialised at move 400, against 0.1 ms with
    orjson). Key order is kept (the engine walks its dicts in order)."""
    try:
        return orjson.dumps(state).decode()
    except orjson.JSONEncodeError:  # an integer beyond 64 bits, say: the standard library's way
        return json.dumps(state)


# json, never jsonb: jsonb reorders object keys, and a snapshot must come back exactly as written.
# $1 game id, $2 version, $3 new version, $4 status, $5 result, $6 seat, $7 action, $8 snapshot
# (or NULL), $9 whether there is a snapshot; PG_WRITE_NOTIFY: $10 channel, $11 payload.
_PG_MOVE = """
WITH u AS (
    UPDATE games SET version = $3, status = $4, result = $5::json, updated_at = now()
    WHERE id = $1 AND version = $2 AND status = 'active' RETURNING id),
a AS (
    INSERT INTO actions (game_id, seq, seat, action, at)
    SELECT id, $3, $6, $7::json, now() FROM u RETURNING seq),
s AS (
    INSERT INTO snapshots (game_id, seq, state) SELECT id, $3, $8::json FROM u WHERE $9::boolean RETURNING seq)
"""
PG_WRITE = _PG_MOVE + "SELECT (SELECT count(*) FROM a)"
PG_WRITE_NOTIFY = _PG_MOVE + "SELECT (SELECT count(*) FROM a), (SELECT pg_notify($10, $11) FROM a)"


async def _close_quietly(conn) -> None:
    """asyncpg's close first has a running statement cancelled (a cancel request on a connection
    of its own, answered on this one), then ends the session; at most CLOSE_TIMEOUT seconds, then
    the socket is just dropped."""
    try:
        await asyncio.wait_for(conn.close(), CLOSE_TIMEOUT)
    except Exception:  # already broken, or the server does not answer: nothing to give back
        conn.terminate()


CLOSE_TIMEOUT = 10.0

