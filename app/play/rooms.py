"""Shared helpers for presenting rooms: seat lists (every view and room frame carries one), invite
links. A room's public summary (`GameSummary`) is built in app.web.schemas, beside its shape."""
from __future__ import annotations

import re

from app.infra.models import SeatRow

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # what store ids look like (URL-safe base64)


def seat_infos(seats: list[SeatRow]) -> list[dict]:
    return [{"seat": r.seat, "name": r.name, "claimed": r.token_hash is not None, "bot": r.bot,
             "zombie": bool(r.zombie)} for r in seats]


def invite_url(base: str, gid: str, seat: str, invite: str) -> str:
    return f"{base}/games/{gid}/join/{seat}?invite={invite}"
