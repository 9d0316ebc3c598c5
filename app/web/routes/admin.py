"""Admin routes: login, games by status, any game with every secret, step-through replay,
export/import of records, abandon and delete."""
from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import APIRouter, Query, Request, Response
from sqlalchemy import select

from app.infra.models import AdminRow
from app.infra.security import ADMIN_COOKIE, ADMIN_MAX_AGE, check_password, new_token
from app.play.games import close_deleted, push_room
from app.play.record_import import IMPORT_MAX_ACTIONS, IMPORT_MAX_BYTES, Record, Refused, check_off_loop
from app.play.store import StoreError
from app.web.deps import AdminDep, SettingsDep, SignerDep, StoreDep, client_ip
from app.web.limits import Limit, growing_delay
from app.web.schemas import AdminLogin, GameId, GameSummary, errors, summary

router = APIRouter(prefix="/api/admin", tags=["admin"])


async def read_capped(request: Request, limit: int) -> bytes:
    """The body, refused (413) past `limit` bytes: by its Content-Length before reading, or while
    reading one sent without it."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > limit:
        raise StoreError(f"The body is larger than {limit} bytes.", 413, "too_large")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise StoreError(f"The body is larger than {limit} bytes.", 413, "too_large")
        chunks.append(chunk)
    return b"".join(chunks)


@router.post("/login", summary="Log in; sets the admin cookie and returns the CSRF token",
             responses=errors(400, 401, 422, 429))
async def login(body: AdminLogin, request: Request, response: Response, signer: SignerDep,
                settings: SettingsDep) -> dict:
    limiter = request.app.state.limiter
    window = settings.login_window
    ip = client_ip(request)
    # Counted before the password is checked, so simultaneous guesses cannot slip past the limits.
    # An address that guessed too often is refused; guesses at a name from everywhere are only
    # slowed, so its owner, from an address of their own, still gets in (issue 30 item 10).
    taken = await limiter.take(
        Limit("login_address", ip, settings.login_attempts_per_address, window,
              "Too many login attempts from your address: wait before trying again."),
        Limit("login_pair", f"{body.name} {ip}", settings.login_attempts_per_name_address, window,
              "Too many login attempts for this name from your address: wait before trying again."),
        Limit("login_name", body.name, None, window, ""))
    earlier = max(0, await limiter.count("login_name", body.name, window) - 1)
    # Before the check, for the right password too: a delay only on failures would tell a guesser
    # that a quick answer means success.
    await asyncio.sleep(growing_delay(earlier, settings.login_delay_after, settings.login_delay_base,
                                      settings.login_delay_max))
    async with request.app.state.sessions() as s:
        admin = (await s.execute(select(AdminRow).where(AdminRow.name == body.name))).scalar_one_or_none()
    if not await check_password(admin.password_hash if admin else None, body.password):
        raise StoreError("Wrong name or password.", 401, "unauthorized")
    await limiter.give_back(taken)  # only failed attempts count against the limits
    csrf = new_token()
    response.set_cookie(ADMIN_COOKIE, signer.dumps({"admin": admin.name, "csrf": csrf}), httponly=True,
                        samesite="strict", secure=settings.cookie_secure, max_age=ADMIN_MAX_AGE)
    return {"admin": admin.name, "csrf": csrf}


@router.post("/logout", status_code=204, summary="Log out", responses=errors(401, 403))
async def logout(admin: AdminDep, response: Response):
    response.delete_cookie(ADMIN_COOKIE)
    response.status_code = 204
    return response


@router.get("/games", response_model=list[GameSummary], summary="Every game with the given status",
            responses=errors(401, 422))
async def games(admin: AdminDep, store: StoreDep,
                status: Annotated[str, Query(pattern="^(open|active|finished|abandoned)$")] = "active"):
    rows = await store.list_games([status], public_only=False, limit=500)
    return [summary(r, await store.seats(r.id), day=(await store.load(r.id, r))[1].day) for r in rows]


@router.get("/games/{gid}", summary="A game with every secret (the admin view)", responses=errors(401, 404, 422))
async def game(gid: GameId, admin: AdminDep, store: StoreDep) -> dict:
    row, g = await store.load(gid)
    return {"summary": summary(row, await store.seats(gid), day=g.day).model_dump(), "version": row.version,
            "view": g.view("admin", texts=False)}


@router.get("/games/{gid}/replay", summary="The state after `step` actions, with the action taken at that step",
            responses=errors(401, 404, 422))
async def replay_step(gid: GameId, admin: AdminDep, store: StoreDep, step: Annotated[int, Query(ge=0)] = 0) -> dict:
    g = await store.game_at(gid, step)
    record = await store.record(gid)
    action = record["actions"][step - 1] if step > 0 else None
    return {"step": step, "steps": len(record["actions"]), "action": action, "view": g.view("admin", texts=False)}


@router.get("/games/{gid}/export", summary="The game record as JSON (replays to the same game)",
            responses=errors(401, 404, 422))
async def export(gid: GameId, admin: AdminDep, store: StoreDep) -> dict:
    return await store.record(gid)


@router.post("/games/import", status_code=201, summary="Import a record as a new game",
             description=f"At most {IMPORT_MAX_BYTES} bytes and {IMPORT_MAX_ACTIONS} actions. The record is "
                         "checked and replayed in a worker process, never on the server's event loop.",
             responses=errors(401, 403, 413, 422),
             openapi_extra={"requestBody": {"required": True, "content": {"application/json": {
                 "schema": Record.model_json_schema()}}}})
async def import_game(request: Request, admin: AdminDep, store: StoreDep) -> dict:
    # The body is read only after the admin's cookie and CSRF token are checked (a body parameter
    # would have FastAPI read and parse it first, for anyone).
    raw = await read_capped(request, IMPORT_MAX_BYTES)
    try:
        checked = await check_off_loop(raw)
    except Refused as e:
        raise StoreError(e.message, 422) from e
    return {"id": await store.import_record(checked)}


@router.post("/games/{gid}/abandon", status_code=204, summary="Mark a game abandoned (no more moves)",
             responses=errors(401, 403, 404, 422))
async def abandon(gid: GameId, request: Request, admin: AdminDep, store: StoreDep):
    await store.set_status(gid, "abandoned")
    await push_room(request.app, gid)
    return Response(status_code=204)


@router.delete("/games/{gid}", status_code=204, summary="Delete a game and its whole record",
               responses=errors(401, 403, 404, 422))
async def delete(gid: GameId, request: Request, admin: AdminDep, store: StoreDep):
    await store.delete(gid)
    await close_deleted(request.app, gid)
    return Response(status_code=204)
