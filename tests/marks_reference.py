"""The undo marks as engine/action_notes.py made them before session 6: every try reads the whole
state back from one orjson copy (pickle when orjson refuses a value) and runs to its end. Kept only
as the oracle of tests/test_marks_oracle.py: the engine's cheaper marks must equal these, action
by action. Unlike the engine, it tries every action, those a frame declares to keep undo
(`Frame.keeps_undo_for`) included, so the oracle checks those claims too."""
from __future__ import annotations

import pickle

import orjson

from engine.actions import copy_action
from engine.core import Game
from engine.frames.base import FRAMES

_RECORDS = ("log", "history", "effective")


def irreversible(g: Game, seat: str) -> list[str | None]:
    legal = g._legal_for(seat)
    if not legal:
        return []
    snapshot = None
    out = []
    for a in legal:
        if a["type"] == "undo":
            out.append(None)
            continue
        if snapshot is None:
            snapshot = _freeze({k: [] if k in _RECORDS else v for k, v in g.s.items()})
        out.append(_try(snapshot, seat, a))
    return out


def _freeze(state: dict) -> tuple:
    try:
        return orjson.loads, orjson.dumps(state)
    except TypeError:
        return pickle.loads, pickle.dumps(state, pickle.HIGHEST_PROTOCOL)


def _try(snapshot: tuple, seat: str, action: dict) -> str | None:
    loads, blob = snapshot
    s = loads(blob)
    h = Game(s)
    s["checkpoint"] = False
    frame = s["stack"][-1]
    FRAMES[frame["kind"]].apply(h, frame, seat, copy_action(action))
    outcome = None

    def watch(fr: dict) -> bool:
        nonlocal outcome
        if s["checkpoint"]:
            return True
        handler = FRAMES[fr["kind"]]
        asked = handler.asks(h, fr)
        if asked and seat not in asked:
            outcome = "passes"
            return True
        if seat in handler.deciders(h, fr) and handler.actions(h, fr, seat):
            outcome = "stays"
            return True
        return False

    if not s["checkpoint"]:
        h._advance(watch)
    if s["checkpoint"]:
        return s["checkpoint"]
    if outcome is not None:
        return None if outcome == "stays" else outcome
    if s["result"] is not None:
        return "game_over"
    return None if seat in h.active_seats() else "passes"
