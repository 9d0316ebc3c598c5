"""Passkeys (issue 34): add one to the account signed in, sign in with one, list and remove them.
Each ceremony is two requests, options then answer; the challenge between them is bound to the
browser that asked by a short-lived cookie (app.accounts.passkeys)."""
from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Request, Response
from pydantic import BaseModel, Field, StringConstraints

from app.accounts.passkeys import CHALLENGE_SECONDS, relying_party
from app.accounts.store import name_key
from app.infra.security import check_password
from app.play.store import StoreError
from app.web.deps import AccountDep, client_ip
from app.web.limits import Limit
from app.web.routes.accounts import AccountSession, AnyPassword, Held, _join, _sign_in
from app.web.schemas import Name, Strict, errors

router = APIRouter(prefix="/api", tags=["passkeys"])

PASSKEY_COOKIE = "doi_passkey"
COOKIE_PATH = "/api/"


def b64url(most: int):
    return Annotated[str, StringConstraints(min_length=1, max_length=most, pattern=r"^[A-Za-z0-9_-]+$")]


CredentialId = b64url(1400)  # WebAuthn: at most 1023 bytes


class AttestationResponse(Strict):
    clientDataJSON: b64url(4096)
    attestationObject: b64url(16_384)


class RegistrationCredential(Strict):
    """navigator.credentials.create()'s answer, its byte strings in base64url (no padding)."""
    id: CredentialId
    rawId: CredentialId
    type: Literal["public-key"]
    response: AttestationResponse


class AssertionResponse(Strict):
    clientDataJSON: b64url(4096)
    authenticatorData: b64url(4096)
    signature: b64url(1024)
    userHandle: b64url(128) | None = None


class AuthenticationCredential(Strict):
    """navigator.credentials.get()'s answer, its byte strings in base64url (no padding)."""
    id: CredentialId
    rawId: CredentialId
    type: Literal["public-key"]
    response: AssertionResponse


class RegisterStart(Strict):
    current_password: AnyPassword = Field(description="Adding a way into the account needs its password.")


class RegisterFinish(Strict):
    credential: RegistrationCredential
    label: Name | None = Field(default=None, description="What to call it in the list (\"Phone\", \"Laptop\").")


class SignInFinish(Strict):
    credential: AuthenticationCredential
    name: Name | None = Field(default=None, description="If given, the passkey must be this account's.")
    seats: Held


class PasskeyOut(BaseModel):
    id: int
    label: str
    created_at: str
    last_used_at: str | None


class PasskeyOptions(BaseModel):
    publicKey: dict[str, Any] = Field(description="PublicKeyCredentialCreationOptions or ...RequestOptions in "
                                                  "their JSON form (byte strings in base64url).")


def _rp(request: Request):
    return relying_party(request.app.state.settings.public_url, str(request.base_url))


def _options(request: Request, response: Response, ticket: str, options: str) -> PasskeyOptions:
    response.set_cookie(PASSKEY_COOKIE, ticket, max_age=CHALLENGE_SECONDS, path=COOKIE_PATH, httponly=True,
                        samesite="strict", secure=request.app.state.settings.cookie_secure)
    return PasskeyOptions(publicKey=json.loads(options))


def _used(response: Response) -> None:
    response.delete_cookie(PASSKEY_COOKIE, path=COOKIE_PATH)


@router.post("/me/passkey/options", response_model=PasskeyOptions, summary="Start adding a passkey",
             responses=errors(400, 401, 403, 409, 422, 429))
async def register_options(body: RegisterStart, me: AccountDep, request: Request, response: Response) -> PasskeyOptions:
    account, _ = me
    state = request.app.state
    settings = state.settings
    taken = await state.limiter.take(Limit("pk_register", str(account.id), settings.account_logins_per_name_address,
                                           settings.login_window,
                                           "Too many wrong passwords: wait before trying again."))
    if not await check_password(account.password_hash, body.current_password):
        raise StoreError("Your current password is not that.", 403, "forbidden")
    await state.limiter.give_back(taken)
    ticket, options = await state.passkeys.registration_options(_rp(request), account.id, account.name)
    return _options(request, response, ticket, options)


@router.post("/me/passkey", status_code=201, response_model=PasskeyOut, summary="Finish adding a passkey",
             responses=errors(400, 401, 403, 409, 422))
async def register(body: RegisterFinish, me: AccountDep, request: Request, response: Response) -> PasskeyOut:
    account, _ = me
    ticket = request.cookies.get(PASSKEY_COOKIE)
    _used(response)
    passkey = await request.app.state.passkeys.register(_rp(request), account.id, ticket,
                                                        body.credential.model_dump(exclude_none=True), body.label)
    return PasskeyOut(**passkey.public())


@router.get("/me/passkeys", response_model=list[PasskeyOut], summary="The account's passkeys", responses=errors(401))
async def list_passkeys(me: AccountDep, request: Request) -> list[PasskeyOut]:
    return [PasskeyOut(**p.public()) for p in await request.app.state.passkeys.of_account(me[0].id)]


@router.delete("/me/passkeys/{pid}", status_code=204, summary="Remove one of the account's passkeys",
               responses=errors(401, 403, 404, 422))
async def remove_passkey(pid: Annotated[str, Path(pattern=r"^[1-9][0-9]{0,9}$", description="The passkey's id.")],
                         me: AccountDep, request: Request, response: Response):
    # A string of digits, not a lax int: "1.0" or "true" name no passkey.
    if int(pid) > 2**31 - 1 or not await request.app.state.passkeys.remove(me[0].id, int(pid)):
        raise StoreError("Your account has no such passkey.", 404, "not_found")
    response.status_code = 204
    return response


@router.post("/session/passkey/options", response_model=PasskeyOptions, summary="Start signing in with a passkey",
             responses=errors(400, 422, 429))
async def sign_in_options(request: Request, response: Response) -> PasskeyOptions:
    state = request.app.state
    settings = state.settings
    await state.limiter.take(Limit("pk_signin", client_ip(request), settings.account_logins_per_address,
                                   settings.login_window,
                                   "Too many sign-in attempts from your address: wait before trying again."))
    ticket, options = await state.passkeys.authentication_options(_rp(request))
    return _options(request, response, ticket, options)


@router.post("/session/passkey", response_model=AccountSession, summary="Finish signing in with a passkey",
             responses=errors(400, 401, 422))
async def sign_in(body: SignInFinish, request: Request, response: Response) -> AccountSession:
    state = request.app.state
    ticket = request.cookies.get(PASSKEY_COOKIE)
    _used(response)
    signed = await state.passkeys.authenticate(_rp(request), ticket, body.credential.model_dump(exclude_none=True))
    account = await state.accounts.by_id(signed.account_id)
    if account is None:
        raise StoreError("This passkey does not sign in any account here.", 401, "unauthorized")
    if body.name is not None and name_key(account.name) != name_key(body.name):
        raise StoreError("This passkey is not one of that account's: choose another or leave the name empty.",
                         401, "unauthorized")
    joined = await _join(request, account.id, body.seats)
    return _sign_in(request, response, account, joined)
