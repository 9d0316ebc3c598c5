"""The move service: the one way a move is made (websocket, REST, and any server-side seat such as
a bot), and the fan-out that brings every socket this instance holds to each new version, in order.

A move: `make_move` applies it through the store (optimistic versioning), maps the engine's refusal
to a `StoreError`, pushes the new version to this instance's sockets and counts it. Other instances
hear of it on the bus (app.bus.notes) and call `on_notify`, which replays the versions they missed."""
from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from app.play.rooms import seat_infos
from app.play.store import StoreError, status_of
from engine import Game, IllegalAction

log = logging.getLogger("doi.games")


class Listeners:
    """What the move path tells the services that sit above it (the bot driver, the clocks, the
    webhook sender: app.main registers them at start-up, so the move path imports none of them).

    - `changed`: called with the game's id after every change (a move, a room change, a bus note);
      each must return at once (it starts its own task when the game has work for it).
    - `clock_note`: awaited with the game's id when a "clock" note is heard on the bus.
    - `bus_back`: called when the bus is back after an outage (the notes sent meanwhile are lost).
    - `chatted`: called with (game id, seat, name, text) after a line of chat was stored here."""

    __slots__ = ("changed", "clock_note", "bus_back", "chatted")

    def __init__(self) -> None:
        self.changed: tuple[Callable[[str], None], ...] = ()
        self.clock_note: tuple[Callable[[str], Awaitable[None]], ...] = ()
        self.bus_back: tuple[Callable[[], None], ...] = ()
        self.chatted: tuple[Callable[[str, str, str, str], None], ...] = ()


@dataclass(frozen=True)
class Moved:
    version: int
    status: str
    game: Game


async def make_move(app, gid: str, seat: str, version: int, action: dict, bot: bool = False) -> Moved:
    """Play `action` for `seat` (the caller has checked that it holds the seat) on the view of
    `version`; `bot`: a server-side bot plays it, and the move is refused as stale if the seat is no
    longer a bot's when it would be written (its owner took it back meanwhile, on any instance). Raises `StoreError`: `Stale` (409) when the game moved on, 422 "illegal" with the
    engine's reason, 409 when the game is not running, 500 "internal" when the engine failed (the
    store has then dropped its copy: nothing changed)."""
    store, metrics = app.state.store, app.state.metrics
    started = time.perf_counter()
    try:
        new_version, game = await store.apply(gid, seat, version, action, bot)
    except IllegalAction as e:
        metrics.errors.labels("illegal").inc()
        log.info("illegal move", extra={"game_id": gid, "seat": seat, "reason": e.reason})
        raise StoreError(e.reason, 422, "illegal") from e
    except StoreError as e:
        metrics.errors.labels(e.code).inc()
        if e.status >= 500:
            log.error("move failed", extra={"game_id": gid, "seat": seat}, exc_info=e.__cause__)
        raise
    await fan_out(app, gid, new_version, game)
    wake_bots(app, gid)
    metrics.moves.inc()
    metrics.move_seconds.observe(time.perf_counter() - started)
    log.info("move", extra={"game_id": gid, "seat": seat, "version": new_version, "action": action.get("type")})
    return Moved(new_version, status_of(game), game)


async def fan_out(app, gid: str, target: int, game: Game | None = None) -> None:
    """Bring this instance's sockets on `gid` to version `target`, each version in order (a socket
    never skips one). `game` is the game at `target` when the caller has it (right after a move)."""
    hub, store = app.state.hub, app.state.store
    if not hub.watching(gid) or hub.oldest_version(gid) >= target:  # our own move's note, heard back: done
        return
    seats = await store.seat_list(gid)
    behind = hub.oldest_version(gid)
    if behind >= target:
        return
    if game is not None and behind == target - 1:  # the usual case: everyone saw the version before
        await hub.push_views(gid, target, status_of(game), seats, game)
        return

    async def push(version: int, g: Game) -> None:
        await hub.push_views(gid, version, status_of(g), seats, g)

    # The sockets' oldest version is read again under the game's lock: when this is our own move's
    # bus note, heard while the move still held the lock, the move has pushed it by then (and
    # sockets that all left meanwhile need nothing).
    await store.replay(gid, lambda: hub.oldest_version(gid) if hub.watching(gid) else target, target, push)


def wake_bots(app, gid: str) -> None:
    """A game changed: this instance's bot driver looks whether one of its bot seats is to move,
    the clocks and the webhook catch up (on SQLite's local bus no note comes back to us, so every
    local change says so itself)."""
    # The bot driver's, the clocks' and the webhook sender's `poke` (app.main's lifespan registers
    # them): each `wanted` answers at once for a live game of people without a hook, no task.
    for poke in app.state.listeners.changed:
        poke(gid)


async def push_room(app, gid: str) -> None:
    """A room changed without a move (a seat claimed or left, an abandon): every socket gets the
    current view again, with the new seats and status."""
    hub, store = app.state.hub, app.state.store
    wake_bots(app, gid)
    if not hub.watching(gid):
        return
    seats = seat_infos(await store.seats(gid))  # first: no await between the game's load and its push
    row, game = await store.load(gid)
    await hub.push_views(gid, row.version, row.status, seats, game, again=True)


async def refresh(app, conn) -> None:
    """After a stale refusal: the socket gets the current view, and every socket on the game (it
    included) every version up to it, in order."""
    store = app.state.store
    row, game = await store.load(conn.game_id)
    before = conn.sent_version
    await fan_out(app, conn.game_id, row.version)
    # Every await before the check: a version pushed while the seats were read (after a stale move
    # the store reads them again) would otherwise come before this older view.
    seats = await store.seat_list(conn.game_id)
    if conn.sent_version == before == row.version:  # it had the newest version: show it again
        conn.post(app.state.hub.view_message(conn.game_id, game, conn.seat, row.version, row.status, seats))


async def resend(app, conn) -> None:
    """The client asked for its full view (it could not apply a patch): every socket on the game is
    brought up to the current version first, then this one gets the whole view of it."""
    store = app.state.store
    for _ in range(3):
        row, game = await store.load(conn.game_id)
        await fan_out(app, conn.game_id, row.version)
        seats = await store.seat_list(conn.game_id)
        if conn.sent_version <= row.version:  # nothing newer pushed meanwhile (it would come first)
            break
    else:
        return  # the game keeps moving: the client asks again when the next patch does not apply
    conn.sent_version = row.version
    conn.post(app.state.hub.view_message(conn.game_id, game, conn.seat, row.version, row.status, seats))


def chat_message(line) -> dict:
    """A chat line as sockets get it (`line`: a chat row, or a row of its seat, name, text, at, channel)."""
    return {"type": "chat", "seat": line.seat, "name": line.name, "text": line.text, "at": line.at.isoformat(),
            "channel": line.channel or "players"}


GAME_DELETED = "This game was deleted by an administrator."


async def close_deleted(app, gid: str) -> None:
    """The game is gone: its sockets here are told so and closed as a socket for a game that does
    not exist is refused (4404: the table stops reconnecting), and this instance forgets it."""
    app.state.store.forget(gid)
    payload = json.dumps({"type": "error", "message": GAME_DELETED, "code": "not_found"})
    await app.state.hub.close_game(gid, payload, 4404)


async def on_notify(app, gid: str, version: int, kind: str) -> None:
    """A change announced by any instance (ourselves included) on the bus."""
    hub, store = app.state.hub, app.state.store
    if kind == "echo":  # our own change, handled when we made it (app.bus.notes)
        return
    if kind == "own_move":
        # A move made here pushed its version before poking the services, with no await between:
        # sockets that have it (or none to push to) mean both are done. Otherwise the note may
        # have come before the push, or the move was cut short after its commit: go on as for
        # any move (the replay waits for the game's lock, then pushes only what is missing).
        if not hub.watching(gid) or hub.oldest_version(gid) >= version:
            return
        kind = "move"
    if kind == "clock":  # a clock or a seat's hands changed: the clocks tell this instance's sockets
        for heard in app.state.listeners.clock_note:
            await heard(gid)
        return
    if kind == "deleted":  # an administrator deleted the game on another instance
        await close_deleted(app, gid)
        return
    if kind == "chat":  # a line said on another instance (`version` is its id): to our sockets on the game
        if hub.watching(gid):
            line = await store.chat_line(gid, version)
            if line is not None:
                await hub.broadcast_chat(gid, chat_message(line))
        return
    wake_bots(app, gid)
    if kind == "room":
        await store.room_changed(gid)
        await push_room(app, gid)
        return
    if not hub.watching(gid):
        store.forget_older(gid, version)  # reload on next use
        return
    await fan_out(app, gid, version)


async def catch_up_watched(app) -> None:
    """After the bus was away (its notes in the meantime are lost): bring every game this instance
    has sockets on up to the database's version, pushing each missed version in order."""
    for back in app.state.listeners.bus_back:  # the clocks: a seat handed over meanwhile is read again
        back()
    for gid in list(app.state.hub.conns):
        try:
            row = await app.state.store.row(gid)
        except StoreError:  # deleted meanwhile
            continue
        await on_notify(app, gid, row.version, "move")
