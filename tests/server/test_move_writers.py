"""The move writer's PostgreSQL connections are bounded (issue 14): under a slow database, writes
wait for a kept connection instead of opening new ones until PostgreSQL refuses everyone."""
from __future__ import annotations

import asyncio
import secrets

import psycopg
import pytest

from app.bus import Bus
from app.movelog import Move, MoveWriter
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
        c.execute("DELETE FROM actions WHERE game_id = ANY(%s)", (made,))
        c.execute("DELETE FROM games WHERE id = ANY(%s)", (made,))


async def _writers(watch, name: str) -> int:
    cur = await watch.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = %s AND datname = "
                              "current_database()", (name,))
    return (await cur.fetchone())[0]


def test_blocked_writes_wait_for_the_bounded_connections(pg_url, games):
    """Ten moves at once while their rows are locked (a slow database): only the writer's two
    connections exist meanwhile; once the rows are free every move commits, on those two."""
    games = games(10)
    name = f"doi-moves-{secrets.token_hex(3)}"

    async def scenario():
        writer = MoveWriter(pg_url, Bus(), None, max_connections=2)
        writer.APPLICATION_NAME = name
        locker = await psycopg.AsyncConnection.connect(pg_url)
        watch = await psycopg.AsyncConnection.connect(pg_url, autocommit=True)
        try:
            await locker.execute("SELECT id FROM games WHERE id = ANY(%s) FOR UPDATE", (games,))
            writes = [asyncio.create_task(writer.write(Move(g, 0, "soviet", {"type": "pass"}, "active", None)))
                      for g in games]
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
        finally:
            await writer.close()
            await locker.close()
            await watch.close()

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
            await locker.execute("SELECT id FROM games WHERE id = %s FOR UPDATE", (games[0],))
            stuck = asyncio.create_task(writer.write(Move(games[0], 0, "soviet", {"type": "pass"}, "active", None)))
            await asyncio.sleep(0.3)
            stuck.cancel()
            with pytest.raises(asyncio.CancelledError):
                await stuck
            await locker.rollback()
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

    from app.movelog import state_json

    state = {"seats": ["soviet", "rev1"], "z": 1, "a": {"y": [1, 2], "b": None}, "history": [{"type": "pass"}]}
    back = json.loads(state_json(state))
    assert back == state and list(back) == list(state) and list(back["a"]) == ["y", "b"]
    huge = {"n": 2**70, "k": "x"}  # beyond orjson's 64-bit integers: still written, exactly
    assert json.loads(state_json(huge)) == huge
