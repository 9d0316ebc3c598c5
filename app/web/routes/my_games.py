"""GET /api/my/games: the games this browser holds a seat in (by its signed guest cookie, and those
of the account signed in on it), most recently active first, each with a "your turn" mark. Only
this browser's own seats are named. GET /api/my/next: of those in running games, the next one
where it is your turn (the table's "Next game" button)."""
from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field
from sqlalchemy import or_, select

from app.infra.models import GameRow, SeatRow
from app.infra.security import GUEST_COOKIE
from app.play.rooms import seat_infos
from app.web.deps import SignerDep, StoreDep, signed_in
from app.web.schemas import GAME_ID_PATTERN, SeatInfo, errors

router = APIRouter(prefix="/api", tags=["games"])
LIMIT = 50
NEXT_LIMIT = 400  # seats in running games the next-game answer looks at


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


async def _held(request: Request, signer) -> list:
    """Which seats are this browser's: its guest cookie's, and the signed-in account's."""
    guest = (signer.loads(request.cookies.get(GUEST_COOKIE)) or {}).get("guest")
    me = await signed_in(request)
    held = []
    if isinstance(guest, str) and guest:
        held.append(SeatRow.guest_id == guest)
    if me is not None:  # an account's seats, claimed on any device
        held.append(SeatRow.account_id == me[0].id)
    return held


@router.get("/my/games", response_model=list[MyGame], summary="The games this browser holds a seat in")
async def my_games(request: Request, store: StoreDep, signer: SignerDep) -> list[MyGame]:
    held = await _held(request, signer)
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


class YourTurn(BaseModel):
    id: str
    seats: list[str] = Field(description="Your seats with a decision to make there.")
    url: str = Field(description="The table.")


class NextGame(BaseModel):
    waiting: int = Field(description="Games (other than `current`) where one of your seats has a decision to make now.")
    next: YourTurn | None = Field(description="The one that has waited longest; null when none waits for you.")


@router.get("/my/next", response_model=NextGame, summary="The next game where it is your turn",
            responses=errors(422))
async def next_game(request: Request, store: StoreDep, signer: SignerDep,
                    current: Annotated[str | None, Query(pattern=GAME_ID_PATTERN,
                                                         description="The game you are at (skipped).")] = None
                    ) -> NextGame:
    """Of the running games where this browser's seats (its guest seats, and the account's seats
    on every device when signed in) have a decision to make, the one waiting longest."""
    held = await _held(request, signer)
    if not held:
        return NextGame(waiting=0, next=None)
    async with store.sessions() as s:
        q = (select(GameRow, SeatRow.seat).join(SeatRow, SeatRow.game_id == GameRow.id)
             .where(GameRow.status == "active", or_(*held)).order_by(GameRow.updated_at, GameRow.id))
        rows = (await s.execute(q.limit(NEXT_LIMIT))).all()
    games: dict[str, GameRow] = {}
    mine: dict[str, set[str]] = {}
    for row, seat in rows:
        games.setdefault(row.id, row)
        mine.setdefault(row.id, set()).add(seat)
    waiting: list[YourTurn] = []
    for gid, row in games.items():
        if gid == current:
            continue
        _, game = await store.load(gid, row)
        seats = sorted(seat for seat in mine[gid] if seat in game.active_seats() and game.legal_actions(seat))
        if seats:
            waiting.append(YourTurn(id=gid, seats=seats, url=f"/games/{gid}/table"))
    return NextGame(waiting=len(waiting), next=waiting[0] if waiting else None)
