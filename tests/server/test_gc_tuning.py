"""The stall removers of `doi serve`: the GC freezer (app/infra/gc_tuning.py) runs with the app's lifespan, stops
with it and frees the cyclic garbage it froze at its next full collection (memory stays bounded); the
SQLite WAL is checkpointed off the event loop (app/infra/wal_checkpoint.py)."""
from __future__ import annotations

import gc
import time
import weakref

import pytest
from fastapi.testclient import TestClient

from app.infra.gc_tuning import GcFreezer
from app.main import create_app

from .conftest import make_settings


class Node:
    def __init__(self):
        self.me = self  # a reference cycle: only the cyclic collector frees it


@pytest.fixture(autouse=True)
def thawed():
    yield
    gc.unfreeze()  # leave the test process's collector as it was


def test_the_freezer_runs_with_the_lifespan_and_stops_with_it(sqlite_url):
    app = create_app(make_settings(sqlite_url))
    freezer = app.state.gc_freezer = GcFreezer(freeze_every=0.02, full_every=0.1)
    with TestClient(app) as client:
        assert client.get("/readyz").status_code == 200
        deadline = time.monotonic() + 10
        while (freezer.freezes < 2 or freezer.full_collections < 1) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert freezer.freezes >= 2 and freezer.full_collections >= 1
        assert gc.get_freeze_count() > 0
    assert freezer._task is None
    done = (freezer.freezes, freezer.full_collections)
    time.sleep(0.1)
    assert (freezer.freezes, freezer.full_collections) == done  # nothing runs after the lifespan


def test_frozen_cyclic_garbage_is_freed_by_the_next_full_collection():
    freezer = GcFreezer()
    node = Node()
    garbage = weakref.ref(node)
    freezer.freeze()  # node is alive: frozen with the survivors
    del node
    gc.collect()
    assert garbage() is not None  # frozen: the automatic passes never see it
    assert freezer.full_collection() >= 1
    assert garbage() is None
    assert gc.get_freeze_count() > 0  # and what lives is frozen again


@pytest.mark.parametrize("freeze_every, full_every", [(0, 10), (-1, 10), (10, 5)])
def test_nonsense_periods_are_refused(freeze_every, full_every):
    with pytest.raises(ValueError):
        GcFreezer(freeze_every, full_every)


def test_the_wal_is_checkpointed_off_the_moves_and_with_the_lifespan(sqlite_url, tmp_path):
    import sqlite3

    from app.infra.wal_checkpoint import WalCheckpointer

    app = create_app(make_settings(sqlite_url))
    with TestClient(app) as client:
        assert client.post("/api/games", json={"revolutionaries": 1}).status_code in (200, 201)
        checkpointer = app.state.wal_checkpointer
        assert checkpointer._task is not None and not checkpointer._task.done()
    assert checkpointer._task is None and checkpointer.checkpoints >= 1  # one on the way out

    # A connection set up as the move writer's: its commits leave the pages in the WAL ...
    path = tmp_path / "w.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA wal_autocheckpoint=0")
    conn.execute("CREATE TABLE t (x TEXT)")
    for _ in range(1200):  # past SQLite's default of a checkpoint every 1000 pages
        conn.execute("INSERT INTO t VALUES (?)", ("x" * 4000,))
    wal = path.with_name(path.name + "-wal")
    assert wal.stat().st_size > 1000 * 4096
    # ... until the checkpointer copies them into the database, from its own connection.
    busy, in_wal, copied = WalCheckpointer(f"sqlite:///{path}").checkpoint()
    assert busy == 0 and in_wal > 1000 and copied == in_wal
    conn.close()
