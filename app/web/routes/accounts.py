"""Optional player accounts (issue 34): sign up, sign in and out, the account's own page of
settings, and the seats it holds on every device. Guest play needs none of it."""
from __future__ import annotations

import asyncio
import hashlib
from typing import Annotated

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import AfterValidator, BaseModel, Field, StrictBool, StringConstraints

from app.accounts.mails import reset_claim, send_reset, send_verification, verify_claim
from app.accounts.sessions import session_value
from app.accounts.store import name_key
from app.infra.security import SESSION_COOKIE, SESSION_MAX_AGE, check_password, hash_password_off_loop
from app.play.store import StoreError
from app.web.deps import AccountDep, client_ip, signed_in
from app.web.limits import Limit, growing_delay
from app.web.routes.pages import templates
from app.web.schemas import GAME_ID_PATTERN, Name, SeatName, Strict, errors

router = APIRouter(prefix="/api", tags=["accounts"])
pages = APIRouter(include_in_schema=False)  # the links of mails

# No spaces, controls, nor the characters that delimit addresses in mail headers and SMTP commands
# ("<b>x</b>@example.org" was sent to "b").
_MAIL_CHAR = r"[^@\s\x00-\x1f\x7f<>()\[\],;:\"\\]"
EMAIL_PATTERN = rf"^{_MAIL_CHAR}+@{_MAIL_CHAR}+\.{_MAIL_CHAR}+$"
Email = Annotated[str, StringConstraints(max_length=254, pattern=EMAIL_PATTERN)]


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise ValueError("must not contain NUL")
    return value


# OWASP: at least 8 characters, long passphrases allowed, any character.
Password = Annotated[str, StringConstraints(min_length=8, max_length=256), AfterValidator(_no_nul)]
AnyPassword = Annotated[str, StringConstraints(min_length=1, max_length=256)]


class HeldSeat(Strict):
    game: str = Field(pattern=GAME_ID_PATTERN)
    seat: SeatName
    token: str = Field(min_length=1, max_length=64)


Held = Annotated[list[HeldSeat], Field(default_factory=list, max_length=200,
                                        description="Seats this browser holds, to join to the account.")]


class SignUp(Strict):
    name: Name
    password: Password
    email: Email | None = None
    seats: Held


class SignIn(Strict):
    name: Name
    password: AnyPassword
    seats: Held


class AccountChange(Strict):
    name: Name | None = None
    email: Email | None = Field(default=None, description="A new address (unverified until its link is opened).")
    remove_email: StrictBool = False
    password: Password | None = Field(default=None, description="A new password (signs out every other device).")
    current_password: AnyPassword | None = Field(default=None, description="Needed to change the password or e-mail.")
    notify: NotifyPrefs | None = None


class Confirm(Strict):
    password: AnyPassword


class JoinSeats(Strict):
    seats: Held


class NotifyPrefs(Strict):
    """Notifications (mail, and Web Push to each browser that allowed it) while you are not at the
    table: your turn, a game of yours started, it ended, chat (off by default; at most one notice per
    game in DOI_CHAT_NOTIFY_MINUTES), a correspondence deadline near."""
    turn: StrictBool | None = None
    start: StrictBool | None = None
    finish: StrictBool | None = None
    chat: StrictBool | None = None
    deadline: StrictBool | None = None


class ResetRequest(Strict):
    name: Name


class ResetConfirm(Strict):
    token: str = Field(min_length=1, max_length=1000)
    password: Password


class AccountOut(BaseModel):
    name: str
    email: str | None
    email_verified: bool
    created_at: str
    notify: dict[str, bool] = Field(description="Which notifications the account gets (turn, start, finish, chat, "
                                    "deadline).")


class AccountSession(BaseModel):
    account: AccountOut
    csrf: str = Field(description="Send it as X-CSRF-Token with every request that changes something.")
    seats_joined: int = 0
    mail: bool = Field(default=False, description="A mail (address verification) was queued.")


def _base(request: Request) -> str:
    """Where links in mails point: DOI_PUBLIC_URL, else the address this request came to (kept for
    the notifier, whose mails come from no request)."""
    state = request.app.state
    base = state.settings.public_url or str(request.base_url)
    if not state.settings.public_url:
        state.site_url = base
    return base


class SeatKey(BaseModel):
    game: str
    seat: str
    token: str


def _sign_in(request: Request, response: Response, account, joined: int = 0) -> AccountSession:
    value, csrf = session_value(request.app.state.signer, account)
    response.set_cookie(SESSION_COOKIE, value, httponly=True, samesite="lax",
                        secure=request.app.state.settings.cookie_secure, max_age=SESSION_MAX_AGE)
    return AccountSession(account=AccountOut(**account.public()), csrf=csrf, seats_joined=joined)


async def _join(request: Request, account_id: int, seats: list[HeldSeat]) -> int:
    if not seats:
        return 0
    state = request.app.state
    return await state.accounts.adopt(account_id, [(s.game, s.seat, s.token) for s in seats], state.sealer.seal)


@router.post("/accounts", status_code=201, response_model=AccountSession, summary="Create an account and sign in",
             responses=errors(400, 409, 422, 429))
async def sign_up(body: SignUp, request: Request, response: Response) -> AccountSession:
    state = request.app.state
    if body.password.casefold() == body.name.casefold():
        raise StoreError("password: must not be your name.", 422)
    taken = await state.limiter.take(Limit("signup", client_ip(request), state.settings.accounts_per_hour, 3600,
                                           "Too many accounts from your address: wait before making another."))
    try:
        account = await state.accounts.create(body.name, await hash_password_off_loop(body.password), body.email)
    except StoreError:
        await state.limiter.give_back(taken)  # a taken name made nothing
        raise
    joined = await _join(request, account.id, body.seats)
    out = _sign_in(request, response, account, joined)
    out.mail = await send_verification(request.app, account, _base(request))
    return out


def _pair_key(name: str, ip: str) -> str:
    # Hashed: the limits' table keeps no names, and any name fits its column.
    return hashlib.sha256(f"{name_key(name)}\x00{ip}".encode()).hexdigest()


def _name_key(name: str) -> str:
    return hashlib.sha256(f"{name_key(name)}\x00name".encode()).hexdigest()


@router.post("/session", response_model=AccountSession, summary="Sign in", responses=errors(400, 401, 422, 429))
async def sign_in(body: SignIn, request: Request, response: Response) -> AccountSession:
    state = request.app.state
    settings, ip = state.settings, client_ip(request)
    window = settings.login_window
    # Per name *and* address, and per address: someone guessing from other addresses slows
    # themselves down, never the owner (OWASP, "Account lockout"). Guesses at one name from
    # everywhere are only slowed, as for the admin (login_delay_*): never refused, so the owner,
    # from an address of their own, still gets in (and a passkey skips the wait).
    taken = await state.limiter.take(
        Limit("acct_pair", _pair_key(body.name, ip), settings.account_logins_per_name_address, window,
              "Too many sign-in attempts for this name from your address: wait before trying again."),
        Limit("acct_address", ip, settings.account_logins_per_address, window,
              "Too many sign-in attempts from your address: wait before trying again."),
        Limit("acct_name", _name_key(body.name), None, window, ""))
    earlier = max(0, await state.limiter.count("acct_name", _name_key(body.name), window) - 1)
    # Before the check, for the right password too (a quick answer must not mean success), and the
    # same for a name nobody has: the wait tells nothing about whether the account exists.
    await asyncio.sleep(growing_delay(earlier, settings.login_delay_after, settings.login_delay_base,
                                      settings.login_delay_max))
    account = await state.accounts.by_name(body.name)
    # An unknown name is checked against a dummy hash: the same answer in the same time.
    if not await check_password(account.password_hash if account else None, body.password):
        raise StoreError("Wrong name or password.", 401, "unauthorized")
    await state.limiter.give_back(taken)  # only failed attempts count
    joined = await _join(request, account.id, body.seats)
    return _sign_in(request, response, account, joined)


class Who(BaseModel):
    name: str | None = Field(description="The account this browser is signed in as; null: none.")


@router.get("/session", response_model=Who, summary="Who this browser is signed in as (never a 401)")
async def who(request: Request) -> Who:
    """For the pages' top bar: a plain 200 either way, so a guest's every page load logs no error."""
    me = await signed_in(request)
    return Who(name=me[0].name if me else None)


@router.delete("/session", status_code=204, summary="Sign out (this device)", responses=errors(401, 403))
async def sign_out(me: AccountDep, response: Response):
    response.delete_cookie(SESSION_COOKIE)
    response.status_code = 204
    return response


@router.get("/me", response_model=AccountSession, summary="The account signed in", responses=errors(401))
async def get_me(me: AccountDep) -> AccountSession:
    account, csrf = me
    return AccountSession(account=AccountOut(**account.public()), csrf=csrf)


@router.patch("/me", response_model=AccountSession, summary="Change name, e-mail or password",
              responses=errors(400, 401, 403, 409, 422))
async def change_me(body: AccountChange, me: AccountDep, request: Request, response: Response) -> AccountSession:
    account, csrf = me
    state = request.app.state
    if body.email is not None and body.remove_email:
        raise StoreError("Give a new e-mail address or remove it, not both.", 422)
    sensitive = body.password is not None or body.email is not None or body.remove_email
    if sensitive:
        if body.current_password is None:
            raise StoreError("current_password: needed to change your password or e-mail.", 422)
        if not await check_password(account.password_hash, body.current_password):
            raise StoreError("Your current password is not that.", 403, "forbidden")
    if body.password is not None and body.password.casefold() == (body.name or account.name).casefold():
        raise StoreError("password: must not be your name.", 422)
    new_hash = await hash_password_off_loop(body.password) if body.password is not None else None
    email = None if body.remove_email else (body.email if body.email is not None else False)
    changed = await state.accounts.change(account.id, name=body.name, email=email, password_hash=new_hash)
    if body.notify is not None:
        changed = await state.accounts.set_notify(account.id, body.notify.model_dump(exclude_none=True))
    mail = False
    if body.email is not None and body.email != account.email:
        mail = await send_verification(request.app, changed, _base(request))
    if new_hash is not None:  # the other devices are signed out; this one gets a cookie of the new generation
        out = _sign_in(request, response, changed)
    else:
        out = AccountSession(account=AccountOut(**changed.public()), csrf=csrf)
    out.mail = mail
    return out


@router.post("/me/email/verify", summary="Send the address's verification link again",
             responses=errors(401, 403, 409, 429))
async def resend_verification(me: AccountDep, request: Request) -> dict:
    account, _ = me
    state = request.app.state
    if not account.email:
        raise StoreError("Your account has no e-mail address to verify.", 409, "conflict")
    if account.email_verified:
        raise StoreError("Your address is already verified.", 409, "conflict")
    await state.limiter.take(Limit("verify_mail", str(account.id), 5, 3600,
                                   "Five links an hour at most: look for the ones already sent (and in spam)."))
    return {"mail": await send_verification(request.app, account, _base(request))}


@router.post("/accounts/reset", status_code=202, summary="Mail a link that sets a new password",
             responses=errors(400, 422, 429))
async def reset_request(body: ResetRequest, request: Request) -> dict:
    """The same answer whether or not the name exists or has a verified address: it tells nothing
    a profile does not."""
    state = request.app.state
    await state.limiter.take(Limit("reset", client_ip(request), state.settings.accounts_per_hour, 3600,
                                   "Too many password resets from your address: wait before asking again."))
    account = await state.accounts.by_name(body.name)
    if account is not None:
        await send_reset(request.app, account, _base(request))
    return {"detail": "If that account has a verified e-mail address, a link to set a new password is on its way."}


@router.post("/accounts/reset/confirm", response_model=AccountSession, summary="Set a new password from a mailed link",
             responses=errors(400, 403, 422))
async def reset_confirm(body: ResetConfirm, request: Request, response: Response) -> AccountSession:
    state = request.app.state
    claim = reset_claim(request.app, body.token)
    account = None
    if claim is not None:
        account = await state.accounts.reset_password(*claim, await hash_password_off_loop(body.password))
    if account is None:
        raise StoreError("This link is used up, expired or damaged: ask for a new one.", 403, "forbidden")
    return _sign_in(request, response, account)


@router.delete("/me", status_code=204, summary="Delete the account (its games keep the name as plain text)",
               responses=errors(400, 401, 403, 422))
async def delete_me(body: Confirm, me: AccountDep, request: Request, response: Response):
    account, _ = me
    if not await check_password(account.password_hash, body.password):
        raise StoreError("That is not your password.", 403, "forbidden")
    await request.app.state.accounts.delete(account.id)
    response.delete_cookie(SESSION_COOKIE)
    response.status_code = 204
    return response


@router.get("/me/seats", response_model=list[SeatKey],
            summary="The account's seats in games not over, with their tokens (for a device signing in)",
            responses=errors(401))
async def my_seat_keys(me: AccountDep, request: Request) -> list[SeatKey]:
    account, _ = me
    state = request.app.state
    out = []
    for gid, seat, sealed in await state.accounts.seats(account.id):
        token = state.sealer.open(sealed)
        if token is not None:  # sealed under an older server key: that seat needs its resume link
            out.append(SeatKey(game=gid, seat=seat, token=token))
    return out


@router.post("/me/seats", summary="Join seats this browser holds to the account",
             responses=errors(400, 401, 403, 422))
async def join_seats(body: JoinSeats, me: AccountDep, request: Request) -> dict:
    account, _ = me
    return {"joined": await _join(request, account.id, body.seats)}




@pages.get("/account/verify")
async def verify_page(request: Request, token: str = "") -> HTMLResponse:
    """The link of a verification mail (a GET: it only confirms what the mail's reader proves)."""
    claim = verify_claim(request.app, token[:1000])
    account = await request.app.state.accounts.verify_email(*claim) if claim else None
    if account is None:
        return templates.TemplateResponse(request, "account_notice.html", {
            "title": "This link is used up, expired or damaged",
            "text": "Ask for a new one from your account's page."}, status_code=400)
    return templates.TemplateResponse(request, "account_notice.html", {
        "title": "Address confirmed",
        "text": f"{account.email} is now verified: mails about your games can reach you there."})
