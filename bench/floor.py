"""The floor of the mandated stack (issue 14): FastAPI + uvicorn + websockets with no rules engine and
no database, speaking just enough of docs/protocol.md for bench/bgio/load.js (`--target doi`) to drive
it exactly as it drives `doi serve`. bench/compare.py runs it beside boardgame.io (target `floor`).

    .venv/bin/pip install -e ".[bench]"    # wsproto, for --ws wsproto
    .venv/bin/python -m bench.floor --port 8300 [--ws websockets-sansio] [--loop uvloop] [--http httptools]
                                    [--api starlette|asgi] [--frame text|bytes] [--writer task|direct]
    .venv/bin/python -m bench.floor --port 8300 --server websockets   # the websockets library alone

The game has the shape of bench/bgio/game.js: 4 seats (the doi seat names), 5 cards each from a
shuffled 52-card deck, one move type (`{"type": "play", "card": c}`, only for the seat whose turn it
is): the card goes to the discard pile, the top of the deck replaces it (the discard pile is
shuffled back when the deck runs out), the turn passes on. It never ends. Hands are secret: a seat's
view holds its own hand and the others' counts; a spectator sees only counts.

What a socket gets is what `doi serve` sends (docs/protocol.md): a full `view` on connect (after
`?token=` or an `auth` frame, or a `sync`), then one `patch` per move (`version`, `base`, `status`,
an RFC 6902 patch that static/js/patch.js applies): the changed fields of that socket's view, built
directly from what the move changed (no diff), about as many bytes as boardgame.io sends per socket
per move (~800). Each distinct payload is serialised once with orjson (4 seats + 1 for the
spectators). A stale version gets `stale` and the view, a move that is not legal `illegal`.
Nothing is persisted, nothing is logged, no rate limit, no clock: the cost that remains is the
stack's own (HTTP upgrade, websocket frames, the ASGI layer, asyncio), which is the point.

The knobs, each measured by bench/compare.py (`floor:ws=wsproto,api=asgi,...`):
- `--ws`, `--loop`, `--http`: uvicorn's implementations (uvicorn.Config's ws, loop, http).
- `--api starlette`: Starlette's `websocket.receive_text()` / `send_text()` (or `send_bytes`);
  `--api asgi`: the raw ASGI `receive()` / `send({"type": "websocket.send", ...})` under them.
- `--frame text` (docs/protocol.md: text frames; orjson's bytes decoded to str, encoded again by the
  websocket library) or `bytes` (binary frames: what a browser client would get as a Blob, so for
  measuring only).
- `--writer task`: one writer task per socket fed by a queue (as app/play/hub.py); `direct`: the move's
  handler awaits each socket's send in turn.
- `--ping S`: uvicorn's keepalive ping interval (20 s, its default and `doi serve`'s; 0: none).
- `--gc on|freeze|off`: Python's cyclic collector (its passes from the first move go to stderr).
- `--server websockets`: no uvicorn, no ASGI, no FastAPI: the websockets library's own asyncio
  server (websockets.asyncio.server), with the two REST calls answered by a minimal HTTP/1.1 handler
  on the same port (the websockets library serves GET upgrades only).
"""

import argparse
import asyncio
import contextlib
import random
import secrets
import signal
import sys
from dataclasses import dataclass

import orjson

SEATS = ("soviet", "rev1", "rev2", "rev3")
HAND = 5
LOG_KEEP = 8   # log entries a view keeps (the oldest is removed by the patch that adds one)


# ----- the game: no engine, just the state ----------------------------------------------------------
class Room:
    def __init__(self, gid: str, rng: random.Random) -> None:
        self.gid = gid
        self.rng = rng
        deck = list(range(52))
        rng.shuffle(deck)
        self.hands = {s: [deck.pop() for _ in range(HAND)] for s in SEATS}
        self.deck = deck
        self.discard: list[int] = []
        self.version = 0
        self.turn = 0
        self.log: list[dict] = []
        self.tokens: dict[str, str] = {}   # token -> seat
        self.names: dict[str, str] = {}
        self.sockets: list[Conn] = []

    @property
    def current(self) -> str:
        return SEATS[self.turn % 4]

    def actions(self, seat: str | None) -> list[dict]:
        return [{"type": "play", "card": c} for c in self.hands[seat]] if seat == self.current else []

    def players(self) -> list[dict]:
        return [{"seat": s, "name": self.names.get(s, ""), "cards": len(self.hands[s]), "connected": True,
                 "to_act": s == self.current} for s in SEATS]

    def view(self, seat: str | None) -> dict:
        return {"seat": seat, "turn": self.turn, "current": self.current, "hand": self.hands[seat] if seat else [],
                "players": self.players(), "deck": len(self.deck), "discard": self.discard[-1:],
                "played": self.turn, "actions": self.actions(seat), "log": self.log[-LOG_KEEP:],
                "result": None}

    def view_frame(self, seat: str | None) -> bytes:
        return orjson.dumps({"type": "view", "version": self.version, "status": "active", "seat": seat,
                             "seats": list(SEATS), "view": self.view(seat)})

    def play(self, seat: str, card: int) -> dict[str | None, bytes]:
        """Apply a legal move; the patch frame of each distinct view (None: the spectators)."""
        hand = self.hands[seat]
        hand.remove(card)
        self.discard.append(card)
        if not self.deck:
            self.deck = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.rng.shuffle(self.deck)
        hand.append(self.deck.pop())
        self.turn += 1
        self.version += 1
        entry = {"turn": self.turn, "seat": seat, "card": card, "text": f"{seat} plays card {card} and draws a card"}
        self.log.append(entry)
        trim = len(self.log) > LOG_KEEP
        del self.log[:-LOG_KEEP]
        nxt = self.current
        common = [{"op": "replace", "path": "/turn", "value": self.turn},
                  {"op": "replace", "path": "/current", "value": nxt},
                  {"op": "replace", "path": "/players", "value": self.players()},
                  {"op": "replace", "path": "/deck", "value": len(self.deck)},
                  {"op": "replace", "path": "/discard", "value": self.discard[-1:]},
                  {"op": "replace", "path": "/played", "value": self.turn},
                  *([{"op": "remove", "path": "/log/0"}] if trim else []),
                  {"op": "add", "path": "/log/-", "value": entry}]
        frames: dict[str | None, bytes] = {}
        for s in (*SEATS, None):
            ops = common
            if s == seat:
                ops = [*common, {"op": "replace", "path": "/hand", "value": hand},
                       {"op": "replace", "path": "/actions", "value": []}]
            elif s == nxt:
                ops = [*common, {"op": "replace", "path": "/actions", "value": self.actions(s)}]
            frames[s] = orjson.dumps({"type": "patch", "version": self.version, "base": self.version - 1,
                                      "status": "active", "patch": ops})
        return frames


ROOMS: dict[str, Room] = {}
GC_RESET: list = []   # watch_gc's reset, called at the first move
RNG = random.Random(1)


def create_room() -> Room:
    gid = secrets.token_urlsafe(9)
    room = ROOMS[gid] = Room(gid, random.Random(RNG.random()))
    return room


def claim(gid: str, seat: str, name: str) -> str | None:
    room = ROOMS.get(gid)
    if room is None or seat not in SEATS or seat in room.tokens.values():
        return None
    token = secrets.token_urlsafe(16)
    room.tokens[token] = seat
    room.names[seat] = name
    return token


def error(code: str) -> bytes:
    return orjson.dumps({"type": "error", "code": code})


# ----- one socket, whatever carries its frames ----------------------------------------------------------
@dataclass(eq=False)
class Conn:
    """A socket of a room: `put` queues a frame (writer task) or sends it at once (direct)."""
    room: Room
    seat: str | None
    send: object                    # async callable(bytes)
    writer: bool
    outbox: asyncio.Queue | None = None
    task: asyncio.Task | None = None
    closed: bool = False

    def start(self) -> None:
        if self.writer:
            self.outbox = asyncio.Queue()
            self.task = asyncio.get_running_loop().create_task(self._write_loop())

    async def _write_loop(self) -> None:
        try:
            while True:
                await self.send(await self.outbox.get())
        except Exception:  # the socket went away: the reader's end cleans up
            self.closed = True

    async def put(self, data: bytes) -> None:
        if self.closed:
            return
        if self.writer:
            self.outbox.put_nowait(data)
        else:
            try:
                await self.send(data)
            except Exception:
                self.closed = True

    def stop(self) -> None:
        self.closed = True
        if self.task is not None:
            self.task.cancel()

    async def handle(self, text: str | bytes) -> None:
        """One client frame."""
        try:
            msg = orjson.loads(text)
        except orjson.JSONDecodeError:
            await self.put(error("invalid"))
            return
        if not isinstance(msg, dict):
            await self.put(error("invalid"))
            return
        room = self.room
        kind = msg.get("type")
        if kind == "action":
            action = msg.get("action")
            if self.seat is None:
                await self.put(error("forbidden"))
            elif type(msg.get("version")) is not int or msg["version"] != room.version:
                await self.put(error("stale"))
                await self.put(room.view_frame(self.seat))
            elif (not isinstance(action, dict) or action.get("type") != "play" or type(action.get("card")) is not int
                  or self.seat != room.current or action["card"] not in room.hands[self.seat]):
                await self.put(error("illegal"))
            else:
                while GC_RESET:
                    GC_RESET.pop()()
                frames = room.play(self.seat, action["card"])
                for conn in list(room.sockets):
                    await conn.put(frames[conn.seat])
        elif kind == "auth":
            seat = room.tokens.get(msg.get("token"))
            if seat is None:
                await self.put(error("forbidden"))
            else:
                self.seat = seat
                await self.put(room.view_frame(seat))
        elif kind == "sync":
            await self.put(room.view_frame(self.seat))
        elif kind == "ping":
            await self.put(b'{"type":"pong"}')
        else:
            await self.put(error("invalid"))


def open_conn(gid: str, token: str | None, send, writer: bool) -> Conn | int:
    """A socket joins a room (the close code when it cannot)."""
    room = ROOMS.get(gid)
    if room is None:
        return 4404
    seat = None
    if token is not None:
        seat = room.tokens.get(token)
        if seat is None:
            return 4403
    conn = Conn(room, seat, send, writer)
    conn.start()
    room.sockets.append(conn)
    return conn


def close_conn(conn: Conn) -> None:
    conn.stop()
    if conn in conn.room.sockets:
        conn.room.sockets.remove(conn)


# ----- FastAPI on uvicorn ------------------------------------------------------------------------------
def make_app(api: str, frame: str, writer: bool):
    from fastapi import FastAPI, Request, WebSocket
    from fastapi.responses import Response
    from starlette.websockets import WebSocketDisconnect

    app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)

    def answer(body: dict, status: int = 200) -> Response:
        return Response(orjson.dumps(body), status_code=status, media_type="application/json")

    @app.post("/api/games")
    async def new_game() -> Response:
        room = create_room()
        return answer({"id": room.gid, "seats": list(SEATS)}, 201)

    @app.post("/api/games/{gid}/seats/{seat}")
    async def claim_seat(gid: str, seat: str, request: Request) -> Response:
        body = orjson.loads(await request.body() or b"{}")
        token = claim(gid, seat, str(body.get("name", "")))
        if token is None:
            return answer({"detail": "no such free seat", "code": "not_found"}, 404)
        return answer({"token": token, "seat": seat})

    @app.websocket("/ws/games/{gid}")
    async def play(websocket: WebSocket, gid: str) -> None:
        await websocket.accept()
        if api == "asgi":
            raw_send, raw_receive = websocket._send, websocket._receive   # what Starlette wraps
            key = "text" if frame == "text" else "bytes"

            async def send(data: bytes) -> None:
                await raw_send({"type": "websocket.send", key: data.decode() if frame == "text" else data})
        else:
            send = ((lambda data: websocket.send_text(data.decode())) if frame == "text"
                    else websocket.send_bytes)
        conn = open_conn(gid, websocket.query_params.get("token"), send, writer)
        if isinstance(conn, int):
            await websocket.close(conn)
            return
        try:
            await conn.put(conn.room.view_frame(conn.seat))
            if api == "asgi":
                while True:
                    message = await raw_receive()
                    if message["type"] == "websocket.disconnect":
                        break
                    await conn.handle(message.get("text") or message.get("bytes") or b"")
            else:
                while True:
                    await conn.handle(await websocket.receive_text())
        except WebSocketDisconnect:
            pass
        finally:
            close_conn(conn)

    return app


def run_uvicorn(args, on_shutdown) -> None:
    import uvicorn

    app = make_app(args.api, args.frame, args.writer == "task")
    config = uvicorn.Config(app, host=args.host, port=args.port, ws=args.ws, loop=args.loop, http=args.http,
                            ws_per_message_deflate=False, ws_max_size=65536, log_level="warning",
                            ws_ping_interval=args.ping or None,
                            access_log=False, proxy_headers=False, lifespan="off")

    class Server(uvicorn.Server):
        async def shutdown(self, sockets=None) -> None:
            on_shutdown()
            await super().shutdown(sockets)

    Server(config).run()


# ----- the websockets library alone ---------------------------------------------------------------------
async def rest_then_upgrade(args) -> None:
    """One listening port: websockets' own server; a connection that opens with a POST is answered here
    (HTTP/1.1, keep-alive) instead of by websockets, which serves GET upgrades only."""
    from urllib.parse import parse_qs, urlsplit

    from websockets.asyncio.server import ServerConnection, serve

    async def handler(ws: ServerConnection) -> None:
        url = urlsplit(ws.request.path)
        parts = url.path.split("/")
        if len(parts) != 4 or parts[1:3] != ["ws", "games"]:
            await ws.close(4404)
            return
        token = parse_qs(url.query).get("token", [None])[0]
        if args.frame == "text":
            async def send(data: bytes) -> None:
                await ws.send(data.decode())
        else:
            send = ws.send
        conn = open_conn(parts[3], token, send, args.writer == "task")
        if isinstance(conn, int):
            await ws.close(conn)
            return
        try:
            await conn.put(conn.room.view_frame(conn.seat))
            async for message in ws:
                await conn.handle(message)
        except Exception:
            pass
        finally:
            close_conn(conn)

    def answer(body: dict, status: int) -> bytes:
        data = orjson.dumps(body)
        reason = {200: "OK", 201: "Created", 404: "Not Found"}[status]
        return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {len(data)}\r\n"
                "\r\n").encode() + data

    def rest(method: bytes, path: str, body: bytes) -> bytes:
        parts = path.split("/")
        if method == b"POST" and path == "/api/games":
            room = create_room()
            return answer({"id": room.gid, "seats": list(SEATS)}, 201)
        if method == b"POST" and len(parts) == 6 and parts[1:3] == ["api", "games"] and parts[4] == "seats":
            token = claim(parts[3], parts[5], str(orjson.loads(body or b"{}").get("name", "")))
            if token is not None:
                return answer({"token": token, "seat": parts[5]}, 200)
        return answer({"detail": "not found", "code": "not_found"}, 404)

    class Front(ServerConnection):
        """websockets' connection; a plain HTTP request (not GET) is answered before websockets sees it
        (its handshake then waits, open_timeout=None, until the client closes the connection)."""
        rest_buf: bytes | None = None
        websocket = False

        def data_received(self, data: bytes) -> None:
            if self.websocket or (self.rest_buf is None and data.startswith(b"GET ")):
                self.websocket = True   # from here on
                super().data_received(data)
                return
            self.rest_buf = (self.rest_buf or b"") + data
            while b"\r\n\r\n" in self.rest_buf:
                head, _, after = self.rest_buf.partition(b"\r\n\r\n")
                lines = head.split(b"\r\n")
                method, target, _ = lines[0].split(b" ", 2)
                length = 0
                for line in lines[1:]:
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value)
                if len(after) < length:
                    return
                self.transport.write(rest(method, target.decode(), after[:length]))
                self.rest_buf = after[length:]

    async with serve(handler, args.host, args.port, create_connection=Front, open_timeout=None,
                     compression=None, max_size=65536, ping_interval=None) as server:
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, server.close)   # exit, atexit too
        with contextlib.suppress(asyncio.CancelledError):
            await server.serve_forever()


def watch_gc(mode: str):
    """Time the cyclic collector's passes; their count, total and longest pause go to stderr at exit."""
    import atexit
    import gc
    import threading
    import time

    pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
    started = [0.0]

    def callback(phase: str, info: dict) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            pauses[info["generation"]].append(time.perf_counter() - started[0])

    gc.callbacks.append(callback)
    GC_RESET.append(lambda: pauses.update({0: [], 1: [], 2: []}))   # at the first move: play, not set-up
    if mode == "off":
        gc.disable()
    elif mode == "freeze":
        def freeze() -> None:
            while True:
                time.sleep(2)
                gc.freeze()
        threading.Thread(target=freeze, daemon=True).start()

    @atexit.register   # (uvicorn ends by re-raising SIGTERM: it calls this from its shutdown, below)
    def report() -> None:
        for gen, p in pauses.items():
            if p:
                print(f"gc generation {gen} from the first move: {len(p)} passes, {sum(p) * 1000:.1f} ms in all, "
                      f"longest {max(p) * 1000:.2f} ms", file=sys.stderr, flush=True)
        pauses.update({0: [], 1: [], 2: []})

    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.floor", description=__doc__.split("\n\n")[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8300)
    ap.add_argument("--server", choices=("uvicorn", "websockets"), default="uvicorn")
    ap.add_argument("--ws", default="websockets-sansio", help="uvicorn's ws: websockets, websockets-sansio, wsproto")
    ap.add_argument("--loop", default="uvloop", help="uvicorn's loop (also --server websockets): uvloop, asyncio")
    ap.add_argument("--http", default="httptools", help="uvicorn's http: httptools, h11")
    ap.add_argument("--api", choices=("starlette", "asgi"), default="starlette")
    ap.add_argument("--frame", choices=("text", "bytes"), default="text")
    ap.add_argument("--writer", choices=("task", "direct"), default="task")
    ap.add_argument("--ping", type=float, default=20.0,
                    help="uvicorn's ws_ping_interval, seconds (its default, and doi serve's: 20); 0: no pings")
    ap.add_argument("--gc", choices=("on", "freeze", "off"), default="on",
                    help="Python's cyclic collector: on; freeze (gc.freeze() every 2 s: what survived so far is "
                         "never traversed again); off")
    args = ap.parse_args(argv)
    report = watch_gc(args.gc)
    if args.server == "uvicorn":
        run_uvicorn(args, report)
    else:
        if args.loop == "uvloop":
            import uvloop
            uvloop.run(rest_then_upgrade(args))
        else:
            asyncio.run(rest_then_upgrade(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
