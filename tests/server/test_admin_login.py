"""Issue 11 item 5: admin logins. argon2 ran on the event loop (40 wrong logins, 8 at a time, pushed
websocket pings from 6 ms to 1.9 s), nothing limited the guesses, and an unknown name answered in a
quarter of the time of a known one. Now the hash runs on its own threads, attempts are limited per
address and per name in the database, and an unknown name is checked against a dummy hash."""
from __future__ import annotations

import asyncio
import json
import secrets
import statistics
import threading
import time

import httpx
import websockets

import app.infra.security as security
from bench.crash import ServerProcess
from tests.server.conftest import make_settings
from tests.server.helpers import AsgiClient, run_async
from tests.server.test_admin import make_admin
from tests.server.test_rate_limits import some_address


def limited(db_url, per_address=3, per_pair=100, window=600.0):
    return make_settings(db_url).model_copy(update={"login_attempts_per_address": per_address,
                                                    "login_attempts_per_name_address": per_pair,
                                                    "login_window": window, "login_delay_base": 0.0})


def test_login_flood_does_not_stall_other_sockets(db_url, tmp_path):
    """A real `doi serve`: 40 wrong-password logins, 8 at a time, while another socket pings. With
    argon2 (~0.15 s a check) on the event loop most pings waited for one or more checks."""
    name, _ = make_admin(db_url)
    server = ServerProcess(db_url, tmp_path)  # login limits lifted: every one of the 40 guesses is checked
    server.start()
    try:
        room = httpx.post(f"{server.base}/api/games", json={"revolutionaries": 1}).json()

        async def scenario():
            rtts, done = [], asyncio.Event()
            async with websockets.connect(f"{server.ws_base}/ws/games/{room['id']}") as ws, \
                    httpx.AsyncClient(base_url=server.base, timeout=60) as http:
                assert json.loads(await ws.recv())["type"] == "view"

                async def pinger():
                    while not done.is_set():
                        started = time.perf_counter()
                        await ws.send(json.dumps({"type": "ping"}))
                        while json.loads(await ws.recv())["type"] != "pong":
                            pass
                        rtts.append(time.perf_counter() - started)
                        await asyncio.sleep(0.01)

                gate = asyncio.Semaphore(8)

                async def wrong_login():
                    async with gate:
                        r = await http.post("/api/admin/login", json={"name": name, "password": "wrong guess"})
                        return r.status_code

                ping = asyncio.create_task(pinger())
                codes = await asyncio.gather(*[wrong_login() for _ in range(40)])
                done.set()
                await ping
                return codes, rtts

        codes, rtts = run_async(scenario())
    finally:
        server.stop()
    assert codes == [401] * 40
    assert len(rtts) >= 20
    rtts.sort()
    assert statistics.median(rtts) < 0.05, rtts
    assert rtts[int(len(rtts) * 0.9)] < 0.15, rtts  # below the time of one argon2 check


def test_login_attempts_are_limited_per_address_with_retry_after(db_url):
    name, password = make_admin(db_url)

    async def scenario():
        async with AsgiClient(limited(db_url, per_address=3), client_addr=some_address()) as http:
            wrong = [(await http.post("/api/admin/login", json={"name": name, "password": "nope"})) for _ in range(3)]
            right = await http.post("/api/admin/login", json={"name": name, "password": password})
            return [r.status_code for r in wrong], right

    codes, right = run_async(scenario())
    assert codes == [401, 401, 401]
    assert right.status_code == 429 and right.json()["code"] == "rate_limited"  # even the right password waits
    assert "from your address" in right.json()["detail"]
    assert 1 <= int(right.headers["Retry-After"]) <= 600


def test_simultaneous_guesses_cannot_pass_the_limit(db_url):
    name, _ = make_admin(db_url)

    async def scenario():
        async with AsgiClient(limited(db_url, per_address=3), client_addr=some_address()) as http:
            return await asyncio.gather(*[http.post("/api/admin/login", json={"name": name, "password": "nope"})
                                          for _ in range(12)])

    assert sorted(r.status_code for r in run_async(scenario())) == [401] * 3 + [429] * 9


def test_successful_logins_do_not_count_against_the_limit(db_url):
    name, password = make_admin(db_url)

    async def scenario():
        async with AsgiClient(limited(db_url, per_address=2, per_pair=2), client_addr=some_address()) as http:
            return [(await http.post("/api/admin/login", json={"name": name, "password": password})).status_code
                    for _ in range(5)]

    assert run_async(scenario()) == [200] * 5


class SpyHasher:
    """Records every argon2 verification: the hash's parameters and the thread it ran on."""

    def __init__(self, real):
        self.real, self.calls = real, []

    def verify(self, stored, password):
        self.calls.append((stored.rsplit("$", 2)[0], threading.current_thread().name))
        return self.real.verify(stored, password)

    def hash(self, password):
        return self.real.hash(password)


def test_unknown_and_known_names_both_run_one_verification_off_the_loop(db_url, monkeypatch):
    """No timing threshold: the unknown name's path verifies against a dummy hash with the same
    parameters as a real admin's, on the hashing threads, exactly like a wrong password."""
    name, _ = make_admin(db_url)
    spy = SpyHasher(security._ph)
    monkeypatch.setattr(security, "_ph", spy)

    async def login(who):
        async with AsgiClient(limited(db_url, per_address=100), client_addr=some_address()) as http:
            return await http.post("/api/admin/login", json={"name": who, "password": "wrong guess"})

    known = run_async(login(name))
    known_calls, spy.calls = spy.calls, []
    unknown = run_async(login(f"nobody_{secrets.token_hex(3)}"))
    assert (known.status_code, unknown.status_code) == (401, 401)
    assert known.json() == unknown.json()
    assert len(known_calls) == len(spy.calls) == 1
    (known_params, known_thread), (unknown_params, unknown_thread) = known_calls[0], spy.calls[0]
    assert known_params == unknown_params and known_params.startswith("$argon2id$")
    assert known_thread.startswith("argon2") and unknown_thread.startswith("argon2")
