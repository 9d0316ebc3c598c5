"""Card text effects, keyed by card id (headlines: "h11"; events: "e14:placement", "e14:reward",
"e19:penalty"; revolutionary card abilities: "rc:<kind>"; fighter abilities: "f_<name>").

An effect is a function `fn(g, f) -> str` run inside an `effect` frame `f`. It may ask seats for
choices (`ask`), push hits or other frames, and is called again when those are done; it keeps its
progress in f["step"] and f["vars"]. It returns WAITING while it waits for what it pushed or asked
and FINISHED when it is done (frames.base); so do its step helpers and `ask`.
"""
from __future__ import annotations

from collections.abc import Callable

# The registry is the frames' (engine/frames/choice.py: the frames look effects up there without
# importing this package); importing the modules below fills it.
from ..frames.base import FINISHED, WAITING
from ..frames.choice import EFFECTS, PLAYABLE, can_play, effect, playable_when, push_effect

__all__ = ["EFFECTS", "PLAYABLE", "can_play", "effect", "playable_when", "push_effect", "push_once"]


def push_once(g, f, push_fn: Callable, *args, **kwargs) -> str:
    """The common one-step effect: the first time, `push_fn(g, *args, **kwargs)` pushes what the
    effect waits for (hits, discards, ...) and the effect waits (WAITING); when it is run again the
    step is done (FINISHED). Uses f["step"] 0 -> 1."""
    if f["step"] == 0:
        f["step"] = 1
        push_fn(g, *args, **kwargs)
        return WAITING
    return FINISHED


from . import abilities, events, headlines, printing_press, setup_options, zhukov  # noqa: E402,F401  (register the effects)
