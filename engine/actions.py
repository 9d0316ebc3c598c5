"""Actions are flat JSON objects (at most one level of nesting, e.g. a distribution): comparing
two as JSON and copying one, for the driver (engine/core.py) and the tries of the undo marks
(engine/action_notes.py)."""
from __future__ import annotations

from typing import Any


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON: Python's `==` takes 1.0 and True for 1, and the frames would then run on a
    float or a bool where they count on an int. Called only on the few legal actions equal to it."""
    t = a.__class__
    if t is not b.__class__:
        return False
    if t is dict:
        if a.keys() != b.keys():
            return False
        for k, v in a.items():
            w = b[k]
            c = v.__class__
            if c is not w.__class__ or ((c is dict or c is list) and not same_json(v, w)) or v != w:
                return False
        return True
    if t is list:
        return len(a) == len(b) and all(map(same_json, a, b))
    return a == b


def copy_action(a: dict) -> dict:
    """A copy the caller may change. Called for every legal action handed out, so it avoids
    per-value isinstance calls."""
    c = a.copy()
    for k, v in a.items():
        t = v.__class__
        if t is dict:
            c[k] = dict(v)
        elif t is list:
            c[k] = list(v)
    return c
