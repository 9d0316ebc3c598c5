"""DESIGN §2 (the engine contract): an action is legal only if it equals a legal action as JSON,
types included. Python's `==` takes 1.0 and true for 1, which let `{"type": "keep", "slot": 1.0}`
through to the frames (issue 11.2): a TypeError half-way through a move, or floats in the state."""
from __future__ import annotations

import random

import pytest

from engine import IllegalAction, new_game

WANTED = {"keep", "buy_event", "distribute", "place_militia"}


def look_alikes(action: dict) -> list[dict]:
    """Copies of `action` with one whole number replaced by a float or a bool equal to it."""
    out = []
    for key, value in action.items():
        if type(value) is int:
            out.append({**action, key: float(value)})
            if value in (0, 1):
                out.append({**action, key: bool(value)})
        elif type(value) is dict:
            for sub, n in value.items():
                if type(n) is int:
                    out.append({**action, key: {**value, sub: float(n)}})
                    if n in (0, 1):
                        out.append({**action, key: {**value, sub: bool(n)}})
    return out


def test_contract_numbers_of_another_json_type_are_refused_and_change_nothing():
    tried: dict[str, int] = {}
    for seed in range(6):
        g = new_game(3, seed)
        rng = random.Random(seed)
        while g.result is None:
            seat = rng.choice(g.active_seats())
            acts = g.legal_actions(seat)
            for a in acts:
                if a["type"] in WANTED and tried.get(a["type"], 0) < 12:
                    before = g.state_hash()
                    for fake in look_alikes(a):
                        with pytest.raises(IllegalAction) as refused:
                            g.apply(seat, fake)
                        assert f"That '{a['type']}' is not allowed here" in refused.value.reason
                        assert g.state_hash() == before
                        tried[a["type"]] = tried.get(a["type"], 0) + 1
            g.apply(seat, rng.choice([x for x in acts if x["type"] != "undo"] or acts))
    assert set(tried) == WANTED, tried


def test_contract_the_same_action_with_exact_types_is_still_accepted():
    g = new_game(2, 1)
    action = g.legal_actions("soviet")[0]
    g.apply("soviet", dict(action))
    assert g.move_count == 1
