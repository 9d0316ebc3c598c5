"""Tokens, hashes and signed cookies (DESIGN §5)."""
from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import os
import secrets
from concurrent.futures import ThreadPoolExecutor

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

_ph = PasswordHasher()

GUEST_COOKIE = "doi_guest"
ADMIN_COOKIE = "doi_admin"
ADMIN_MAX_AGE = 12 * 3600
SESSION_COOKIE = "doi_session"  # a player's account (app.accounts)
SESSION_MAX_AGE = 30 * 24 * 3600


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


# argon2 takes ~0.15 s of CPU by design: on the event loop it stalled every socket (issue 11 item 5).
# It runs on its own threads (argon2-cffi releases the GIL), at most half the cores, so a login
# flood queues there while the loop keeps the other core.
_HASHING = ThreadPoolExecutor(max_workers=max(1, (os.cpu_count() or 2) // 2), thread_name_prefix="argon2")


@functools.cache
def _dummy_hash() -> str:
    return _ph.hash(secrets.token_urlsafe(16))


async def check_password(stored: str | None, password: str) -> bool:
    """Verify off the event loop. An unknown name (stored None) is checked against a dummy hash
    with the same parameters, so it costs the same time as a known one and always fails."""
    loop = asyncio.get_running_loop()
    if stored is None:
        dummy = await loop.run_in_executor(_HASHING, _dummy_hash)
        await loop.run_in_executor(_HASHING, verify_password, dummy, password)
        return False
    return await loop.run_in_executor(_HASHING, verify_password, stored, password)


async def hash_password_off_loop(password: str) -> str:
    """Hash on the argon2 threads (as check_password verifies): ~0.15 s of CPU off the event loop."""
    return await asyncio.get_running_loop().run_in_executor(_HASHING, hash_password, password)


class Signer:
    def __init__(self, secret: str, salt: str = "doi"):
        self._s = URLSafeTimedSerializer(secret, salt=salt)

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
