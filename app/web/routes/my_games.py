"""GET /api/my/games: the games this browser holds a seat in (by its signed guest cookie, and those
of the account signed in on it), most recently active first, each with a "your turn" mark. Only
this browser's own seats are named."""
from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from sqlalchemy import or_, select

from app.infra.models import GameRow, SeatRow
from app.infra.security import GUEST_COOKIE
from app.play.rooms import seat_infos
from app.web.deps import SignerDep, StoreDep, signed_in
from app.web.schemas import SeatInfo

router = APIRouter(prefix="/api", tags=["games"])
LIMIT = 50


class MyGame(BaseModel):
    id: str
    status: str
    revolutionaries: int
    version: int
    day: int | None = None
    seats: list[SeatInfo]
    mine: list[str] = Field(description="The seats this browser holds.")
    your_turn: bool = Field(description="One of your seats has a decision to make now.")
    result: dict | None = None


@router.get("/my/games", response_model=list[MyGame], summary="The games this browser holds a seat in")
async def my_games(request: Request, store: StoreDep, signer: SignerDep) -> list[MyGame]:
    guest = (signer.loads(request.cookies.get(GUEST_COOKIE)) or {}).get("guest")
    me = await signed_in(request)
    held = []
    if isinstance(guest, str) and guest:
        held.append(SeatRow.guest_id == guest)
    if me is not None:  # an account's seats, claimed on any device
        held.append(SeatRow.account_id == me[0].id)
    if not held:
        return []
    async with store.sessions() as s:
        q = (select(GameRow, SeatRow.seat).join(SeatRow, SeatRow.game_id == GameRow.id)
             .where(or_(*held)).order_by(GameRow.updated_at.desc(), GameRow.id))
        rows = (await s.execute(q.limit(LIMIT * 4))).all()
    mine: dict[str, list[str]] = {}
    games: dict[str, GameRow] = {}
    for row, seat in rows:
        games.setdefault(row.id, row)
        mine.setdefault(row.id, []).append(seat)
    out = []
    for gid in list(games)[:LIMIT]:
        row = games[gid]
        day, turn = None, False
        if row.status == "active":
            _, game = await store.load(gid, row)
            day = game.day
            turn = any(seat in game.active_seats() and game.legal_actions(seat) for seat in mine[gid])
        out.append(MyGame(id=gid, status=row.status, revolutionaries=row.revolutionaries, version=row.version,
                          day=day, seats=[SeatInfo(**i) for i in seat_infos(await store.seats(gid))],
                          mine=sorted(mine[gid]), your_turn=turn, result=row.result))
    return out
