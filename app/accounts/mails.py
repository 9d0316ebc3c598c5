"""The mails an account gets about itself: the link that verifies its address, and the link that
sets a new password (only to a verified address). Links carry a token signed for mails only (a
salt of its own: never usable as a cookie) that expires; a reset link also dies once the password
changes, because it names the password's generation."""
from __future__ import annotations

import secrets
from urllib.parse import quote

from app.accounts.store import Account
from app.notify.outbox import queue

VERIFY_MAX_AGE = 7 * 24 * 3600
RESET_MAX_AGE = 3600


async def _queue(app, account: Account, to: str, key: str, subject: str, body: str) -> None:
    store = app.state.store
    async with store.transaction() as s:
        await queue(s, not store.url.startswith("sqlite"), key=key, account_id=account.id, to=to,
                    subject=subject, body=body)
    app.state.outbox.poke()


async def send_verification(app, account: Account, base: str) -> bool:
    """Queue the verification link for the account's address; False when mail is off here."""
    if getattr(app.state.outbox, "mailer", None) is None or not account.email:
        return False
    token = app.state.mail_signer.dumps({"verify": account.id, "email": account.email})
    link = f"{base.rstrip('/')}/account/verify?token={quote(token)}"
    body = (f"Hello {account.name},\n\nopen this link to confirm that this address is yours on Days of Ire "
            f"Online:\n\n{link}\n\nThe link works for 7 days. If you did not sign up, ignore this mail.\n")
    await _queue(app, account, account.email, f"verify:{account.id}:{secrets.token_hex(8)}",
                 "Confirm your address for Days of Ire Online", body)
    return True


def verify_claim(app, token: str) -> tuple[int, str] | None:
    data = app.state.mail_signer.loads(token, max_age=VERIFY_MAX_AGE)
    if not data or type(data.get("verify")) is not int or not isinstance(data.get("email"), str):
        return None
    return data["verify"], data["email"]


async def send_reset(app, account: Account, base: str) -> bool:
    if getattr(app.state.outbox, "mailer", None) is None or not account.email or not account.email_verified:
        return False
    token = app.state.mail_signer.dumps({"reset": account.id, "gen": account.generation})
    link = f"{base.rstrip('/')}/account/reset?token={quote(token)}"
    body = (f"Hello {account.name},\n\nsomeone (we hope you) asked to set a new password for your account "
            f"on Days of Ire Online. Open this link within an hour to choose one:\n\n{link}\n\n"
            f"If it was not you, ignore this mail: your password stays as it is.\n")
    await _queue(app, account, account.email, f"reset:{account.id}:{secrets.token_hex(8)}",
                 "A new password for Days of Ire Online", body)
    return True


def reset_claim(app, token: str) -> tuple[int, int] | None:
    data = app.state.mail_signer.loads(token, max_age=RESET_MAX_AGE)
    if not data or type(data.get("reset")) is not int or type(data.get("gen")) is not int:
        return None
    return data["reset"], data["gen"]
