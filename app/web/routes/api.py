"""REST: rooms, seats, views and moves (DESIGN §3). Documented in the OpenAPI docs at /docs."""
from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Header, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from app.infra.security import GUEST_COOKIE, new_token
from app.play.games import make_move, push_room, wake_bots
from app.play.rooms import invite_url, seat_infos
from app.play.store import StoreError
from app.web.deps import AuthHeader, StoreDep, bearer, client_ip, known_seat, signed_in
from app.web.limits import Limit
from app.web.routes.seats import room_extras
from app.web.schemas import (
    ClaimSeat,
    CreatedGame,
    CreateGame,
    GameId,
    GameSummary,
    SeatToken,
    errors,
    summary,
)

router = APIRouter(prefix="/api", tags=["games"])


class MoveRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: int = Field(ge=0, strict=True, description="The version of the view the move answers: a JSON integer (`1.0` is refused).")
    action: dict[str, Any]


class MoveResult(BaseModel):
    version: int
    status: str
    view: dict[str, Any]


@router.post("/games", response_model=CreatedGame, status_code=201, summary="Create a room",
             responses=errors(400, 422, 429))
async def create_game(body: CreateGame, request: Request) -> CreatedGame:
    # The app's services straight from its state, not as dependencies: FastAPI solves each
    # dependency per request (~0.1 ms), and every new room pays this route and the claims'.
    app = request.app
    store, settings, limiter = app.state.store, app.state.settings, app.state.limiter
    ip = client_ip(request)
    taken = await limiter.take(Limit("rooms", ip, settings.rooms_per_hour, 3600,
                                     f"Too many rooms from your address: at most {settings.rooms_per_hour} an hour."))
    try:
        options = dict(body.options)
        if options.setdefault("ruleset", body.ruleset) != body.ruleset and "ruleset" in body.model_fields_set:
            raise StoreError("'ruleset' and 'options.ruleset' differ: give one of them.", 422)
        pace, extra = room_extras(body, settings)
        gid, invites = await store.create(body.revolutionaries, options, body.private, ip, body.bots,
                                          pace=pace, extra=extra, bot_pace=body.bot_pace,
                                          bot_think_ms=body.bot_think_ms)
    except Exception:
        await limiter.give_back(taken)  # refused options: no room was made
        raise
    return created(app, gid, invites, pace, body.webhook is not None)


def created(app, gid: str, invites: dict[str, str], pace: dict | None, webhook: bool = False) -> CreatedGame:
    """Tell the services of a new room and answer with its invite links."""
    app.state.clocks.created(gid, pace)  # what their first look at the room would read
    app.state.hooks.created(gid, webhook)
    wake_bots(app, gid)  # a room of bots only starts at once
    base = app.state.settings.public_url.rstrip("/")
    return CreatedGame(id=gid, invites={seat: invite_url(base, gid, seat, inv) for seat, inv in invites.items()},
                       spectate=f"{base}/games/{gid}")


@router.get("/games", response_model=list[GameSummary], summary="Public rooms: open ones to join, live ones to watch",
            responses=errors(422))
async def list_games(store: StoreDep, status: Annotated[str, Query(pattern="^(open|active|finished)$")] = "open"):
    rows = await store.list_games([status])
    return [summary(r, await store.seats(r.id)) for r in rows]


@lru_cache(maxsize=1)
def _catalog() -> tuple[bytes, str]:
    """The catalog as sent, and its ETag (a hash of those bytes: a new release with other texts
    gets another)."""
    from engine.public import catalog

    body = orjson.dumps(catalog())
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


@router.get("/catalog", summary="Static card texts: every location, card, fighter, tank and SPA card",
            responses={200: {"content": {"application/json": {"schema": {"type": "object"}}},
                             "description": "The catalog; `view_records` gives, per component id, the texts views leave out"},
                       304: {"description": "Not modified: the ETag sent in If-None-Match is current"}})
async def get_catalog(if_none_match: Annotated[str | None, Header()] = None) -> Response:
    body, etag = _catalog()
    # Clients keep it and ask again with If-None-Match: the texts only change with a release.
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    if if_none_match and etag in {t.strip().removeprefix("W/") for t in if_none_match.split(",")}:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@router.get("/games/{gid}", response_model=GameSummary, summary="A room's public summary", responses=errors(404, 422))
async def get_game(gid: GameId, store: StoreDep) -> GameSummary:
    row, game = await store.load(gid)
    return summary(row, await store.seats(gid), day=game.day)


@router.post("/games/{gid}/seats/{seat}", response_model=SeatToken, summary="Claim a seat",
             responses=errors(400, 403, 404, 409, 422))
async def claim_seat(gid: GameId, seat: str, body: ClaimSeat, request: Request, response: Response) -> SeatToken:
    known_seat(seat)
    state = request.app.state  # (as in create_game: no dependencies to solve)
    store, signer, settings = state.store, state.signer, state.settings
    guest = signer.loads(request.cookies.get(GUEST_COOKIE)) or {"guest": new_token()}
    if not isinstance(guest.get("guest"), str) or not guest["guest"]:
        # Signed by this server but not a guest cookie (the admin cookie has the same signer).
        raise StoreError(f"The {GUEST_COOKIE} cookie is not a guest cookie of this site: remove it and try again.",
                         400)
    token = await store.claim(gid, seat, body.name, body.invite, guest["guest"])
    me = await signed_in(request)
    if me is not None:  # the seat follows the account to its other devices
        await state.accounts.adopt(me[0].id, [(gid, seat, token)], state.sealer.seal)
    response.set_cookie(GUEST_COOKIE, signer.dumps({**guest, "name": body.name}), httponly=True, samesite="lax",
                        secure=settings.cookie_secure, max_age=365 * 24 * 3600)
    await push_room(request.app, gid)
    return SeatToken(game_id=gid, seat=seat, token=token)


@router.delete("/games/{gid}/seats/{seat}", status_code=204, summary="Leave a seat before the game starts",
               responses=errors(401, 403, 404, 409, 422))
async def leave_seat(gid: GameId, seat: str, request: Request, store: StoreDep, authorization: AuthHeader = None):
    known_seat(seat)
    token = bearer(authorization)
    if not token:
        raise StoreError("Leaving a seat needs its token.", 401, "unauthorized")
    await store.leave(gid, seat, token)
    await push_room(request.app, gid)
    return Response(status_code=204)


@router.get("/games/{gid}/view", summary="The view of your seat (or the spectator view without a token)",
            responses=errors(401, 403, 404, 422))
async def get_view(gid: GameId, store: StoreDep, authorization: AuthHeader = None) -> dict:
    seat = await store.seat_for_token(gid, bearer(authorization))
    row, game = await store.load(gid)
    seats = seat_infos(await store.seats(gid))
    return {"version": row.version, "status": row.status, "seat": seat or "spectator", "seats": seats,
            "view": game.view(seat or "spectator", texts=False)}


class LogPage(BaseModel):
    total: int = Field(description="How many entries the game's whole log holds.")
    start: int = Field(description="The `n` of this page's first entry (0 is the game's first).")
    entries: list[dict[str, Any]] = Field(description="Entries `{n, day, phase, text, refs, dice?}` in order, "
                                                      "filtered for the requesting seat as its views filter the log.")


# Enough for any game (a whole game writes a few thousand entries); larger values are refused (422).
LOG_BEFORE_MAX = 1_000_000
LOG_PAGE_MAX = 500


@router.get("/games/{gid}/log", response_model=LogPage, summary="The whole log, a page at a time",
            responses=errors(401, 403, 404, 422))
async def get_log(gid: GameId, store: StoreDep, authorization: AuthHeader = None,
                  before: Annotated[int | None, Query(ge=0, le=LOG_BEFORE_MAX, description=(
                      "Entries before this `n` (default: up to the newest)."))] = None,
                  limit: Annotated[int, Query(ge=1, le=LOG_PAGE_MAX, description="At most this many entries.")] = 200,
                  ) -> LogPage:
    # Views carry only the recent tail of the log; this pages through all of it, with the seat's
    # private texts only for that seat (the same filter as its views: engine Game.log_page).
    seat = await store.seat_for_token(gid, bearer(authorization))
    _, game = await store.load(gid)
    total = game.log_length
    stop = total if before is None else min(before, total)
    start = max(0, stop - limit)
    return LogPage(total=total, start=start, entries=game.log_page(seat or "spectator", start, stop))


@router.post("/games/{gid}/actions", response_model=MoveResult, summary="Make a move (same as the websocket)",
             responses=errors(400, 401, 403, 404, 409, 422))
async def post_action(gid: GameId, body: MoveRequest, request: Request, store: StoreDep,
                      authorization: AuthHeader = None) -> MoveResult:
    seat = await store.seat_for_token(gid, bearer(authorization))
    if seat is None:
        raise StoreError("Spectators cannot act: send your seat token.", 401, "unauthorized")
    moved = await make_move(request.app, gid, seat, body.version, body.action)
    return MoveResult(version=moved.version, status=moved.status, view=moved.game.view(seat, texts=False))
