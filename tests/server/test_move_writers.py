"""The move writer's PostgreSQL connections are bounded (issue 14): under a slow database, writes
wait for a kept connection instead of opening new ones until PostgreSQL refuses everyone."""
from __future__ import annotations

import asyncio
import contextlib
import secrets

import psycopg
import pytest

from app.bus.notes import Bus
from app.play.movelog import Move, MoveWriter
from tests.server.conftest import PG_ADMIN_URL
from tests.server.helpers import run_async


@pytest.fixture
def games(pg_url):
    """`games(n)`: n bare game rows (no seats, an action log that is not a real game's), deleted
    afterwards: the session's database is shared, and other tests list and load its games."""
    made: list[str] = []

    def make(n: int) -> list[str]:
        ids = [f"mw{secrets.token_hex(6)}" for _ in range(n)]
        with psycopg.connect(pg_url, autocommit=True) as c:
            for gid in ids:
                c.execute("INSERT INTO games (id, revolutionaries, options, private, seed, status, version, result, "
                          "creator_ip, created_at, updated_at) VALUES (%s, 2, '{}', false, 1, 'active', 0, null, '', "
                          "now(), now())", (gid,))
        made.extend(ids)
        return ids

    yield make
    with psycopg.connect(pg_url, autocommit=True) as c:
        c.execute("DELETE FROM snapshots WHERE game_id = ANY(%s)", (made,))
        c.execute("DELETE FROM actions WHERE game_id = ANY(%s)", (made,))
        c.execute("DELETE FROM games WHERE id = ANY(%s)", (made,))


@contextlib.asynccontextmanager
async def _watched_writer(pg_url: str, max_connections: int):
    """(writer, locker, watch, name): a move writer whose connections show in pg_stat_activity
    under a name of their own, a connection in a transaction to lock game rows with, and one in
    autocommit to watch the writer's sessions from; all closed afterwards."""
    name = f"doi-moves-{secrets.token_hex(3)}"
    writer = MoveWriter(pg_url, Bus(), None, max_connections=max_connections)
    writer.APPLICATION_NAME = name
    locker = await psycopg.AsyncConnection.connect(pg_url)
    watch = await psycopg.AsyncConnection.connect(pg_url, autocommit=True)
    try:
        yield writer, locker, watch, name
    finally:
        await writer.close()
        await locker.close()
        await watch.close()


async def _cancel_a_blocked_write(writer: MoveWriter, locker, gid: str) -> None:
    """A move of `gid` written while `locker` holds its row, cancelled as it waits (its socket went
    away); the row is free again afterwards."""
    await locker.execute("SELECT id FROM games WHERE id = %s FOR UPDATE", (gid,))
    stuck = asyncio.create_task(writer.write(Move(gid, 0, "soviet", {"type": "pass"}, "active", None)))
    await asyncio.sleep(0.3)
    stuck.cancel()
    with pytest.raises(asyncio.CancelledError):
        await stuck
    await locker.rollback()


async def _writers(watch, name: str) -> int:
    cur = await watch.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = %s AND datname = "
                              "current_database()", (name,))
    return (await cur.fetchone())[0]


def test_blocked_writes_wait_for_the_bounded_connections(pg_url, games):
    """Ten moves at once while their rows are locked (a slow database): only the writer's two
    connections exist meanwhile; once the rows are free every move commits, on those two."""
    games = games(10)

    async def scenario():
        async with _watched_writer(pg_url, 2) as (writer, locker, watch, name):
            await locker.execute("SELECT id FROM games WHERE id = ANY(%s) FOR UPDATE", (games,))
            writes = []
            for g in games:  # one loop turn apart: ten batches of one move (moves of one turn share one)
                writes.append(asyncio.create_task(writer.write(Move(g, 0, "soviet", {"type": "pass"}, "active", None))))
                await asyncio.sleep(0.01)
            counts = []
            for _ in range(20):  # while the writes are blocked
                await asyncio.sleep(0.05)
                counts.append(await _writers(watch, name))
            assert not any(w.done() for w in writes)
            await locker.rollback()
            results = await asyncio.wait_for(asyncio.gather(*writes), 20)
            after = await _writers(watch, name)
            versions = (await (await watch.execute("SELECT count(*) FROM games WHERE id = ANY(%s) AND version = 1",
                                                   (games,))).fetchone())[0]
            return counts, results, after, versions

    counts, results, after, versions = run_async(scenario())
    assert max(counts) == 2 and counts[-1] == 2, counts
    assert results == [True] * 10
    assert versions == 10
    assert after == 2


def test_a_cancelled_write_gives_its_connection_back(pg_url, games):
    """A write cut short (its socket went away while the row was locked) frees its permit: the
    writer of one connection still writes the next move, and the cancelled one changed nothing."""
    games = games(2)

    async def scenario():
        writer = MoveWriter(pg_url, Bus(), None, max_connections=1)
        locker = await psycopg.AsyncConnection.connect(pg_url)
        try:
            await _cancel_a_blocked_write(writer, locker, games[0])
            ok = await asyncio.wait_for(writer.write(Move(games[1], 0, "soviet", {"type": "pass"}, "active", None)), 10)
            cur = await locker.execute("SELECT id, version FROM games WHERE id = ANY(%s) ORDER BY id", (games,))
            return ok, dict(await cur.fetchall())
        finally:
            await writer.close()
            await locker.close()

    ok, versions = run_async(scenario())
    assert ok is True
    assert versions == {games[0]: 0, games[1]: 1}


def test_at_least_one_writer_connection():
    with pytest.raises(ValueError):
        MoveWriter("postgresql://x@127.0.0.1/db", Bus(), None, max_connections=0)


def test_a_snapshot_is_the_state_as_json_in_its_own_key_order():
    """Snapshots are the state's JSON text, taken straight from the state (no copy): read back,
    they are the same state, keys in the same order (the engine walks its dicts in order)."""
    import json

    from app.play.movelog import state_json

    state = {"seats": ["soviet", "rev1"], "z": 1, "a": {"y": [1, 2], "b": None}, "history": [{"type": "pass"}]}
    back = json.loads(state_json(state))
    assert back == state and list(back) == list(state) and list(back["a"]) == ["y", "b"]
    huge = {"n": 2**70, "k": "x"}  # beyond orjson's 64-bit integers: still written, exactly
    assert json.loads(state_json(huge)) == huge


def _row(pg_url, sql: str, *params):
    with psycopg.connect(pg_url, autocommit=True) as c:
        return c.execute(sql, params).fetchone()


def test_a_move_is_stored_as_written(pg_url, games):
    """The snapshot's JSON text is kept byte for byte (json, not jsonb: its key order and spacing
    too); `action` and `result` are json.dumps' text, as SQLAlchemy writes them, so the ORM reads
    them back equal; a NUL in an action's string is kept as its \\u0000 escape and read back."""
    import json

    gid, = games(1)
    snapshot = '{"z": 1,"a" : {"y": [1, 2], "b": null},  "n": 1.50, "s": "\\u00e9\\u0000"}'
    action = {"type": "pass", "note": "a\x00b", "é": [1, {"k": None}]}
    result = {"winner": "soviet", "reason": "x"}

    async def scenario():
        writer = MoveWriter(pg_url, Bus(), None, max_connections=1)
        try:
            first = await writer.write(Move(gid, 0, "soviet", action, "active", None, snapshot))
            second = await writer.write(Move(gid, 1, "rev1", {"type": "done"}, "finished", result))
            return first, second
        finally:
            await writer.close()

    assert run_async(scenario()) == (True, True)
    state, = _row(pg_url, "SELECT state::text FROM snapshots WHERE game_id = %s AND seq = 1", gid)
    assert state == snapshot
    text, seat, at = _row(pg_url, "SELECT action::text, seat, at FROM actions WHERE game_id = %s AND seq = 1", gid)
    assert text == json.dumps(action) and json.loads(text) == action and seat == "soviet" and at is not None
    status, version, stored = _row(pg_url, "SELECT status, version, result::text FROM games WHERE id = %s", gid)
    assert (status, version, stored) == ("finished", 2, json.dumps(result))
    assert _row(pg_url, "SELECT count(*) FROM snapshots WHERE game_id = %s", gid) == (1,)

    from sqlalchemy import create_engine, select
    from sqlalchemy.orm import Session

    from app.infra.models import ActionRow, GameRow

    engine = create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with Session(engine) as s:
            assert s.scalars(select(ActionRow.action).where(ActionRow.game_id == gid, ActionRow.seq == 1)).one() == action
            assert s.get(GameRow, gid).result == result
    finally:
        engine.dispose()


def test_a_stale_move_changes_nothing(pg_url, games):
    """A move at a version the game has left (0 rows), or whose action row is already there (a
    unique violation), is False and writes nothing; the writer's connection goes on writing."""
    gid, other = games(2)
    with psycopg.connect(pg_url, autocommit=True) as c:
        c.execute("INSERT INTO actions (game_id, seq, seat, action, at) VALUES (%s, 1, 'rev1', '{}', now())", (other,))

    async def scenario():
        writer = MoveWriter(pg_url, Bus(), None, max_connections=1)
        try:
            return [await writer.write(Move(gid, 3, "soviet", {"type": "pass"}, "active", None)),
                    await writer.write(Move(other, 0, "soviet", {"type": "pass"}, "active", None, "{}")),
                    await writer.write(Move(gid, 0, "soviet", {"type": "pass"}, "active", None))]
        finally:
            await writer.close()

    assert run_async(scenario()) == [False, False, True]
    assert _row(pg_url, "SELECT version FROM games WHERE id = %s", other) == (0,)
    assert _row(pg_url, "SELECT action::text FROM actions WHERE game_id = %s AND seq = 1", other) == ("{}",)
    assert _row(pg_url, "SELECT count(*) FROM snapshots WHERE game_id = %s", other) == (0,)
    assert _row(pg_url, "SELECT version FROM games WHERE id = %s", gid) == (1,)


def test_a_cancelled_writes_connection_is_closed_not_reused(pg_url, games):
    """The connection of a write cut short is closed (its session leaves pg_stat_activity) and the
    next write opens another; the kept connection of a write that ended well is reused; close()
    closes every one."""
    games = games(3)

    async def scenario():
        async with _watched_writer(pg_url, 1) as (writer, locker, watch, name):

            async def pids():
                cur = await watch.execute("SELECT pid FROM pg_stat_activity WHERE application_name = %s", (name,))
                return {pid for pid, in await cur.fetchall()}

            assert await writer.write(Move(games[0], 0, "soviet", {"type": "pass"}, "active", None))
            first = await pids()
            assert await writer.write(Move(games[0], 1, "rev1", {"type": "pass"}, "active", None))
            assert await pids() == first  # kept and reused
            await _cancel_a_blocked_write(writer, locker, games[1])
            assert await asyncio.wait_for(writer.write(Move(games[2], 0, "soviet", {"type": "pass"}, "active", None)), 10)
            second = await pids()
            await writer.close()
            for _ in range(50):  # the server ends a session a moment after its client says goodbye
                if not await pids():
                    break
                await asyncio.sleep(0.02)
            return first, second, await pids()

    first, second, after = run_async(scenario())
    assert len(first) == 1 and len(second) == 1 and not first & second
    assert after == set()
    assert _row(pg_url, "SELECT version FROM games WHERE id = %s", games[1]) == (0,)


def test_the_writers_url_keeps_what_the_database_url_says(pg_url, games):
    """Password (any characters), host, port, database and sslmode reach asyncpg as given; libpq's
    connect_timeout becomes asyncpg's timeout and libpq's client-side socket settings, which
    asyncpg would send the server as settings it refuses, stay behind; the connections still show
    as "doi-moves" whatever application_name the URL names."""
    from urllib.parse import unquote, urlsplit

    from app.infra.db import asyncpg_dsn

    dsn, options = asyncpg_dsn("postgresql+psycopg://u:p%40ss%3Aw%2Frd%25@db.example:6543/doi"
                               "?sslmode=verify-full&connect_timeout=7&keepalives=1&keepalives_idle=30")
    parts = urlsplit(dsn)
    assert parts.scheme == "postgresql" and (parts.hostname, parts.port, parts.path) == ("db.example", 6543, "/doi")
    assert (unquote(parts.username), unquote(parts.password)) == ("u", "p@ss:w/rd%")
    assert parts.query == "sslmode=verify-full" and options == {"timeout": 7.0}

    gid, = games(1)
    name, other = f"doi-moves-{secrets.token_hex(3)}", f"other-{secrets.token_hex(3)}"
    url = f"{pg_url}?sslmode=disable&connect_timeout=5&keepalives=1&application_name={other}"

    async def scenario():
        writer = MoveWriter(url, Bus(), None, max_connections=1)
        writer.APPLICATION_NAME = name
        try:
            assert await writer.write(Move(gid, 0, "soviet", {"type": "pass"}, "active", None))
            with psycopg.connect(pg_url, autocommit=True) as c:
                return c.execute("SELECT a.application_name, s.ssl FROM pg_stat_activity a JOIN pg_stat_ssl s "
                                 "USING (pid) WHERE a.application_name IN (%s, %s)", (name, other)).fetchall()
        finally:
            await writer.close()

    assert run_async(scenario()) == [(name, False)]
    assert MoveWriter.APPLICATION_NAME == "doi-moves"


def test_a_connection_the_server_ended_is_not_used_again(pg_url, games):
    """A kept connection whose session the server ended while it was idle (a restart, an
    administrator's pg_terminate_backend) is dropped at checkout: the next move opens another and
    commits, instead of failing on the dead one."""
    gid, = games(1)

    async def scenario():
        async with _watched_writer(pg_url, 1) as (writer, _, watch, name):
            assert await writer.write(Move(gid, 0, "soviet", {"type": "pass"}, "active", None))
            await watch.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
                                (name,))
            while await _writers(watch, name):
                await asyncio.sleep(0.02)
            await asyncio.sleep(0.2)  # the writer's loop hears its socket close
            ok = await asyncio.wait_for(writer.write(Move(gid, 1, "rev1", {"type": "pass"}, "active", None)), 10)
            return ok, await _writers(watch, name)

    assert run_async(scenario()) == (True, 1)
    assert _row(pg_url, "SELECT version FROM games WHERE id = %s", gid) == (2,)


async def _kept(writer: MoveWriter) -> None:
    """Until the writer's started connection is open, its statement prepared, and idle."""
    for _ in range(500):
        if writer._idle:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the started connection never opened")


def test_a_started_writer_has_its_connection_before_the_first_move(pg_url, games):
    """A server's first moves do not wait for a connection to open (they waited tens of
    milliseconds, and 200 rooms' first moves opened seven at once): `start` opens one in the
    background, and the first move is written on it, no other opened."""
    gid, = games(1)

    async def scenario():
        async with _watched_writer(pg_url, 8) as (writer, _, watch, name):
            writer.start()
            await _kept(writer)
            assert len(writer._idle) == 1 and await _writers(watch, name) == 1
            ok = await writer.write(Move(gid, 0, "soviet", {"type": "pass"}, "active", None))
            return ok, await _writers(watch, name)

    assert run_async(scenario()) == (True, 1)


def test_the_write_is_prepared_once_per_connection_not_parsed_again_every_move(pg_url, games):
    """Issue 14, session 14: the writer's statement is a named prepared statement that PostgreSQL
    keeps; before, asyncpg (its statement cache off) made it unnamed, so the database parsed and
    planned the whole statement again for every batch (2.2 times its CPU per move)."""
    gid, = games(1)

    async def scenario():
        async with _watched_writer(pg_url, 1) as (writer, _, _watch, _name):
            for version in range(5):
                assert await writer.write(Move(gid, version, "soviet", {"type": "pass"}, "active", None))
            conn = writer._idle[0].conn
            return await conn.fetch("SELECT name, generic_plans + custom_plans AS runs, "
                                    "statement LIKE '%INSERT INTO actions%' AS writes FROM pg_prepared_statements")

    rows = run_async(scenario())
    assert [(r["name"], r["runs"], r["writes"]) for r in rows] == [("doi_moves_0", 5, True)]


def test_a_waiting_batch_takes_a_connection_come_free_before_a_slow_new_one(pg_url, games, monkeypatch):
    """With every connection in use, a batch takes whichever comes first, one coming free or one
    opened for it: here a connection takes 1.5 s to open, and the second move still commits as
    soon as the first move's connection is free. The one opened meanwhile is kept."""
    import asyncpg

    first, second = games(2)
    connect = asyncpg.connect

    async def scenario():
        async with _watched_writer(pg_url, 4) as (writer, locker, watch, name):
            writer.start()
            await _kept(writer)

            async def slow(*args, **kwargs):
                await asyncio.sleep(1.5)
                return await connect(*args, **kwargs)

            monkeypatch.setattr(asyncpg, "connect", slow)
            await locker.execute("SELECT id FROM games WHERE id = %s FOR UPDATE", (first,))
            one = asyncio.create_task(writer.write(Move(first, 0, "soviet", {"type": "pass"}, "active", None)))
            await asyncio.sleep(0.1)  # its batch holds the only connection, blocked on the row
            two = asyncio.create_task(writer.write(Move(second, 0, "soviet", {"type": "pass"}, "active", None)))
            await asyncio.sleep(0.1)
            assert not two.done() and len(writer._opening) == 1  # a connection is being opened for it
            await locker.rollback()
            t0 = asyncio.get_running_loop().time()
            results = await asyncio.wait_for(asyncio.gather(one, two), 10)
            waited = asyncio.get_running_loop().time() - t0
            while writer._opening:  # the slow one, still opening
                await asyncio.sleep(0.02)
            return results, waited, await _writers(watch, name)

    results, waited, kept = run_async(scenario())
    assert results == [True, True]
    assert waited < 1.0, waited  # not the 1.5 s of the new connection
    assert kept == 2


def test_connections_are_opened_one_at_a_time(pg_url, games, monkeypatch):
    """Batches waiting for a connection have them opened one after another, not all at once
    (the database forks a backend for each): with four blocked on locked rows, never more than one
    is being opened, and the writer still reaches its bound of four, then writes every move."""
    import asyncpg

    gids = games(4)
    connect = asyncpg.connect

    async def slow(*args, **kwargs):
        await asyncio.sleep(0.2)
        return await connect(*args, **kwargs)

    monkeypatch.setattr(asyncpg, "connect", slow)

    async def scenario():
        async with _watched_writer(pg_url, 4) as (writer, locker, watch, name):
            await locker.execute("SELECT id FROM games WHERE id = ANY(%s) FOR UPDATE", (gids,))
            writes = []
            for g in gids:
                writes.append(asyncio.create_task(writer.write(Move(g, 0, "soviet", {"type": "pass"}, "active", None))))
                await asyncio.sleep(0.01)
            opening = []
            for _ in range(60):
                opening.append(len(writer._opening))
                await asyncio.sleep(0.02)
            count = await _writers(watch, name)
            await locker.rollback()
            return opening, count, await asyncio.wait_for(asyncio.gather(*writes), 10)

    opening, count, results = run_async(scenario())
    assert max(opening) == 1
    assert count == 4
    assert results == [True] * 4


def test_a_database_that_refuses_fails_the_move_with_its_error(caplog):
    """No database where the URL points: `start` does not fail the server's start (it logs), and a
    move fails at once with the connection's error rather than waiting for ever."""
    url = f"postgresql://postgres@127.0.0.1:{_closed_port()}/doi"

    async def scenario():
        writer = MoveWriter(url, Bus(), None, max_connections=2)
        try:
            writer.start()
            await asyncio.sleep(0.3)
            with pytest.raises(OSError):
                await asyncio.wait_for(writer.write(Move("g", 0, "soviet", {"type": "pass"}, "active", None)), 10)
            return writer._open
        finally:
            await writer.close()

    assert run_async(scenario()) == 0
    assert "could not open a connection for move writes" in caplog.text


def _closed_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_connection_that_cannot_prepare_the_write_fails_the_move_and_is_not_kept():
    """A database without the game tables (a wrong DOI_DATABASE_URL): the write's statement cannot
    be prepared, so the move fails with the database's error and the connection is closed, not
    kept for the next move."""
    import asyncpg

    url = PG_ADMIN_URL.rsplit("/", 1)[0] + "/postgres"

    async def scenario():
        writer = MoveWriter(url, Bus(), None, max_connections=2)
        try:
            with pytest.raises(asyncpg.UndefinedTableError):
                await asyncio.wait_for(writer.write(Move("g", 0, "soviet", {"type": "pass"}, "active", None)), 10)
            return writer._open, len(writer._idle)
        finally:
            await writer.close()

    assert run_async(scenario()) == (0, 0)
