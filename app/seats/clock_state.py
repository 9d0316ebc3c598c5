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


# Per correspondence seat, the (since, deadline) of its earlier decisions in the run of its own moves
# it may still undo, newest last (`EARLIER` in its clock state; not sent to clients): an undo goes
# back to the decision before and so to that decision's deadline. Kept for this many moves at most.
EARLIER = "earlier"
EARLIER_KEPT = 64


def advance(pace: dict, state: dict, now: int, seats: list[SeatRow], to_act: set[str],
            moves: list[tuple[str, bool]] = ()) -> dict:
    """The clock state after a change: `to_act` are the seats the engine waits for now, `moves` the
    moves made since `state` in order, each (seat, is it an undo). A correspondence deadline is set
    when a decision first appears: it starts again after each of a seat's own moves, and an undo
    brings back the deadline of the decision it returns to (it never extends it)."""
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
            since, deadline, earlier = _replay_decisions(seat, c, moves)
            if since is None:  # a new decision: its deadline starts now
                since, deadline = now, now + pace["hours"] * 3_600_000
            c["since"], c["deadline"] = since, deadline
            c[EARLIER] = earlier[-EARLIER_KEPT:]
        else:
            c["since"] = c["deadline"] = None
            c.pop(EARLIER, None)
        out[seat] = c
    return out


def _replay_decisions(seat: str, c: dict, moves) -> tuple[int | None, int | None, list]:
    """`seat`'s current decision's (since, deadline) after `moves` (None, None: a decision that
    appeared since, whose deadline starts now) and the earlier decisions an undo may go back to."""
    since, deadline = c["since"], c["deadline"]
    earlier = [list(e) for e in c.get(EARLIER) or []]
    for mover, undo in moves:
        if mover != seat:
            earlier = []  # no undo goes back past another seat's move (the engine's undo rule)
        elif undo:
            if earlier:
                since, deadline = earlier.pop()
        else:
            earlier.append([since, deadline])
            since = deadline = None
    return since, deadline, earlier


def public_clocks(state: dict) -> dict:
    """The clock state as the `clock` frame shows it: time left, since when, until when."""
    return {seat: {k: c.get(k) for k in ("left_ms", "since", "deadline")} for seat, c in state.items()}


def next_deadline(state: dict) -> datetime | None:
    deadlines = [c["deadline"] for c in state.values() if c.get("deadline") is not None]
    return ms_datetime(min(deadlines)) if deadlines else None
