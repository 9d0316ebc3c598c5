"""Admin import (issue 30, item 4): the record is checked and replayed off the event loop, within
documented limits (IMPORT_MAX_BYTES: 413, IMPORT_MAX_ACTIONS: 422), refused before any work."""
from __future__ import annotations

import asyncio
import time

import httpx
import orjson

from app.play.record_import import IMPORT_MAX_ACTIONS, IMPORT_MAX_BYTES
from bench.import_load import long_record
from tests.server.test_admin import login
from tests.server.test_bad_input_4xx import admin_games

LONG = 40_000  # on the loop this replay and write held every game of the instance for seconds


def test_a_long_import_leaves_the_event_loop_free(client, db_url):
    csrf = login(client, db_url)
    body = orjson.dumps(long_record(LONG))
    cookies = dict(client.cookies)

    async def import_while_watching() -> tuple[int, float, str]:
        lags, done = [], asyncio.Event()

        async def watch():
            while not done.is_set():
                t0 = time.perf_counter()
                await asyncio.sleep(0.01)
                lags.append(time.perf_counter() - t0 - 0.01)

        watcher = asyncio.create_task(watch())
        transport = httpx.ASGITransport(app=client.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver", cookies=cookies) as http:
            r = await http.post("/api/admin/games/import", content=body,
                                headers={**csrf, "Content-Type": "application/json"}, timeout=300)
        done.set()
        await watcher
        return r.status_code, max(lags), r.text

    status, worst, text = client.portal.call(import_while_watching)
    assert status == 201, text
    print(f"longest event-loop stall during a {LONG}-action import: {worst * 1000:.0f} ms")
    assert worst < 1.0
    gid = orjson.loads(text)["id"]
    assert client.get(f"/api/admin/games/{gid}").json()["version"] == LONG


def test_an_import_body_over_the_byte_limit_is_refused_with_413(client, db_url):
    csrf = login(client, db_url)
    before = admin_games(client)
    big = b'{"revolutionaries": 1, "seed": 3, "options": {}, "actions": [' + b" " * IMPORT_MAX_BYTES + b"]}"
    r = client.post("/api/admin/games/import", content=big, headers={**csrf, "Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "too_large"

    def chunks():  # no Content-Length: refused while reading
        yield big[:1000]
        yield big[1000:]

    r = client.post("/api/admin/games/import", content=chunks(), headers={**csrf, "Content-Type": "application/json"})
    assert r.status_code == 413
    assert admin_games(client) == before


def test_an_import_of_more_actions_than_the_limit_is_refused(client, db_url):
    csrf = login(client, db_url)
    before = admin_games(client)
    record = {"revolutionaries": 1, "seed": 3, "options": {}, "actions": [["soviet", {"type": "done"}]] *
              (IMPORT_MAX_ACTIONS + 1)}
    r = client.post("/api/admin/games/import", content=orjson.dumps(record),
                    headers={**csrf, "Content-Type": "application/json"})
    assert r.status_code == 422 and "actions" in r.json()["detail"]
    assert admin_games(client) == before


def test_an_import_needs_the_admin_before_its_body_is_read(client, db_url):
    r = client.post("/api/admin/games/import", content=b"x" * (IMPORT_MAX_BYTES + 1),
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 401
    r = client.post("/api/admin/games/import", content=b"{not json", headers={**login(client, db_url),
                                                                              "Content-Type": "application/json"})
    assert r.status_code == 422 and "not JSON" in r.json()["detail"]
