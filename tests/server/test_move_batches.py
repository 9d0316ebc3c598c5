"""Moves handled in one turn of the event loop are written together (app/play/movelog.py, issue 14):
one transaction on SQLite, one statement on PostgreSQL, each move still checked against its own
game's version and answered on its own; a caller that leaves takes only its own move out."""
from __future__ import annotations

import asyncio
import contextlib
import secrets
import sqlite3

import psycopg

from app.bus.notes import Bus
from app.infra.migrate import upgrade
from app.play.movelog import PG_WRITE_MANY, Move, MoveWriter
from tests.server.helpers import run_async

INSERT_GAME = ("INSERT INTO games (id, revolutionaries, options, private, seed, status, version, result, creator_ip, "
               "created_at, updated_at) VALUES ({p}, 1, '{{}}', {f}, 1, 'active', 0, NULL, '', "
               "'2020-01-01 00:00:00', '2020-01-01 00:00:00')")


class Notes(Bus):
    """A bus that keeps what the writer says committed."""

    def __init__(self):
        super().__init__()
        self.notes: list[str] = []

    def after_commit(self, notes: list[str]) -> None:
        self.notes.extend(notes)


def _sqlite(tmp_path, n: int) -> tuple[str, str, list[str]]:
    path = tmp_path / "batch.sqlite3"
    upgrade(f"sqlite:///{path}")
    ids = [f"g{i}" for i in range(n)]
    with sqlite3.connect(path) as c:
        for gid in ids:
            c.execute(INSERT_GAME.format(p="?", f="0"), (gid,))
    return f"sqlite:///{path}", str(path), ids


def _versions(path: str) -> dict[str, int]:
    with sqlite3.connect(path) as c:
        return dict(c.execute("SELECT id, version FROM games"))


def _pass(gid: str, version: int) -> Move:
    return Move(gid, version, "soviet", {"type": "pass"}, "active", None)


def test_moves_of_one_loop_turn_share_one_sqlite_transaction_and_keep_their_own_answers(tmp_path):
    """Three rooms' moves and a stale one, made in the same turn: one BEGIN ... COMMIT writes the
    three; the stale one is refused and writes nothing; the bus hears exactly the three."""
    url, path, ids = _sqlite(tmp_path, 4)

    async def scenario():
        bus = Notes()
        writer = MoveWriter(url, bus, None)
        statements: list[str] = []
        try:
            writer._sqlite().set_trace_callback(statements.append)
            results = await asyncio.gather(*(writer.write(_pass(g, 0)) for g in ids[:3]),
                                           writer.write(_pass(ids[3], 5)))
        finally:
            await writer.close()
        return results, statements, bus.notes, bus.origin

    results, statements, notes, origin = run_async(scenario())
    assert results == [True, True, True, False]
    assert [s for s in statements if s in ("BEGIN IMMEDIATE", "COMMIT", "ROLLBACK")] == ["BEGIN IMMEDIATE", "COMMIT"]
    assert _versions(path) == {"g0": 1, "g1": 1, "g2": 1, "g3": 0}
    assert notes == [f"{g} 1 move {origin}" for g in ids[:3]]
    with sqlite3.connect(path) as c:
        assert sorted(c.execute("SELECT game_id, seq FROM actions")) == [("g0", 1), ("g1", 1), ("g2", 1)]


def test_two_moves_of_one_game_in_one_turn_are_written_in_order(tmp_path):
    """The second move is checked against the first one's version, inside the same batch."""
    url, path, ids = _sqlite(tmp_path, 1)

    async def scenario():
        async with contextlib.AsyncExitStack() as stack:
            writer = MoveWriter(url, Bus(), None)
            stack.push_async_callback(writer.close)
            return await asyncio.gather(writer.write(_pass("g0", 0)), writer.write(_pass("g0", 1)),
                                        writer.write(_pass("g0", 1)))

    assert run_async(scenario()) == [True, True, False]
    assert _versions(path) == {"g0": 2}


def test_a_clash_in_a_sqlite_batch_writes_the_others_one_by_one(tmp_path):
    """An action row already at a move's place (written behind the games row's back) fails the
    batch's transaction; the writer rolls it back and writes each move alone: only that one is
    refused."""
    url, path, ids = _sqlite(tmp_path, 3)
    with sqlite3.connect(path) as c:
        c.execute("INSERT INTO actions (game_id, seq, seat, action, at) VALUES ('g1', 1, 'soviet', '{}', "
                  "'2020-01-01 00:00:00')")

    async def scenario():
        writer = MoveWriter(url, Bus(), None)
        try:
            return await asyncio.gather(*(writer.write(_pass(g, 0)) for g in ids))
        finally:
            await writer.close()

    assert run_async(scenario()) == [True, False, True]
    assert _versions(path) == {"g0": 1, "g1": 0, "g2": 1}


def test_a_write_cancelled_while_its_batch_waits_for_the_sqlite_lock_is_left_out(tmp_path):
    url, path, ids = _sqlite(tmp_path, 2)

    async def scenario():
        lock = asyncio.Lock()
        writer = MoveWriter(url, Bus(), lock)
        try:
            async with lock:  # another write of the store holds SQLite
                first = asyncio.create_task(writer.write(_pass("g0", 0)))
                second = asyncio.create_task(writer.write(_pass("g1", 0)))
                await asyncio.sleep(0.05)
                first.cancel()
                await asyncio.sleep(0)
            ok = await second
            cancelled = first.cancelled()
        finally:
            await writer.close()
        return ok, cancelled

    assert run_async(scenario()) == (True, True)
    assert _versions(path) == {"g0": 0, "g1": 1}


# ----- PostgreSQL ---------------------------------------------------------------------------------
@contextlib.contextmanager
def _pg_games(pg_url: str, n: int):
    ids = [f"mb{secrets.token_hex(6)}" for _ in range(n)]
    with psycopg.connect(pg_url, autocommit=True) as c:
        for gid in ids:
            c.execute(INSERT_GAME.format(p="%s", f="false"), (gid,))
    try:
        yield ids
    finally:
        with psycopg.connect(pg_url, autocommit=True) as c:
            c.execute("DELETE FROM actions WHERE game_id = ANY(%s)", (ids,))
            c.execute("DELETE FROM snapshots WHERE game_id = ANY(%s)", (ids,))
            c.execute("DELETE FROM games WHERE id = ANY(%s)", (ids,))


async def _counted_statements(writer: MoveWriter) -> list[int]:
    """The moves of each execution of the writer's statement, as they happen: its one connection
    is opened and kept ready with the statement counted."""
    calls: list[int] = []
    kept = await writer._checkout()
    statement = await kept.prepare(PG_WRITE_MANY)

    class Counted:
        async def fetchval(self, *args):
            calls.append(len(args[0]))
            return await statement.fetchval(*args)
    kept.statements[PG_WRITE_MANY] = Counted()
    writer._idle.append(kept)
    return calls


def _pg_versions(pg_url: str, ids: list[str]) -> dict[str, int]:
    with psycopg.connect(pg_url, autocommit=True) as c:
        return dict(c.execute("SELECT id, version FROM games WHERE id = ANY(%s)", (ids,)).fetchall())


def test_moves_of_one_loop_turn_share_one_postgresql_statement(pg_url):
    """Four rooms' moves (one with a snapshot, one ending its game), a stale one and a game's
    second move, made in one turn: two executions (the second move needs its own), each move
    answered on its own, the rows as a lone write leaves them."""
    with _pg_games(pg_url, 5) as ids:
        async def scenario():
            bus = Notes()
            writer = MoveWriter(pg_url, bus, None, max_connections=2)
            try:
                calls = await _counted_statements(writer)
                results = await asyncio.gather(
                    writer.write(_pass(ids[0], 0)),
                    writer.write(Move(ids[1], 0, "rev1", {"type": "end_turn"}, "active", None, snapshot='{"b": [1, 2], "a": 1}')),
                    writer.write(Move(ids[2], 0, "soviet", {"type": "done"}, "finished", {"winner": "soviet"})),
                    writer.write(_pass(ids[3], 7)),
                    writer.write(_pass(ids[0], 1)))
            finally:
                await writer.close()
            return results, calls, bus.notes

        results, calls, notes = run_async(scenario())
        assert results == [True, True, True, False, True]
        assert calls == [4, 1]
        assert len(notes) == 4
        assert _pg_versions(pg_url, ids) == {ids[0]: 2, ids[1]: 1, ids[2]: 1, ids[3]: 0, ids[4]: 0}
        with psycopg.connect(pg_url, autocommit=True) as c:
            assert c.execute("SELECT status, result::text FROM games WHERE id = %s", (ids[2],)).fetchone() == \
                ("finished", '{"winner": "soviet"}')
            assert c.execute("SELECT state::text FROM snapshots WHERE game_id = %s AND seq = 1",
                             (ids[1],)).fetchone() == ('{"b": [1, 2], "a": 1}',)
            assert sorted(c.execute("SELECT game_id, seq, action::text FROM actions WHERE game_id = ANY(%s)",
                                    (ids,)).fetchall()) == sorted([
                (ids[0], 1, '{"type": "pass"}'), (ids[0], 2, '{"type": "pass"}'), (ids[1], 1, '{"type": "end_turn"}'),
                (ids[2], 1, '{"type": "done"}')])


def test_a_statement_writes_at_most_a_hundred_moves(pg_url):
    """The notes of a statement's moves go in one NOTIFY, whose payload PostgreSQL caps at 8000
    bytes: 150 rooms' moves in one turn take two statements (100 + 50), all written."""
    with _pg_games(pg_url, 150) as ids:
        async def scenario():
            writer = MoveWriter(pg_url, Bus(), None, max_connections=1)
            try:
                calls = await _counted_statements(writer)
                results = await asyncio.gather(*(writer.write(_pass(g, 0)) for g in ids))
            finally:
                await writer.close()
            return results, calls

        results, calls = run_async(scenario())
        assert results == [True] * 150 and calls == [100, 50]
        assert set(_pg_versions(pg_url, ids).values()) == {1}


def test_a_caller_leaving_while_its_batch_is_on_its_way_cancels_only_its_own_move(pg_url):
    """Two rooms' moves in one statement, blocked on a locked row; one caller is cancelled: the
    statement is cancelled (that move never commits) and the other move is written again, and
    commits once the row is free."""
    with _pg_games(pg_url, 2) as ids:
        async def scenario():
            writer = MoveWriter(pg_url, Bus(), None, max_connections=2)
            locker = await psycopg.AsyncConnection.connect(pg_url)
            try:
                await locker.execute("SELECT id FROM games WHERE id = ANY(%s) FOR UPDATE", (ids,))
                leaving = asyncio.create_task(writer.write(_pass(ids[0], 0)))
                staying = asyncio.create_task(writer.write(_pass(ids[1], 0)))
                await asyncio.sleep(0.3)
                leaving.cancel()
                await asyncio.sleep(0.3)
                await locker.rollback()
                ok = await asyncio.wait_for(staying, 10)
                return ok, leaving.cancelled()
            finally:
                await writer.close()
                await locker.close()

        assert run_async(scenario()) == (True, True)
        assert _pg_versions(pg_url, ids) == {ids[0]: 0, ids[1]: 1}


def test_a_batch_on_postgresql_sends_one_notify_with_a_line_per_written_move(pg_url):
    """With the LISTEN/NOTIFY bus, a statement's written moves are announced in one notification,
    a note a line (a listener hears one message instead of one per move); a stale move has none."""
    from app.bus.notes import CHANNEL

    class PgNotes(Notes):
        kind = "postgres"

    with _pg_games(pg_url, 4) as ids:
        async def scenario():
            listener = await psycopg.AsyncConnection.connect(pg_url, autocommit=True)
            await listener.execute(f"LISTEN {CHANNEL}")
            bus = PgNotes()
            writer = MoveWriter(pg_url, bus, None)
            try:
                results = await asyncio.gather(*(writer.write(_pass(g, 0)) for g in ids[:3]),
                                               writer.write(_pass(ids[3], 4)))
                heard = []
                gen = listener.notifies(timeout=1.0)
                async for n in gen:
                    if any(g in n.payload for g in ids):
                        heard.append(n.payload)
            finally:
                await writer.close()
                await listener.close()
            return results, heard, bus.origin

        results, heard, origin = run_async(scenario())
        assert results == [True, True, True, False]
        assert len(heard) == 1  # (the lines of different games in any order)
        assert sorted(heard[0].split("\n")) == sorted(f"{g} 1 move {origin}" for g in ids[:3])


def test_a_bus_message_of_several_lines_is_heard_as_each_note_in_order():
    from app.bus.notes import Bus

    heard = []

    async def on_notify(gid, version, kind):
        heard.append((gid, version, kind))

    async def scenario():
        bus = Bus()
        bus._on_notify = on_notify
        await bus._deliver(f"g1 4 move {bus.origin}\ng2 7 move other\nnot a note at all here\ng3 2 room")

    run_async(scenario())
    assert heard == [("g1", 4, "own_move"), ("g2", 7, "move"), ("g3", 2, "room")]


def test_closing_writes_the_moves_already_made_and_never_hangs(tmp_path):
    """A move made just before the writer closes is still written; one whose batch can never start
    (here its start is broken on purpose) fails with a clear error instead of holding the shutdown."""
    url, path, ids = _sqlite(tmp_path, 2)

    async def scenario():
        writer = MoveWriter(url, Bus(), None)
        made = asyncio.create_task(writer.write(_pass("g0", 0)))
        await asyncio.sleep(0)  # queued; its batch starts a turn later
        await writer.close()
        first = await made
        broken = MoveWriter(url, Bus(), None)
        broken._start_batch = lambda: None  # the batch is never started
        stuck = asyncio.create_task(broken.write(_pass("g1", 0)))
        await asyncio.sleep(0)
        await asyncio.wait_for(broken.close(), 5)
        try:
            await stuck
        except ConnectionError as e:
            return first, str(e)
        return first, None

    assert run_async(scenario()) == (True, "The move writer closed before writing the move.")
    assert _versions(path) == {"g0": 1, "g1": 0}
