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
import gc
import json
import random
import time

import httpx
import orjson
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
    def __init__(self, ws_urls: list[str], gid: str, tokens: dict[str, str], seed: int, think: float,
                 home: int | None = None):
        self.gid, self.tokens, self.think = gid, tokens, think
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.moves = 0
        self.errors = 0
        seats = list(tokens) + ["spectator1", "spectator2"]
        # home given: every socket on that instance; else spread over the instances, so that
        # every move crosses the fan-out between them.
        # ?views=full: this driver reads whole views (the browser and bench/bgio/load.js take patches)
        self.urls = [f"{ws_urls[home if home is not None else (seed + j) % len(ws_urls)]}/ws/games/{gid}?views=full"
                     + (f"&token={tokens[s]}" if s in tokens else "") for j, s in enumerate(seats)]
        self.socks: list = []
        self.latest: list[dict] = []

    async def connect(self) -> None:
        self.socks = [await websockets.connect(u, max_size=2**22) for u in self.urls]
        self.latest = [await self._next_view(ws) for ws in self.socks]

    async def run(self, deadline: float) -> None:
        socks, latest = self.socks, self.latest
        try:
            version = max(v["version"] for v in latest)
            while time.perf_counter() < deadline and latest[-1]["view"]["result"] is None:
                if self.think:  # players take time to decide: exponential think time
                    await asyncio.sleep(self.rng.expovariate(1 / self.think))
                    if time.perf_counter() >= deadline:
                        break
                playable = [[a for a in latest[i]["view"]["actions"] if a["type"] not in ("undo", "cancel")]
                            for i in range(4)]
                active = [i for i in range(4) if playable[i]]
                if not active:
                    break
                i = self.rng.choice(active)
                acts = playable[i]
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
            try:
                msg = orjson.loads(await asyncio.wait_for(ws.recv(), 30))
            except (TimeoutError, websockets.ConnectionClosed):
                return None
            if msg["type"] == "error":
                self.errors += 1
                return None
            if msg["type"] == "view" and (version is None or msg["version"] >= version):
                if t0 is None:
                    return msg
                return msg, time.perf_counter() - t0


async def run_load(urls: list[str], rooms: int, seconds: float, seed: int, think: float,
                   spread: str = "seat", on_play=None) -> dict:
    """Make `rooms` rooms (round-robin over the instances at `urls`), connect every socket (spread
    "room": a room's sockets on the instance that made it; "seat": over all instances), then play
    for `seconds`. Returns moves, moves/s, errors and latency percentiles in ms."""
    ws_urls = [u.replace("http://", "ws://").replace("https://", "wss://") for u in urls]
    clients = [httpx.AsyncClient(base_url=u, timeout=60) for u in urls]
    try:
        made = await asyncio.gather(*(make_room(clients[i % len(clients)]) for i in range(rooms)))
    finally:
        await asyncio.gather(*(c.aclose() for c in clients))
    room_objs = [Room(ws_urls, gid, tokens, seed + i, think, home=i % len(urls) if spread == "room" else None)
                 for i, (gid, tokens) in enumerate(made)]
    for k in range(0, len(room_objs), 25):  # connect in small waves, like players arriving
        await asyncio.gather(*(r.connect() for r in room_objs[k:k + 25]))
    if on_play:
        on_play()  # e.g. read the servers' CPU time: the play alone, without setting up the rooms
    start = time.perf_counter()
    await asyncio.gather(*(r.run(start + seconds) for r in room_objs))
    elapsed = time.perf_counter() - start
    lat = sorted(x for r in room_objs for x in r.latencies)
    moves = sum(r.moves for r in room_objs)

    def pct(q: float) -> float:
        return lat[min(len(lat) - 1, int(len(lat) * q))] * 1000 if lat else float("nan")

    return {"rooms": rooms, "sockets": rooms * 6, "think": think, "seconds": elapsed, "moves": moves,
            "moves_per_s": moves / elapsed, "errors": sum(r.errors for r in room_objs), "deliveries": len(lat),
            "p50": pct(0.5), "p95": pct(0.95), "p99": pct(0.99), "max": lat[-1] * 1000 if lat else float("nan")}


def report(r: dict) -> str:
    return (f"rooms {r['rooms']} ({r['sockets']} sockets, think {r['think']} s), {r['seconds']:.1f} s: "
            f"{r['moves']} moves, {r['moves_per_s']:.1f} moves/s, {r['errors']} errors\n"
            f"move -> arrival at every client: p50 {r['p50']:.1f} ms, p95 {r['p95']:.1f} ms, "
            f"p99 {r['p99']:.1f} ms, max {r['max']:.1f} ms ({r['deliveries']} deliveries)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default="http://127.0.0.1:8100", help="server URL; several, comma-separated, "
                    "spread each room over those instances")
    ap.add_argument("--rooms", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", type=float, default=1.0,
                    help="mean seconds a room's players think between moves (0: as fast as possible)")
    a = ap.parse_args()
    tune_gc()
    print(report(asyncio.run(run_load(a.url.split(","), a.rooms, a.seconds, a.seed, a.think))))


def tune_gc() -> None:
    """The client parses a 14 KB view per socket per move: keep the cyclic collector out of the way."""
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


if __name__ == "__main__":
    main()
