"""The chat part of the game store (app.play.store.GameStore): a game's two channels, the
players' and the spectators'."""
from __future__ import annotations

from sqlalchemy import bindparam, select

from app.bus.notes import notify_in
from app.infra.models import ChatRow
from app.play.store_errors import _now

_CHAT = ChatRow.__table__
_RECENT_CHAT = (select(_CHAT.c.seat, _CHAT.c.name, _CHAT.c.text, _CHAT.c.at, _CHAT.c.channel).where(_CHAT.c.game_id == bindparam("gid"))
                .order_by(_CHAT.c.id.desc()).limit(bindparam("limit")))
_CHAT_LINE = select(_CHAT.c.seat, _CHAT.c.name, _CHAT.c.text, _CHAT.c.at, _CHAT.c.channel).where(
    _CHAT.c.game_id == bindparam("gid"), _CHAT.c.id == bindparam("cid"))


class ChatStore:
    """Mixed into GameStore: uses its sessions (`core`, `_write`), bus and `_chatless`."""

    # ----- chat ----------------------------------------------------------------------------------
    async def add_chat(self, gid: str, seat: str, name: str, text: str, channel: str = "players") -> ChatRow:
        """Stores the line; with several instances (a bus that is not the local one) it is announced
        as a "chat" note carrying the line's id, so that the others pass it to their sockets on the
        game (app.play.games.on_notify). This instance sends it to its own sockets itself."""
        self._chatless.discard(gid)
        async with self._write() as s:
            row = ChatRow(game_id=gid, seat=seat, name=name, text=text, at=_now(), channel=channel)
            s.add(row)
            if self.bus.kind != "local":
                await s.flush()  # the line's id, for the note
                await notify_in(s, self.bus, gid, row.id, "chat", handled_here=True)
        return row

    async def chat_line(self, gid: str, cid: int):
        """One line of the game's chat (`seat`, `name`, `text`, `at`, `channel`), or None."""
        async with self.core() as s:
            return (await s.execute(_CHAT_LINE, {"gid": gid, "cid": cid})).first()

    async def recent_chat(self, gid: str, limit: int = 50) -> list:
        """The last `limit` lines of both channels, oldest first (rows with `seat`, `name`, `text`,
        `at`, `channel`)."""
        if gid in self._chatless:
            return []
        async with self.core() as s:
            rows = (await s.execute(_RECENT_CHAT, {"gid": gid, "limit": limit})).all()
        return rows[::-1]
