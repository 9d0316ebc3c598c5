"""Players' public profiles and the leaderboards (issue 34): `GET /api/players/{name}` and its page
`/players/NAME`; `GET /api/leaderboard` and its page `/leaderboard`. Ratings: docs/ratings.md."""
from __future__ import annotations

import math
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from app.accounts.profiles import leaderboard, profile
from app.accounts.ratings import SIDES
from app.play.store import StoreError
from app.web.deps import signed_in
from app.web.routes.pages import templates
from app.web.schemas import LIMITS, NAME_PATTERN, errors

router = APIRouter(tags=["players"])
PER_PAGE = 25
MAX_PAGE = 10_000

PlayerName = Annotated[str, Path(min_length=1, max_length=LIMITS.max_name_chars, pattern=NAME_PATTERN,
                                 description="The account's name (capitals and width do not matter).")]
Side = Literal["soviet", "revolutionaries"]


class Rating(BaseModel):
    ruleset: str
    side: str
    rating: int = Field(description="40 * (mu - 3 sigma) + 1000, rounded: openskill's ordinal, scaled (a new player: 1000).")
    games: int = Field(description="Rated games on this side of this ruleset.")
    wins: int
    mu: float
    sigma: float


class SideWins(BaseModel):
    ruleset: str
    side: str
    games: int = Field(description="Finished games played on this side (rated or not).")
    wins: int


class Player(BaseModel):
    seat: str
    name: str | None
    bot: str | None = Field(description="The bot's level, when a bot plays the seat.")
    account: str | None = Field(description="The account holding the seat (its profile is public).")


class ProfileGame(BaseModel):
    id: str
    ruleset: str
    revolutionaries: int
    status: str
    seats: list[str] = Field(description="The profile's player's seats in it.")
    sides: list[str]
    players: list[Player]
    result: dict | None
    won: bool | None = Field(description="Whether the player's side won; null while the game runs, or when the "
                                         "player held seats on both sides.")
    updated_at: str
    table: str = Field(description="The table (or the room, while seats are open): anyone may watch.")
    replay: str | None = Field(description="The replay of a finished game.")


class Profile(BaseModel):
    name: str
    since: str
    ratings: list[Rating]
    wins: list[SideWins]
    live: list[ProfileGame]
    finished: list[ProfileGame] = Field(description="The most recent finished games.")
    finished_total: int


class BoardRow(BaseModel):
    rank: int
    name: str
    rating: int
    games: int
    wins: int


class Leaderboard(BaseModel):
    ruleset: str
    side: str
    min_games: int = Field(description="Rated games a player needs to be listed.")
    page: int
    pages: int
    total: int
    players: list[BoardRow]


async def _profile(request: Request, name: str) -> dict:
    state = request.app.state
    account = await state.accounts.by_name(name)
    if account is None:
        raise StoreError("No player of that name.", 404, "not_found")
    me = await signed_in(request)
    return await profile(state.store, account, me[0].id if me else None)


@router.get("/api/players/{name}", response_model=Profile, summary="A player's public profile: games, wins, ratings",
            responses=errors(404, 422))
async def get_player(name: PlayerName, request: Request) -> dict:
    """Live and finished games (of public rooms; a private room's only to its own player), wins per
    ruleset and side, and ratings. Never an e-mail address, a setting or a seat token."""
    return await _profile(request, name)


async def _board(request: Request, ruleset: str, side: str, page: int) -> dict:
    need = request.app.state.settings.leaderboard_min_games
    total, rows = await leaderboard(request.app.state.store, ruleset, side, need, page, PER_PAGE)
    return {"ruleset": ruleset, "side": side, "min_games": need, "page": page,
            "pages": max(1, math.ceil(total / PER_PAGE)), "total": total, "players": rows}


@router.get("/api/leaderboard", response_model=Leaderboard, summary="The best rated players of a ruleset and side",
            responses=errors(422))
async def get_leaderboard(request: Request, ruleset: Literal["conflict", "zhukov"] = "conflict",
                          side: Side = "revolutionaries",
                          page: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 1) -> dict:
    """Players with at least `min_games` rated games, best first, 25 a page. (The Zhukov ruleset has
    no Soviet player: its Soviet board is empty.)"""
    return await _board(request, ruleset, side, page)


@router.get("/players/{name}", response_class=HTMLResponse, include_in_schema=False)
async def player_page(name: PlayerName, request: Request):
    try:
        data = await _profile(request, name)
    except StoreError as e:
        if e.status != 404:
            raise
        return templates.TemplateResponse(request, "player.html", {"player": None, "asked": name}, status_code=404)
    return templates.TemplateResponse(request, "player.html", {"player": data, "asked": name})


@router.get("/leaderboard", response_class=HTMLResponse, include_in_schema=False)
async def leaderboard_page(request: Request, ruleset: Literal["conflict", "zhukov"] = "conflict",
                           side: Side = "revolutionaries", page: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 1):
    board = await _board(request, ruleset, side, page)
    boards = [(r, s) for r, sides in SIDES.items() for s in sides]
    return templates.TemplateResponse(request, "leaderboard.html", {"board": board, "boards": boards})
