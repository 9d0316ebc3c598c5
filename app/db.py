"""Database engines. The app runs on asyncio drivers (aiosqlite, psycopg 3); Alembic migrations
run on the matching sync drivers. Users give plain URLs; we choose the drivers."""
from __future__ import annotations

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.pool import NullPool

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


def make_engine(url: str) -> AsyncEngine:
    if is_sqlite(url):
        # NullPool: pooled aiosqlite connections (one thread each) left by cancelled tasks can hang
        # the event loop at shutdown (seen in tests); a connection per session is the safe choice.
        engine = create_async_engine(async_url(url), connect_args={"timeout": 30}, poolclass=NullPool)

        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_conn, _record):  # WAL: readers never block the single writer
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_async_engine(async_url(url), pool_size=10, max_overflow=20, pool_pre_ping=True)


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker:
    return async_sessionmaker(engine, expire_on_commit=False)
