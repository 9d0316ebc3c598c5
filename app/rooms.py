"""Shared helpers for presenting rooms: seat lists, summaries, invite links."""
from __future__ import annotations

import re

from .models import GameRow, SeatRow
from .schemas import GameSummary, SeatInfo

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # what store ids look like (URL-safe base64)


def seat_infos(seats: list[SeatRow]) -> list[dict]:
    return [{"seat": r.seat, "name": r.name, "claimed": r.token_hash is not None, "bot": r.bot,
             "zombie": bool(r.zombie)} for r in seats]


def summary(row: GameRow, seats: list[SeatRow], day: int | None = None) -> GameSummary:
    return GameSummary(id=row.id, status=row.status, revolutionaries=row.revolutionaries,
                       options=row.options, private=row.private, version=row.version,
                       seats=[SeatInfo(**s) for s in seat_infos(seats)], result=row.result, day=day,
                       pace=row.pace)


def invite_url(base: str, gid: str, seat: str, invite: str) -> str:
    return f"{base}/games/{gid}/join/{seat}?invite={invite}"
