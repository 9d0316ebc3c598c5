"""Admin routes: login, games by status, any game with every secret, step-through replay,
export/import of records, abandon and delete."""
from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from ..deps import AdminDep, SettingsDep, SignerDep, StoreDep
from ..models import AdminRow
from ..rooms import summary
from ..schemas import AdminLogin, GameSummary
from ..security import ADMIN_COOKIE, ADMIN_MAX_AGE, new_token, verify_password
from ..store import StoreError
from .push import push_game

router = APIRouter(prefix="/api/admin", tags=["admin"])


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid")
    revolutionaries: int = Field(ge=1, le=3)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int
    actions: list[tuple[str, dict[str, Any]]] = Field(max_length=100_000)


@router.post("/login", summary="Log in; sets the admin cookie and returns the CSRF token")
async def login(body: AdminLogin, request: Request, response: Response, signer: SignerDep,
                settings: SettingsDep) -> dict:
    async with request.app.state.sessions() as s:
        admin = (await s.execute(select(AdminRow).where(AdminRow.name == body.name))).scalar_one_or_none()
    if admin is None or not verify_password(admin.password_hash, body.password):
        raise StoreError("Wrong name or password.", 401, "unauthorized")
    csrf = new_token()
    response.set_cookie(ADMIN_COOKIE, signer.dumps({"admin": admin.name, "csrf": csrf}), httponly=True,
                        samesite="strict", secure=settings.cookie_secure, max_age=ADMIN_MAX_AGE)
    return {"admin": admin.name, "csrf": csrf}


@router.post("/logout", status_code=204)
async def logout(admin: AdminDep, response: Response):
    response.delete_cookie(ADMIN_COOKIE)
    response.status_code = 204
    return response


@router.get("/games", response_model=list[GameSummary], summary="Every game with the given status")
async def games(admin: AdminDep, store: StoreDep,
                status: Annotated[str, Query(pattern="^(open|active|finished|abandoned)$")] = "active"):
    rows = await store.list_games([status], public_only=False, limit=500)
    return [summary(r, await store.seats(r.id), day=(await store.load(r.id, r))[1].day) for r in rows]


@router.get("/games/{gid}", summary="A game with every secret (the admin view)")
async def game(gid: str, admin: AdminDep, store: StoreDep) -> dict:
    row, g = await store.load(gid)
    return {"summary": summary(row, await store.seats(gid), day=g.day).model_dump(), "version": row.version,
            "view": g.view("admin")}


@router.get("/games/{gid}/replay", summary="The state after `step` actions, with the action taken at that step")
async def replay_step(gid: str, admin: AdminDep, store: StoreDep, step: Annotated[int, Query(ge=0)] = 0) -> dict:
    g = await store.game_at(gid, step)
    record = await store.record(gid)
    action = record["actions"][step - 1] if step > 0 else None
    return {"step": step, "steps": len(record["actions"]), "action": action, "view": g.view("admin")}


@router.get("/games/{gid}/export", summary="The game record as JSON (replays to the same game)")
async def export(gid: str, admin: AdminDep, store: StoreDep) -> dict:
    return await store.record(gid)


@router.post("/games/import", status_code=201, summary="Import a record as a new game")
async def import_game(body: Record, admin: AdminDep, store: StoreDep) -> dict:
    record = body.model_dump()
    record["actions"] = [list(a) for a in record["actions"]]
    gid = await store.import_record(record)
    return {"id": gid}


@router.post("/games/{gid}/abandon", status_code=204, summary="Mark a game abandoned (no more moves)")
async def abandon(gid: str, request: Request, admin: AdminDep, store: StoreDep):
    await store.set_status(gid, "abandoned")
    await push_game(request.app, gid)
    return Response(status_code=204)


@router.delete("/games/{gid}", status_code=204, summary="Delete a game and its whole record")
async def delete(gid: str, admin: AdminDep, store: StoreDep):
    await store.delete(gid)
    return Response(status_code=204)
