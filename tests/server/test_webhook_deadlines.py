"""Issue 30 item 3: slow webhook receivers. The timeout counted per read, so a receiver that sends
one byte every few seconds held its attempt (and a connection of the sender's shared pool of 100)
for as long as it liked; 100 of them filled the pool and another room's notification waited for
a connection until it was dropped. Now an attempt has one deadline for all of it, opens its own
connection, and a room holds at most one at a time: one room's slow receiver costs another room
nothing. The figure for 100 slow receivers comes from bench/slow_hooks.py (the slow test below)."""
from __future__ import annotations

import asyncio
import socket
import time
from types import SimpleNamespace

import pytest

from app.seats.webhooks import HookSender
from bench.slow_hooks import ROOT, DripServer, GoodReceiver, measure, start_room
from tests.server.conftest import make_settings
from tests.server.helpers import run_async
from tests.server.test_webhooks import hook_client, wait_until


@pytest.fixture
def drips():
    made = []

    def make(**kw):
        made.append(DripServer(**kw))
        return made[-1]

    yield make
    for d in made:
        d.close()


def test_a_dripping_receiver_is_cut_off_at_the_attempts_deadline(db_url, drips):
    """A byte every 0.2 s never lets a per-read timeout of 0.8 s run out; the attempt's deadline
    does: each of the 2 attempts ends by about 0.8 s, one after the other, never two at once."""
    drip = drips(every=0.2, hold=6.0)
    with hook_client(db_url, webhook_timeout=0.8, webhook_attempts=2) as client:
        start_room(client, drip.url("slow"))
        wait_until(lambda: drip.requests["slow"] >= 2 and drip.open["slow"] == 0, timeout=15)
        time.sleep(0.3)  # no third attempt: 2 in all
        assert drip.requests["slow"] == 2 and drip.most["slow"] == 1
        assert len(drip.lasted) == 2 and all(0.6 <= s <= 1.5 for s in drip.lasted), drip.lasted


def test_slow_receivers_cost_another_room_nothing(db_url, drips):
    """12 rooms whose receivers drip hold a connection each; a 13th room's notification arrives at
    once, and no slow room ever held two connections."""
    drip = drips(every=0.3)
    good = GoodReceiver()
    try:
        with hook_client(db_url, webhook_timeout=1.0, webhook_attempts=3) as client:
            for i in range(12):
                start_room(client, drip.url(f"slow{i}"))
            wait_until(lambda: drip.open_now() == 12, timeout=10)
            started = time.monotonic()
            gid = start_room(client, good.url)
            wait_until(lambda: any(body["game"] == gid for _, body in good.arrived), timeout=10)
            took = next(at for at, body in good.arrived if body["game"] == gid) - started
            assert took < 0.8, took  # well inside one slow attempt's deadline: it waited for none
            wait_until(lambda: all(drip.requests[f"slow{i}"] >= 2 for i in range(12)), timeout=10)
            assert max(drip.most.values()) == 1
    finally:
        good.close()


@pytest.mark.slow
def test_a_hundred_slow_receivers_cost_another_room_nothing():
    """The issue's attack against a real `doi serve`: 100 receivers dripping a byte a second hold
    100 connections; another room's notification still arrives at once (before: never)."""
    result = measure(ROOT, slow=100, drip=1.0, timeout=5.0, attempts=3, wait=3.0)
    print(*result.lines(), sep="\n")
    assert result.held_at_once == 100
    assert result.good_after is not None and result.good_after < 1.0, result.lines()
    assert result.most_per_room == 1
    # Each slow attempt ended at its 5 s deadline, not after the receiver's 120 s: the receiver only
    # sees the close at its next byte, up to one drip (1 s) later.
    assert result.lasted and max(result.lasted) < 5.0 + 1.0 + 1.0, result.lines()


def test_slow_name_servers_do_not_hold_up_the_servers_other_thread_work(monkeypatch):
    """40 webhook names whose lookups take 3 s each (a receiver's own slow name server): the
    attempts give up at their deadline, and meanwhile work the server hands to the default thread
    pool (replay summaries, the WAL checkpoint) still runs at once."""
    real = socket.getaddrinfo

    def slow_lookup(host, *args, **kw):
        if host.endswith(".slow.example.test"):
            time.sleep(3)
        return real(host, *args, **kw)

    monkeypatch.setattr(socket, "getaddrinfo", slow_lookup)
    settings = make_settings("sqlite://").model_copy(update={"webhook_timeout": 0.5})
    hooks = HookSender(SimpleNamespace(state=SimpleNamespace(settings=settings)))

    async def scenario():
        hooks.client = hooks.new_client()
        try:
            attempts = [asyncio.create_task(hooks.post(f"http://r{i}.slow.example.test/", {}))
                        for i in range(40)]
            await asyncio.sleep(0.1)  # every lookup under way
            started = time.perf_counter()
            await asyncio.to_thread(lambda: None)
            other_work = time.perf_counter() - started
            async with asyncio.timeout(1.0):
                outcomes = await asyncio.gather(*[asyncio.wait_for(a, 0.5) for a in attempts],
                                                return_exceptions=True)
            return other_work, outcomes
        finally:
            await hooks.client.aclose()

    other_work, outcomes = run_async(scenario())
    assert other_work < 0.2, other_work  # before: it queued behind the lookups, ~3 s
    assert all(isinstance(o, TimeoutError) for o in outcomes)
