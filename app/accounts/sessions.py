"""The signed session cookie of a player's account: {"acct": id, "gen": generation, "csrf": token}.
A cookie of an older generation (the password changed since) is refused, so a new password signs
every other device out. State-changing requests also carry the CSRF token (double submit, as for
the admin)."""
from __future__ import annotations

from app.accounts.store import Account, AccountStore
from app.infra.security import SESSION_MAX_AGE, Signer, new_token


def session_value(signer: Signer, account: Account) -> tuple[str, str]:
    """The cookie's value and its CSRF token."""
    csrf = new_token()
    return signer.dumps({"acct": account.id, "gen": account.generation, "csrf": csrf}), csrf


async def session_account(signer: Signer, accounts: AccountStore, cookie: str | None) -> tuple[Account, str] | None:
    """The account a session cookie signs in, with the cookie's CSRF token; None when the cookie is
    missing, forged, expired, of an older generation or of a deleted account."""
    data = signer.loads(cookie, max_age=SESSION_MAX_AGE)
    if not data:
        return None
    acct, gen, csrf = data.get("acct"), data.get("gen"), data.get("csrf")
    if type(acct) is not int or type(gen) is not int or not isinstance(csrf, str):
        return None
    account = await accounts.by_id(acct)
    if account is None or account.generation != gen:
        return None
    return account, csrf
