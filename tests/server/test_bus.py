"""The instance bus (issue 6): Redis pub/sub when DOI_REDIS_URL is set, else PostgreSQL
LISTEN/NOTIFY, else nothing (SQLite). Redis at 127.0.0.1:6379 is required, like PostgreSQL: these
tests fail, never skip, without it."""
from __future__ import annotations

import asyncio
import inspect
import os
import time

import httpx
import psycopg
import pytest
import redis
from fastapi.testclient import TestClient
from redis.asyncio import Redis

from app.bus.notes import CHANNEL, Bus, PgBus, RedisBus, make_bus, notify_in, redis_channel
from app.main import create_app
from bench.crash import ServerProcess
from tests.server.conftest import make_settings
from tests.server.helpers import auth, claim_all, create_room, run_async
from tests.server.test_instances import chat_across, play

REDIS_URL = os.environ.get("DOI_TEST_REDIS", "redis://127.0.0.1:6379/0")


@pytest.fixture(scope="session")
def redis_url():
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as e:  # never skip: the Redis bus is part of what CI must check
        pytest.fail(f"Redis is required for the bus tests ({REDIS_URL}): {e}")
    return REDIS_URL


def wait_for(pred, timeout=10.0, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = pred()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


def test_the_bus_is_redis_when_configured_else_listen_notify_on_postgresql_else_local(pg_url, sqlite_url,
                                                                                     redis_url):
    assert isinstance(make_bus(pg_url, redis_url), RedisBus)
    assert isinstance(make_bus(sqlite_url, redis_url), RedisBus)  # several processes on one SQLite file
    assert type(make_bus(pg_url)) is PgBus
    assert type(make_bus(sqlite_url)) is Bus
    # One channel per database (tests and deployments on other databases never hear each other).
    assert redis_channel(pg_url) != redis_channel(pg_url.rsplit("/", 1)[0] + "/other")
    assert redis_channel(pg_url).endswith(pg_url.rsplit("/", 1)[1])
    assert redis_channel(pg_url, "doi:prod") == "doi:prod"
    for url, redis_setting, kind in ((pg_url, redis_url, "redis"), (pg_url, "", "postgres"),
                                     (sqlite_url, "", "local")):
        settings = make_settings(url).model_copy(update={"redis_url": redis_setting})
        with TestClient(create_app(settings)) as c:
            assert c.app.state.bus.kind == kind
            assert c.app.state.store.bus is c.app.state.bus


def first_move(client, gid: str, tokens: dict[str, str]) -> tuple[str, int, dict]:
    for seat, token in tokens.items():
        v = client.get(f"/api/games/{gid}/view", headers=auth(token)).json()
        acts = [a for a in v["view"]["actions"] if a["type"] not in ("undo", "cancel")]
        if acts:
            return seat, v["version"], acts[0]
    raise AssertionError("nobody can move")


def test_redis_bus_announces_committed_changes_after_commit_and_no_pg_notify(pg_url, redis_url):
    sub = redis.Redis.from_url(redis_url, decode_responses=True).pubsub(ignore_subscribe_messages=True)
    sub.subscribe(redis_channel(pg_url))
    listen = psycopg.connect(pg_url, autocommit=True)
    listen.execute(f"LISTEN {CHANNEL}")
    notes: list[str] = []

    def heard(note: str) -> bool:
        while (m := sub.get_message(timeout=0.05)) is not None:
            notes.append(m["data"])
        return note in notes

    try:
        with TestClient(create_app(make_settings(pg_url).model_copy(update={"redis_url": redis_url}))) as c:
            room = create_room(c, 2)
            gid = room["id"]
            tokens = claim_all(c, room)
            for _ in range(3):
                seat, version, action = first_move(c, gid, tokens)
                r = c.post(f"/api/games/{gid}/actions", json={"version": version, "action": action},
                           headers=auth(tokens[seat]))
                assert r.status_code == 200, r.text
            # Refused and rolled-back changes announce nothing.
            seat, version, action = first_move(c, gid, tokens)
            stale = c.post(f"/api/games/{gid}/actions", json={"version": version - 1, "action": action},
                           headers=auth(tokens[seat]))
            assert stale.status_code == 409
            store = c.app.state.store

            async def rolled_back():
                with pytest.raises(RuntimeError):
                    async with store._write() as s:
                        await notify_in(s, store.bus, gid, 999, "move")
                        raise RuntimeError("the transaction fails after the note was queued")

            c.portal.call(rolled_back)
            r = c.post(f"/api/games/{gid}/actions", json={"version": version, "action": action},
                       headers=auth(tokens[seat]))
            assert r.status_code == 200, r.text
            # Notes go out in commit order: once the last move's note is in, every earlier one is.
            wait_for(lambda: heard(f"{gid} 4 move {c.app.state.store.bus.origin}"), what="the fourth move's note on Redis")
        mine = [n for n in notes if n.startswith(gid + " ")]
        # A move's and a claim's note name their instance (which hears them as "own_move", "echo").
        origin = c.app.state.store.bus.origin
        assert [n for n in mine if " move" in n] == [f"{gid} {v} move {origin}" for v in (1, 2, 3, 4)]
        assert [n for n in mine if " room" in n] == [f"{gid} 0 room {origin}"] * len(tokens)
        # LISTEN works (a probe arrives), yet the Redis-configured server sent no pg_notify at all.
        with psycopg.connect(pg_url, autocommit=True) as other:
            other.execute("SELECT pg_notify(%s, 'probe')", (CHANNEL,))
        payloads = [n.payload for n in listen.notifies(timeout=2, stop_after=1)]
        assert payloads == ["probe"]
    finally:
        listen.close()
        sub.close()


def test_redis_bus_hears_and_publishes_again_after_losing_its_connections(redis_url):
    async def scenario():
        bus = RedisBus(redis_url, f"{CHANNEL}:test-reconnect:{os.getpid()}:{time.time_ns()}")
        heard: list[tuple[str, int, str]] = []

        async def on_notify(gid, version, kind):
            heard.append((gid, version, kind))

        resubscribed: list[bool] = []

        async def on_resubscribe():  # notes sent while the bus was away are lost: the app catches up
            resubscribed.append(True)

        admin = Redis.from_url(redis_url, decode_responses=True)

        async def until(pred, what):  # pred: a function returning a value or an awaitable
            deadline = asyncio.get_running_loop().time() + 10
            while not await _value(pred()):
                assert asyncio.get_running_loop().time() < deadline, f"timed out waiting for {what}"
                await asyncio.sleep(0.01)

        async def client_ids(name):
            return {c["id"] for c in await admin.client_list() if c["name"] == name}

        async def subscribed(exclude=frozenset()):
            ids = await client_ids(bus.client_name) - exclude
            return ids and (await admin.pubsub_numsub(bus.channel))[0][1] >= 1

        await bus.start(on_notify, on_resubscribe)
        try:
            assert bus.ready.is_set() and resubscribed == []  # the first subscription is no comeback
            bus.after_commit(["g 1 move"])
            await until(lambda: heard == [("g", 1, "move")], "the first note")
            # Drop both of the bus's connections (listener and publisher), as a Redis restart would.
            old = await client_ids(bus.client_name)
            assert old
            for cid in old | await client_ids(f"{bus.client_name}-pub"):
                await admin.client_kill_filter(_id=cid)
            await until(lambda: subscribed(exclude=old), "the listener to subscribe again")
            await until(lambda: resubscribed == [True], "the catch-up after the comeback")
            bus.after_commit(["g 2 move", "g 2 room"])
            await admin.publish(bus.channel, "g 3 move")  # another instance
            await until(lambda: len(heard) == 4, "the notes after the reconnect")
            # Another instance's note may come in between; ours keep their order.
            assert sorted(heard) == [("g", 1, "move"), ("g", 2, "move"), ("g", 2, "room"), ("g", 3, "move")]
            assert heard.index(("g", 2, "move")) < heard.index(("g", 2, "room"))
        finally:
            await bus.stop()
            await admin.aclose()

    run_async(scenario())


def test_postgres_bus_hears_again_after_its_listening_connection_is_killed(pg_url):
    """An administrator's pg_terminate_backend (or a database restart) drops the LISTEN
    connection: the bus connects and listens again, the app is told to catch up (notes sent
    meanwhile are lost), and the notes after it are heard."""
    async def scenario():
        bus = PgBus(pg_url)
        heard: list[tuple[str, int, str]] = []
        resubscribed: list[bool] = []

        async def on_notify(gid, version, kind):
            heard.append((gid, version, kind))

        async def on_resubscribe():
            resubscribed.append(True)

        async def until(pred, what):
            deadline = asyncio.get_running_loop().time() + 10
            while not await _value(pred()):
                assert asyncio.get_running_loop().time() < deadline, f"timed out waiting for {what}"
                await asyncio.sleep(0.01)

        def notify(note):
            with psycopg.connect(pg_url, autocommit=True) as other:
                other.execute("SELECT pg_notify(%s, %s)", (CHANNEL, note))

        def listeners() -> list[int]:
            with psycopg.connect(pg_url, autocommit=True) as admin:
                return [r[0] for r in admin.execute(
                    "SELECT pid FROM pg_stat_activity WHERE application_name = %s AND datname = current_database()",
                    (PgBus.APPLICATION_NAME,))]

        await bus.start(on_notify, on_resubscribe)
        try:
            assert bus.ready.is_set() and resubscribed == []
            notify("g 1 move")
            await until(lambda: heard == [("g", 1, "move")], "the first note")
            old = listeners()
            assert len(old) == 1
            with psycopg.connect(pg_url, autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(%s)", (old[0],))
            await until(lambda: resubscribed == [True], "the catch-up after the comeback")
            assert listeners() and listeners() != old
            notify("g 2 move")
            notify(f"g 3 move {bus.origin}")  # our own move's note, heard back
            await until(lambda: len(heard) == 3, "the notes after the reconnect")
            assert heard == [("g", 1, "move"), ("g", 2, "move"), ("g", 3, "own_move")]
        finally:
            await bus.stop()

    run_async(scenario())


async def _value(v):
    return await v if inspect.isawaitable(v) else v


def test_two_instances_fan_out_every_version_in_order_over_redis(pg_url, redis_url, tmp_path):
    servers = [ServerProcess(pg_url, tmp_path, env={"DOI_REDIS_URL": redis_url}, name=f"redis-{i}")
               for i in range(2)]
    try:
        for s in servers:
            s.start()
        seen = run_async(play([s.base.removeprefix("http://") for s in servers], seed=5))
        final = max(seen["spectator"])
        assert final >= 50  # a whole game (the loop ends on its result; lengths vary with the room's seed)
        for seat, versions in seen.items():
            assert versions == list(range(0, final + 1)), f"{seat} saw {versions[:20]}..."
        for s in servers:  # the notes came over Redis, not LISTEN/NOTIFY
            metrics = httpx_get(f"{s.base}/metrics")
            redis_notes = [line for line in metrics.splitlines() if line.startswith('doi_bus_notes_total{bus="redis"}')]
            assert redis_notes and float(redis_notes[0].split()[-1]) >= final, redis_notes
            assert 'bus="postgres"' not in metrics
    finally:
        for s in servers:
            s.stop()


def test_chat_reaches_the_other_instance_over_redis(pg_url, redis_url, tmp_path):
    """Over Redis as over LISTEN/NOTIFY (tests/server/test_instances.py): a line said on one
    instance reaches the table's sockets on the other, once each."""
    servers = [ServerProcess(pg_url, tmp_path, env={"DOI_REDIS_URL": redis_url}, name=f"redis-chat-{i}")
               for i in range(2)]
    try:
        for s in servers:
            s.start()
        got = run_async(chat_across([s.base.removeprefix("http://") for s in servers]))
    finally:
        for s in servers:
            s.stop()
    assert [[(m["seat"], m["text"]) for m in each] for each in got] == [[("rev1", "Hold the Corvin Passage!")]] * 3


def httpx_get(url: str) -> str:
    r = httpx.get(url, timeout=10)
    r.raise_for_status()
    return r.text


def test_after_the_bus_comes_back_watched_games_catch_up_on_moves_made_meanwhile(db_url, client):
    """A move made on another instance while this one's bus was away (its note lost) reaches this
    instance's sockets, in order, when the bus is back (`catch_up_watched`)."""
    from app.infra.db import make_engine, make_sessionmaker
    from app.play.games import catch_up_watched
    from app.play.store import GameStore
    from tests.server.follow import recv_version
    from tests.server.helpers import recv_view, started_room

    room, tokens = started_room(client, 1)
    gid = room["id"]
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens['rev1']}") as ws:
        assert recv_view(ws)["version"] == 0

        async def other_instance_moves():  # its own store, and a bus that tells nobody
            engine = make_engine(db_url)
            try:
                other = GameStore(make_sessionmaker(engine), bus=Bus())
                for version in range(2):
                    _, game = await other.load(gid)
                    seat = next(s for s in game.seats
                                if any(a["type"] not in ("undo", "cancel") for a in game.legal_actions(s)))
                    action = next(a for a in game.legal_actions(seat) if a["type"] not in ("undo", "cancel"))
                    await other.apply(gid, seat, version, action)
                await other.stop()
            finally:
                await engine.dispose()

        run_async(other_instance_moves())
        client.portal.call(catch_up_watched, client.app)
        assert [recv_version(ws)["version"], recv_version(ws)["version"]] == [1, 2]

