"""Writing moves: the hot path of the server (DESIGN §4).

A move is a versioned UPDATE of its game row plus one action row (and every N moves a snapshot),
committed together; the move is acknowledged only after the commit. The moves handled in one turn
of the event loop (several rooms' moves arrive together under load) are written as one batch: one
transaction on SQLite, one statement on PostgreSQL, each move checked against its own game's
version and answered on its own (issue 14: a commit's fixed cost shared; 3.7 moves a batch
saturated). The ORM's unit of work and even SQLAlchemy Core's per-statement work cost more than
the rest of the move, so this path talks to the drivers directly, with statements written out
below (the tables are app.infra.models').

SQLite: a plain sqlite3 connection in the event-loop thread, under the store's single-writer
lock. A WAL commit with synchronous=NORMAL takes tens of microseconds, far less than an asyncio
driver's thread hand-offs (each statement crossing to a worker thread and back, GIL in between).

PostgreSQL: one prepared statement in autocommit on a connection kept for move writes, so one
round trip commits the batch; when the bus is LISTEN/NOTIFY the pg_notify rides in it (sent on
commit), and any bus hears of the move through `after_commit`. At most `max_connections` such
connections are open (DOI_MOVE_WRITERS): when every one is busy, a write waits for one to come
back instead of opening another (unbounded, a slow database made them pile up until PostgreSQL's
own max_connections refused everyone). One is opened when the server starts; more are opened in
the background, one at a time, while writes wait, and a waiting write takes the first connection
to come free or to open. A kept connection the server has closed is dropped before use; one
whose write failed or was cancelled is closed, never reused.

These connections are asyncpg's, not psycopg's (the rest of the app keeps SQLAlchemy on psycopg):
the same write costs asyncpg about 0.6 of psycopg's CPU (issue 14: MoveWriter.write alone, 3000
writes one after another, 0.42-0.47 against 0.65-0.76 ms of the process's CPU a write, event loop
included). JSON goes as text (json columns, never jsonb): the snapshot exactly as given, `result`
and `action` as json.dumps writes them, which is what psycopg's Json and SQLAlchemy's JSON wrote."""
from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections import deque
from dataclasses import dataclass
from datetime import UTC, datetime
from time import time_ns

import orjson
from sqlalchemy.engine import make_url

from app.bus.notes import CHANNEL
from app.infra.db import asyncpg_dsn, is_sqlite

log = logging.getLogger("doi.moves")

SQLITE_ADVANCE = ("UPDATE games SET version = ?, status = ?, result = ?, updated_at = ? "
                  "WHERE id = ? AND version = ? AND status = 'active'")
# Most moves leave the game running: `status` (indexed) and `result` are left alone, because SQLite
# rewrites an indexed column's index entry whenever the column is SET, even to the value it holds
# (the write's instructions: 164 k -> 137 k).
SQLITE_ADVANCE_ACTIVE = "UPDATE games SET version = ?, updated_at = ? WHERE id = ? AND version = ? AND status = 'active'"
SQLITE_ADD_ACTION = "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)"
SQLITE_ADD_SNAPSHOT = "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)"
SQLITE_BOT_SEAT = "SELECT 1 FROM seats WHERE game_id = ? AND seat = ? AND bot IS NOT NULL"


@dataclass
class Move:
    game_id: str
    version: int        # the version the move was applied to
    seat: str
    action: dict
    status: str         # the game's status after the move
    result: dict | None
    snapshot: str | None = None  # the state after the move as JSON text (state_json), when a snapshot is due
    # A server-side bot's move (app.seats.seat_bots): written only while its seat is still a bot's,
    # checked in the transaction that writes it, so a seat its owner has taken back (app.seats.zombies,
    # on any instance) gets no bot move after the take-back has answered (issue 30, item 7).
    bot: bool = False

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
        # Held for as long as a batch uses a connection or waits for one: at most max_connections
        # batches are under way.
        self._permits = asyncio.Semaphore(max_connections)
        self._open = 0  # connections open or being opened (never more than max_connections)
        self._opening: set[asyncio.Task] = set()  # connections being opened, in the background
        self._waiting: deque[asyncio.Future] = deque()  # batches waiting for a connection
        self._queued: list[tuple[Move, asyncio.Future]] = []  # the next batch, written next loop turn
        self._batches: set[asyncio.Task] = set()  # batches being written
        self._flying: dict[asyncio.Future, asyncio.Task] = {}  # a queued write's future -> its batch's task
        self._withdrawn: set[asyncio.Task] = set()  # batches cancelled because a caller was

    def _sqlite(self) -> sqlite3.Connection:
        """The synchronous SQLite write connection, opened on first use, in autocommit mode: each
        move is its own BEGIN IMMEDIATE ... COMMIT."""
        if self._sync_conn is None:
            path = make_url(self.url).database
            conn = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
            # No checkpoint inside a move's commit: app/infra/wal_checkpoint.py runs them off the loop.
            conn.execute("PRAGMA wal_autocheckpoint=0")
            self._sync_conn = conn
        return self._sync_conn

    async def write(self, move: Move) -> bool:
        """Queue the move for the next batch and wait for its commit. A batch is what was queued
        in one turn of the event loop: the moves of several rooms handled in that turn share one
        transaction (SQLite) or one statement (PostgreSQL), each still checked against its own
        game's version.

        A write cancelled before its batch is sent is left out of it. One cancelled while its
        batch is on its way to PostgreSQL cancels that statement (as a lone write's cancel always
        did: a cancelled move does not commit later behind our back) and the batch's other moves
        are queued again for the next one."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        self._queued.append((move, done))
        if len(self._queued) == 1:
            loop.call_soon(self._start_batch)
        try:
            return await done
        except asyncio.CancelledError:
            task = self._flying.get(done)
            if task is not None and not task.done():
                self._withdrawn.add(task)
                task.cancel()
                await asyncio.wait([task])  # the statement's cancel answered: this move did not commit
            raise

    def _start_batch(self) -> None:
        batch, self._queued = self._queued, []
        batch = [(move, done) for move, done in batch if not done.done()]
        if not batch:
            return
        if self.sqlite and not self.lock.locked():
            # No other writer is inside a transaction, and none can start one before this callback
            # returns: written here, with no task and no turn of the loop more.
            try:
                results = self._write_sqlite([move for move, _ in batch])
            except Exception as e:
                for _, done in batch:
                    done.set_exception(e)
                return
            self._settle(batch, results)
            return
        task = asyncio.get_running_loop().create_task(self._run_batch(batch), name="doi-move-batch")
        self._batches.add(task)
        task.add_done_callback(self._batches.discard)

    async def _run_batch(self, batch: list[tuple[Move, asyncio.Future]]) -> None:
        task = asyncio.current_task()
        for _, done in batch:
            self._flying[done] = task
        try:
            if self.sqlite:
                async with self.lock:
                    results = self._write_sqlite([move if not done.done() else None for move, done in batch])
            else:
                results = await self._write_async(batch)
        except asyncio.CancelledError:
            if task in self._withdrawn and task.uncancel() == 0:  # a caller left: the others go again
                again = [(move, done) for move, done in batch if not done.done()]
                if again:
                    self._queued[:0] = again
                    if len(self._queued) == len(again):
                        asyncio.get_running_loop().call_soon(self._start_batch)
                return
            for _, done in batch:
                done.cancel()
            raise
        except Exception as e:
            for _, done in batch:
                if not done.done():
                    done.set_exception(e)
            return
        finally:
            self._withdrawn.discard(task)
            for _, done in batch:
                self._flying.pop(done, None)
        self._settle(batch, results)

    def _settle(self, batch: list[tuple[Move, asyncio.Future]], results: list[bool]) -> None:
        """The bus hears the committed moves, then every caller still waiting gets its answer."""
        notes = [self._note(move) for (move, _), ok in zip(batch, results, strict=True) if ok]
        if notes:
            self.bus.after_commit(notes)
        for (_, done), ok in zip(batch, results, strict=True):
            if not done.done():
                done.set_result(ok)

    def _note(self, move: Move) -> str:
        return f"{move.game_id} {move.new_version} move {self.bus.origin}"

    def _write_sqlite(self, moves: list[Move | None]) -> list[bool]:
        """Straight on the sqlite3 module, with values stored as SQLAlchemy stores them (JSON text,
        naive UTC timestamps), so the ORM reads these rows like its own. One transaction for the
        batch (None: a move withdrawn, not written); should a move's row clash with one already
        there (another writer took its place), the batch is rolled back and each move written in a
        transaction of its own."""
        conn = self._sqlite()
        now = sqlite_now()
        conn.execute("BEGIN IMMEDIATE")
        try:
            results = [move is not None and _sqlite_move(conn, move, now) for move in moves]
            conn.execute("COMMIT")
            return results
        except sqlite3.IntegrityError:
            conn.execute("ROLLBACK")
            if len(moves) > 1:
                return [move is not None and self._write_sqlite([move])[0] for move in moves]
            return [False]
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    async def _write_async(self, batch: list[tuple[Move, asyncio.Future]]) -> list[bool]:
        """PostgreSQL: one prepared statement in autocommit, so one round trip commits the batch
        (and sends its NOTIFYs, when the bus is LISTEN/NOTIFY). Straight on asyncpg: SQLAlchemy's
        per-statement work would double the cost of the move, and psycopg's is ~1.6 times asyncpg's.
        A game's moves never share a statement (an UPDATE changes a row once): a batch with one
        game twice is written in rounds. Should a move's row clash with one already there, the
        statement fails as a whole and each move is written alone."""
        from asyncpg.exceptions import UniqueViolationError

        notify = getattr(self.bus, "kind", "") == "postgres"
        sql = self._sql()
        async with self._permits:
            writer = await self._checkout()
            try:
                statement = writer.statements.get(sql) or await writer.prepare(sql)
                moves = [move for move, done in batch if not done.done()]  # not withdrawn meanwhile
                note = self._note if notify else None
                advanced: set[tuple[str, int]] = set()
                for part in _rounds(moves):
                    try:
                        advanced.update(await _write_many(statement, part, note))
                    except UniqueViolationError:
                        for one in part:
                            try:
                                advanced.update(await _write_many(statement, [one], note))
                            except UniqueViolationError:
                                pass
                return [(m.game_id, m.new_version) in advanced for m, _ in batch]
            except BaseException:
                # A broken connection (or a cancelled write) is not reused: the next write opens another.
                # Closing it waits for asyncpg's cancel request of a running statement to be answered,
                # so a cancelled batch does not commit later behind our back.
                self._open -= 1
                self._more()
                await _close_quietly(writer.conn)
                writer = None
                raise
            finally:
                if writer is not None:
                    self._give(writer)

    def start(self, connections: int = 1) -> None:
        """PostgreSQL: open up to `connections` connections in the background, their statement
        prepared, so that the first moves after a start find one ready (each opened on the first
        moves' path cost them tens of milliseconds, and at 200 rooms seven were opened at once)."""
        if self.sqlite:
            return
        for _ in range(min(connections, self.max_connections) - self._open):
            self._open_one()

    async def _checkout(self) -> _PgWriter:
        """A long-lived autocommit connection of our own with its statements prepared: no pool
        checkout, ping or reset per move. The caller holds a permit. With none idle, the batch
        takes the first connection to come free or to open, whichever comes first: one is opened
        in the background meanwhile if fewer than max_connections are, so a burst of batches does
        not each wait for a connection of its own to open while others come free."""
        while self._idle:
            writer = self._idle.pop()
            if not writer.conn.is_closed():
                return writer
            self._open -= 1  # the server closed it meanwhile
        got = asyncio.get_running_loop().create_future()
        self._waiting.append(got)
        self._more()
        try:
            return await got
        except asyncio.CancelledError:
            if got.done() and not got.cancelled() and got.exception() is None:
                self._give(got.result())  # handed over as the batch was cancelled: it goes to the next
            raise

    def _more(self) -> None:
        """Open another connection while batches wait, one at a time: a burst of batches is
        served by the connections coming free as much as by new ones, and the database forks
        one backend at a time (seven opened at once made the first moves of 200 rooms wait
        up to 130 ms)."""
        if not self._opening and self._open < self.max_connections and any(not w.done() for w in self._waiting):
            self._open_one()

    def _open_one(self) -> None:
        self._open += 1
        task = asyncio.get_running_loop().create_task(self._connect(), name="doi-move-writer-connect")
        self._opening.add(task)
        task.add_done_callback(self._opening.discard)

    async def _connect(self) -> None:
        import asyncpg

        dsn, options = asyncpg_dsn(self.url)
        conn = None
        try:
            # No statement cache: each connection prepares its statement once, by name (_PgWriter),
            # where asyncpg's cache would prepare it again every 5 minutes (max_cached_statement_lifetime).
            conn = await asyncpg.connect(dsn, statement_cache_size=0,
                                         server_settings={"application_name": self.APPLICATION_NAME}, **options)
            writer = _PgWriter(conn)
            await writer.prepare(self._sql())
        except BaseException as e:  # refused, or a connection that cannot prepare the write: not kept
            self._open -= 1
            if conn is not None:
                conn.terminate()
            if not isinstance(e, Exception):  # cancelled (close): nobody waits for it
                raise
            self._opening.discard(asyncio.current_task())
            self._refused(e)
            return
        self._opening.discard(asyncio.current_task())
        self._give(writer)
        self._more()

    def _refused(self, e: Exception) -> None:
        """The database refused a connection or is away: the first batch waiting fails as its own
        connect would have (its moves get the error); the others wait on for connections in use,
        or for one opened for them."""
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_exception(e)
                self._more()
                return
        log.warning("could not open a connection for move writes: %s", e)

    def _give(self, writer: _PgWriter) -> None:
        """A connection come free or newly open: to the first batch waiting, else idle."""
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(writer)
                return
        self._idle.append(writer)

    def _sql(self) -> str:
        return PG_WRITE_MANY_NOTIFY if getattr(self.bus, "kind", "") == "postgres" else PG_WRITE_MANY

    async def close(self) -> None:
        for _ in range(100):  # moves already made are written first (a batch starts a turn after its first move)
            if not (self._queued or self._batches):
                break
            if self._batches:
                await asyncio.gather(*self._batches, return_exceptions=True)
            else:
                await asyncio.sleep(0)
        queued, self._queued = self._queued, []
        for _, done in queued:  # never started (bounded: a shutdown must not wait on them forever)
            if not done.done():
                done.set_exception(ConnectionError("The move writer closed before writing the move."))
        if self._sync_conn is not None:
            self._sync_conn.close()
            self._sync_conn = None
        if self._opening:  # opened in the background: let them open (bounded), then close them with the rest
            _, late = await asyncio.wait(set(self._opening), timeout=CLOSE_TIMEOUT)
            for task in late:
                task.cancel()
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
        # Named: with its statement cache off, asyncpg makes an unnamed statement of `prepare`,
        # and an unnamed statement is parsed and planned again by PostgreSQL at every execution
        # (2.2 times the database's CPU per move in batches of 4: docs/performance.md, session 14).
        name = f"doi_moves_{len(self.statements)}"
        statement = self.statements[sql] = await self.conn.prepare(sql, name=name)
        return statement


_SECOND: list = [-1, ""]  # the whole second (Unix time) sqlite_now last saw, and its text up to the "."


def sqlite_now() -> str:
    """The time as SQLAlchemy stores a DateTime on SQLite ("%Y-%m-%d %H:%M:%S.%f", naive UTC): the
    date and time of the current second made once a second, the microseconds added (0.5 us against
    1.5 for datetime's now and isoformat, and a batch's write calls it every loop turn)."""
    second, ns = divmod(time_ns(), 1_000_000_000)
    if second != _SECOND[0]:
        _SECOND[1] = datetime.fromtimestamp(second, UTC).strftime("%Y-%m-%d %H:%M:%S.")
        _SECOND[0] = second
    return f"{_SECOND[1]}{ns // 1000:06d}"


def state_json(state: dict) -> str:
    """A game's state as the JSON text of its snapshot, serialised straight from the state the
    caller holds (read only, at once: no deep copy first, which `Game.to_dict` makes of the whole
    state, history included: 2.4 ms copied and 1.1 ms serialised at move 400, against 0.1 ms with
    orjson). Key order is kept (the engine walks its dicts in order)."""
    try:
        return orjson.dumps(state).decode()
    except orjson.JSONEncodeError:  # an integer beyond 64 bits, say: the standard library's way
        return json.dumps(state)


def _sqlite_move(conn: sqlite3.Connection, move: Move, now: str) -> bool:
    """One move's statements inside the batch's transaction: False (and nothing written) when its
    game is no longer at the move's version, or when a bot's seat is no longer a bot's (the batch's
    transaction is BEGIN IMMEDIATE: no take-back commits between this read and the write)."""
    if move.bot and conn.execute(SQLITE_BOT_SEAT, (move.game_id, move.seat)).fetchone() is None:
        return False
    if move.status == "active" and move.result is None:
        advanced = conn.execute(SQLITE_ADVANCE_ACTIVE, (move.new_version, now, move.game_id, move.version)).rowcount
    else:
        advanced = conn.execute(SQLITE_ADVANCE, (move.new_version, move.status, json.dumps(move.result), now,
                                                 move.game_id, move.version)).rowcount
    if advanced != 1:
        return False
    conn.execute(SQLITE_ADD_ACTION, (move.game_id, move.new_version, move.seat, json.dumps(move.action), now))
    if move.snapshot is not None:
        conn.execute(SQLITE_ADD_SNAPSHOT, (move.game_id, move.new_version, move.snapshot))
    return True


# Moves a statement writes at most: their notes, one NOTIFY of a line each (~60 bytes), stay well
# under PostgreSQL's 8000-byte payload limit.
ROUND_LIMIT = 100


def _rounds(moves: list[Move]) -> list[list[Move]]:
    """The batch in rounds, in order, none with a game twice (one round but for a game's second
    move) nor with more than ROUND_LIMIT moves."""
    rounds: list[list[Move]] = []
    seen: list[set[str]] = []
    for move in moves:
        i = 0
        while i < len(rounds) and (move.game_id in seen[i] or len(rounds[i]) >= ROUND_LIMIT):
            i += 1
        if i == len(rounds):
            rounds.append([])
            seen.append(set())
        rounds[i].append(move)
        seen[i].add(move.game_id)
    return rounds


async def _write_many(statement, part: list[Move], note=None) -> list[tuple[str, int]]:
    """The (game, new version) pairs of `part` that committed, in one execution of
    PG_WRITE_MANY, or of PG_WRITE_MANY_NOTIFY with `note(move)` its note (a round has each game
    once, so its id says which move it was)."""
    args = ([m.game_id for m in part], [m.version for m in part], [m.status for m in part],
            [json.dumps(m.result) for m in part], [m.seat for m in part],
            [json.dumps(m.action) for m in part], [m.snapshot for m in part], [m.bot for m in part])
    if note is not None:
        args += ([note(m) for m in part], CHANNEL)
    written = set(await statement.fetchval(*args) or ())
    return [(m.game_id, m.new_version) for m in part if m.game_id in written]


# json, never jsonb: jsonb reorders object keys, and a snapshot must come back exactly as written.
# The batch comes as arrays, one element a move: $1 game ids, $2 versions the moves were applied
# to, $3 statuses after them, $4 results (JSON text), $5 seats, $6 actions (JSON text), $7
# snapshots (JSON text, or NULL), $8 whether it is a bot's move; PG_WRITE_MANY_NOTIFY: $9 the
# notes, $10 the channel. The answer: the ids of the games whose move was written (NULL: none).
#
# A bot's move is written only while its seat row still has a bot (`b`). Its game row is locked
# first (`l`), then its seat row FOR SHARE: the order a take-back (app.seats.zombies) locks them in,
# so the two never deadlock. A take-back that holds the game row is waited for, and its committed
# change of the seat row is seen (READ COMMITTED checks a locked row again as committed); one that
# comes later waits for this statement to commit.
_PG_MOVES = """
WITH m AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                         $8::bool[]{notes})
        AS m(id, version, status, result, seat, action, snapshot, bot{note})),
l AS (
    SELECT g.id FROM games g JOIN m ON g.id = m.id
    WHERE m.bot AND g.version = m.version AND g.status = 'active' FOR UPDATE OF g),
b AS (
    SELECT st.game_id FROM seats st JOIN l ON st.game_id = l.id JOIN m ON m.id = l.id AND st.seat = m.seat
    WHERE st.bot IS NOT NULL FOR SHARE OF st),
u AS (
    UPDATE games g SET version = m.version + 1, status = m.status, result = m.result::json, updated_at = now()
    FROM m WHERE g.id = m.id AND g.version = m.version AND g.status = 'active'
        AND (NOT m.bot OR m.id IN (SELECT game_id FROM b))
    RETURNING g.id, g.version, m.seat, m.action, m.snapshot{m_note}),
a AS (
    INSERT INTO actions (game_id, seq, seat, action, at)
    SELECT id, version, seat, action::json, now() FROM u RETURNING seq),
s AS (
    INSERT INTO snapshots (game_id, seq, state)
    SELECT id, version, snapshot::json FROM u WHERE snapshot IS NOT NULL RETURNING seq)
SELECT (SELECT array_agg(id) FROM u){notify}
"""
PG_WRITE_MANY = _PG_MOVES.format(notes="", note="", m_note="", notify="")
# One NOTIFY for the statement's moves, their notes a line each (none when no move was written).
PG_WRITE_MANY_NOTIFY = _PG_MOVES.format(notes=", $9::text[]", note=", note", m_note=", m.note",
                                        notify=", (SELECT pg_notify($10, string_agg(note, E'\\n')) FROM u "
                                               "HAVING count(*) > 0)")


async def _close_quietly(conn) -> None:
    """asyncpg's close first has a running statement cancelled (a cancel request on a connection
    of its own, answered on this one), then ends the session; at most CLOSE_TIMEOUT seconds, then
    the socket is just dropped."""
    try:
        await asyncio.wait_for(conn.close(), CLOSE_TIMEOUT)
    except Exception:  # already broken, or the server does not answer: nothing to give back
        conn.terminate()


CLOSE_TIMEOUT = 10.0

