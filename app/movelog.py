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
own max_connections refused everyone)."""
from __future__ import annotations

import asyncio
import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime

import orjson
from sqlalchemy.engine import make_url

from .bus import CHANNEL
from .db import is_sqlite

SQLITE_ADVANCE = ("UPDATE games SET version = ?, status = ?, result = ?, updated_at = ? "
                  "WHERE id = ? AND version = ? AND status = 'active'")
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
        note = f"{move.game_id} {move.new_version} move"
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
        sends the NOTIFY, when the bus is LISTEN/NOTIFY). Straight on psycopg: SQLAlchemy's
        per-statement work would double the cost of the move."""
        from psycopg.errors import UniqueViolation
        from psycopg.types.json import Json

        sql = PG_WRITE_NOTIFY if getattr(self.bus, "kind", "") == "postgres" else PG_WRITE
        params = {"gid": move.game_id, "v": move.version, "nv": move.new_version, "st": move.status,
                  "res": Json(move.result), "seat": move.seat, "action": Json(move.action),
                  "state": Json(move.snapshot, dumps=_as_is), "snap": move.snapshot is not None, "c": CHANNEL, "p": note}
        async with self._permits:
            conn = await self._checkout()
            try:
                row = await (await conn.execute(sql, params, prepare=True)).fetchone()
                return row[0] == 1
            except UniqueViolation:
                return False
            except BaseException:
                # A broken connection (or a cancelled write) is not reused: the next write opens another.
                await _close_quietly(conn)
                conn = None
                raise
            finally:
                if conn is not None:
                    self._idle.append(conn)

    async def _checkout(self):
        """A long-lived autocommit connection of our own: no pool checkout, ping or reset per move.
        The caller holds a permit."""
        if self._idle:
            return self._idle.pop()
        import psycopg

        return await psycopg.AsyncConnection.connect(plain_pg_url(self.url), autocommit=True,
                                                     application_name=self.APPLICATION_NAME)

    async def close(self) -> None:
        if self._sync_conn is not None:
            self._sync_conn.close()
            self._sync_conn = None
        idle, self._idle = self._idle, []
        for conn in idle:
            await _close_quietly(conn)


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


def _as_is(text: str) -> str:
    return text


def plain_pg_url(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


# json, never jsonb: jsonb reorders object keys, and a snapshot must come back exactly as written.
_PG_MOVE = """
WITH u AS (
    UPDATE games SET version = %(nv)s, status = %(st)s, result = %(res)s::json, updated_at = now()
    WHERE id = %(gid)s AND version = %(v)s AND status = 'active' RETURNING id),
a AS (
    INSERT INTO actions (game_id, seq, seat, action, at)
    SELECT id, %(nv)s, %(seat)s, %(action)s::json, now() FROM u RETURNING seq),
s AS (
    INSERT INTO snapshots (game_id, seq, state) SELECT id, %(nv)s, %(state)s::json FROM u WHERE %(snap)s RETURNING seq)
"""
PG_WRITE = _PG_MOVE + "SELECT (SELECT count(*) FROM a), %(c)s, %(p)s"
PG_WRITE_NOTIFY = _PG_MOVE + "SELECT (SELECT count(*) FROM a), (SELECT pg_notify(%(c)s, %(p)s) FROM a)"


async def _close_quietly(conn) -> None:
    try:
        await conn.close()
    except Exception:  # already broken: nothing to give back
        pass

