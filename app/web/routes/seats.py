"""Seats while a game runs: its clocks, handing an away player's seat to a bot, taking it back
(app.seats.clocks, app.seats.zombies). Also what room creation adds for a paced room or a webhook."""
from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel

from app.infra.models import ClockRow, HookRow, NotifyGameRow
from app.play.games import wake_bots
from app.play.store import StoreError
from app.seats.hook_formats import detect
from app.seats.hook_urls import check_target
from app.seats.seat_bots import request_skip
from app.seats.zombies import hand_away_seat, take_back
from app.web.deps import AuthHeader, bearer, known_seat
from app.web.schemas import CreateGame, GameId, errors

router = APIRouter(prefix="/api", tags=["games"])


def room_extras(body: CreateGame, settings):
    """The pace to store and the rows a new room needs besides its seats (a clock row, a webhook);
    a webhook to an address this server may not call is refused (422) before anything is made."""
    pace = body.pace.model_dump() if body.pace.mode != "live" else None
    if body.webhook_format is not None and body.webhook is None:
        raise StoreError("webhook_format: give it with a webhook", 422)
    if body.webhook is not None:
        try:
            check_target(body.webhook, settings.webhook_allow_private, settings.webhook_ports)
        except ValueError as e:
            raise StoreError(f"webhook: {e}", 422) from e

    def rows(gid: str) -> list:
        # What the notifier (app.notify.turns) saw last: an open room, nobody to act yet.
        out: list = [NotifyGameRow(game_id=gid, version=-1, status="open", active=[])]
        if pace is not None:
            out.append(ClockRow(game_id=gid, version=-1, state={}, next_deadline=None))
        if body.webhook is not None:
            out.append(HookRow(game_id=gid, url=body.webhook, done_version=-1, last_active=[], holder="",
                               delivered=0, failed=0, format=body.webhook_format or detect(body.webhook)))
        return out

    return pace, rows


class SeatHands(BaseModel):
    seat: str
    zombie: bool
    changed: bool


@router.get("/games/{gid}/clock", summary="The clocks and the log of who played each seat (the `clock` frame)",
            responses=errors(404, 422))
async def get_clock(gid: GameId, request: Request) -> dict:
    return await request.app.state.clocks.frame(gid)


@router.post("/games/{gid}/seats/{seat}/bot", response_model=SeatHands,
             summary="Hand an away player's seat to a bot (with another seat's token)",
             responses=errors(401, 403, 404, 409, 422))
async def seat_to_bot(gid: GameId, seat: str, request: Request, authorization: AuthHeader = None) -> SeatHands:
    known_seat(seat)
    asker = await request.app.state.store.seat_for_token(gid, bearer(authorization))
    if asker is None:
        raise StoreError("Only a player of this game may hand a seat to a bot: send your seat token.", 401,
                         "unauthorized")
    await hand_away_seat(request.app, gid, seat, asker)
    return SeatHands(seat=seat, zombie=True, changed=True)


@router.post("/games/{gid}/seats/{seat}/resume", response_model=SeatHands,
             summary="Take your seat back from the bot (with the seat's own token, from its resume link)",
             responses=errors(401, 403, 404, 409, 422))
async def resume_seat(gid: GameId, seat: str, request: Request, authorization: AuthHeader = None) -> SeatHands:
    known_seat(seat)
    token = bearer(authorization)
    if not token:
        raise StoreError("Taking a seat back needs its token (the one in its resume link).", 401, "unauthorized")
    await request.app.state.store.row(gid)  # 404 before anything else
    changed = await take_back(request.app, gid, seat, token)
    return SeatHands(seat=seat, zombie=False, changed=changed)


@router.post("/games/{gid}/skip", status_code=204,
             summary="Skip to the next person's decision: the room's bots move at once until a person is to decide",
             responses=errors(401, 404, 409, 422))
async def skip_bots(gid: GameId, request: Request, authorization: AuthHeader = None) -> Response:
    # For the whole room, not one person's display: the bots move on the server, so only the server can
    # stop their pauses, and everyone watching waits for the same bots (app.seats.seat_bots).
    store = request.app.state.store
    await store.row(gid)  # 404 before anything else
    seat = await store.seat_for_token(gid, bearer(authorization))
    if seat is None:
        raise StoreError("Only a player of this game may skip the bots' moves: send your seat token.", 401,
                         "unauthorized")
    await request_skip(request.app, gid, seat)
    wake_bots(request.app, gid)
    return Response(status_code=204)
