"""The admin part of the game store (app.play.store.GameStore): a game's record, importing one,
ending and deleting games."""
from __future__ import annotations

import asyncio

from sqlalchemy import delete, select, update

from app.bus.notes import notify_in
from app.infra.db import is_sqlite
from app.infra.models import (
    ActionRow,
    BotLeaseRow,
    ChatRow,
    ClockRow,
    GameRow,
    HookRow,
    SeatEventRow,
    SeatRow,
    SnapshotRow,
    seed_columns,
)
from app.infra.security import new_token, token_hash
from app.play.movelog import SQLITE_ADD_ACTION, SQLITE_ADD_SNAPSHOT, sqlite_now
from app.play.record_import import Checked
from app.play.store_errors import StoreError, _game_id, _now
from engine.public import seats_for

IMPORT_CHUNK = 2000  # actions an import writes per transaction (a few ms of the loop's time on SQLite)
_GAMES = GameRow.__table__


class AdminStore:
    """Mixed into GameStore: uses its sessions (`sessions`, `core`, `_write`), bus, `row`, `forget`
    and `_active`."""

    async def record(self, gid: str) -> dict:
        row = await self.row(gid)
        async with self.sessions() as s:
            actions = (await s.execute(select(ActionRow).where(ActionRow.game_id == gid).order_by(ActionRow.seq)))
            actions = actions.scalars().all()
        return {"revolutionaries": row.revolutionaries, "options": row.options, "seed": row.game_seed,
                "actions": [[a.seat, a.action] for a in actions]}

    async def import_record(self, checked: Checked) -> str:
        """Write a record that `app.play.record_import` checked and replayed: a private game at its
        last action, with a snapshot there so that loading it replays nothing. The actions go a chunk
        per transaction, so the moves of other games (on SQLite, in this thread, under the one
        writer's lock) go on between them; until the last chunk the game stays `abandoned` at
        version 0, so a crash part-way leaves a game nobody can play and the admin can delete."""
        gid = _game_id()
        n = len(checked.actions)
        async with self._write() as s:
            s.add(GameRow(id=gid, revolutionaries=checked.revolutionaries, options=checked.options, private=True,
                          **seed_columns(checked.seed), status="abandoned", version=0, result=None))
            await s.flush()
            for seat in seats_for(checked.revolutionaries, checked.options):
                s.add(SeatRow(game_id=gid, seat=seat, invite_hash=token_hash(new_token()), name="(imported)",
                              token_hash=token_hash(new_token())))
        # The driver's executemany with plain tuples: SQLAlchemy's per-row work on bound parameters
        # cost ~100 us a row, 0.2 s of the loop per chunk (issue 30, item 4).
        if is_sqlite(self.url):
            add, snap, at = SQLITE_ADD_ACTION, SQLITE_ADD_SNAPSHOT, sqlite_now()
        else:
            add = "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (%s, %s, %s, %s::json, %s)"
            snap, at = "INSERT INTO snapshots (game_id, seq, state) VALUES (%s, %s, %s::json)", _now()
        for start in range(0, n, IMPORT_CHUNK):
            rows = [(gid, i, seat, action, at)
                    for i, (seat, action) in enumerate(checked.actions[start:start + IMPORT_CHUNK], start=start + 1)]
            async with self.core() as tx:
                await tx.execute_driver_sql(add, rows)
            await asyncio.sleep(0)  # the waiting moves take the writer's lock before our next chunk
        async with self.core() as tx:
            if n:
                await tx.execute_driver_sql(snap, [(gid, n, checked.state)])
            await tx.execute(update(_GAMES).where(_GAMES.c.id == gid).values(
                status="finished" if checked.finished else "active", version=n, result=checked.result,
                updated_at=_now()))
        return gid

    async def set_status(self, gid: str, status: str) -> None:
        self._active.discard(gid)
        async with self._write() as s:
            res = await s.execute(update(GameRow).where(GameRow.id == gid).values(status=status, updated_at=_now()))
            if res.rowcount != 1:
                raise StoreError("No such game.", 404, "not_found")
            await notify_in(s, self.bus, gid, -1, "room")

    async def delete(self, gid: str) -> None:
        async with self._write() as s:
            for model in (ActionRow, SnapshotRow, ChatRow, SeatRow, BotLeaseRow, ClockRow, SeatEventRow, HookRow):
                await s.execute(delete(model).where(model.game_id == gid))
            res = await s.execute(delete(GameRow).where(GameRow.id == gid))
            if res.rowcount != 1:
                raise StoreError("No such game.", 404, "not_found")
            # The other instances close their sockets on it (app.play.games.on_notify); the caller closes ours.
            await notify_in(s, self.bus, gid, -1, "deleted", handled_here=True)
        self.forget(gid)
