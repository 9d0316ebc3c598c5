"""Tokens, hashes and signed cookies (DESIGN §5)."""
from __future__ import annotations

import hashlib
import hmac
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

_ph = PasswordHasher()

GUEST_COOKIE = "doi_guest"
ADMIN_COOKIE = "doi_admin"
ADMIN_MAX_AGE = 12 * 3600


def new_token() -> str:
    """A random secret of 192 bits, URL-safe."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


def hash_password(password: str) -> str:
    return _ph.hash(password)


def verify_password(stored: str, password: str) -> bool:
    try:
        return _ph.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


class Signer:
    def __init__(self, secret: str):
        self._s = URLSafeTimedSerializer(secret, salt="doi")

    def dumps(self, data: dict) -> str:
        return self._s.dumps(data)

    def loads(self, value: str | None, max_age: int | None = None) -> dict | None:
        if not value:
            return None
        try:
            data = self._s.loads(value, max_age=max_age)
        except BadSignature:
            return None
        return data if isinstance(data, dict) else None
