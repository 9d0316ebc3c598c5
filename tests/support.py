"""Helpers for engine tests: build a game, drive it to a step, stage a position, act."""
from __future__ import annotations

from engine import Game, new_game


def game(revolutionaries: int = 2, seed: int = 1, **options) -> Game:
    return new_game(revolutionaries, seed, options)


def refresh(g: Game) -> Game:
    """Call after editing g.s by hand (staging a position): drops cached legal actions."""
    g._legal = None
    g._frame_acts = None
    return g


def of_type(g: Game, seat: str, kind: str) -> list[dict]:
    return [a for a in g.legal_actions(seat) if a["type"] == kind]


def act(g: Game, seat: str, kind: str, **fields) -> None:
    g.apply(seat, {"type": kind, **fields})


def top(g: Game) -> dict:
    return g.s["stack"][-1]


def pass_through(g: Game, until) -> Game:
    """Advance with the least eventful choices ("done", "end_turn", first option otherwise) until
    `until(g)` is true. Useful to reach a phase with the setup otherwise untouched."""
    for _ in range(5000):
        if until(g) or g.result is not None:
            return g
        seat = g.active_seats()[0]
        acts = g.legal_actions(seat)
        for kind in ("done", "end_turn"):
            pick = [a for a in acts if a["type"] == kind]
            if pick:
                g.apply(seat, pick[0])
                break
        else:
            g.apply(seat, [a for a in acts if a["type"] not in ("undo", "cancel")][0])
    raise AssertionError("pass_through did not reach the condition")


def at_step(step: str, day: int | None = None):
    return lambda g: g.s["step"] == step and (day is None or g.s["day"] == day)


def to_rev_turn(g: Game) -> Game:
    """Advance to the first Revolutionary turn of the current/next day."""
    return pass_through(g, lambda x: x.s["stack"][-1]["kind"] == "turn")
