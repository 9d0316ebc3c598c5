"""Seat authentication on an open game socket, so the seat token never travels in the URL (where
proxies and server logs keep it): the socket opens as a spectator and its first frame
`{"type": "auth", "token": ...}` makes it the token's seat. `?token=` in the URL still works
during the transition (older clients, the tests and bench/ drivers), see docs/protocol.md."""
from __future__ import annotations

import json

from app.play.rooms import seat_infos
from app.play.store import StoreError
from app.seats.zombies import hello


def _error(message: str, code: str) -> str:
    return json.dumps({"type": "error", "message": message, "code": code})


async def authenticate(app, conn, token: str) -> None:
    """Make spectator socket `conn` the seat `token` holds and send that seat's current view. A
    wrong token: error frame `forbidden` and close 4403 (as a wrong `?token=` does)."""
    if conn.seat != "spectator":
        conn.post(_error("This socket already has its seat.", "invalid"))
        return
    store = app.state.store
    try:
        seat = await store.seat_for_token(conn.game_id, token)
    except StoreError as e:
        conn.post(_error(e.message, e.code))
        await conn.close(4403)
        return
    seats = await store.seats(conn.game_id)
    for _ in range(3):  # never send an older version than the socket already has
        version, status, game = await store.current(conn.game_id)
        if version >= conn.sent_version:
            break
    conn.seat = seat
    conn.name = next((s.name for s in seats if s.seat == seat), None) or seat
    conn.sent_version = version
    conn.post(app.state.hub.view_message(conn.game_id, game, seat, version, status, seat_infos(seats)))
    await hello(app, conn)
