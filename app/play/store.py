"""Game rooms in the database (DESIGN §4): create, claim seats, load (cache or snapshot + tail),
apply a move with optimistic versioning. Its chat (app.play.store_chat) and admin operations
(app.play.store_admin) are parts of the one GameStore; its errors are in app.play.store_errors."""
from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections import OrderedDict, defaultdict

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError

from app.bus.notes import NOTES, Bus, make_bus, notify_in
from app.infra.models import (
    ActionRow,
    BotLeaseRow,
    GameRow,
    SeatEventRow,
    SeatRow,
    SecretRow,
    SnapshotRow,
    seed_columns,
)
from app.infra.security import new_token, same, token_hash
from app.infra.sqlite_loop import LoopSession, make_loop_engine
from app.play.core_tx import CoreTx
from app.play.movelog import Move, MoveWriter, state_json
from app.play.rooms import seat_infos
from app.play.store_admin import AdminStore
from app.play.store_chat import ChatStore
from app.play.store_errors import EngineFailed, Stale, StoreError, _game_id, _now
from engine import Game, IllegalAction, new_game
from engine.options import validate_options
from engine.public import SEED_KEY_BITS, seats_for

CACHE_SIZE = 512
SEAT_ORDER = {seat: i for i, seat in enumerate(("soviet",) + seats_for(4, {"ruleset": "zhukov"}))}

# The statements of a room's setup, built once: building one costs SQLAlchemy ~0.1 ms, more than
# SQLite takes to run it (a room's creation, claims and joins ran ~40 of them).
_GAMES, _SEAT_ROWS = GameRow.__table__, SeatRow.__table__
_ADD_GAME = insert(_GAMES)
_ADD_SEATS = insert(_SEAT_ROWS)
_GAME = select(_GAMES).where(_GAMES.c.id == bindparam("gid"))
_SEATS_OF = select(_SEAT_ROWS).where(_SEAT_ROWS.c.game_id == bindparam("gid"))
_SEATS_LOCKED = _SEATS_OF.with_for_update()
_LOCK_GAME = (select(_GAMES.c.status, _GAMES.c.private, _GAMES.c.version).where(_GAMES.c.id == bindparam("gid"))
              .with_for_update())
_CLAIM = update(_SEAT_ROWS).where(_SEAT_ROWS.c.id == bindparam("seat_id"), _SEAT_ROWS.c.token_hash.is_(None))
_START = (update(_GAMES).where(_GAMES.c.id == bindparam("gid"), _GAMES.c.status == "open")
          .values(status="active", updated_at=bindparam("now")))
_LEAVE = (update(_SEAT_ROWS).where(_SEAT_ROWS.c.game_id == bindparam("gid"), _SEAT_ROWS.c.seat == bindparam("seat_name"),
                                   _SEAT_ROWS.c.token_hash == bindparam("h"))
          .values(name=None, token_hash=None, guest_id=None, claimed_at=None, account_id=None, sealed_token=None))
_SEAT_OF_TOKEN = select(_SEAT_ROWS.c.seat).where(_SEAT_ROWS.c.game_id == bindparam("gid"),
                                                _SEAT_ROWS.c.token_hash == bindparam("h"))



def status_of(game: Game) -> str:
    """The room status of a game that was running, after a move."""
    return "finished" if game.result else "active"


_SEAT_WORDS = {"soviet": "Soviet", "rev1": "Revolutionary 1", "rev2": "Revolutionary 2",
               "rev3": "Revolutionary 3", "rev4": "Revolutionary 4"}


def bot_name(seat: str, level: str) -> str:
    """A bot seat's name, one per seat ("Soviet bot (normal)", "Revolutionary 2 bot (easy)"):
    the log and the prompts name seats by name, and two bots named alike read as one."""
    return f"{_SEAT_WORDS.get(seat, seat)} bot ({level})"


class GameStore(ChatStore, AdminStore):
    def __init__(self, sessionmaker, snapshot_every: int = 50, serialize_writes: bool = False, url: str = "",
                 bus: Bus | None = None, move_writers: int = 8):
        self.sessions = sessionmaker
        self.url = url or sessionmaker.kw["bind"].url.render_as_string(hide_password=False)
        self.bus = bus or make_bus(self.url)  # announces committed changes to the other instances
        # SQLite has one writer at a time; queueing writers here avoids its busy-wait backoff.
        self._write_lock = asyncio.Lock() if serialize_writes else None
        self._loop_engine = None  # SQLite: the store's own connection, used in the loop's thread (app.infra.sqlite_loop)
        self._write_conn = None
        self._moves = MoveWriter(self.url, self.bus, self._write_lock, move_writers)
        self.snapshot_every = snapshot_every
        self._cache: OrderedDict[str, tuple[int, Game]] = OrderedDict()
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        # Games whose cached copy holds a move not yet committed (the copy is a version ahead of its
        # label): readers outside the game's lock must not take it for the labelled version.
        self._moving: set[str] = set()
        self._active: set[str] = set()  # games this server saw running (status can only leave "active")
        self._seats: dict[str, list[SeatRow]] = {}
        self._infos: dict[str, tuple[list[SeatRow], list[dict]]] = {}  # seat_list's, with the rows it is of
        # Rooms created here without a bot seat, until their seats are cached or the room changes
        # otherwise than by a claim: their claims need no seat read to know no bot is to move.
        self._born_human: set[str] = set()
        self._botless: dict[str, tuple[list[SeatRow], bool]] = {}  # without_bots', with the rows it is of
        # Rooms created here that nobody has chatted in yet, while this instance is the only one
        # (the local bus: a line said on another instance would not reach this set): a socket
        # joining them has no chat to read.
        self._chatless: set[str] = set()

    async def start(self, engine=None) -> None:
        """SQLite: keep one connection for all writes and quick reads (one writer at a time, no
        per-write connect), on the sqlite3 module in this thread (app.infra.sqlite_loop). PostgreSQL:
        a connection for move writes is opened in the background."""
        self._moves.start()
        if self._write_lock is not None:
            self._loop_engine = make_loop_engine(self.url)
            self._write_conn = self._loop_engine.connect()

    async def stop(self) -> None:
        await self._moves.close()
        if self._write_conn is not None:
            self._write_conn.close()
            self._write_conn = None
            self._loop_engine.dispose()

    @contextlib.asynccontextmanager
    async def _write(self):
        """A session in a transaction that commits on success and rolls back on error."""
        if self._write_conn is None:
            async with self.sessions() as s, s.begin():
                yield s
            self.bus.after_commit(s.info.get(NOTES, []))
            return
        async with self._write_lock:
            conn = self._write_conn
            session = LoopSession(conn)
            try:
                yield session
                session.sync.flush()
                conn.commit()
                self.bus.after_commit(session.info.get(NOTES, []))
            except BaseException:
                conn.rollback()
                raise
            finally:
                session.close()

    @contextlib.asynccontextmanager
    async def core(self):
        """A transaction on SQLAlchemy Core (app.play.core_tx: no ORM session) for the small statements
        of a room's life; commits on success, rolls back on error. On SQLite the store's connection
        in the loop's thread, under the single-writer lock: never from inside `transaction()`."""
        if self._write_conn is None:
            async with self.sessions.kw["bind"].begin() as conn:
                tx = CoreTx(conn, sync=False)
                try:
                    yield tx
                    await tx.flush()
                finally:
                    await tx.close()
            self.bus.after_commit(tx.info.get(NOTES, []))
            return
        async with self._write_lock:
            conn = self._write_conn
            tx = CoreTx(conn, sync=True)
            try:
                yield tx
                await tx.flush()
                conn.commit()
                self.bus.after_commit(tx.info.get(NOTES, []))
            except BaseException:
                conn.rollback()
                raise
            finally:
                await tx.close()

    def reading(self):
        """A session for a few quick point reads (a game row, its seats, a token, the chat, the
        clock frame). On SQLite the store's connection in the loop's thread, in turn with the
        writes: ~50 us a read, where a pooled aiosqlite session took ~0.6 ms (its thread
        hand-offs) and a new one ~2.9 ms (1,200 sockets joining at once made every room's first
        move wait behind them). Never from inside `transaction()` (the same lock)."""
        return self._write() if self._write_conn is not None else self.sessions()

    def transaction(self):
        """A write transaction for the store's neighbours (the rate limits, the bot leases): the same single writer
        on SQLite as the store's own writes."""
        return self._write()

    # ----- rooms ---------------------------------------------------------------------------------
    async def create(self, revolutionaries: int, options: dict, private: bool, ip: str = "",
                     bots: dict[str, str] | None = None, pace: dict | None = None,
                     extra=None, bot_pace: str = "normal", bot_think_ms: int | None = None,
                     seed: str | None = None) -> tuple[str, dict]:
        """A new room; `bots` (seat -> level) are claimed at once by the server; `extra(gid)` gives
        more rows to add in the same transaction (a clock, a webhook); `seed` is a lesson's public
        seed key (app.play.lessons), never given for any other room. Returns the id and an invite
        per human seat."""
        bots = bots or {}
        try:
            options = validate_options(options)
            # A seed key of SEED_KEY_BITS secret bits: a smaller seed is found from the face-up tiles.
            game = new_game(revolutionaries, seed or secrets.token_hex(SEED_KEY_BITS // 8), options)
        except ValueError as e:
            raise StoreError(str(e), 422) from e
        if set(bots) - set(game.seats):
            raise StoreError(f"This game has no seat {sorted(set(bots) - set(game.seats))[0]!r} for a bot.", 422)
        gid = _game_id()
        invites = {seat: new_token() for seat in game.seats}
        async with self.core() as s:
            # The seats in one statement: the ORM's unit of work gave each row its own.
            await s.execute(_ADD_GAME, {
                "id": gid, "revolutionaries": revolutionaries, "options": options, "private": private, **seed_columns(game.seed),
                "status": "active" if len(bots) == len(game.seats) else "open", "version": 0, "creator_ip": ip,
                "pace": pace, "bot_pace": bot_pace, "bot_skip": False})
            seat_rows = []
            for seat in game.seats:
                bot = bots.get(seat)
                # A bot seat holds a token nobody knows: it counts as claimed, and no one can act for it.
                seat_rows.append({"game_id": gid, "seat": seat, "invite_hash": token_hash(invites[seat]), "bot": bot,
                                  "name": bot_name(seat, bot) if bot else None,
                                  "token_hash": token_hash(new_token()) if bot else None,
                                  "claimed_at": _now() if bot else None})
            await s.execute(_ADD_SEATS, seat_rows)
            if bots:
                s.add(BotLeaseRow(game_id=gid, holder="", expires_at=_now(), think_ms=bot_think_ms))
            for extra_row in (extra(gid) if extra else ()):
                s.add(extra_row)
        self._remember(gid, 0, game)
        if len(bots) == len(game.seats):
            self._active.add(gid)
        if not bots:
            if len(self._born_human) > 50_000:  # rooms never started: forget them (it only saves reads)
                self._born_human.clear()
            self._born_human.add(gid)
        if self.bus.kind == "local":
            if len(self._chatless) > 50_000:  # it only saves reads
                self._chatless.clear()
            self._chatless.add(gid)
        return gid, {seat: inv for seat, inv in invites.items() if seat not in bots}

    async def row(self, gid: str) -> GameRow:
        """The game's row, read now (through `reading()`: never from inside `transaction()`)."""
        async with self.core() as s:
            found = (await s.execute(_GAME, {"gid": gid})).one_or_none()
        if found is None:
            raise StoreError("No such game.", 404, "not_found")
        return GameRow(**found._mapping)  # (not in any session: read only)

    async def seats(self, gid: str) -> list[SeatRow]:
        """Seat rows; cached once the game runs (seats never change after the start)."""
        if gid in self._seats:
            return self._seats[gid]
        async with self.core() as s:
            rows = (await s.execute(_SEATS_OF, {"gid": gid})).mappings().all()
        return self._keep_seats(gid, rows)

    def _keep_seats(self, gid: str, rows) -> list[SeatRow]:
        """The seat rows (mappings of `_SEATS_OF`'s columns) in seat order, cached when every seat is
        claimed (they never change then, but by a hand-over, which forgets them). (In no session:
        read only.)"""
        rows = sorted((SeatRow(**r) for r in rows), key=lambda r: SEAT_ORDER.get(r.seat, 9))
        if rows and all(r.token_hash for r in rows):
            self._seats[gid] = rows
        return rows

    def kept_seats(self, gid: str) -> list[SeatRow] | None:
        """The seat rows we keep for a game whose seats are all claimed (read only), or None."""
        return self._seats.get(gid)

    async def seat_list(self, gid: str) -> list[dict]:
        """The seats as messages show them (`rooms.seat_infos`), made once for the cached seat rows
        (read only: every push of a move takes it)."""
        rows = await self.seats(gid)
        got = self._infos.get(gid)
        if got is not None and got[0] is rows:
            return got[1]
        infos = seat_infos(rows)
        if self._seats.get(gid) is rows:
            self._infos[gid] = (rows, infos)
        return infos

    def without_bots(self, gid: str) -> bool:
        """True when the game's seats are known (cached: the game runs) and none is a bot's, or the
        room was created here without bots and has only been claimed since (a claim adds no bot)."""
        rows = self._seats.get(gid)
        if rows is None:
            return gid in self._born_human
        self._born_human.discard(gid)
        got = self._botless.get(gid)  # every move asks: once per kept seat rows (ORM reads cost)
        if got is None or got[0] is not rows:
            got = self._botless[gid] = (rows, not any(r.bot for r in rows))
        return got[1]

    async def list_games(self, statuses: list[str], public_only: bool = True, limit: int = 100) -> list[GameRow]:
        async with self.sessions() as s:
            q = select(GameRow).where(GameRow.status.in_(statuses))
            if public_only:
                q = q.where(GameRow.private.is_(False))
            rows = (await s.execute(q.order_by(GameRow.updated_at.desc()).limit(limit))).scalars().all()
        return list(rows)

    async def claim(self, gid: str, seat: str, name: str, invite: str | None, guest_id: str) -> str:
        token = new_token()
        claim = {"name": name, "token_hash": token_hash(token), "guest_id": guest_id, "claimed_at": _now()}
        async with self.core() as s:
            # Claims of one room queue on its game row, so the seats read below show every committed
            # claim (without the lock, two last claims each missed the other's: no start).
            private, version = await self._lock_open_game(s, gid)
            rows = (await s.execute(_SEATS_LOCKED, {"gid": gid})).mappings().all()
            seat_row = next((r for r in rows if r["seat"] == seat), None)
            if seat_row is None:
                raise StoreError(f"This game has no seat '{seat}'.", 404, "not_found")
            if seat_row["token_hash"] is not None:
                raise StoreError("This seat is already taken.", 409, "taken")
            if private and not (invite and same(token_hash(invite), seat_row["invite_hash"])):
                raise StoreError("This private room needs the seat's invite link.", 403, "forbidden")
            if invite and not same(token_hash(invite), seat_row["invite_hash"]):
                raise StoreError("That invite is not valid for this seat.", 403, "forbidden")
            unclaimed = sum(1 for r in rows if r["token_hash"] is None) - 1  # once this claim is in
            res = await s.execute(_CLAIM, {"seat_id": seat_row["id"], **claim})
            if res.rowcount != 1:
                raise StoreError("This seat is already taken.", 409, "taken")
            if unclaimed == 0:
                await s.execute(_START, {"gid": gid, "now": _now()})
            # Handled here: the seats are kept below and the claim's route pushes the room itself.
            await notify_in(s, self.bus, gid, version, "room", handled_here=True)
        if unclaimed == 0:  # committed: the game runs, and its first move needs no read to know it
            self._active.add(gid)
            # The seats as committed, kept: every socket joining and every push takes them, and
            # they never change now but by a hand-over (which forgets them).
            self._seats.pop(gid, None)
            self._keep_seats(gid, [{**r, **claim} if r is seat_row else r for r in rows])
        return token

    @staticmethod
    async def _lock_open_game(s: CoreTx, gid: str,
                              started: str = "This game has already started.") -> tuple[bool, int]:
        """Lock the room's game row for this transaction (PostgreSQL: FOR UPDATE; SQLite writes are
        serialized already) and check, under the lock, that it is still open; its (private, version)."""
        row = (await s.execute(_LOCK_GAME, {"gid": gid})).one_or_none()
        if row is None:
            raise StoreError("No such game.", 404, "not_found")
        if row.status != "open":
            raise StoreError(started, 409, "started")
        return row.private, row.version

    async def leave(self, gid: str, seat: str, token: str) -> None:
        async with self.core() as s:
            _, version = await self._lock_open_game(s, gid, "You cannot leave a seat once the game has started.")
            res = await s.execute(_LEAVE, {"gid": gid, "seat_name": seat, "h": token_hash(token)})
            if res.rowcount != 1:
                raise StoreError("That token does not hold this seat.", 403, "forbidden")
            # Remembered so that the old resume link gets a clear answer (app.seats.zombies).
            s.add(SeatEventRow(game_id=gid, seat=seat, version=version, by="human", reason="left",
                               token_hash=token_hash(token), at=_now()))
            await notify_in(s, self.bus, gid, version, "room")

    async def seat_for_token(self, gid: str, token: str | None) -> str | None:
        """The seat a token holds in this game, or None (spectator). A wrong token is an error."""
        if not token:
            return None
        kept = self._seats.get(gid)
        if kept is not None:  # every seat claimed: a seat's token never changes from then on
            h = token_hash(token)
            seat = next((r.seat for r in kept if r.token_hash == h), None)
            if seat is None:
                raise StoreError("That seat token is not valid for this game.", 403, "forbidden")
            return seat
        async with self.core() as s:
            seat = (await s.execute(_SEAT_OF_TOKEN, {"gid": gid, "h": token_hash(token)})).scalar()
        if seat is None:
            raise StoreError("That seat token is not valid for this game.", 403, "forbidden")
        return seat

    # ----- game state ----------------------------------------------------------------------------
    def _remember(self, gid: str, version: int, game: Game) -> None:
        self._cache[gid] = (version, game)
        self._cache.move_to_end(gid)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    def forget(self, gid: str) -> None:
        self._cache.pop(gid, None)
        self._active.discard(gid)
        self._seats.pop(gid, None)
        self._infos.pop(gid, None)
        self._botless.pop(gid, None)
        self._born_human.discard(gid)

    def release(self, gid: str) -> None:
        """No socket here watches `gid` any more: a finished game's copy and seats go (a finished
        game of ~300 moves holds ~12,000 objects that every full GC pass walks; kept, 512 of them
        were ~6 million), and so does its lock when nobody holds it. A later look reads it again."""
        cached = self._cache.get(gid)
        if cached is not None and cached[1].result and gid not in self._moving:
            self.forget(gid)
            self._chatless.discard(gid)
            lock = self._locks.get(gid)
            if lock is not None and not lock.locked():  # (waiters only wait on a held lock)
                del self._locks[gid]

    async def room_changed(self, gid: str) -> None:
        """A seat was claimed or left, or the room was abandoned (maybe by another instance): the
        game itself did not move, so a cached copy at the row's version stays; the seats and
        whether the game runs are read again (once per room change, never per move)."""
        self._seats.pop(gid, None)
        self._infos.pop(gid, None)
        self._botless.pop(gid, None)
        self._born_human.discard(gid)  # a hand-over to a bot is a room change too
        try:
            row = await self.row(gid)
        except StoreError:  # deleted
            self.forget(gid)
            return
        cached = self._cache.get(gid)
        if cached and cached[0] != row.version:
            self._cache.pop(gid, None)
        # Until here a move may still take the cached copy: the versioned write guards it anyway.
        if row.status == "active":
            self._active.add(gid)
        else:
            self._active.discard(gid)

    def forget_older(self, gid: str, version: int) -> None:
        """Another instance moved `gid` to `version`: drop our copy of the game if it is older. The
        seats stay: a move never changes them (room notes do), and our own move's note can arrive
        before our copy is at its version, which would otherwise cost a seat read and a bot-driver
        look per move."""
        cached = self._cache.get(gid)
        if cached and cached[0] < version:
            self._cache.pop(gid, None)

    def cached(self, gid: str) -> tuple[int, Game] | None:
        """Our in-memory copy of a game and its version, if we hold one (treat as read-only); None
        while a move on it waits for its commit."""
        return None if gid in self._moving else self._cache.get(gid)

    def running_copy(self, gid: str) -> tuple[int, Game] | None:
        """Our copy of a game we saw running (as `cached`), or None: the caller reads the database.
        It may be behind another instance's move; a move made on it is then refused as stale."""
        return self._cache.get(gid) if gid in self._active and gid not in self._moving else None

    async def current(self, gid: str) -> tuple[int, str, Game]:
        """(version, status, game) now: our running copy without a database read when we hold one
        (the bus keeps it current; a move on a copy another instance got ahead of is refused as
        stale, and that instance's note brings the sockets up), else the row and its game. No
        await between the return and the caller's use of the game: it is not the caller's after."""
        copy = self.running_copy(gid)
        if copy is not None:
            version, game = copy
            return version, status_of(game), game
        row, game = await self.load(gid)
        return row.version, row.status, game

    async def load(self, gid: str, row: GameRow | None = None) -> tuple[GameRow, Game]:
        row = row or await self.row(gid)
        if row.status == "active":
            # Known running from now on: a move takes the cached copy without reading the row back
            # (were the row changed meanwhile, the move's versioned UPDATE refuses it as stale).
            self._active.add(gid)
        cached = self._cache.get(gid)
        moving = gid in self._moving
        if cached and cached[0] == row.version and not moving:
            self._cache.move_to_end(gid)
            return row, cached[1]
        game = await self._rebuild(row, row.version)
        # The move in flight remembers its own copy when it commits; and a row read before a move
        # that has committed since must not turn our copy back to its version: the move pushed the
        # new one already, so the socket joining at the old one would be the only one behind, and
        # the next move on the older copy stale.
        newer = self._cache.get(gid)
        if gid not in self._moving and not (newer and newer[0] > row.version):
            self._remember(gid, row.version, game)
        return row, game

    async def _rebuild(self, row: GameRow, upto: int) -> Game:
        async with self.sessions() as s:
            snap = (await s.execute(select(SnapshotRow).where(SnapshotRow.game_id == row.id, SnapshotRow.seq <= upto)
                                    .order_by(SnapshotRow.seq.desc()).limit(1))).scalar_one_or_none()
            start = snap.seq if snap else 0
            actions = (await s.execute(select(ActionRow).where(ActionRow.game_id == row.id, ActionRow.seq > start,
                                                               ActionRow.seq <= upto)
                                       .order_by(ActionRow.seq))).scalars().all()
        # The snapshot's state was parsed for this load alone: the game may take it without a copy.
        game = (Game.from_dict(snap.state, copy_state=False) if snap
                else new_game(row.revolutionaries, row.game_seed, row.options))
        for a in actions:
            game.apply(a.seat, a.action)
        return game

    async def game_at(self, gid: str, seq: int) -> Game:
        """The state after `seq` actions (admin replay)."""
        row = await self.row(gid)
        if not 0 <= seq <= row.version:
            raise StoreError(f"Step must be between 0 and {row.version}.", 422)
        return await self._rebuild(row, seq)

    async def apply(self, gid: str, seat: str, version: int, action: dict, bot: bool = False) -> tuple[int, Game]:
        """Apply `action` of `seat` on the game at `version` and write it; `bot`: a server-side
        bot's move, written only while the seat is still a bot's (app.play.movelog), else stale."""
        async with self._locks[gid]:
            cached = self._cache.get(gid)
            if cached and cached[0] == version and gid in self._active:
                # Optimistic: our copy is at the client's version. If another server moved in the
                # meantime, the versioned UPDATE below finds no row and the move is refused as stale.
                current, game = cached
            else:
                row, game = await self.load(gid)
                if row.status != "active":
                    raise StoreError({"open": "The game has not started: every seat must be claimed first.",
                                      "finished": "The game is over.", "abandoned": "The game was abandoned."}
                                     .get(row.status, "The game is not running."), 409, row.status)
                if version != row.version:
                    raise Stale()
                current = row.version
                self._active.add(gid)
            try:
                game.apply(seat, action)  # IllegalAction leaves the game unchanged
            except IllegalAction:
                raise
            except Exception as e:  # an engine bug: our copy may be half-changed, rebuild it next time
                self.forget(gid)
                raise EngineFailed() from e
            new_version = current + 1
            status = status_of(game)
            # The snapshot is serialised here, before any await: nothing else changes the state meanwhile.
            snapshot = state_json(game.s) if new_version % self.snapshot_every == 0 else None
            self._moving.add(gid)
            try:
                committed = await self._moves.write(Move(gid, current, seat, action, status, game.result, snapshot,
                                                        bot))
            except BaseException:
                self.forget(gid)  # the write failed or was cut short: rebuild from the database next time
                raise
            finally:
                self._moving.discard(gid)
            if not committed:
                self.forget(gid)  # our copy moved ahead of the database: rebuild next time
                raise Stale()
            self._remember(gid, new_version, game)
            if status != "active":
                self._active.discard(gid)
            return new_version, game

    async def replay(self, gid: str, since, target: int, push) -> None:
        """Step game `gid` from version `since` to `target` one action at a time, calling
        `push(version, game)` after each: how sockets see every version in order, whether the moves
        were made by another instance or our copy ran ahead of what they were sent. `since` may be
        a function, called once the game's lock is ours: a move that held it may have pushed its
        version meanwhile (our own move's bus note can arrive before the move returns)."""
        async with self._locks[gid]:
            since = since() if callable(since) else since
            if since >= target:
                return
            since = max(since, 0)
            cached = self._cache.get(gid)
            if cached and cached[0] == target == since + 1:
                # Our copy is already at the version wanted: our own move, whose note (PostgreSQL's
                # NOTIFY) was heard before the move pushed it. No rebuild from the database.
                await push(target, cached[1])
                return
            if cached and cached[0] == since:
                version, game = cached
                mine = True  # stepping the cached copy itself
            else:
                version, game = since, await self._rebuild(await self.row(gid), since)
                mine = False
            async with self.sessions() as s:
                rows = (await s.execute(select(ActionRow).where(ActionRow.game_id == gid, ActionRow.seq > version,
                                                                ActionRow.seq <= target)
                                        .order_by(ActionRow.seq))).scalars().all()
            for a in rows:
                if a.seq != version + 1:
                    break
                game.apply(a.seat, a.action)
                version = a.seq
                cached = self._cache.get(gid)
                if mine or cached is None or cached[0] < version:
                    self._remember(gid, version, game)
                    mine = True
                if game.result:
                    self._active.discard(gid)
                await push(version, game)

    # ----- secrets -------------------------------------------------------------------------------
    async def kept_secret(self, name: str, make=None) -> str:
        """A random secret made once and kept in the database, so every instance and every restart
        uses the same one (the first instance to ask makes it, with `make()` if given: at most 255
        characters)."""
        async with self.sessions() as s:
            row = await s.get(SecretRow, name)
        if row is None:
            try:
                async with self._write() as s:
                    s.add(SecretRow(name=name, value=make() if make else secrets.token_urlsafe(32), created_at=_now()))
            except IntegrityError:  # another instance made it at the same moment: use theirs
                pass
            async with self.sessions() as s:
                row = await s.get(SecretRow, name)
        return row.value
