"""The websocket hub: which sockets watch which game, and pushing each its own seat's view.

After a change the hub computes one view per distinct seat watching (soviet, rev1.., spectator,
admin) and sends it to every socket of that seat. Views are filtered by the engine; a socket only
ever receives the view of the seat its token proved (DESIGN §5).
"""
from __future__ import annotations

import asyncio
import json
from collections import deque
from dataclasses import dataclass, field

from fastapi import WebSocket

from app.play.socket_send import STOPPED_READING, fail_now, text_sender
from app.play.wire import Cut, patch_payload, view_payload
from engine import Game

SEND_TIMEOUT = 5.0    # a socket that takes longer than this to take one message is dropped
WATCH_EVERY = 1.0     # how often the hub looks for such sockets (so a stuck one goes after 5-6 s)
OUTBOX_LIMIT = 256    # messages waiting for one socket before we give up on it (it reconnects)


class _Rest:
    """The rest of a send that did not finish at once (it waits for the socket: the client is slow
    to read), to be awaited by a task: the coroutine goes on from where it stopped, waiting for what
    it was waiting for, and a cancel reaches it where it waits (as if a task had run it all along)."""

    __slots__ = ("coro", "waiting")

    def __init__(self, coro, waiting):
        self.coro, self.waiting = coro, waiting

    def __await__(self):
        coro, waiting = self.coro, self.waiting
        while True:
            try:
                yield waiting
            except BaseException as e:  # cancelled (the watchdog): into the send, where it waits
                try:
                    waiting = coro.throw(e)
                except StopIteration as done:
                    return done.value
            else:
                try:
                    waiting = coro.send(None)
                except StopIteration as done:
                    return done.value


@dataclass(eq=False)
class Conn:
    """One socket. A message posted to an idle socket is written at once, in the poster's own step:
    a send that finds the socket's buffer free completes without waiting (a frame and a transport
    write), so the usual message costs no task, no queue and no wake-up. A send that has to wait
    (the client is slow to read) goes on in a writer task of the socket's own, and what is posted
    meanwhile waits in the backlog behind it, in order; so a slow client only ever holds up itself,
    and the hub's watchdog drops it when one send takes longer than SEND_TIMEOUT."""

    ws: WebSocket
    game_id: str
    seat: str  # a seat of the game, "spectator" or "admin"
    name: str = ""
    sent_version: int = -1
    patches: bool = True      # the client applies JSON Patches after a full view (False: ?views=full)
    tokens: float = 0.0       # rate limit: a token bucket refilled at the allowed message rate
    last_refill: float = 0.0
    backlog: deque = field(default_factory=deque)  # posted while the writer task runs: its to-do
    open: bool = True
    writer: asyncio.Task | None = None  # only while a send waits for the socket, then its backlog
    busy_since: float = 0.0   # loop time the waiting send started; 0: none (Hub._watch)
    stalled: bool = False     # the hub gave up on this socket's send
    send: object = None       # send(text): one text frame, None or an awaitable (app.play.socket_send)
    show_spectators: bool = False  # a player's choice to read the spectators' chat (a "channels" frame)

    def __post_init__(self):
        if self.send is None:
            self.send = text_sender(self.ws)

    def reads_spectators(self) -> bool:
        """Whether the spectators' chat channel goes to this socket: a watcher's own, a player's by choice."""
        return self.seat in ("spectator", "admin") or self.show_spectators

    def post(self, payload: str) -> bool:
        if not self.open:
            return False
        if self.writer is not None:  # a send is waiting for the socket: queue behind it, in order
            if len(self.backlog) >= OUTBOX_LIMIT:  # not reading: drop it rather than hold everything
                self.open = False
                self.backlog.append(("close", STOPPED_READING))
                return False
            self.backlog.append(payload)
            return True
        try:
            coro = self.send(payload)
            if coro is None:  # written at once (app.play.socket_send)
                return True
            waiting = coro.send(None)
        except StopIteration:  # sent
            return True
        except Exception:  # a dead socket: the reader loop cleans up
            self.open = False
            return False
        self.busy_since = asyncio.get_running_loop().time()
        self.writer = asyncio.create_task(self._drain(_Rest(coro, waiting)),
                                          name=f"ws-writer-{self.game_id}-{self.seat}")
        return True

    async def close(self, code: int = 1000, timeout: float = 2.0) -> None:
        """Close after everything already posted has gone out."""
        if self.open:
            self.open = False
            self.backlog.append(("close", code))
            if self.writer is None:
                self.writer = asyncio.create_task(self._drain(None), name=f"ws-closer-{self.game_id}-{self.seat}")
        if self.writer is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self.writer), timeout)
            except Exception:  # stuck on a dead socket: the reader's cleanup stops it
                pass

    async def stop(self) -> None:
        """The socket is gone: stop writing."""
        self.open = False
        if self.writer is not None and not self.writer.done():
            self.writer.cancel()
            try:
                await self.writer
            except BaseException:  # cancelled, or the socket failed: either way it is over
                pass

    async def _drain(self, rest: _Rest | None) -> None:
        """Finish the send that had to wait, then write the backlog; the socket is idle again (its
        next message written at once) when the backlog is empty. No timer per message (a timer's
        heap push and cancel cost more than the send itself): the hub's watchdog cancels a send
        that has taken longer than SEND_TIMEOUT."""
        clock = asyncio.get_running_loop().time
        backlog = self.backlog
        try:
            if rest is not None:
                await rest
                self.busy_since = 0.0
            while backlog:
                item = backlog.popleft()
                if item.__class__ is tuple:  # ("close", code)
                    async with asyncio.timeout(SEND_TIMEOUT):
                        await self.ws.close(code=item[1])
                    return
                self.busy_since = clock()
                pending = self.send(item)
                if pending is not None:
                    await pending
                self.busy_since = 0.0
            self.writer = None  # no await since the backlog was found empty: nothing is left behind
        except asyncio.CancelledError:
            if not self.stalled:
                raise
            self.open = False  # stuck: closed with 1013 where the server allows it, and the reader loop cleans up
            fail_now(self.ws, STOPPED_READING)
        except Exception:  # a dead or stuck socket: the reader loop cleans up
            self.open = False


class Hub:
    def __init__(self, metrics=None):
        self.conns: dict[str, set[Conn]] = {}
        self.metrics = metrics
        # Per game, the last version pushed and each seat's view of it in pieces (app.play.wire): what
        # the next version's patches are taken against.
        self.sent: dict[str, tuple[int, dict]] = {}
        self._watchdog: asyncio.Task | None = None

    def add(self, conn: Conn) -> None:
        self.conns.setdefault(conn.game_id, set()).add(conn)
        if self.metrics:
            self.metrics.sockets.inc()
        if self._watchdog is None or self._watchdog.done():
            self._watchdog = asyncio.get_running_loop().create_task(self._watch(), name="ws-send-watchdog")

    async def _watch(self) -> None:
        """Drop the sockets whose current send has taken longer than SEND_TIMEOUT (a client that
        stopped reading): one timer for all sockets instead of one per message."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(WATCH_EVERY)
            now = loop.time()
            for group in list(self.conns.values()):
                for c in list(group):
                    if c.busy_since and now - c.busy_since > SEND_TIMEOUT and c.writer and not c.writer.done():
                        c.stalled = True
                        c.writer.cancel()

    def _stop_watchdog(self) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()
            self._watchdog = None

    def remove(self, conn: Conn) -> None:
        group = self.conns.get(conn.game_id)
        if group and conn in group:
            group.discard(conn)
            if self.metrics:
                self.metrics.sockets.dec()
            if not group:
                del self.conns[conn.game_id]
                self.sent.pop(conn.game_id, None)
                if not self.conns:
                    self._stop_watchdog()

    async def close_all(self, timeout: float = 5.0) -> None:
        """Graceful shutdown: tell every client to reconnect (to this or another instance), close
        the sockets and wait for their handlers to finish."""
        conns = [c for group in self.conns.values() for c in group]
        payload = json.dumps({"type": "reconnect", "message": "The server is restarting: reconnect."})
        for c in conns:
            c.post(payload)
        await asyncio.gather(*(c.close(1012, 1.0) for c in conns))
        deadline = asyncio.get_running_loop().time() + timeout
        while self.count() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)
        self._stop_watchdog()

    async def close_game(self, game_id: str, payload: str, code: int) -> None:
        """Every socket on the game gets `payload`, then is closed with `code` (the game is gone)."""
        conns = list(self.conns.get(game_id, ()))
        for c in conns:
            c.post(payload)
        await asyncio.gather(*(c.close(code, 1.0) for c in conns))

    def count(self) -> int:
        return sum(len(g) for g in self.conns.values())

    def watching(self, game_id: str) -> bool:
        return bool(self.conns.get(game_id))

    def oldest_version(self, game_id: str) -> int:
        """The oldest version a socket on this game was sent (-1: none watch it)."""
        return min((c.sent_version for c in self.conns.get(game_id, ())), default=-1)

    async def push_views(self, game_id: str, version: int, status: str, seats: list[dict], game: Game,
                         again: bool = False) -> None:
        """Send `version` to every socket that has not had it (with `again`, also to those that have:
        the room changed without a move). Never an older view after a newer one."""
        group = [c for c in self.conns.get(game_id, ())
                 if version > c.sent_version or (again and version == c.sent_version)]
        if not group:
            return
        public, own = game.view_parts({c.seat for c in group}, texts=False)
        before, old = self.sent.get(game_id, (-1, None))
        cut = Cut.of(public, own, old)
        full: dict[str, str] = {}
        patch: dict[str, str] = {}
        payloads = []
        for c in group:
            seat = c.seat
            if c.patches and not again and c.sent_version == before == version - 1 and seat in old.own:
                payload = patch.get(seat)
                if payload is None:
                    payload = patch[seat] = patch_payload(cut.patch(old, seat), version, before, status)
            else:
                payload = full.get(seat)
                if payload is None:
                    payload = full[seat] = view_payload(cut, version, status, seat, seats)
            c.sent_version = version
            payloads.append(payload)
        # Written back to back once all are made: the send path stays in the caches (six sends
        # 0.138 -> 0.126 ms a move in the loaded server), and the last socket gets its frame no later.
        for c, payload in zip(group, payloads, strict=True):
            c.post(payload)
        if version == before:  # the room changed: the seats not pushed to keep their pieces
            cut.keep(old)
        self.sent[game_id] = (version, cut)

    def view_message(self, game_id: str, game: Game, seat: str, version: int, status: str, seats: list[dict]) -> str:
        """A full view for one socket (joining, or asking again); its pieces are kept, so that the
        socket's next version can come as a patch."""
        before, old = self.sent.get(game_id, (-1, None))
        if version == before and seat in old.own:  # (a second spectator): this version's own view is cut already
            return view_payload(old, version, status, seat, seats)
        public, own = game.view_parts([seat], texts=False)
        if version == before:
            cut = old
            cut.add(seat, own[seat])
        else:
            cut = Cut.of(public, own)
            if version > before:
                self.sent[game_id] = (version, cut)
        return view_payload(cut, version, status, seat, seats)

    async def broadcast(self, game_id: str, message: dict) -> None:
        payload = json.dumps(message)
        for c in list(self.conns.get(game_id, ())):
            c.post(payload)

    async def broadcast_chat(self, game_id: str, message: dict) -> None:
        """A chat line to the sockets that read its channel: the players' channel to all, the
        spectators' only to spectators, admins and the players who chose to show it."""
        payload = json.dumps(message)
        everyone = message.get("channel") != "spectators"
        for c in list(self.conns.get(game_id, ())):
            if everyone or c.reads_spectators():
                c.post(payload)

