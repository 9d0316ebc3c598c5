"""Passkeys (WebAuthn, with the `webauthn` library): a second way into an account, beside the
password. Registering one and signing in with one are each two steps: the server hands out options
with a fresh challenge, the browser's authenticator answers, the server checks the answer.

A challenge is kept in the database (every instance sees it), keyed by the hash of a ticket that
only the asking browser holds (in a cookie), lives CHALLENGE_SECONDS and is deleted by the answer
that uses it, whether that answer passes or not: a replayed or late answer finds nothing.

Passkeys are discoverable credentials (resident keys): signing in needs no name, and the options
never list an account's credentials, so asking for them tells nothing about a name.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from app.infra.models import PasskeyChallengeRow, PasskeyRow
from app.infra.security import new_token, token_hash
from app.play.store import GameStore, StoreError

RP_NAME = "Days of Ire Online"
CHALLENGE_SECONDS = 300
MAX_PASSKEYS = 20  # per account: enough for every device a person owns
TIMEOUT_MS = 120_000


@dataclass(frozen=True)
class RelyingParty:
    """Who the passkeys are for: the RP id (a host name, never an IP address) and the page origin."""
    id: str
    origin: str


def relying_party(public_url: str, request_base: str) -> RelyingParty:
    """From DOI_PUBLIC_URL; without it, from the address the request came to (a development
    server). Passkeys made for one host name work only there: set DOI_PUBLIC_URL in production."""
    url = urlsplit(public_url or request_base)
    host = url.hostname or "localhost"
    port = f":{url.port}" if url.port and url.port != {"http": 80, "https": 443}.get(url.scheme) else ""
    return RelyingParty(host, f"{url.scheme}://{host}{port}")


def _aware(at: datetime) -> datetime:
    return at if at.tzinfo else at.replace(tzinfo=UTC)  # SQLite gives back naive UTC datetimes


@dataclass(frozen=True)
class Passkey:
    id: int
    label: str
    created_at: datetime
    last_used_at: datetime | None

    def public(self) -> dict:
        return {"id": self.id, "label": self.label, "created_at": _aware(self.created_at).isoformat(),
                "last_used_at": _aware(self.last_used_at).isoformat() if self.last_used_at else None}


@dataclass(frozen=True)
class SignIn:
    account_id: int
    passkey_id: int


class PasskeyRefused(StoreError):
    def __init__(self, message: str, status: int = 400):
        super().__init__(message, status, {400: "invalid", 401: "unauthorized", 409: "conflict"}[status])


class Passkeys:
    def __init__(self, store: GameStore, secret: str):
        self.store = store
        self._handle_key = hashlib.sha256(b"doi passkey user handles\x00" + secret.encode()).digest()

    def user_handle(self, account_id: int) -> bytes:
        """The account's WebAuthn user handle: opaque (no name, no id in clear), the same for every
        passkey of the account, so an authenticator keeps one passkey per account and site. Each
        passkey keeps the handle it was made with (the server's key may change)."""
        return hmac.new(self._handle_key, str(account_id).encode(), hashlib.sha256).digest()

    # ----- challenges -----------------------------------------------------------------------------
    async def _new_challenge(self, purpose: str, account_id: int | None) -> tuple[str, bytes]:
        ticket, challenge = new_token(), secrets.token_bytes(32)
        now = datetime.now(UTC)
        async with self.store.transaction() as s:
            await s.execute(delete(PasskeyChallengeRow).where(PasskeyChallengeRow.expires_at < now))
            s.add(PasskeyChallengeRow(ticket_hash=token_hash(ticket), purpose=purpose, account_id=account_id,
                                      challenge=challenge, expires_at=now + timedelta(seconds=CHALLENGE_SECONDS)))
        return ticket, challenge

    async def take_challenge(self, ticket: str | None, purpose: str, account_id: int | None = None) -> bytes:
        """The challenge the ticket names, deleted in the same step (single use); refused when there
        is none, it has expired, or it was made for another purpose or account (a sign-in refused
        so answers 401, as a wrong password does; a registration 400)."""
        status = 401 if purpose == "signin" else 400
        if not ticket or len(ticket) > 64:
            raise PasskeyRefused("No passkey request is waiting here: start again.", status)
        t = PasskeyChallengeRow.__table__
        async with self.store.transaction() as s:
            row = (await s.execute(delete(t).where(t.c.ticket_hash == token_hash(ticket))
                                   .returning(t.c.purpose, t.c.account_id, t.c.challenge, t.c.expires_at))).first()
        if row is None or row.purpose != purpose or row.account_id != account_id:
            raise PasskeyRefused("This passkey request was already answered or is not yours: start again.", status)
        if _aware(row.expires_at) < datetime.now(UTC):
            raise PasskeyRefused("This passkey request expired: start again.", status)
        return row.challenge

    # ----- registering ---------------------------------------------------------------------------
    async def registration_options(self, rp: RelyingParty, account_id: int, name: str) -> tuple[str, str]:
        """(ticket, options as JSON) for adding a passkey to the account."""
        existing = [base64url_to_bytes(c) for c in await self._credential_ids(account_id)]
        if len(existing) >= MAX_PASSKEYS:
            raise PasskeyRefused(f"An account keeps at most {MAX_PASSKEYS} passkeys: remove one first.", 409)
        ticket, challenge = await self._new_challenge("register", account_id)
        options = generate_registration_options(
            rp_id=rp.id, rp_name=RP_NAME, user_id=self.user_handle(account_id), user_name=name,
            user_display_name=name, challenge=challenge, timeout=TIMEOUT_MS,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED, require_resident_key=True,
                user_verification=UserVerificationRequirement.PREFERRED),
            exclude_credentials=[PublicKeyCredentialDescriptor(id=c) for c in existing])
        return ticket, options_to_json(options)

    async def register(self, rp: RelyingParty, account_id: int, ticket: str | None, credential: dict,
                       label: str | None) -> Passkey:
        challenge = await self.take_challenge(ticket, "register", account_id)
        try:
            verified = verify_registration_response(credential=credential, expected_challenge=challenge,
                                                    expected_rp_id=rp.id, expected_origin=rp.origin)
        except Exception as e:  # any answer that does not parse or verify is refused, never a 500
            raise PasskeyRefused(f"The passkey could not be checked: {_reason(e)}") from e
        cred_id = credential["id"]
        if _bytes(cred_id) != verified.credential_id:
            raise PasskeyRefused("The passkey could not be checked: its id does not match.")
        try:
            async with self.store.transaction() as s:
                count = (await s.execute(select(func.count()).select_from(PasskeyRow)
                                         .where(PasskeyRow.account_id == account_id))).scalar_one()
                if count >= MAX_PASSKEYS:
                    raise PasskeyRefused(f"An account keeps at most {MAX_PASSKEYS} passkeys: remove one first.", 409)
                row = PasskeyRow(account_id=account_id, credential_id=cred_id,
                                 public_key=verified.credential_public_key, user_handle=self.user_handle(account_id),
                                 sign_count=verified.sign_count,
                                 label=label or f"Passkey {count + 1}", created_at=datetime.now(UTC))
                s.add(row)
                await s.flush()
                return Passkey(row.id, row.label, row.created_at, None)
        except IntegrityError as e:
            raise PasskeyRefused("This passkey is already registered.", 409) from e

    # ----- signing in ----------------------------------------------------------------------------
    async def authentication_options(self, rp: RelyingParty) -> tuple[str, str]:
        ticket, challenge = await self._new_challenge("signin", None)
        options = generate_authentication_options(rp_id=rp.id, challenge=challenge, timeout=TIMEOUT_MS,
                                                  user_verification=UserVerificationRequirement.PREFERRED)
        return ticket, options_to_json(options)

    async def authenticate(self, rp: RelyingParty, ticket: str | None, credential: dict) -> SignIn:
        """The account the answer signs in; the passkey's counter moves on. The challenge is used
        up first, so a failed answer cannot be tried again either."""
        challenge = await self.take_challenge(ticket, "signin")
        async with self.store.reading() as s:
            row = (await s.execute(select(PasskeyRow).where(PasskeyRow.credential_id == credential["id"])))\
                .scalar_one_or_none()
        unknown = PasskeyRefused("This passkey does not sign in any account here.", 401)
        if row is None:
            raise unknown
        handle = credential["response"].get("userHandle")
        if handle and _bytes(handle) != row.user_handle:  # kept: a new server key leaves old passkeys working
            raise unknown
        try:
            verified = verify_authentication_response(
                credential=credential, expected_challenge=challenge, expected_rp_id=rp.id,
                expected_origin=rp.origin, credential_public_key=row.public_key,
                credential_current_sign_count=row.sign_count)
        except Exception as e:  # a bad signature, a counter gone back (a cloned key), bytes that do not parse
            raise PasskeyRefused(f"The passkey could not be checked: {_reason(e)}", 401) from e
        async with self.store.transaction() as s:
            # Only from the count just checked: of two answers checked at once, one moves it.
            moved = await s.execute(update(PasskeyRow)
                                    .where(PasskeyRow.id == row.id, PasskeyRow.sign_count == row.sign_count)
                                    .values(sign_count=verified.new_sign_count, last_used_at=datetime.now(UTC)))
        if not moved.rowcount:
            raise PasskeyRefused("This passkey was used twice at once: try again.", 401)
        return SignIn(row.account_id, row.id)

    # ----- an account's passkeys -----------------------------------------------------------------
    async def _credential_ids(self, account_id: int) -> list[str]:
        async with self.store.reading() as s:
            return list((await s.execute(select(PasskeyRow.credential_id)
                                         .where(PasskeyRow.account_id == account_id))).scalars())

    async def of_account(self, account_id: int) -> list[Passkey]:
        async with self.store.reading() as s:
            rows = (await s.execute(select(PasskeyRow).where(PasskeyRow.account_id == account_id)
                                    .order_by(PasskeyRow.id))).scalars()
            return [Passkey(r.id, r.label, r.created_at, r.last_used_at) for r in rows]

    async def remove(self, account_id: int, passkey_id: int) -> bool:
        """Delete one of the account's passkeys; False when the account has none with that id."""
        async with self.store.transaction() as s:
            res = await s.execute(delete(PasskeyRow).where(PasskeyRow.id == passkey_id,
                                                           PasskeyRow.account_id == account_id))
            return bool(res.rowcount)


def _bytes(b64url: str) -> bytes | None:
    try:
        return base64url_to_bytes(b64url)
    except ValueError:  # binascii.Error: a length no base64 has
        return None


def _reason(e: Exception) -> str:
    # The library's messages name what failed ("Unexpected RP ID hash"); anything else is just bad input.
    from webauthn.helpers.exceptions import WebAuthnException

    text = str(e) if isinstance(e, WebAuthnException) else ""
    return (text[:200] or "its answer is not well formed") + ("" if text.endswith(".") else ".")
