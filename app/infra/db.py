"""Database engines. The app runs on asyncio drivers (aiosqlite, psycopg 3); Alembic migrations
run on the matching sync drivers. Users give plain URLs; we choose the drivers."""
from __future__ import annotations

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.pool import AsyncAdaptedQueuePool, NullPool

# backend -> (asyncio driver, sync driver); psycopg 3 is both.
DRIVERS = {"sqlite": ("sqlite+aiosqlite", "sqlite"), "postgresql": ("postgresql+psycopg", "postgresql+psycopg")}


def _with_driver(url: str, asyncio: bool) -> str:
    u = make_url(url)
    backend = {"postgres": "postgresql"}.get(u.get_backend_name(), u.get_backend_name())
    if backend not in DRIVERS:
        raise ValueError(f"Unsupported database URL {url!r}: use postgresql://... or sqlite:///...")
    return u.set(drivername=DRIVERS[backend][0 if asyncio else 1]).render_as_string(hide_password=False)


def async_url(url: str) -> str:
    return _with_driver(url, asyncio=True)


def sync_url(url: str) -> str:
    return _with_driver(url, asyncio=False)


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


SQLITE_KEPT = 4  # SQLite connections kept for reads; more sessions at once each open one, closed after


def _sqlite_pool() -> dict:
    """Keep a few SQLite connections when a connection left behind can be stopped, else none.

    A session of its own opens an aiosqlite connection (a thread of its own, three PRAGMAs):
    ~2.9 ms of CPU against ~0.6 ms for the same read on a kept connection, and a room's setup
    (its claims, joins, the bot driver's, clocks' and webhook sender's first looks) reads a dozen
    times. Kept connections were once refused here: a pooled connection (its thread not a daemon)
    left checked out by a cancelled task could keep the process from ending at shutdown. With
    aiosqlite >= 0.22.1 (`Connection.stop`) and SQLAlchemy 2.1, SQLAlchemy terminates such a connection, thread and
    all; `engine.dispose()` at shutdown closes the kept ones. Without it: a connection per session
    (NullPool), as before. Beyond the kept connections, sessions at once open more (no wait, so no
    session can wait on another: the same as NullPool)."""
    import aiosqlite
    from sqlalchemy.dialects.sqlite.aiosqlite import SQLiteDialect_aiosqlite

    if not (hasattr(aiosqlite.Connection, "stop") and getattr(SQLiteDialect_aiosqlite, "has_terminate", False)):
        return {"poolclass": NullPool}
    return {"poolclass": AsyncAdaptedQueuePool, "pool_size": SQLITE_KEPT, "max_overflow": -1}


def set_pragmas(dbapi_conn) -> None:
    """Every SQLite connection's: WAL (readers never block the single writer), no fsync per commit."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def make_engine(url: str) -> AsyncEngine:
    if is_sqlite(url):
        engine = create_async_engine(async_url(url), connect_args={"timeout": 30}, **_sqlite_pool())

        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_conn, _record):
            set_pragmas(dbapi_conn)

        return engine
    return create_async_engine(async_url(url), pool_size=10, max_overflow=20, pool_pre_ping=True)


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker:
    return async_sessionmaker(engine, expire_on_commit=False)


def plain_pg_url(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


# libpq settings of the client's own socket, which asyncpg would send the server as run-time
# settings (every query parameter it does not know is one), and the server refuse.
_LIBPQ_CLIENT_ONLY = ("keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout",
                      "fallback_application_name")


def asyncpg_dsn(url: str) -> tuple[str, dict]:
    """The database URL as asyncpg takes it (postgresql://, password, host, port and sslmode & co
    as given), and the keyword arguments for what it spells otherwise: libpq's connect_timeout is
    asyncpg's `timeout`."""
    u = make_url(plain_pg_url(url))
    query = dict(u.query)
    options = {}
    if "connect_timeout" in query:
        options["timeout"] = float(query.pop("connect_timeout"))
    for name in _LIBPQ_CLIENT_ONLY:
        query.pop(name, None)
    return u.set(query=query).render_as_string(hide_password=False), options
