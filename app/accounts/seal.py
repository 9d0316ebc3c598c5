"""Seat tokens sealed for the account that holds the seat: the server keeps only a token's hash for
checking it, so a token an account must be able to fetch on another device is kept encrypted
(Fernet: AES-CBC with an HMAC) under a key derived from the server's secret. Nobody reading the
database alone can sit down in a seat."""
from __future__ import annotations

import base64

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


class Sealer:
    def __init__(self, secret: str):
        key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"doi seat tokens").derive(secret.encode())
        self._fernet = Fernet(base64.urlsafe_b64encode(key))

    def seal(self, token: str) -> str:
        return self._fernet.encrypt(token.encode()).decode()

    def open(self, sealed: str | None) -> str | None:
        """The token, or None if it was sealed under another key (the secret changed) or is damaged."""
        if not sealed:
            return None
        try:
            return self._fernet.decrypt(sealed.encode()).decode()
        except (InvalidToken, ValueError):
            return None
