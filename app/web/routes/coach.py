"""Learning the game (issue 33): a lesson room ("Learn to play") and the hint of a solo game."""
from __future__ import annotations

from fastapi import APIRouter, Request

from app.play.lessons import LESSONS
from app.play.store import StoreError
from app.seats.hints import Hints, check_solo
from app.web.deps import AuthHeader, bearer, client_ip
from app.web.limits import Limit
from app.web.routes.api import created
from app.web.schemas import CreatedGame, GameId, HintAnswer, HintRequest, LearnRequest, errors

router = APIRouter(prefix="/api", tags=["games"])


def hints(app) -> Hints:
    if getattr(app.state, "hints", None) is None:
        app.state.hints = Hints(app, app.state.bots.thinking)  # the hard bots' pool: one bound on searches
    return app.state.hints


@router.post("/learn", response_model=CreatedGame, status_code=201,
             summary="Learn to play: a solo lesson room on a fixed deal, with the coach at its table",
             responses=errors(400, 422, 429))
async def learn(request: Request, body: LearnRequest | None = None) -> CreatedGame:
    app = request.app
    store, settings, limiter = app.state.store, app.state.settings, app.state.limiter
    lesson = LESSONS[(body or LearnRequest()).lesson]
    taken = await limiter.take(Limit("rooms", client_ip(request), settings.rooms_per_hour, 3600,
                                     f"Too many rooms from your address: at most {settings.rooms_per_hour} an hour."))
    try:
        gid, invites = await store.create(lesson.revolutionaries, dict(lesson.options), True, client_ip(request),
                                          dict(lesson.bots), bot_pace=lesson.bot_pace, seed=lesson.seed)
    except Exception:
        await limiter.give_back(taken)
        raise
    return created(app, gid, invites, None)


@router.post("/games/{gid}/hint", response_model=HintAnswer,
             summary="A hint in a solo game: what the hard bot would do in your seat's place (changes nothing)",
             responses=errors(400, 401, 403, 404, 409, 422, 429))
async def hint(gid: GameId, body: HintRequest, request: Request, authorization: AuthHeader = None) -> HintAnswer:
    app = request.app
    store, settings = app.state.store, app.state.settings
    await store.row(gid)  # 404 before anything else
    seat = await store.seat_for_token(gid, bearer(authorization))
    if seat is None:
        raise StoreError("Hints are for the player whose decision it is: send your seat token.", 401, "unauthorized")
    check_solo(await store.seats(gid), seat)  # before the count: a refused asker costs the limit nothing
    await app.state.limiter.take(Limit("hints", client_ip(request), settings.hints_per_minute, 60,
                                       f"Too many hints from your address: at most {settings.hints_per_minute} a minute."))
    got = await hints(app).ask(gid, seat, body.version)
    return HintAnswer(version=got.version, index=got.index, action=got.action, by=got.by, playouts=got.playouts)
