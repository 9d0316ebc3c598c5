"""A transaction for the small statements of a room's life (its creation, claims, sockets joining,
presence, rate limits) on SQLAlchemy Core, without an ORM session.

SQLAlchemy's ORM session costs ~150 us a statement on top of Core's ~40 us (its execution context,
identity map, loading objects), more than SQLite or a PostgreSQL round trip take, and a room's
setup ran ~40 statements (issue 14). The statements that use this are built once (bound
parameters), so no statement is compiled or built twice either. ORM rows can still be added (a new
room's clock or webhook row): a session is opened on the same connection, in the same
transaction, only then."""
from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session


class CoreTx:
    """`execute` (Core, on the transaction's connection), `add` (an ORM row, flushed before the
    commit) and `info` (a dict for this transaction: the bus's notes, app.bus.notes.notify_in).
    `conn` is a synchronous `Connection` (SQLite in the loop's thread, app.infra.sqlite_loop) or an
    `AsyncConnection` (PostgreSQL)."""

    __slots__ = ("conn", "sync", "info", "_session")

    def __init__(self, conn, sync: bool):
        self.conn = conn
        self.sync = sync
        self.info: dict = {}
        self._session = None

    async def execute(self, statement, params=None):
        if self.sync:
            return self.conn.execute(statement, params)
        return await self.conn.execute(statement, params)

    async def execute_driver_sql(self, sql: str, rows: list[tuple]):
        """Many rows through the driver's executemany, in its own paramstyle (bulk writes)."""
        if self.sync:
            return self.conn.exec_driver_sql(sql, rows)
        return await self.conn.exec_driver_sql(sql, rows)

    def add(self, row) -> None:
        if self._session is None:
            make = Session if self.sync else AsyncSession
            self._session = make(bind=self.conn, expire_on_commit=False, join_transaction_mode="rollback_only")
        self._session.add(row)

    async def flush(self) -> None:
        if self._session is not None:
            if self.sync:
                self._session.flush()
            else:
                await self._session.flush()

    async def close(self) -> None:
        if self._session is not None:
            if self.sync:
                self._session.close()
            else:
                await self._session.close()
            self._session = None
