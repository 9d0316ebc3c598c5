"""Server CPU a room costs outside its moves (issue 14): what the saturated benchmark pays each time
a finished game is replaced by a new room. One room, in phases, as bench/bgio/load.js makes it:

- create: `POST /api/games` (3 Revolutionaries, live pace)
- claims: the 4 seats claimed, one after the other (`POST /api/games/{id}/seats/{seat}`)
- joins: 6 sockets (4 with `?token=`, 2 spectators), one after the other, each until its first
  view and the answer to a ping (the socket's `hello`, presence and clock frame, is done by then)
- close: the 6 sockets closed, and what the server does after (presence, timers)

    .venv/bin/python -m bench.rooms                              # SQLite: ms of server CPU per room, by phase
    .venv/bin/python -m bench.rooms --db postgres
    .venv/bin/python -m bench.rooms --against /tmp/base_rooms    # + another checkout, rounds alternating
    .venv/bin/python -m bench.rooms --statements                 # + the SQL statements per room, by phase
    .venv/bin/python -m bench.rooms --profile /tmp/rooms.prof    # cProfile of the server (CPU clock)
    .venv/bin/python -m bench.rooms --floor                      # + bench/floor.py: the stack's own cost

CPU = the server process's utime + stime (/proc/<pid>/stat) around each phase, summed over the
rooms, after a first room (imports, first connections) that is not counted; each phase ends with
a short settle (`--settle`, the server's background work a phase started: the bot driver's,
clocks' and webhook sender's first looks) and the idle CPU of the settles is taken off (measured
before the rooms). `--against ROOT` starts a server of that checkout (e.g. `git worktree add
--detach /tmp/base main`) for every other round: the figures are medians over the rounds. The
statement counts come from a listener on SQLAlchemy's `before_cursor_execute` in the server (every
statement through SQLAlchemy: the move path's direct driver calls are not in a room's setup), and
the aiosqlite hand-offs (each a trip to the connection's thread and back) from its
`Connection._execute`."""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.crash import free_port, fresh_database  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PHASES = ("create", "claims", "joins", "close")
SEATS = ("soviet", "rev1", "rev2", "rev3")
SPECTATORS = 2
IDLE_SECONDS = 4.0  # (the CPU clock ticks every 10 ms: a longer look, a finer idle rate)

# Runs in the server process before `doi serve`: counts SQL statements and aiosqlite hand-offs and
# writes them to STATS_FILE on SIGUSR1; with PROFILE_FILE, profiles the whole server (CPU clock).
PRELUDE = """
import collections, json, os, signal, sys, time
stats_file, profile_file = os.environ.get("ROOMS_STATS_FILE"), os.environ.get("ROOMS_PROFILE_FILE")
if stats_file:
    from sqlalchemy import event
    from sqlalchemy.engine import Engine
    counts = collections.Counter()
    @event.listens_for(Engine, "before_cursor_execute")
    def _count(conn, cursor, statement, parameters, context, executemany):
        counts[" ".join(statement.split())[:160]] += 1
    try:
        import aiosqlite.core as _aio
        _real = _aio.Connection._execute
        async def _execute(self, fn, *a, **k):
            counts["(aiosqlite hand-off)"] += 1
            return await _real(self, fn, *a, **k)
        _aio.Connection._execute = _execute
    except ImportError:
        pass
    def _dump(*_):
        with open(stats_file + ".tmp", "w") as f:
            json.dump(counts, f)
        os.replace(stats_file + ".tmp", stats_file)
    signal.signal(signal.SIGUSR1, _dump)
if os.environ.get("ROOMS_PRELUDE_FILE"):  # --prelude: the caller's own instruments
    exec(compile(open(os.environ["ROOMS_PRELUDE_FILE"]).read(), os.environ["ROOMS_PRELUDE_FILE"], "exec"))
sys.argv = ["doi", "serve", "--port", os.environ["ROOMS_PORT"]]
from app.cli import main
if profile_file:  # on from the first SIGUSR2 (after the room that is not counted) to the end
    import cProfile
    profiler = cProfile.Profile(time.process_time)
    signal.signal(signal.SIGUSR2, lambda *_: profiler.enable())
try:
    main()
finally:
    if profile_file:
        profiler.disable()
        profiler.dump_stats(profile_file)
"""


class Server:
    """`doi serve` from checkout `root`, with the prelude."""

    def __init__(self, root: Path, url: str, workdir: Path, stats: bool, profile: str | None, floor: bool = False):
        self.port = free_port()
        self.stats_file = str(workdir / f"stats-{self.port}.json") if stats else None
        env = {**os.environ, "DOI_DATABASE_URL": url, "DOI_SECRET_KEY": "rooms-bench-secret-0123456789abcdefghijk",
               "DOI_ROOMS_PER_HOUR": "1000000", "ROOMS_PORT": str(self.port)}
        env.pop("PYTHONPATH", None)
        if self.stats_file:
            env["ROOMS_STATS_FILE"] = self.stats_file
        self.profiling = bool(profile)
        if profile:
            env["ROOMS_PROFILE_FILE"] = profile
        self.log = open(workdir / f"server-{self.port}.log", "ab")
        # floor: bench/floor.py, the stack with no engine and no database, for what a room costs it
        command = ["-m", "bench.floor", "--port", str(self.port)] if floor else ["-c", PRELUDE]
        self.proc = subprocess.Popen([sys.executable, *command], cwd=root, env=env,
                                     stdout=subprocess.DEVNULL, stderr=self.log)
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: {(workdir / f'server-{self.port}.log').read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.base}/readyz", timeout=1).status_code in ((404,) if floor else (200,)):
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.1)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def cpu(self, system_only: bool = False) -> float:
        """Seconds of CPU the server has used (every thread, user + system, or system only)."""
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[12]) + (0 if system_only else int(fields[11]))) / os.sysconf("SC_CLK_TCK")

    async def statements(self) -> Counter:
        if not self.stats_file:
            return Counter()
        with_stamp = os.stat(self.stats_file).st_mtime_ns if os.path.exists(self.stats_file) else 0
        self.proc.send_signal(signal.SIGUSR1)
        for _ in range(200):
            await asyncio.sleep(0.01)
            if os.path.exists(self.stats_file) and os.stat(self.stats_file).st_mtime_ns != with_stamp:
                with open(self.stats_file) as f:
                    return Counter(json.load(f))
        raise RuntimeError("the server did not write its statement counts")

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)  # uvicorn's graceful stop (and the profile's dump)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        self.log.close()


async def one_room(client: httpx.AsyncClient, server: Server, settle: float, mark) -> None:
    """One room's setup; `mark(phase)` is called at the end of each phase, after the settle."""
    created = await client.post("/api/games", json={"revolutionaries": 3})
    created.raise_for_status()
    gid = created.json()["id"]
    await asyncio.sleep(settle)
    await mark("create")
    tokens = []
    for seat in SEATS:
        claimed = await client.post(f"/api/games/{gid}/seats/{seat}", json={"name": f"bench {seat}"})
        claimed.raise_for_status()
        tokens.append(claimed.json()["token"])
    await asyncio.sleep(settle)
    await mark("claims")
    ws_base = server.base.replace("http", "ws", 1)
    urls = [f"{ws_base}/ws/games/{gid}?token={t}" for t in tokens] + [f"{ws_base}/ws/games/{gid}"] * SPECTATORS
    sockets = []
    for url in urls:
        ws = await websockets.connect(url, max_size=None)
        sockets.append(ws)
        while json.loads(await ws.recv())["type"] != "view":
            pass
        await ws.send(json.dumps({"type": "ping"}))  # answered after the socket's hello
        while json.loads(await ws.recv())["type"] != "pong":
            pass
    await asyncio.sleep(settle)
    await mark("joins")
    for ws in sockets:
        await ws.close()
    await asyncio.sleep(settle)
    await mark("close")


async def measure(server: Server, rooms: int, settle: float) -> dict:
    """ms of server CPU per room in each phase (idle taken off), and the statements per room."""
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as client:
        async def nothing(phase):
            pass

        await one_room(client, server, settle, nothing)  # imports, first connections: not counted
        if server.profiling:
            server.proc.send_signal(signal.SIGUSR2)
        await asyncio.sleep(1.0)
        c0 = server.cpu()
        await asyncio.sleep(IDLE_SECONDS)
        idle = (server.cpu() - c0) / IDLE_SECONDS  # CPU seconds per second with nothing to do
        cpu = dict.fromkeys(PHASES, 0.0)
        statements: dict[str, Counter] = {p: Counter() for p in PHASES}
        last = [server.cpu(), await server.statements()]

        async def mark(phase):
            now, counts = server.cpu(), await server.statements()
            cpu[phase] += now - last[0] - idle * settle
            statements[phase] += counts - last[1]
            last[0], last[1] = server.cpu(), counts  # the signal's own work is not a phase's

        started, sys0 = time.monotonic(), server.cpu(system_only=True)
        for _ in range(rooms):
            await one_room(client, server, settle, mark)
        wall, system = time.monotonic() - started, server.cpu(system_only=True) - sys0
    per_room = {p: 1000 * cpu[p] / rooms for p in PHASES}
    per_room["total"] = sum(per_room.values())
    return {"cpu_ms": per_room, "idle_ms_per_s": 1000 * idle, "wall_s": wall, "system_ms": 1000 * system / rooms,
            "statements": {p: {k: v / rooms for k, v in statements[p].items()} for p in PHASES}}


# The checkout's own migrations, run in a child started from it: an older checkout has app/migrate.py.
MIGRATE = """
try:
    from app.infra.migrate import upgrade
except ImportError:  # a checkout from before app/ had layers (issue 29)
    from app.migrate import upgrade
upgrade({url!r})
"""


def run(root: Path, db: str, rooms: int, settle: float, stats: bool, profile: str | None,
        floor: bool = False) -> dict:
    workdir = Path(tempfile.mkdtemp(prefix="rooms-bench"))
    if db == "sqlite":
        urls = contextlib.nullcontext(f"sqlite:///{workdir / 'rooms.sqlite3'}")
    else:
        urls = fresh_database("postgres", workdir)
    with urls as url:
        if db != "sqlite" and not floor:  # the checkout's own migrations (SQLite's lifespan upgrades itself)
            subprocess.run([sys.executable, "-c", MIGRATE.format(url=url)], cwd=root, check=True)
        server = Server(root, url, workdir, stats, profile, floor)
        try:
            return asyncio.run(measure(server, rooms, settle))
        finally:
            server.stop()


def show_statements(result: dict) -> None:
    for phase in PHASES:
        counts = result["statements"][phase]
        total = sum(v for k, v in counts.items() if not k.startswith("("))
        hand_offs = counts.get("(aiosqlite hand-off)", 0)
        print(f"\n{phase}: {total:.1f} SQL statements per room" + (f", {hand_offs:.1f} aiosqlite hand-offs" if hand_offs else ""))
        for statement, n in sorted(counts.items(), key=lambda kv: -kv[1]):
            if not statement.startswith("(") and n >= 0.05:
                print(f"  {n:5.1f}  {statement}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    ap.add_argument("--rooms", type=int, default=40, help="rooms per round (after one not counted)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--settle", type=float, default=0.03, help="seconds the server gets after each phase")
    ap.add_argument("--against", type=Path, help="another checkout, run in alternate rounds")
    ap.add_argument("--statements", action="store_true", help="count the SQL statements per room and phase")
    ap.add_argument("--profile", help="cProfile the server (one round of this checkout) into this file")
    ap.add_argument("--prelude", type=Path, help="a Python file the server runs before it starts (instruments)")
    ap.add_argument("--floor", action="store_true", help="also bench/floor.py (no engine, no database) each round")
    args = ap.parse_args()
    if args.prelude:
        os.environ["ROOMS_PRELUDE_FILE"] = str(args.prelude.resolve())
    roots = [("this", ROOT)] + ([("against", args.against.resolve())] if args.against else [])
    roots += [("floor", ROOT)] if args.floor else []
    results: dict[str, list[dict]] = {name: [] for name, _ in roots}
    for i in range(args.rounds):
        for name, root in roots:
            profile = args.profile if args.profile and name == "this" and i == 0 else None
            r = run(root, args.db, args.rooms, args.settle, args.statements and i == 0 and name != "floor", profile,
                    floor=name == "floor")
            results[name].append(r)
            ms = r["cpu_ms"]
            print(f"round {i + 1} {name:7} {root}: " + "  ".join(f"{p} {ms[p]:5.1f}" for p in (*PHASES, "total"))
                  + f"  ms CPU per room (system {r['system_ms']:.1f}; idle {r['idle_ms_per_s']:.1f} ms/s, {r['wall_s']:.1f} s)",
                  flush=True)
    print(f"\nmedians over {args.rounds} rounds, {args.rooms} rooms each, {args.db}: ms of server CPU per room")
    print(f"{'':8}" + "".join(f"{p:>9}" for p in (*PHASES, "total")))
    medians = {}
    for name, _ in roots:
        medians[name] = {p: statistics.median(r["cpu_ms"][p] for r in results[name]) for p in (*PHASES, "total")}
        print(f"{name:8}" + "".join(f"{medians[name][p]:9.1f}" for p in (*PHASES, "total")))
    if args.against:
        print(f"{'ratio':8}" + "".join(f"{medians['this'][p] / medians['against'][p]:9.2f}" if medians["against"][p] > 0
                                       else f"{'-':>9}" for p in (*PHASES, "total")))
    if args.statements:
        for name in [name for name, _ in roots if name != "floor"]:
            print(f"\n===== statements per room: {name}")
            show_statements(results[name][0])


if __name__ == "__main__":
    main()
