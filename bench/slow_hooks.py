"""Slow webhook receivers against another room's notification (issue 30 item 3).

A real `doi serve` on SQLite; `--slow` rooms (100) whose webhook leads to a receiver on 127.0.0.1
that reads the request and then answers one byte every `--drip` seconds (3) and never finishes;
once they all hold a connection, one more room whose receiver answers at once. Printed: how long
after that room's game started its notification arrived (or that it never did within `--wait`),
the most connections one slow room held at once, and how long the slow receivers' connections were
held. Before the fix the timeout counted per read (each byte restarted it) and the sender shared
one connection pool of 100: the slow rooms filled it for good and the good room's attempts waited
for a free connection until they were dropped.

    .venv/bin/python -m bench.slow_hooks                          # this checkout
    .venv/bin/python -m bench.slow_hooks --against /tmp/base      # another checkout's server
                                                                  # (git worktree add --detach /tmp/base main)
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from bench.crash import ServerProcess

ROOT = Path(__file__).resolve().parents[1]
MIGRATE = "from app.infra.migrate import upgrade; upgrade({url!r})"


class DripServer:
    """HTTP receivers on 127.0.0.1, in a thread of their own: each request is read whole, then the
    answer's status line and a header are sent one byte every `every` seconds, for `hold` seconds,
    unless the client goes first. Records per path the connections open now and the most at once,
    and how long each connection lasted."""

    def __init__(self, every: float, hold: float = 120.0):
        self.every, self.hold = every, hold
        self.open: Counter[str] = Counter()
        self.most: Counter[str] = Counter()
        self.requests: Counter[str] = Counter()
        self.lasted: list[float] = []
        self.lock = threading.Lock()
        ready = threading.Event()
        self.loop = asyncio.new_event_loop()

        async def start():
            self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0, backlog=2048)
            ready.set()

        def run():
            asyncio.set_event_loop(self.loop)
            self.loop.run_until_complete(start())
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True, name="drip-server")
        self.thread.start()
        ready.wait(10)
        self.port = self.server.sockets[0].getsockname()[1]

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}/{path}"

    def open_now(self) -> int:
        with self.lock:
            return sum(self.open.values())

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        started = time.monotonic()
        path = ""
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            path = head.split(b" ", 2)[1].decode().lstrip("/")
            length = next((int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                           if line.lower().startswith(b"content-length:")), 0)
            await reader.readexactly(length)
            with self.lock:
                self.requests[path] += 1
                self.open[path] += 1
                self.most[path] = max(self.most[path], self.open[path])
            answer = b"HTTP/1.1 204 No Content\r\nX-Slow: " + b"a" * 100_000
            for i in range(len(answer)):
                if time.monotonic() - started > self.hold:
                    break
                writer.write(answer[i:i + 1])
                await writer.drain()
                try:  # the client closing ends the wait at once: b"" is its end of stream
                    if await asyncio.wait_for(reader.read(1), self.every) == b"":
                        break
                except TimeoutError:
                    pass
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass
        finally:
            with self.lock:
                if path:
                    self.open[path] -= 1
                    self.lasted.append(time.monotonic() - started)
            writer.close()

    def close(self) -> None:
        async def stop():
            self.server.close()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


class GoodReceiver:
    """An HTTP receiver on 127.0.0.1 that answers 204 at once and notes when each body came."""

    def __init__(self):
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        self.arrived: list[tuple[float, dict]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                receiver.arrived.append((time.monotonic(), body))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/good"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def start_room(http: httpx.Client, webhook: str) -> str:
    """A one-Revolutionary room with `webhook`, both seats claimed: its game starts and its first
    turn change (the Soviet's) is due."""
    r = http.post("/api/games", json={"revolutionaries": 1, "webhook": webhook})
    assert r.status_code == 201, r.text
    room = r.json()
    for seat, link in room["invites"].items():
        invite = link.split("invite=", 1)[1].split("&", 1)[0]
        c = http.post(f"/api/games/{room['id']}/seats/{seat}", json={"name": f"P {seat}", "invite": invite})
        assert c.status_code == 200, c.text
    return room["id"]


@dataclass
class Result:
    slow: int
    stop_after: float                # the server is stopped this long after the good room started
    held_at_once: int = 0            # slow connections open when the good room started
    good_after: float | None = None  # seconds from the good room's start to its notification
    most_per_room: int = 0           # the most connections one slow room held at once
    lasted: list[float] = field(default_factory=list)  # each slow connection the server ended: seconds

    def lines(self) -> list[str]:
        got = f"{self.good_after:.3f} s" if self.good_after is not None else "never"
        longest = f"{max(self.lasted):.1f} s" if self.lasted else "none ended"
        return [f"slow rooms: {self.slow}, their connections open when the good room started: {self.held_at_once}",
                f"good room's notification: {got} after its game started",
                f"most connections one slow room held at once: {self.most_per_room}",
                f"slow connections the server ended (in {self.stop_after:g} s after the good room started): "
                f"{len(self.lasted)}, longest: {longest}"]


def measure(root: Path, slow: int = 100, drip: float = 3.0, timeout: float = 5.0, attempts: int = 3,
            backoff: float = 0.5, wait: float = 20.0) -> Result:
    result = Result(slow, max(wait, timeout + 1))  # on a server that works, the slow attempts have ended by then
    drips, good = DripServer(drip), GoodReceiver()
    with tempfile.TemporaryDirectory(prefix="slow-hooks-") as tmp:
        url = f"sqlite:///{tmp}/hooks.sqlite3"
        subprocess.run([sys.executable, "-c", MIGRATE.format(url=url)], cwd=root, check=True)
        server = ServerProcess(url, tmp, env={
            "DOI_WEBHOOK_ALLOW_PRIVATE": "true", "DOI_WEBHOOK_PORTS": "1024-65535",
            "DOI_WEBHOOK_TIMEOUT": str(timeout), "DOI_WEBHOOK_ATTEMPTS": str(attempts),
            "DOI_WEBHOOK_BACKOFF": str(backoff), "DOI_BOT_PAUSE": "0"}, root=root)
        server.start()
        try:
            with httpx.Client(base_url=server.base, timeout=30) as http:
                for i in range(slow):
                    start_room(http, drips.url(f"slow{i}"))
                deadline = time.monotonic() + 30
                while drips.open_now() < min(slow, 100) and time.monotonic() < deadline:
                    time.sleep(0.05)
                result.held_at_once = drips.open_now()
                started = time.monotonic()
                gid = start_room(http, good.url)
                while time.monotonic() < started + wait:
                    came = [at for at, body in good.arrived if body["game"] == gid]
                    if came:
                        result.good_after = came[0] - started
                        break
                    time.sleep(0.01)
                time.sleep(max(0.0, started + result.stop_after - time.monotonic()))  # past the slow attempts' deadline
                with drips.lock:  # the ones the server ended itself, before it stops
                    result.lasted = list(drips.lasted)
        finally:
            server.stop()
            drips.close()
            good.close()
    result.most_per_room = max(drips.most.values(), default=0)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--slow", type=int, default=100, help="rooms whose receiver drips (100)")
    ap.add_argument("--drip", type=float, default=3.0, help="seconds between the slow receivers' bytes (3)")
    ap.add_argument("--timeout", type=float, default=5.0, help="DOI_WEBHOOK_TIMEOUT (5)")
    ap.add_argument("--attempts", type=int, default=3, help="DOI_WEBHOOK_ATTEMPTS (3)")
    ap.add_argument("--wait", type=float, default=20.0, help="seconds to wait for the good room (20)")
    ap.add_argument("--against", type=Path, help="run another checkout's server instead")
    args = ap.parse_args()
    root = args.against.resolve() if args.against else ROOT
    print(f"server: {root}")
    for line in measure(root, args.slow, args.drip, args.timeout, args.attempts, wait=args.wait).lines():
        print(line)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    main()
