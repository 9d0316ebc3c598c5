"""Several servers, one game: two `doi serve` processes share one PostgreSQL database; the seats of
one game connect to different instances; a whole bot game is played and every client must see
every version, in order (PostgreSQL LISTEN/NOTIFY fan-out)."""
from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time

import httpx
import pytest
import websockets

from tests.server.follow import follow
from tests.server.helpers import run_async

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db_url: str, port: int, workdir) -> subprocess.Popen:
    env = dict(os.environ, DOI_DATABASE_URL=db_url, DOI_SECRET_KEY="instances-test-0123456789abcdefghijklmn",
               DOI_MESSAGES_PER_SECOND="10000", DOI_MESSAGE_BURST="10000", DOI_ROOMS_PER_HOUR="100000",
               # Every test's admin logs in from 127.0.0.1 against the one shared test database.
               DOI_LOGIN_ATTEMPTS_PER_ADDRESS="100000")
    # The log goes to a file: an undrained pipe fills up (a JSON line per move) and blocks the server.
    log = open(os.path.join(workdir, f"server-{port}.log"), "wb")  # noqa: SIM115 (lives as long as the process)
    proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--port", str(port)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise AssertionError(f"server on {port} did not start: {open(log.name, 'rb').read().decode()[-2000:]}")


@pytest.fixture
def two_servers(pg_url, tmp_path):
    ports = [free_port(), free_port()]
    procs = [start_server(pg_url, p, tmp_path) for p in ports]
    yield [f"127.0.0.1:{p}" for p in ports]
    for p in procs:
        p.terminate()
    for p in procs:
        p.wait(timeout=10)


async def play(hosts: list[str], seed: int) -> dict[str, list[int]]:
    a, b = hosts
    async with httpx.AsyncClient(base_url=f"http://{a}") as http_a, httpx.AsyncClient(base_url=f"http://{b}") as http_b:
        gid = (await http_a.post("/api/games", json={"revolutionaries": 3})).json()["id"]
        tokens = {}
        for i, seat in enumerate(("soviet", "rev1", "rev2", "rev3")):
            http = http_a if i % 2 == 0 else http_b
            tokens[seat] = (await http.post(f"/api/games/{gid}/seats/{seat}", json={"name": seat})).json()["token"]
    where = {"soviet": a, "rev1": b, "rev2": a, "rev3": b, "spectator": b}
    urls = {s: f"ws://{h}/ws/games/{gid}" + (f"?token={tokens[s]}" if s in tokens else "") for s, h in where.items()}
    socks = {s: await websockets.connect(u, max_size=2**22) for s, u in urls.items()}
    seen: dict[str, list[int]] = {s: [] for s in socks}
    latest: dict[str, dict] = {}
    rng = random.Random(seed)

    async def next_view(seat):
        while True:
            msg = json.loads(await asyncio.wait_for(socks[seat].recv(), 20))
            if msg["type"] in ("view", "patch"):
                if not seen[seat] or seen[seat][-1] != msg["version"]:
                    # The same version again is the room's view re-sent (a seat claim's note heard late
                    # on the other instance updates the seats): not a second copy of a move.
                    seen[seat].append(msg["version"])
                latest[seat] = msg = follow(latest.get(seat), msg)
                return msg

    try:
        for s in socks:
            await next_view(s)
        version = 0
        while latest["spectator"]["view"]["result"] is None:
            playable = {s: [x for x in latest[s]["view"]["actions"] if x["type"] not in ("undo", "cancel")]
                        for s in tokens}
            seat = rng.choice([s for s in tokens if playable[s]])
            acts = playable[seat]
            busy = [x for x in acts if x["type"] not in ("done", "end_turn")]
            action = rng.choice(busy if busy and rng.random() < 0.8 else acts)
            await socks[seat].send(json.dumps({"type": "action", "version": version, "action": action}))
            version += 1
            for s in socks:
                while latest[s]["version"] < version:
                    await next_view(s)
    finally:
        for ws in socks.values():
            await ws.close()
    return seen


def test_two_instances_fan_out_every_version_in_order(two_servers):
    seen = run_async(play(two_servers, seed=3))
    final = max(seen["spectator"])
    assert final >= 50  # a whole game (the loop ends on its result; lengths vary with the room's seed)
    for seat, versions in seen.items():
        assert versions == list(range(0, final + 1)), f"{seat} saw {versions[:20]}..."


async def double_submit(hosts: list[str], rounds: int, seed: int) -> tuple[dict, int]:
    """Each move is sent at the same moment on both instances (the seat's socket on each): one write
    wins, the other is refused as stale. Returns the versions every socket received."""
    a, b = hosts
    async with httpx.AsyncClient(base_url=f"http://{a}") as http_a, httpx.AsyncClient(base_url=f"http://{b}") as http_b:
        gid = (await http_a.post("/api/games", json={"revolutionaries": 1})).json()["id"]
        tokens = {"soviet": (await http_a.post(f"/api/games/{gid}/seats/soviet", json={"name": "S"})).json()["token"],
                  "rev1": (await http_b.post(f"/api/games/{gid}/seats/rev1", json={"name": "R"})).json()["token"]}
    keys = [(seat, host) for seat in ("soviet", "rev1", "spectator") for host in hosts]
    socks = {}
    for seat, host in keys:
        query = f"?token={tokens[seat]}" if seat in tokens else ""
        socks[seat, host] = await websockets.connect(f"ws://{host}/ws/games/{gid}{query}", max_size=2**22)
    seen: dict = {k: [] for k in keys}
    latest: dict = {}

    async def read(key):
        async for raw in socks[key]:
            msg = json.loads(raw)
            if msg["type"] in ("view", "patch"):
                seen[key].append(msg["version"])
                latest[key] = follow(latest.get(key), msg)

    readers = [asyncio.create_task(read(k)) for k in keys]
    rng = random.Random(seed)
    version = 0
    try:
        for _ in range(rounds):
            deadline = time.monotonic() + 2
            while any(latest.get(k, {}).get("version", -1) < version for k in keys):
                assert time.monotonic() < deadline, {k: latest.get(k, {}).get("version") for k in keys}
                await asyncio.sleep(0.005)
            views = {s: latest[s, a]["view"] for s in tokens}
            seat = next(s for s in tokens if any(x["type"] not in ("undo", "cancel") for x in views[s]["actions"]))
            action = rng.choice([x for x in views[seat]["actions"] if x["type"] not in ("undo", "cancel")])
            if views[seat]["result"] is not None:
                break
            frame = json.dumps({"type": "action", "version": version, "action": action})
            await asyncio.gather(socks[seat, a].send(frame), socks[seat, b].send(frame))
            version += 1
        deadline = time.monotonic() + 2
        while any(latest[k]["version"] < version for k in keys) and time.monotonic() < deadline:
            await asyncio.sleep(0.005)
    finally:
        for ws in socks.values():
            await ws.close()
        for t in readers:
            t.cancel()
    return seen, version


def test_double_submits_on_two_instances_every_socket_gets_every_version_in_order(two_servers):
    """Issue 11.4: after a stale refusal the refused instance reloaded its copy for the sender only,
    so the later change note looked 'already pushed' and its other sockets never got that version."""
    seen, final = run_async(double_submit(two_servers, rounds=60, seed=7))
    assert final == 60
    for key, versions in seen.items():
        assert versions == sorted(versions), f"{key} got versions out of order: {versions}"
        assert sorted(set(versions)) == list(range(final + 1)), f"{key} missed versions: {versions}"


async def chat_across(hosts: list[str]) -> tuple[list[dict], list[dict], list[dict]]:
    """rev1 on the second instance says a line; what the soviet (first instance), rev1 itself and a
    spectator on the first instance receive as chat within a few seconds."""
    a, b = hosts
    async with httpx.AsyncClient(base_url=f"http://{a}") as http:
        gid = (await http.post("/api/games", json={"revolutionaries": 1})).json()["id"]
        tokens = {seat: (await http.post(f"/api/games/{gid}/seats/{seat}", json={"name": seat})).json()["token"]
                  for seat in ("soviet", "rev1")}
    soviet = await websockets.connect(f"ws://{a}/ws/games/{gid}?token={tokens['soviet']}")
    watcher = await websockets.connect(f"ws://{a}/ws/games/{gid}")
    rev1 = await websockets.connect(f"ws://{b}/ws/games/{gid}?token={tokens['rev1']}")

    async def chats(ws, seconds: float) -> list[dict]:
        got = []
        deadline = asyncio.get_running_loop().time() + seconds
        while (left := deadline - asyncio.get_running_loop().time()) > 0:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), left))
            except TimeoutError:
                break
            if msg["type"] == "chat":
                got.append(msg)
        return got

    try:
        await asyncio.sleep(0.5)  # every socket has its view
        await rev1.send(json.dumps({"type": "chat", "text": "Hold the Corvin Passage!"}))
        return tuple(await asyncio.gather(chats(soviet, 3), chats(rev1, 3), chats(watcher, 3)))
    finally:
        for ws in (soviet, watcher, rev1):
            await ws.close()


def test_a_chat_line_said_on_one_instance_reaches_the_table_on_the_other(two_servers):
    """The table's chat is the table's, whichever instance each player's socket is on: a line said
    on one reaches the sockets on the other at once (not only on their next join), and the speaker
    gets it once."""
    soviet, rev1, watcher = run_async(chat_across(two_servers))
    line = {"seat": "rev1", "name": "rev1", "text": "Hold the Corvin Passage!"}
    for got in (soviet, rev1, watcher):
        assert len(got) == 1, got
        assert {k: got[0][k] for k in line} == line
    assert soviet[0]["at"][:19] == rev1[0]["at"][:19]  # the same line, its time as stored


async def delete_across(hosts: list[str], admin: tuple[str, str]) -> tuple[list[tuple[list[str], int | None]], int]:
    """An administrator deletes a game on the first instance while its players sit on the second:
    what each of their sockets gets (its error messages' codes, then its close code)."""
    a, b = hosts
    async with httpx.AsyncClient(base_url=f"http://{a}") as http:
        gid = (await http.post("/api/games", json={"revolutionaries": 1})).json()["id"]
        tokens = {seat: (await http.post(f"/api/games/{gid}/seats/{seat}", json={"name": seat})).json()["token"]
                  for seat in ("soviet", "rev1")}
        socks = [await websockets.connect(f"ws://{b}/ws/games/{gid}?token={tokens['soviet']}"),
                 await websockets.connect(f"ws://{b}/ws/games/{gid}")]
        await asyncio.sleep(0.5)  # every socket has its view
        r = await http.post("/api/admin/login", json={"name": admin[0], "password": admin[1]})
        assert r.status_code == 200, r.text
        deleted = await http.delete(f"/api/admin/games/{gid}", headers={"X-CSRF-Token": r.json()["csrf"]})

    async def ending(ws) -> tuple[list[str], int | None]:
        errors = []
        try:
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if msg["type"] == "error":
                    errors.append(msg["message"])
        except websockets.ConnectionClosed as closed:
            return errors, closed.rcvd.code if closed.rcvd else None

    try:
        return await asyncio.gather(*(ending(ws) for ws in socks)), deleted.status_code
    finally:
        for ws in socks:
            await ws.close()


def test_a_game_deleted_on_one_instance_closes_its_sockets_on_the_other(two_servers, pg_url):
    """The other instances hear of the deletion on the bus: the table's sockets there are told and
    closed (4404) at once, not left on a game that no longer exists."""
    from tests.server.test_admin import make_admin

    ends, status = run_async(delete_across(two_servers, make_admin(pg_url)))
    assert status == 204
    assert ends == [(["This game was deleted by an administrator."], 4404)] * 2
