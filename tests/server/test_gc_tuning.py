"""The GC freezer of `doi serve` (app/gc_tuning.py): it runs with the app's lifespan, stops with it,
and frees the cyclic garbage it froze at its next full collection (memory stays bounded)."""
from __future__ import annotations

import gc
import time
import weakref

import pytest
from fastapi.testclient import TestClient

from app.gc_tuning import GcFreezer
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


def test_a_freeze_collects_young_cyclic_garbage_instead_of_keeping_it():
    garbage = weakref.ref(Node())
    GcFreezer().freeze()
    assert garbage() is None


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
