"""A paced room's clock state as numbers (pure; no database, no task): per person's seat the time
left (`left_ms`, a chess clock), since when it runs (`since`) and when it runs out (`deadline`),
all in epoch milliseconds. The clocks (app.seats.clocks) bring it to each new version of a game; a
hand-over to a bot and a seat taken back (app.seats.zombies) stop and restart one seat's clock."""
from __future__ import annotations

import hashlib
import time
from datetime import UTC, datetime

import orjson

from app.infra.models import SeatRow


def now_ms() -> int:
    return int(time.time() * 1000)


def ms_datetime(ms: int | None) -> datetime | None:
    return None if ms is None else datetime.fromtimestamp(ms / 1000, UTC)


def human_seats(seats: list[SeatRow]) -> list[str]:
    """The seats that keep a clock: people's, including those a bot plays for them meanwhile (the
    bot's turns cost their clock nothing: it only runs for a person)."""
    return [r.seat for r in seats if not r.bot or r.zombie]


# Per correspondence seat, the decisions of the run of its own moves it is in (since it came on the
# move, or since another seat moved), newest last, each [since, deadline, fingerprint] (`EARLIER` in
# its clock state; not sent to clients); `DECISION` is the current one's fingerprint. A move that
# leads back to one of them (its undo, or a `cancel` out of a sub-choice: the same view) brings back
# that decision's deadline. Kept for this many moves at most.
EARLIER = "earlier"
DECISION = "decision"
EARLIER_KEPT = 64


def decision_print(view: dict) -> str:
    """What makes a decision the same one again: the seat's whole view but its log (an undo, or a
    cancel out of a sub-choice, gives back the view it left, only the log has grown)."""
    return hashlib.sha256(orjson.dumps({k: v for k, v in view.items() if k != "log"},
                                       option=orjson.OPT_SORT_KEYS)).hexdigest()[:32]


def advance(pace: dict, state: dict, now: int, seats: list[SeatRow], to_act: set[str],
            moves: list[tuple[str, bool]] = (), decisions: dict[str, str] | None = None) -> dict:
    """The clock state after a change: `to_act` are the seats the engine waits for now, `moves` the
    moves made since `state` in order, each (seat, is it an undo), `decisions` the fingerprints
    (`decision_print`) of the decisions of the seats in `to_act`. A correspondence deadline is set
    when a decision first appears: it starts again after each of a seat's own moves that leads to a
    new decision, and a move back to a decision of the same run (an undo, a cancel) brings back that
    decision's deadline: a move and its undo or cancel never extend it."""
    decisions = decisions or {}
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
            since, deadline, decision, earlier = _replay_decisions(seat, c, moves)
            if since is None:  # a decision reached since: one of this run's again, or a new one from now
                decision = decisions.get(seat)
                again = next((i for i in range(len(earlier) - 1, -1, -1)
                              if decision is not None and earlier[i][2] == decision), None)
                if again is not None:
                    since, deadline, _ = earlier[again]
                    del earlier[again:]
                else:
                    since, deadline = now, now + pace["hours"] * 3_600_000
            c["since"], c["deadline"], c[DECISION] = since, deadline, decision
            c[EARLIER] = earlier[-EARLIER_KEPT:]
        else:
            c["since"] = c["deadline"] = None
            c.pop(EARLIER, None)
            c.pop(DECISION, None)
        out[seat] = c
    return out


def _replay_decisions(seat: str, c: dict, moves) -> tuple[int | None, int | None, str | None, list]:
    """`seat`'s current decision's (since, deadline, fingerprint) after `moves` (since None: a
    decision reached since) and the earlier decisions of its run."""
    since, deadline, decision = c["since"], c["deadline"], c.get(DECISION)
    earlier = [list(e) for e in c.get(EARLIER) or []]
    for mover, undo in moves:
        if mover != seat:
            earlier = []  # another seat's move starts a new run (and no undo goes back past it)
        elif undo:
            if earlier:
                since, deadline, decision = earlier.pop()
        else:  # (a decision passed between two updates is kept unknown: since None, a new one)
            earlier.append([since, deadline, decision])
            since = deadline = decision = None
    return since, deadline, decision, earlier


def public_clocks(state: dict) -> dict:
    """The clock state as the `clock` frame shows it: time left, since when, until when."""
    return {seat: {k: c.get(k) for k in ("left_ms", "since", "deadline")} for seat, c in state.items()}


def next_deadline(state: dict) -> datetime | None:
    deadlines = [c["deadline"] for c in state.values() if c.get("deadline") is not None]
    return ms_datetime(min(deadlines)) if deadlines else None
