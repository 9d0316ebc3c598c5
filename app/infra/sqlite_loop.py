"""SQLite in the event loop's own thread, for the store's small transactions and point reads.

Through aiosqlite every statement is several trips to the connection's thread and back (execute,
fetch, close the cursor, commit: ~4 hand-offs, each a queue put, a thread wake-up and a loop
wake-up), and the whole coroutine stack of the request resumes after each: a room's setup (its
creation, four claims, six sockets joining) made ~250 of them, most of its 80 ms of server CPU
(issue 14). On the sqlite3 module itself a statement on a local WAL file takes tens of
microseconds, less than one hand-off, so the store runs these in the loop's thread (as
app.play.movelog does a move's write), one at a time under the store's single-writer lock.

`LoopSession` gives a synchronous ORM session the awaitable methods of SQLAlchemy's
`AsyncSession` that the store and its neighbours use, so that the same code runs on either: on
PostgreSQL they get an `AsyncSession` (psycopg is asyncio-native, no thread hand-offs). Large reads
(game lists, replays, records) stay on the aiosqlite pool: they would hold the loop."""
from __future__ import annotations

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from app.infra.db import set_pragmas, sync_url


def make_loop_engine(url: str) -> Engine:
    """A synchronous SQLite engine whose transactions begin with BEGIN IMMEDIATE: the write lock is
    taken at the start (another process's writer makes it wait for `timeout`, never fail midway)."""
    engine = create_engine(sync_url(url), poolclass=NullPool,
                           connect_args={"timeout": 30, "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn, _record):
        dbapi_conn.isolation_level = None  # the driver's own implicit BEGIN off: ours below
        set_pragmas(dbapi_conn)

    @event.listens_for(engine, "begin")
    def _begin(conn):
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


class LoopSession:
    """The `AsyncSession` methods the app's transactions use, on a synchronous `Session`: each
    await returns at once (the statement ran in this thread)."""

    __slots__ = ("sync",)

    def __init__(self, conn: Connection):
        self.sync = Session(bind=conn, expire_on_commit=False, join_transaction_mode="rollback_only")

    @property
    def info(self) -> dict:
        return self.sync.info

    def add(self, instance) -> None:
        self.sync.add(instance)

    def add_all(self, instances) -> None:
        self.sync.add_all(instances)

    async def execute(self, statement, params=None, **kw):
        return self.sync.execute(statement, params, **kw)

    async def scalar(self, statement, params=None, **kw):
        return self.sync.scalar(statement, params, **kw)

    async def scalars(self, statement, params=None, **kw):
        return self.sync.scalars(statement, params, **kw)

    async def get(self, entity, ident, **kw):
        return self.sync.get(entity, ident, **kw)

    async def delete(self, instance) -> None:
        self.sync.delete(instance)

    async def flush(self) -> None:
        self.sync.flush()

    def close(self) -> None:
        self.sync.close()
