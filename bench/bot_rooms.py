"""Bot-room benchmark (issue 13): R rooms where one seat is a person (this load client) and the
others are server-side bots, on a `doi serve` this command starts itself on a fresh PostgreSQL
database (dropped afterwards) or SQLite file.

    .venv/bin/python -m bench.bot_rooms --rooms 200 --seconds 60 --think 1 --bot-pause 1

Each room: 2 Revolutionaries; rev1 is the person, the Soviet and rev2 are bots (normal); the
person's socket and two spectators' sockets watch it. The person thinks --think seconds on
average (exponential) whenever its view offers a decision, then sends a random legal action.
Prints the latency of the person's moves from sending to arrival at every socket of the room
(p50/p95/p99/max) while the bots play around it, the moves of each kind, the server's CPU per
move and the bots' own CPU per bot move (reading the seat's view and choosing: the server's
`doi_bot_think_cpu_seconds_total`). A person's move that loses a race with a bot (a team choice,
`stale`) is counted, not timed.

`--hard-rooms H` (issue 32) adds H rooms whose every seat is a hard bot (2 Revolutionaries,
`--hard-think-ms` per decision, default the server's): they think all the time in the server's
worker pool (`--bot-workers`, DOI_BOT_WORKERS) beside the people's rooms, and the hard bots' CPU
per searched decision is printed (`doi_bot_worker_think_cpu_seconds_total` / `doi_bot_searches_total`).

    .venv/bin/python -m bench.bot_rooms --rooms 100 --hard-rooms 50 --seconds 60

`--profile FILE` samples the server with py-spy (`.venv/bin/pip install py-spy`) over the play
and writes its folded stacks (`--format raw --gil`, 250 samples per second) to FILE: one line a
distinct stack with its sample count, the collapsed format flame-graph tools read (flamegraph.pl,
speedscope)."""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import orjson
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.crash import ServerProcess, fresh_database  # noqa: E402
from bench.load import proc_status  # noqa: E402
from bench.server import tune_gc  # noqa: E402


class Screen:
    """One socket of a room: when each version arrived, the latest view."""

    def __init__(self, ws):
        self.ws = ws
        self.arrived: dict[int, float] = {}
        self.latest: dict | None = None
        self.errors: list[str] = []
        self.changed = asyncio.Event()

    async def wait_for(self, version: int) -> None:
        while version not in self.arrived:
            self.changed.clear()
            await self.changed.wait()

    async def read(self) -> None:
        try:
            async for raw in self.ws:
                msg = orjson.loads(raw)
                if msg["type"] == "view":
                    self.arrived.setdefault(msg["version"], time.perf_counter())
                    if self.latest is None or msg["version"] >= self.latest["version"]:
                        self.latest = msg
                elif msg["type"] == "error":
                    self.errors.append(msg["code"])
                self.changed.set()
        except websockets.ConnectionClosed:
            pass


class BotRoom:
    def __init__(self, ws_base: str, gid: str, token: str, seed: int, think: float):
        self.urls = [f"{ws_base}/ws/games/{gid}?views=full&token={token}"] + [f"{ws_base}/ws/games/{gid}?views=full"] * 2
        self.rng = random.Random(seed)
        self.think = think
        self.latencies: list[float] = []
        self.moves = self.stale = self.lost = 0
        self.why_lost: list[str] = []  # what the person waited for when a room gave up
        self.gid, self.http_base = gid, ws_base.replace("ws", "http", 1)
        self.screens: list[Screen] = []
        self.readers: list[asyncio.Task] = []

    async def connect(self) -> None:
        self.screens = [Screen(await websockets.connect(u, max_size=2**22)) for u in self.urls]
        self.readers = [asyncio.create_task(s.read()) for s in self.screens]

    async def _gave_up(self, waiting_for: str) -> None:
        self.lost += 1
        latest = self.screens[0].latest or {"version": None, "view": {}}
        try:
            async with httpx.AsyncClient(base_url=self.http_base, timeout=10) as http:
                server = (await http.get(f"/api/games/{self.gid}")).json().get("version")
        except Exception as e:  # noqa: BLE001 - a diagnostic only
            server = repr(e)
        self.why_lost.append(f"game {self.gid}, the server at version {server}, the screens at "
                             f"{[sc.latest and sc.latest['version'] for sc in self.screens]}; "
                             f"waiting for {waiting_for} at version {latest['version']}: active "
                             f"{latest['view'].get('active')}, my actions "
                             f"{[a['type'] for a in latest['view'].get('actions', [])]}, "
                             f"step {latest['view'].get('step')}")

    async def run(self, deadline: float) -> None:
        me = self.screens[0]
        waiting_for = "the first view"
        try:
            while time.perf_counter() < deadline:
                me.changed.clear()
                view = me.latest
                if view is None or view["view"]["result"] is not None:
                    if view is not None:
                        return
                    await asyncio.wait_for(me.changed.wait(), 30)
                    continue
                acts = [a for a in view["view"]["actions"] if a["type"] not in ("undo", "cancel")]
                if not acts:  # the bots' turn: wait for the next view
                    waiting_for = "a bot"
                    await asyncio.wait_for(me.changed.wait(), 60)
                    continue
                await asyncio.sleep(self.rng.expovariate(1 / self.think) if self.think else 0)
                if me.latest["version"] != view["version"]:
                    continue  # a bot moved while we thought: look again
                busy = [a for a in acts if a["type"] not in ("done", "end_turn")]
                action = self.rng.choice(busy if busy and self.rng.random() < 0.8 else acts)
                errors = len(me.errors)
                target = view["version"] + 1
                t0 = time.perf_counter()
                waiting_for = "my own move"
                await me.ws.send(json.dumps({"type": "action", "version": view["version"], "action": action}))
                while target not in me.arrived and len(me.errors) == errors:
                    me.changed.clear()
                    await asyncio.wait_for(me.changed.wait(), 30)
                if len(me.errors) > errors:  # a bot got there first: our click was refused as stale
                    self.stale += me.errors[errors:].count("stale")
                    await asyncio.sleep(0)
                    continue
                try:
                    for s in self.screens:
                        await asyncio.wait_for(s.wait_for(target), 30)
                except TimeoutError:
                    await self._gave_up("every screen")
                    continue
                self.latencies.append(max(s.arrived[target] for s in self.screens) - t0)
                self.moves += 1
        except TimeoutError:
            await self._gave_up(waiting_for)
        finally:
            for s in self.screens:
                await s.ws.close()
            for t in self.readers:
                t.cancel()


def metric(text: str, name: str) -> float:
    m = re.search(rf"^{name} ([0-9.e+-]+)$", text, re.M)
    return float(m.group(1)) if m else 0.0


async def play(base: str, rooms: int, seconds: float, think: float, seed: int, on_play, on_stop,
               hard_rooms: int = 0, hard_think_ms: int | None = None) -> dict:
    """`on_play()` when the play starts and `on_stop()` once `seconds` have passed: the CPU, the
    moves and the bots' metrics are counted over that window exactly (after it, the rooms whose
    person has stopped make cheap moves: bots with nobody watching push no views)."""
    ws_base = base.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        async def make(i: int) -> tuple[str, str]:
            r = await http.post("/api/games", json={"revolutionaries": 2, "bots": {"soviet": "normal", "rev2": "normal"},
                                                    "bot_pace": "normal"})  # the full --bot-pause a move
            r.raise_for_status()
            gid = r.json()["id"]
            c = await http.post(f"/api/games/{gid}/seats/rev1", json={"name": f"person {i}"})
            c.raise_for_status()
            return gid, c.json()["token"]

        async def make_hard(i: int) -> str:
            body = {"revolutionaries": 2, "bots": {"soviet": "hard", "rev1": "hard", "rev2": "hard"}}
            if hard_think_ms:
                body["bot_think_ms"] = hard_think_ms
            r = await http.post("/api/games", json=body)
            r.raise_for_status()
            return r.json()["id"]

        for k in range(0, hard_rooms, 25):  # bots only: they start at once and think from now on
            await asyncio.gather(*(make_hard(i) for i in range(k, min(hard_rooms, k + 25))))
        made = []
        for k in range(0, rooms, 25):
            made += await asyncio.gather(*(make(i) for i in range(k, min(rooms, k + 25))))
        objs = [BotRoom(ws_base, gid, token, seed + i, think) for i, (gid, token) in enumerate(made)]
        for k in range(0, len(objs), 25):
            await asyncio.gather(*(r.connect() for r in objs[k:k + 25]))
        before = (await http.get("/metrics")).text
        on_play()
        start = time.perf_counter()
        stopped: list[str] = []

        async def stop_counting() -> None:
            await asyncio.sleep(seconds)
            on_stop()
            stopped.append((await http.get("/metrics")).text)

        counting = asyncio.create_task(stop_counting())
        await asyncio.gather(*(r.run(start + seconds) for r in objs))
        await counting
        elapsed = seconds
        after = stopped[0]
    lat = sorted(x for r in objs for x in r.latencies)

    def pct(q: float) -> float:
        return lat[min(len(lat) - 1, int(len(lat) * q))] * 1000 if lat else float("nan")

    delta = {name: metric(after, name) - metric(before, name)
             for name in ("doi_moves_total", "doi_bot_moves_total", "doi_bot_think_cpu_seconds_total",
                          "doi_bot_worker_think_cpu_seconds_total", "doi_bot_searches_total", "doi_bot_fallbacks_total")}
    return {"rooms": rooms, "seconds": elapsed, "person_moves": sum(r.moves for r in objs),
            "stale": sum(r.stale for r in objs), "lost": sum(r.lost for r in objs),
            "why_lost": [w for r in objs for w in r.why_lost],
            "moves": delta["doi_moves_total"], "bot_moves": delta["doi_bot_moves_total"],
            "bot_think_s": delta["doi_bot_think_cpu_seconds_total"],
            "hard_think_s": delta["doi_bot_worker_think_cpu_seconds_total"],
            "searches": delta["doi_bot_searches_total"], "fallbacks": delta["doi_bot_fallbacks_total"],
            "p50": pct(0.5), "p95": pct(0.95), "p99": pct(0.99), "max": lat[-1] * 1000 if lat else float("nan")}


def start_py_spy(pid: int, out: str, seconds: float) -> subprocess.Popen:
    """py-spy sampling `pid` for `seconds`: only the thread holding the GIL (`--gil`: the event
    loop while it computes, not while it waits in epoll), without stopping the process
    (`--nonblocking`: a stopped thread halts at its next entry into the kernel, which credits the
    Python work before a system call to the call's line)."""
    exe = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    return subprocess.Popen([exe, "record", "--pid", str(pid), "--rate", "250", "--format", "raw", "--gil",
                             "--nonblocking", "--duration", str(max(1, int(seconds))), "-o", out],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.bot_rooms", description=__doc__.split("\n\n")[0])
    ap.add_argument("--rooms", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--think", type=float, default=1.0, help="the person's mean thinking time, seconds")
    ap.add_argument("--bot-pause", type=float, default=1.0, help="DOI_BOT_PAUSE of the server (its default: 1)")
    ap.add_argument("--db", default="postgres", help="postgres (a new database), sqlite (a new file) or a URL")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hard-rooms", type=int, default=0, help="rooms of hard bots only, thinking beside the people")
    ap.add_argument("--hard-think-ms", type=int, default=None, help="their bot_think_ms (default: the server's)")
    ap.add_argument("--bot-workers", type=int, default=2, help="DOI_BOT_WORKERS of the server")
    ap.add_argument("--profile", metavar="FILE", help="sample the server with py-spy over the play (folded stacks)")
    args = ap.parse_args(argv)
    tune_gc()
    from app.infra.migrate import upgrade

    with tempfile.TemporaryDirectory() as tmp, fresh_database(args.db, Path(tmp)) as db_url:
        upgrade(db_url)
        server = ServerProcess(db_url, tmp, env={"DOI_BOT_PAUSE": str(args.bot_pause), "DOI_JSON_LOGS": "false",
                                                  "DOI_BOT_WORKERS": str(args.bot_workers)},
                               name="bot-rooms")
        server.start()
        cpu, mine, load = [], [], []
        spy: list[subprocess.Popen] = []

        def on_play() -> None:
            cpu.append(proc_status(server.proc.pid)["cpu"])
            mine.append(time.process_time())
            load.append(os.getloadavg()[0])
            if args.profile:
                spy.append(start_py_spy(server.proc.pid, args.profile, args.seconds))

        def on_stop() -> None:
            cpu.append(proc_status(server.proc.pid)["cpu"])
            mine.append(time.process_time())
            load.append(os.getloadavg()[0])

        r: dict = {}
        try:
            r = asyncio.run(play(server.base, args.rooms, args.seconds, args.think, args.seed, on_play, on_stop,
                                 args.hard_rooms, args.hard_think_ms))
            for p in spy:
                p.wait(timeout=args.seconds + 60)
        finally:
            server.stop()
            if r.get("lost"):  # what the server said about the rooms that stalled, before the log goes
                noted = [line for line in server.log_path.read_text(errors="replace").splitlines()
                         if any(w in line for w in ("ERROR", "WARNING", "Traceback", "Error"))]
                print("\n".join(["server log, warnings and errors:"] + noted[-20:]))
    server_cpu = cpu[1] - cpu[0]
    print(f"{r['rooms']} rooms (1 person + 2 bots each, 3 sockets), {r['seconds']:.1f} s, think {args.think} s, "
          f"bot pause {args.bot_pause} s, {args.db}")
    print(f"person's moves: {r['person_moves']} timed, {r['stale']} stale (a bot first), {r['lost']} lost")
    for why in r["why_lost"][:5]:
        print("  lost:", why)
    print(f"person's move -> every screen: p50 {r['p50']:.1f} ms, p95 {r['p95']:.1f} ms, p99 {r['p99']:.1f} ms, "
          f"max {r['max']:.1f} ms")
    moves = max(r["moves"], 1)
    print(f"moves: {r['moves']:.0f} ({r['bot_moves']:.0f} by bots, {r['moves'] / r['seconds']:.1f}/s); "
          f"server CPU {server_cpu:.1f} s = {server_cpu / moves * 1000:.2f} ms per move; "
          f"bots' view + choice {r['bot_think_s'] / max(r['bot_moves'], 1) * 1000:.2f} ms CPU per bot move")
    if args.hard_rooms:
        print(f"{args.hard_rooms} rooms of hard bots ({args.bot_workers} worker processes): {r['searches']:.0f} "
              f"decisions searched, {r['hard_think_s'] / max(r['searches'], 1) * 1000:.0f} ms worker CPU per "
              f"decision, {r['fallbacks']:.0f} fell back to the normal bot")
    # The load client shares the machine: when it is short of CPU the arrival times it records are late.
    print(f"load client CPU {mine[1] - mine[0]:.1f} s; load average {load[0]:.2f} at the start, {load[1]:.2f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
