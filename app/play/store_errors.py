"""What the game store refuses, with the HTTP status and the code the API answers with; and the
small helpers the store's parts share."""
from __future__ import annotations

import secrets
from datetime import UTC, datetime


class StoreError(Exception):
    def __init__(self, message: str, status: int = 400, code: str = "invalid"):
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code


class Stale(StoreError):
    def __init__(self, message: str = "Your view is out of date: here is the current one."):
        super().__init__(message, 409, "stale")


class EngineFailed(StoreError):
    def __init__(self):
        super().__init__("The server failed to apply this move; nothing was changed: try again.", 500, "internal")


def _now() -> datetime:
    return datetime.now(UTC)


def _game_id() -> str:
    return secrets.token_urlsafe(9)
