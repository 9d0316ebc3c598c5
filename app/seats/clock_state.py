"""A paced room's clock state as numbers (pure; no database, no task): per person's seat the time
left (`left_ms`, a chess clock), since when it runs (`since`) and when it runs out (`deadline`),
all in epoch milliseconds. The clocks (app.seats.clocks) bring it to each new version of a game; a
hand-over to a bot and a seat taken back (app.seats.zombies) stop and restart one seat's clock."""
from __future__ import annotations

import time
from datetime import UTC, datetime

from app.infra.models import SeatRow


def now_ms() -> int:
    return int(time.time() * 1000)


def ms_datetime(ms: int | None) -> datetime | None:
    return None if ms is None else datetime.fromtimestamp(ms / 1000, UTC)


def human_seats(seats: list[SeatRow]) -> list[str]:
    """The seats that keep a clock: people's, including those a bot plays for them meanwhile (the
    bot's turns cost their clock nothing: it only runs for a person)."""
    return [r.seat for r in seats if not r.bot or r.zombie]


def advance(pace: dict, state: dict, now: int, seats: list[SeatRow], to_act: set[str],
            movers: set[str] = frozenset()) -> dict:
    """The clock state after a change: `to_act` are the seats the engine waits for now, `movers`
    the seats that moved since `state` (a correspondence deadline starts again after a move)."""
    out = {}
    for seat in human_seats(seats):
        row = next(r for r in seats if r.seat == seat)
        c = dict(state.get(seat) or {"left_ms": pace["minutes"] * 60_000 if pace["mode"] == "clock" else None,
                                     "since": None, "deadline": None})
        on_move = seat in to_act and not row.bot  # a bot playing the seat: no clock runs
        if pace["mode"] == "clock":
            if c["since"] is not None:
                c["left_ms"] = max(0, c["left_ms"] - max(0, now - c["since"]))
            c["since"] = now if on_move else None
            c["deadline"] = now + c["left_ms"] if on_move else None
        elif on_move:
            if c["since"] is None or seat in movers:
                c["since"], c["deadline"] = now, now + pace["hours"] * 3_600_000
        else:
            c["since"] = c["deadline"] = None
        out[seat] = c
    return out


def next_deadline(state: dict) -> datetime | None:
    deadlines = [c["deadline"] for c in state.values() if c.get("deadline") is not None]
    return ms_datetime(min(deadlines)) if deadlines else None
