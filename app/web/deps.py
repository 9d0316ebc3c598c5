"""Dependency aliases (Annotated) and the request helpers the routers share (the seat token of an
`Authorization` header, a known seat name, the client's address). The dependencies are `async def`:
FastAPI runs a plain `def` one in its thread pool, a thread hand-off per dependency per request (a
claim had four) for what is an attribute read."""
from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, HTTPException, Request

from app.accounts.sessions import session_account
from app.accounts.store import Account
from app.infra.security import ADMIN_COOKIE, ADMIN_MAX_AGE, SESSION_COOKIE, Signer
from app.infra.settings import Settings
from app.play.hub import Hub
from app.play.store import GameStore, StoreError
from engine.public import seats_for

SEATS = seats_for(3) + seats_for(4, {"ruleset": "zhukov"})[3:]  # every seat any room can have


async def get_store(request: Request) -> GameStore:
    return request.app.state.store


async def get_hub(request: Request) -> Hub:
    return request.app.state.hub


async def get_settings_dep(request: Request) -> Settings:
    return request.app.state.settings


async def get_signer(request: Request) -> Signer:
    return request.app.state.signer


def admin_session(app, cookies) -> dict | None:
    """The signed admin cookie's content ({"admin": name, "csrf": token}), or None when it is
    missing, forged or expired. For requests and websockets alike."""
    data = app.state.signer.loads(cookies.get(ADMIN_COOKIE), max_age=ADMIN_MAX_AGE)
    return data if data and "admin" in data else None


async def require_admin(request: Request) -> str:
    """The admin's name from the signed admin cookie; state-changing requests must also carry the
    CSRF token (double submit: header X-CSRF-Token equal to the one signed into the cookie)."""
    data = admin_session(request.app, request.cookies)
    if data is None:
        raise HTTPException(status_code=401, detail="Admin login required.")
    if request.method not in ("GET", "HEAD", "OPTIONS") and request.headers.get("x-csrf-token") != data.get("csrf"):
        raise HTTPException(status_code=403, detail="Missing or wrong CSRF token.")
    return data["admin"]


async def signed_in(request: Request) -> tuple[Account, str] | None:
    """The account the session cookie signs in and the cookie's CSRF token, or None."""
    state = request.app.state
    return await session_account(state.signer, state.accounts, request.cookies.get(SESSION_COOKIE))


async def require_account(request: Request) -> tuple[Account, str]:
    """As require_admin, for a player's account: 401 without a valid session, 403 when a request
    that changes something lacks the CSRF token signed into the cookie."""
    me = await signed_in(request)
    if me is None:
        raise HTTPException(status_code=401, detail="Sign in first.")
    if request.method not in ("GET", "HEAD", "OPTIONS") and request.headers.get("x-csrf-token") != me[1]:
        raise HTTPException(status_code=403, detail="Missing or wrong CSRF token.")
    return me


StoreDep = Annotated[GameStore, Depends(get_store)]
HubDep = Annotated[Hub, Depends(get_hub)]
SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
SignerDep = Annotated[Signer, Depends(get_signer)]
AdminDep = Annotated[str, Depends(require_admin)]
AccountDep = Annotated[tuple[Account, str], Depends(require_account)]


def bearer(authorization: str | None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise StoreError("Use 'Authorization: Bearer <seat token>'.", 401, "unauthorized")
    return token.strip()


def known_seat(seat: str) -> None:
    if seat not in SEATS:
        raise StoreError(f"Unknown seat {seat!r}: use one of {', '.join(SEATS)}.", 404, "not_found")


AuthHeader = Annotated[str | None, Header(description="Bearer <seat token>; omit for the spectator view.")]


def client_ip(request: Request) -> str:
    """The client's address: the TCP peer, or what a trusted proxy forwarded (settings.trusted_proxies)."""
    return request.client.host if request.client else ""
