"""Server benchmark: R rooms of 4 seats (1 Soviet + 3 Revolutionaries) + 2 spectators, each on a
real websocket over loopback, random bots moving as fast as the game allows. Prints p50/p99 of
the latency from sending a move to its arrival at every client of the room, and moves/s.

Start a server first (bots move faster than people: lift the per-connection message rate and the
rooms-per-address limit), e.g. (SQLite):
    export DOI_MESSAGES_PER_SECOND=10000 DOI_MESSAGE_BURST=10000 DOI_ROOMS_PER_HOUR=100000
    DOI_DATABASE_URL=sqlite:///var/bench.sqlite3 .venv/bin/doi serve --port 8100
or PostgreSQL:
    DOI_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/doi_bench .venv/bin/doi db upgrade
    DOI_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/doi_bench .venv/bin/doi serve --port 8100
then:
    .venv/bin/python bench/server.py --url http://127.0.0.1:8100 --rooms 50 --seconds 30 [--think 1.0]

Each room's players think --think seconds on average between moves (exponential); --think 0
drives every room as fast as the server answers (a saturation test: latency is then queueing).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import time

import httpx
import websockets


async def make_room(http: httpx.AsyncClient) -> tuple[str, dict[str, str]]:
    r = await http.post("/api/games", json={"revolutionaries": 3})
    r.raise_for_status()
    gid = r.json()["id"]
    tokens = {}
    for seat in ("soviet", "rev1", "rev2", "rev3"):
        c = await http.post(f"/api/games/{gid}/seats/{seat}", json={"name": f"bench {seat}"})
        c.raise_for_status()
        tokens[seat] = c.json()["token"]
    return gid, tokens


class Room:
    def __init__(self, ws_url: str, gid: str, tokens: dict[str, str], seed: int, think: float):
        self.ws_url, self.gid, self.tokens, self.think = ws_url, gid, tokens, think
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.moves = 0
        self.errors = 0

    async def run(self, deadline: float) -> None:
        urls = {s: f"{self.ws_url}/ws/games/{self.gid}?token={t}" for s, t in self.tokens.items()}
        urls["spectator1"] = urls["spectator2"] = f"{self.ws_url}/ws/games/{self.gid}"
        names = list(urls)
        socks = [await websockets.connect(urls[n], max_size=2**22) for n in names]
        try:
            latest = [await self._next_view(ws) for ws in socks]
            version = latest[0]["version"]
            while time.perf_counter() < deadline and latest[-1]["view"]["result"] is None:
                if self.think:  # players take time to decide: exponential think time
                    await asyncio.sleep(self.rng.expovariate(1 / self.think))
                active = [i for i, n in enumerate(names[:4]) if latest[i]["view"]["actions"]]
                if not active:
                    break
                i = self.rng.choice(active)
                acts = [a for a in latest[i]["view"]["actions"] if a["type"] not in ("undo", "cancel")]
                busy = [a for a in acts if a["type"] not in ("done", "end_turn")]
                action = self.rng.choice(busy if busy and self.rng.random() < 0.8 else acts)
                t0 = time.perf_counter()
                await socks[i].send(json.dumps({"type": "action", "version": version, "action": action}))
                got = await asyncio.gather(*(self._next_view(ws, version + 1, t0) for ws in socks))
                if any(g is None for g in got):
                    self.errors += 1
                    break
                latest = [g[0] for g in got]
                self.latencies.extend(g[1] for g in got)
                version += 1
                self.moves += 1
        finally:
            await asyncio.gather(*(ws.close() for ws in socks), return_exceptions=True)

    async def _next_view(self, ws, version: int | None = None, t0: float | None = None):
        while True:
            msg = json.loads(await ws.recv())
            if msg["type"] == "error":
                self.errors += 1
                return None
            if msg["type"] == "view" and (version is None or msg["version"] >= version):
                if t0 is None:
                    return msg
                return msg, time.perf_counter() - t0


async def main_async(url: str, rooms: int, seconds: float, seed: int, think: float) -> None:
    ws_url = url.replace("http://", "ws://").replace("https://", "wss://")
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        made = await asyncio.gather(*(make_room(http) for _ in range(rooms)))
    room_objs = [Room(ws_url, gid, tokens, seed + i, think) for i, (gid, tokens) in enumerate(made)]
    start = time.perf_counter()
    await asyncio.gather(*(r.run(start + seconds) for r in room_objs))
    elapsed = time.perf_counter() - start
    lat = sorted(x for r in room_objs for x in r.latencies)
    moves = sum(r.moves for r in room_objs)
    errors = sum(r.errors for r in room_objs)
    if not lat:
        print("no moves measured")
        return
    p = lambda q: lat[min(len(lat) - 1, int(len(lat) * q))] * 1000  # noqa: E731
    print(f"rooms {rooms} ({rooms * 6} sockets, think {think} s), {elapsed:.1f} s: {moves} moves, {moves / elapsed:.1f} moves/s, "
          f"{errors} errors")
    print(f"move -> arrival at every client: p50 {p(0.5):.1f} ms, p95 {p(0.95):.1f} ms, p99 {p(0.99):.1f} ms, "
          f"max {lat[-1] * 1000:.1f} ms ({len(lat)} deliveries)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default="http://127.0.0.1:8100")
    ap.add_argument("--rooms", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", type=float, default=1.0,
                    help="mean seconds a room's players think between moves (0: as fast as possible)")
    a = ap.parse_args()
    asyncio.run(main_async(a.url, a.rooms, a.seconds, a.seed, a.think))


if __name__ == "__main__":
    main()
