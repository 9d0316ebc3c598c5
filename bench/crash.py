"""Crash safety (issue 6): SIGKILL `doi serve` at random moments during bot games, restart it on the
same database, reconnect the clients, and check that no acknowledged move is lost or doubled and
that every game's state equals the replay of its record; then keep playing.

    .venv/bin/python -m bench.crash --kills 100                 # a fresh SQLite file database
    .venv/bin/python -m bench.crash --kills 100 --db postgres   # a fresh database on 127.0.0.1:5432

A move is *acknowledged* when the mover's socket received the view with the new version (or the
REST move returned 200). A move sent just before a kill may or may not have committed: after the
restart it must be either absent or stored exactly once, as the next version. After every restart
the driver reads each game's rows from the database (versions 1..n, no gaps), compares them with
the moves it saw acknowledged, and compares the server's admin view (every secret, PRNG included)
with `engine.replay` of the exported record.

tests/server/test_crash.py runs this 10 times on SQLite and 10 times on PostgreSQL."""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
ADMIN_NAME, ADMIN_PASSWORD = "crash-driver", "crash-driver-password"
_MIGRATIONS = threading.Lock()  # Alembic's module-level context is not thread-safe


# ----- server processes ----------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """One `doi serve` subprocess; start() again after kill() is a restart on the same database."""

    def __init__(self, db_url: str, workdir: str | os.PathLike, env: dict | None = None, name: str = "server",
                 root: Path = ROOT):
        self.db_url = db_url
        self.root = root  # the checkout whose server runs (another one to compare with)
        self.log_path = Path(workdir) / f"{name}.log"
        # A driver of bots, not a person: lift the rate limits (each is tested on its own); `env` overrides.
        self.env = {**os.environ, "DOI_DATABASE_URL": db_url, "DOI_SECRET_KEY": "crash-test-secret-0123456789abcdefghijkl",
                    "DOI_MESSAGES_PER_SECOND": "10000", "DOI_MESSAGE_BURST": "10000", "DOI_ROOMS_PER_HOUR": "100000",
                    "DOI_LOGIN_ATTEMPTS_PER_ADDRESS": "100000", "DOI_LOGIN_ATTEMPTS_PER_NAME_ADDRESS": "100000",
                    "DOI_LOGIN_DELAY_BASE": "0",
                    **(env or {})}
        self.proc: subprocess.Popen | None = None
        self.port = 0
        self.starts = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def start(self, timeout: float = 30) -> None:
        assert not self.alive(), "already running"
        self.port = free_port()
        # The log goes to a file: an undrained pipe fills up (a JSON line per move) and blocks the server.
        with open(self.log_path, "ab") as log:
            log.write(f"--- start {self.starts} on port {self.port}\n".encode())
            log.flush()
            self.proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--port", str(self.port)],
                                         cwd=self.root, env=self.env, stdout=subprocess.DEVNULL, stderr=log)
        self.starts += 1
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                if httpx.get(f"{self.base}/readyz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"doi serve did not become ready on port {self.port}:\n{self.log_tail()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler, no flush, no goodbye to the clients."""
        if self.alive():
            os.kill(self.proc.pid, signal.SIGKILL)
        if self.proc is not None:
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.alive():
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""


# ----- bookkeeping ---------------------------------------------------------------------------------
@dataclass
class Room:
    gid: str
    tokens: dict[str, str]
    acked: list[tuple[str, dict]] = field(default_factory=list)  # acknowledged moves: version i+1 = acked[i]
    pending: tuple[str, dict] | None = None  # sent, not (yet) acknowledged
    finished: bool = False
    moves_since_start: int = 0


@dataclass
class Report:
    backend: str
    kills: int = 0
    acked: int = 0            # moves acknowledged, in every game
    recovered: int = 0        # sent, unacknowledged when the server died, found committed after the restart
    lost: int = 0             # acknowledged moves missing from (or different in) the record
    doubled: int = 0          # rows in the record beyond the acknowledged moves (and the one in flight)
    mismatched: int = 0       # games whose served state differs from the replay of their record
    games: int = 0
    finished: int = 0
    checks: int = 0           # game verifications made
    moves_after_last_restart: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.problems or self.lost or self.doubled or self.mismatched)

    def summary(self) -> str:
        return (f"crash safety ({self.backend}): kills {self.kills}, moves acknowledged {self.acked}, "
                f"lost {self.lost}, doubled {self.doubled}, state mismatches {self.mismatched}, "
                f"in-flight moves found committed {self.recovered}, games {self.games} ({self.finished} finished), "
                f"game checks {self.checks}, moves after the last restart {self.moves_after_last_restart}, "
                f"problems {len(self.problems)}, wall time {self.seconds:.1f} s")


class Countdown:
    """`done` is set after `tick()` was called `n` times (every client connected)."""

    def __init__(self, n: int):
        self.left = n
        self.done = asyncio.Event()
        if n <= 0:
            self.done.set()

    def tick(self) -> None:
        self.left -= 1
        if self.left <= 0:
            self.done.set()


class ServerGone(Exception):
    """The connection dropped (the server was killed): the orchestrator reconciles."""


# ----- the database, read directly ----------------------------------------------------------------
def ensure_admin(db_url: str) -> None:
    from sqlalchemy import create_engine, select
    from sqlalchemy.orm import Session

    from app.infra.db import sync_url
    from app.infra.migrate import upgrade
    from app.infra.models import AdminRow
    from app.infra.security import hash_password

    with _MIGRATIONS:
        upgrade(db_url)
    engine = create_engine(sync_url(db_url))
    try:
        with Session(engine) as s, s.begin():
            if s.execute(select(AdminRow).where(AdminRow.name == ADMIN_NAME)).scalar_one_or_none() is None:
                s.add(AdminRow(name=ADMIN_NAME, password_hash=hash_password(ADMIN_PASSWORD)))
    finally:
        engine.dispose()


class Database:
    def __init__(self, db_url: str):
        from sqlalchemy import create_engine

        from app.infra.db import sync_url

        self.engine = create_engine(sync_url(db_url))

    def stored(self, gid: str) -> tuple[int, list[int], list[tuple[str, dict]]]:
        """The game row's version, and its action rows (seqs, moves) in seq order."""
        from sqlalchemy import select

        from app.infra.models import ActionRow, GameRow

        with self.engine.connect() as c:
            version = c.execute(select(GameRow.version).where(GameRow.id == gid)).scalar_one()
            rows = c.execute(select(ActionRow.seq, ActionRow.seat, ActionRow.action)
                             .where(ActionRow.game_id == gid).order_by(ActionRow.seq)).all()
        return version, [r.seq for r in rows], [(r.seat, r.action) for r in rows]

    def close(self) -> None:
        self.engine.dispose()


def _plain(x):
    return json.loads(json.dumps(x))


# ----- clients -------------------------------------------------------------------------------------
async def new_room(http: httpx.AsyncClient, rng: random.Random) -> Room:
    r = await http.post("/api/games", json={"revolutionaries": rng.choice((1, 2, 3))})
    r.raise_for_status()
    room = r.json()
    tokens = {}
    for seat in room["invites"]:
        c = await http.post(f"/api/games/{room['id']}/seats/{seat}", json={"name": f"bot {seat}"})
        c.raise_for_status()
        tokens[seat] = c.json()["token"]
    return Room(room["id"], tokens)


async def play_room(server: ServerProcess, room: Room, rng: random.Random, report: Report, ready,
                    limit: int | None = None, rest_share: float = 0.2, timeout: float = 15) -> None:
    """Random bot moves in one game until the game ends, `limit` moves, or the server dies."""
    socks: dict = {}
    latest: dict[str, dict] = {}
    told = False

    def tell_ready() -> None:  # once per game: playing, or already out of play
        nonlocal told
        if not told:
            told = True
            ready()

    async def next_view(seat: str) -> dict:
        while True:
            try:
                raw = await asyncio.wait_for(socks[seat].recv(), timeout)
            except websockets.ConnectionClosed as e:
                raise ServerGone() from e
            msg = json.loads(raw)
            if msg["type"] == "view":
                latest[seat] = msg
                return msg
            if msg["type"] == "reconnect":
                raise ServerGone()
            if msg["type"] == "error":
                raise AssertionError(f"game {room.gid}: error frame for {seat}: {msg}")

    async def views_at(seat: str, version: int) -> None:
        while latest[seat]["version"] < version:
            await next_view(seat)
        if latest[seat]["version"] != version:
            raise AssertionError(f"game {room.gid}: {seat} jumped to version {latest[seat]['version']}, "
                                 f"expected {version}")

    try:
        async with httpx.AsyncClient(base_url=server.base, timeout=timeout) as http:
            for seat, token in room.tokens.items():
                socks[seat] = await websockets.connect(f"{server.ws_base}/ws/games/{room.gid}?views=full&token={token}",
                                                       max_size=2**22, open_timeout=timeout)
            for seat in socks:
                await next_view(seat)
            version = len(room.acked)
            for seat in socks:  # the reconnected clients get the stored game, at its version
                if latest[seat]["version"] != version:
                    raise AssertionError(f"game {room.gid}: {seat} reconnected at version "
                                         f"{latest[seat]['version']}, {version} moves acknowledged")
            tell_ready()
            moves = 0
            while limit is None or moves < limit:
                some_view = latest[next(iter(socks))]["view"]
                if some_view["result"] is not None:
                    room.finished = True
                    return
                playable = {s: [a for a in latest[s]["view"]["actions"] if a["type"] not in ("undo", "cancel")]
                            for s in socks}
                seats = [s for s in socks if playable[s]]
                if not seats:
                    raise AssertionError(f"game {room.gid}: nobody can move at version {version}")
                seat = rng.choice(seats)
                busy = [a for a in playable[seat] if a["type"] not in ("done", "end_turn")]
                action = rng.choice(busy if busy and rng.random() < 0.8 else playable[seat])
                room.pending = (seat, action)
                if rng.random() < rest_share:
                    try:
                        r = await http.post(f"/api/games/{room.gid}/actions", json={"version": version,
                                            "action": action}, headers={"Authorization": f"Bearer {room.tokens[seat]}"})
                    except httpx.HTTPError as e:
                        raise ServerGone() from e
                    if r.status_code != 200 or r.json()["version"] != version + 1:
                        raise AssertionError(f"game {room.gid}: REST move refused: {r.status_code} {r.text[:300]}")
                    acknowledged = True
                else:
                    try:
                        await socks[seat].send(json.dumps({"type": "action", "version": version, "action": action}))
                    except websockets.ConnectionClosed as e:
                        raise ServerGone() from e
                    acknowledged = False
                if not acknowledged:
                    await views_at(seat, version + 1)  # the mover sees the new version: acknowledged
                room.acked.append(room.pending)
                room.pending = None
                version += 1
                moves += 1
                room.moves_since_start += 1
                for s in socks:
                    await views_at(s, version)
    except ServerGone:
        return
    except (OSError, TimeoutError, websockets.InvalidHandshake, websockets.InvalidURI) as e:
        if server.alive():  # a hang or refusal while the server runs is a failure; after a kill, expected
            report.problems.append(f"game {room.gid}: {type(e).__name__}: {e}")
    except AssertionError as e:
        if server.alive():
            report.problems.append(str(e))
    finally:
        tell_ready()
        for ws in socks.values():
            with contextlib.suppress(Exception):
                await ws.close()


# ----- verification -------------------------------------------------------------------------------
async def verify(server: ServerProcess, db: Database, rooms: list[Room], report: Report,
                 cookies: httpx.Cookies) -> None:
    """After a restart: every game's rows are versions 1..n, hold every acknowledged move once, in
    order; the server's state (admin view) equals the replay of the exported record."""
    from engine import replay

    async with httpx.AsyncClient(base_url=server.base, timeout=30, cookies=cookies) as http:
        if not cookies:  # the admin cookie is signed with the fixed secret key: it outlives restarts
            r = await http.post("/api/admin/login", json={"name": ADMIN_NAME, "password": ADMIN_PASSWORD})
            r.raise_for_status()
            cookies.update(http.cookies)
        for room in rooms:
            report.checks += 1
            version, seqs, moves = db.stored(room.gid)
            if seqs != list(range(1, len(seqs) + 1)) or version != len(seqs):
                report.problems.append(f"game {room.gid}: versions not contiguous: row version {version}, "
                                       f"action seqs {seqs[:5]}...{seqs[-5:]}")
            acked = [(s, _plain(a)) for s, a in room.acked]
            if room.pending is not None and len(moves) == len(acked) + 1 and moves[-1] == \
                    (room.pending[0], _plain(room.pending[1])):
                room.acked.append(room.pending)  # committed before the kill; the reconnected client sees it
                acked.append(moves[-1])
                report.recovered += 1
            room.pending = None
            same = next((i for i, (a, m) in enumerate(zip(acked, moves, strict=False)) if a != m),
                        min(len(acked), len(moves)))
            if same < len(acked):
                report.lost += len(acked) - same
                report.problems.append(f"game {room.gid}: acknowledged moves {same + 1}..{len(acked)} are not "
                                       f"in the record as acknowledged ({len(moves)} stored)")
            if len(moves) > len(acked):
                report.doubled += len(moves) - len(acked)
                report.problems.append(f"game {room.gid}: {len(moves) - len(acked)} stored moves beyond the "
                                       f"{len(acked)} acknowledged")
            served = (await http.get(f"/api/admin/games/{room.gid}")).json()
            record = (await http.get(f"/api/admin/games/{room.gid}/export")).json()
            if [(s, a) for s, a in record["actions"]] != moves:
                report.problems.append(f"game {room.gid}: the export differs from the action rows")
            game = replay(record)
            if served["version"] != len(moves) or _plain(game.view("admin", texts=False)) != served["view"]:
                report.mismatched += 1
                report.problems.append(f"game {room.gid}: the served state (version {served['version']}) is not "
                                       f"the replay of its {len(moves)} moves (replay hash {game.state_hash()[:12]})")
            room.finished = game.result is not None


# ----- the driver ----------------------------------------------------------------------------------
async def crash_run(db_url: str, kills: int, workdir: str | os.PathLike, rooms: int = 4, seed: int = 1,
                    min_delay: float = 0.2, max_delay: float = 0.8, after: int = 10, backend: str = "",
                    progress=None, min_moves: int = 20) -> Report:
    """Play `rooms` games at once against one `doi serve`; `kills` times: wait a random moment,
    SIGKILL it, restart it on the same database, verify every game, reconnect and play on. At the
    end every unfinished game plays `after` more moves after the last restart, and is verified.
    A kill waits for `min_moves` acknowledged moves since the restart first, so that it lands in busy
    play however slow the machine is (a fixed delay alone saw few moves under load)."""
    started = time.monotonic()
    report = Report(backend or db_url.split(":", 1)[0])
    rng = random.Random(seed)
    await asyncio.to_thread(ensure_admin, db_url)
    server = ServerProcess(db_url, workdir, name=f"crash-{secrets.token_hex(3)}")
    db = Database(db_url)
    all_rooms: list[Room] = []
    cookies = httpx.Cookies()
    try:
        for k in range(kills + 1):
            await asyncio.to_thread(server.start)
            await verify(server, db, all_rooms, report, cookies)
            async with httpx.AsyncClient(base_url=server.base, timeout=15) as http:
                live = [r for r in all_rooms if not r.finished]
                while len(live) < rooms:  # finished games are replaced, so `rooms` games are always in play
                    room = await new_room(http, rng)
                    all_rooms.append(room)
                    live.append(room)
            for room in live:
                room.moves_since_start = 0
            last = k == kills
            all_ready = Countdown(len(live))
            tasks = [asyncio.create_task(play_room(server, room, random.Random(rng.random()), report, all_ready.tick,
                                                   limit=after if last else None)) for room in live]
            if last:  # the games go on after the last restart
                await asyncio.wait_for(asyncio.gather(*tasks), 120)
                report.moves_after_last_restart = sum(r.moves_since_start for r in live)
                await verify(server, db, all_rooms, report, cookies)
                break
            # Kill at a random moment of play (every client connected and moving).
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(all_ready.done.wait(), 30)
            busy_by = time.monotonic() + 30
            while sum(r.moves_since_start for r in live) < min_moves and time.monotonic() < busy_by \
                    and not all(t.done() for t in tasks):
                await asyncio.sleep(0.02)
            await asyncio.sleep(rng.uniform(min_delay, max_delay))
            server.kill()
            report.kills += 1
            done, hung = await asyncio.wait(tasks, timeout=15)
            for t in hung:
                t.cancel()
                report.problems.append("a client did not notice the server's death within 15 s")
            if progress and report.kills % 10 == 0:
                progress(f"  {report.kills} kills, {sum(len(r.acked) for r in all_rooms)} moves acknowledged")
            if report.problems:
                break
    finally:
        server.stop()
        db.close()
        report.acked = sum(len(r.acked) for r in all_rooms)
        report.games = len(all_rooms)
        report.finished = sum(r.finished for r in all_rooms)
        report.seconds = time.monotonic() - started
        if report.problems:
            report.problems.append(f"server log ({server.log_path}):\n{server.log_tail()}")
    return report


@contextlib.contextmanager
def fresh_database(kind: str, workdir: Path):
    """`sqlite`: a new file under workdir; `postgres`: a new database (dropped afterwards); else a URL."""
    if kind == "sqlite":
        yield f"sqlite:///{workdir / 'crash.sqlite3'}"
    elif kind in ("postgres", "postgresql"):
        import psycopg

        admin_url = os.environ.get("DOI_CRASH_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
        name = f"doi_crash_{secrets.token_hex(4)}"
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
            try:
                yield admin_url.rsplit("/", 1)[0] + "/" + name
            finally:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    else:
        yield kind


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.crash", description=__doc__.split("\n\n")[0])
    p.add_argument("--kills", type=int, default=100)
    p.add_argument("--db", default="sqlite", help="sqlite (new file), postgres (new database) or a database URL")
    p.add_argument("--rooms", type=int, default=4, help="games played at once")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--min-delay", type=float, default=0.2, help="seconds of play before a kill, at least")
    p.add_argument("--max-delay", type=float, default=0.8, help="seconds of play before a kill, at most")
    p.add_argument("--after", type=int, default=10, help="moves per game after the last restart")
    p.add_argument("--min-moves", type=int, default=20, help="acknowledged moves since a restart before a kill")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="doi-crash-") as tmp, fresh_database(args.db, Path(tmp)) as url:
        report = asyncio.run(crash_run(url, args.kills, tmp, rooms=args.rooms, seed=args.seed,
                                       min_delay=args.min_delay, max_delay=args.max_delay, after=args.after, min_moves=args.min_moves,
                                       backend=args.db if args.db in ("sqlite", "postgres") else "",
                                       progress=print))
        print(report.summary())
        for problem in report.problems:
            print("PROBLEM:", problem)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
