"""Card text effects, keyed by card id (headlines: "h11"; events: "e14:placement", "e14:reward",
"e19:penalty"; revolutionary card abilities: "rc:<kind>"; fighter abilities: "f_<name>").

An effect is a function `fn(g, f) -> str` run inside an `effect` frame `f`. It may ask seats for
choices (`ask`), push hits or other frames, and is called again when those are done; it keeps its
progress in f["step"] and f["vars"]. It returns WAITING while it waits for what it pushed or asked
and FINISHED when it is done (frames.base); so do its step helpers and `ask`.
"""
from __future__ import annotations

from collections.abc import Callable

from ..frames import kinds
from ..frames.base import FINISHED, WAITING, push

EFFECTS: dict[str, Callable] = {}
PLAYABLE: dict[str, Callable] = {}  # key -> fn(g, seat) -> bool: may this ability be used now?


def effect(*keys: str):
    def deco(fn):
        for key in keys:
            EFFECTS[key] = fn
        return fn

    return deco


def playable_when(key: str):
    def deco(fn):
        PLAYABLE[key] = fn
        return fn

    return deco


def can_play(g, key: str, seat: str) -> bool:
    check = PLAYABLE.get(key)
    return check(g, seat) if check else True


def push_once(g, f, push_fn: Callable, *args, **kwargs) -> str:
    """The common one-step effect: the first time, `push_fn(g, *args, **kwargs)` pushes what the
    effect waits for (hits, discards, ...) and the effect waits (WAITING); when it is run again the
    step is done (FINISHED). Uses f["step"] 0 -> 1."""
    if f["step"] == 0:
        f["step"] = 1
        push_fn(g, *args, **kwargs)
        return WAITING
    return FINISHED


def push_effect(g, key: str, by: str, actor: str | None = None, location: str | None = None,
                replaced: str | None = None) -> bool:
    """Queue the effect `key` if the card has one; `by` is "soviet" or "revolutionaries" (who
    executes the text and so makes its choices), `actor` the seat that triggered it (see
    frames.kinds.effect)."""
    if key not in EFFECTS:
        return False
    push(g, kinds.effect(key, by, actor, location, replaced))
    return True


from . import abilities, events, headlines, printing_press, setup_options, zhukov  # noqa: E402,F401  (register the effects)
