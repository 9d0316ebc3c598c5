"""What a move's write leaves in the database on SQLite (app/play/movelog.py), and migration 0006: the
games row advances by one version per move, keeps its status and result while the game runs, and
takes both from the move that ends it; a game's actions are found by the (game_id, seq) index."""
from __future__ import annotations

import contextlib
import json
import sqlite3

import sqlalchemy as sa
from alembic import command

from app.bus.notes import Bus
from app.infra.migrate import alembic_config, upgrade
from app.play.movelog import Move, MoveWriter
from tests.server.conftest import new_pg_database
from tests.server.helpers import run_async


def _database(tmp_path) -> tuple[str, str]:
    path = tmp_path / "moves.sqlite3"
    url = f"sqlite:///{path}"
    upgrade(url)
    with sqlite3.connect(path) as c:
        c.execute("INSERT INTO games (id, revolutionaries, options, private, seed, status, version, result, creator_ip, "
                  "created_at, updated_at) VALUES ('g1', 1, '{}', 0, 1, 'active', 0, NULL, '', '2020-01-01 00:00:00', "
                  "'2020-01-01 00:00:00')")
    return url, str(path)


@contextlib.asynccontextmanager
async def _writer(url: str):
    writer = MoveWriter(url, Bus(), None)
    try:
        yield writer
    finally:
        await writer.close()


def _row(path: str) -> tuple:
    with sqlite3.connect(path) as c:
        return c.execute("SELECT version, status, result, updated_at > '2020-01-01 00:00:00' FROM games").fetchone()


def test_moves_of_a_running_game_advance_its_version_and_leave_status_and_result(tmp_path):
    url, path = _database(tmp_path)

    async def scenario():
        async with _writer(url) as writer:
            assert await writer.write(Move("g1", 0, "soviet", {"type": "pass"}, "active", None))
            assert _row(path) == (1, "active", None, 1)
            assert await writer.write(Move("g1", 1, "rev1", {"type": "end_turn"}, "active", None))
            assert _row(path) == (2, "active", None, 1)
            # The game's last move: its status and result are written with it.
            assert await writer.write(Move("g1", 2, "soviet", {"type": "done"}, "finished",
                                           {"winner": "soviet", "reason": "morale"}))
            assert _row(path) == (3, "finished", '{"winner": "soviet", "reason": "morale"}', 1)
            # Nothing more once it is over, not even at the right version.
            assert not await writer.write(Move("g1", 3, "rev1", {"type": "pass"}, "active", None))

    run_async(scenario())
    with sqlite3.connect(path) as c:
        assert c.execute("SELECT seq, seat FROM actions ORDER BY seq").fetchall() == [(1, "soviet"), (2, "rev1"),
                                                                                         (3, "soviet")]


def test_a_stale_move_leaves_the_running_game_as_it_was(tmp_path):
    url, path = _database(tmp_path)

    async def scenario():
        async with _writer(url) as writer:
            assert await writer.write(Move("g1", 0, "soviet", {"type": "pass"}, "active", None))
            before = _row(path)
            assert not await writer.write(Move("g1", 0, "rev1", {"type": "pass"}, "active", None))
            assert _row(path) == before

    run_async(scenario())


def _indexes(url: str) -> dict[str, list[list[str]]]:
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        inspector = sa.inspect(engine)
        return {t: sorted(ix["column_names"] for ix in inspector.get_indexes(t) if not ix["unique"])
                for t in ("actions", "snapshots")}
    finally:
        engine.dispose()


def _migration_0006_drops_and_restores_the_game_id_indexes(url: str) -> None:
    upgrade(url)
    assert _indexes(url) == {"actions": [], "snapshots": []}  # the unique (game_id, seq) constraints remain
    command.downgrade(alembic_config(url), "0005")
    assert _indexes(url) == {"actions": [["game_id"]], "snapshots": [["game_id"]]}
    upgrade(url)


def test_migration_0006_drops_the_game_id_indexes_the_unique_constraints_cover_on_sqlite(tmp_path):
    url = f"sqlite:///{tmp_path / 'm.sqlite3'}"
    _migration_0006_drops_and_restores_the_game_id_indexes(url)
    with sqlite3.connect(tmp_path / "m.sqlite3") as c:
        plan = " ".join(str(r) for r in c.execute("EXPLAIN QUERY PLAN SELECT * FROM actions WHERE game_id = 'g' "
                                                   "ORDER BY seq"))
    assert "USING INDEX sqlite_autoindex_actions_1 (game_id=?)" in plan and "TEMP B-TREE" not in plan


def test_migration_0006_drops_the_game_id_indexes_the_unique_constraints_cover_on_postgresql():
    with contextlib.contextmanager(new_pg_database)() as url:
        _migration_0006_drops_and_restores_the_game_id_indexes(url)


def test_migration_0007_has_postgresql_compress_new_snapshots_with_lz4():
    """Issue 14, session 14: a snapshot written in a move's statement is compressed with lz4 (pglz
    was 4.5% of the move writers' CPU); back to the server's default after a downgrade."""
    big = {"log": [{"n": i, "text": f"Entry {i} of a long game"} for i in range(400)]}

    def compression(url: str) -> tuple[str, str | None]:
        engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
        try:
            with engine.begin() as c:
                c.execute(sa.text("INSERT INTO games (id, revolutionaries, options, private, seed, status, version, "
                                  "creator_ip, created_at, updated_at) VALUES ('z1', 1, '{}', false, 1, 'active', 0, "
                                  "'', now(), now()) ON CONFLICT DO NOTHING"))
                c.execute(sa.text("DELETE FROM snapshots WHERE game_id = 'z1'"))
                c.execute(sa.text("INSERT INTO snapshots (game_id, seq, state) VALUES ('z1', 50, CAST(:s AS json))"),
                          {"s": json.dumps(big)})
                column = c.execute(sa.text("SELECT attcompression FROM pg_attribute WHERE attrelid = "
                                           "'snapshots'::regclass AND attname = 'state'")).scalar()
                row = c.execute(sa.text("SELECT pg_column_compression(state) FROM snapshots WHERE game_id = 'z1'")).scalar()
            return column, row
        finally:
            engine.dispose()

    with contextlib.contextmanager(new_pg_database)() as url:
        upgrade(url)
        assert compression(url) == ("l", "lz4")
        command.downgrade(alembic_config(url), "0006")
        assert compression(url) == ("", "pglz")
        upgrade(url)
