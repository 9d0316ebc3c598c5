"""Public replays of finished games: the replay page, the spectator view after any step, and the
game's summary (per-day morale, support and events on the board; moves per seat).

Everything here is built from spectator views, so a replay never shows a hand, a deck or a
face-down tile, not even of a game that is over. Admins keep the full view on /admin.
"""
from __future__ import annotations

import asyncio
from collections import Counter
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from app.play.rooms import seat_infos
from app.play.store import StoreError
from app.web.deps import StoreDep
from app.web.routes.pages import templates
from app.web.schemas import GameId, errors
from engine import new_game

router = APIRouter()
_SUMMARIES: dict[str, dict] = {}  # finished games never change: one summary each, kept
_SUMMARY_CAP = 256


async def _finished(store, gid: str):
    row = await store.row(gid)
    if row.status != "finished":
        raise StoreError("Replays open when the game is over.", 409, "not_finished")
    return row


@router.get("/games/{gid}/replay", response_class=HTMLResponse, include_in_schema=False)
async def replay_page(request: Request, gid: GameId):
    return templates.TemplateResponse(request, "replay.html", {"gid": gid})


@router.get("/api/games/{gid}/replay", tags=["replays"],
            summary="A finished game after `step` moves, as a spectator sees it", responses=errors(404, 409, 422))
async def replay_step(gid: GameId, store: StoreDep, step: Annotated[int, Query(ge=0)] = 0) -> dict:
    row = await _finished(store, gid)
    if step > row.version:
        raise StoreError(f"Step must be between 0 and {row.version}.", 422)
    game = await store.game_at(gid, step)
    return {"step": step, "steps": row.version, "seats": seat_infos(await store.seats(gid)),
            "view": game.view("spectator", texts=False)}


@router.get("/api/games/{gid}/summary", tags=["replays"],
            summary="A finished game's public timeline: morale, support and events on the board per day",
            responses=errors(404, 409, 422))
async def game_summary(gid: GameId, store: StoreDep) -> dict:
    row = await _finished(store, gid)
    if gid not in _SUMMARIES:
        record = await store.record(gid)
        summary = await asyncio.to_thread(public_timeline, record)
        if len(_SUMMARIES) >= _SUMMARY_CAP:
            _SUMMARIES.pop(next(iter(_SUMMARIES)))
        _SUMMARIES[gid] = summary
    return {**_SUMMARIES[gid], "result": row.result, "seats": seat_infos(await store.seats(gid))}


def _point(view: dict) -> dict:
    """The printed values of the tracks and the events on the board, from a spectator view."""
    events = [loc["event"]["title"] for loc in view["locations"].values() if loc["event"]]
    return {"day": view["day"], "morale": view["morale_index"], "morale_draw": view["morale_draw"],
            "morale_skull": bool(view["morale_skull"]), "support": view["support_index"],
            "support_printed": view["soviet_hand_limit"], "support_colour": view["support_colour"],
            "events": len(events), "event_titles": events}


def public_timeline(record: dict) -> dict:
    """Replay a record and keep, at the start of each day and at the end, what a spectator saw."""
    game = new_game(record["revolutionaries"], record["seed"], record["options"])
    points = [{**_point(game.view("spectator")), "at": "start"}]
    moves: Counter = Counter()
    day = game.day
    for seat, action in record["actions"]:
        game.apply(seat, action)
        if action.get("type") != "undo":
            moves[seat] += 1
        else:
            moves[seat] -= 1  # an undo takes a move back
        if game.day != day:
            day = game.day
            points.append({**_point(game.view("spectator")), "at": "start"})
    final = game.view("spectator")
    points.append({**_point(final), "at": "end"})
    return {"points": points, "moves": dict(moves), "injuries": dict(final["injuries"]),
            "fighters_removed": len(final["fighters_removed"]), "days": final["day"]}
