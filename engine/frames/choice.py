"""Card effects: the registry of effect functions, the `effect` frame that runs one step by step,
and the `choice` frame that asks one or several seats to pick one option and hands the pick back
to the effect that asked.

The registry lives here, in the frames' layer, and the card texts (engine/effects/, a layer
above) fill it as they are imported (`@effect(key)`, `@playable_when(key)`): so a frame that
starts a card text (`push_effect`) or asks whether a card has one (`EFFECTS`) never imports the
card texts. engine.effects re-exports all of it.
"""
from __future__ import annotations

from collections.abc import Callable

from . import kinds
from .base import FINISHED, WAITING, Frame, parent, pop, push, register

EFFECTS: dict[str, Callable] = {}  # key -> fn(g, f) -> WAITING | FINISHED (engine/effects/)
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


def push_effect(g, key: str, by: str, actor: str | None = None, location: str | None = None,
                replaced: str | None = None) -> bool:
    """Queue the effect `key` if the card has one; `by` is "soviet" or "revolutionaries" (who
    executes the text and so makes its choices), `actor` the seat that triggered it (see
    frames.kinds.effect)."""
    if key not in EFFECTS:
        return False
    push(g, kinds.effect(key, by, actor, location, replaced))
    return True


@register("effect")
class Effect(Frame):
    """Rulebook: Appendix A: Headline Cards

    Runs a card text step by step (headlines; also Appendix B: Event Cards and Appendix C: Fighters
    and Revolutionary Tanks): the effect function keyed by f["key"] (engine/effects/)."""

    def run(self, g, f):
        status = EFFECTS[f["key"]](g, f)
        if status not in (WAITING, FINISHED):
            raise TypeError(f"effect {f['key']} returned {status!r}, not WAITING or FINISHED")
        if status == FINISHED and g.s["stack"] and f in g.s["stack"]:
            pop(g, f)


@register("choice")
class Choice(Frame):
    """Rulebook: Appendix A: Headline Cards

    One choice a card text asks (headlines, events, abilities); the pick goes back to the effect."""

    team_answer = True  # the pick is the effect's, whoever of the seats asked makes it

    def deciders(self, g, f):
        return list(f["seats"])

    def actions(self, g, f, seat):
        return [dict(o) for o in f["options"]]

    def apply(self, g, f, seat, action):
        # Not one handler per type: any option (a location, a player, "done") is the answer.
        owner = parent(g, f)
        owner["vars"][f["key"]] = action
        pop(g, f)

    def run(self, g, f):
        owner = parent(g, f)
        owner["vars"][f["key"]] = None
        pop(g, f)

    def prompt(self, g, f):
        return f["prompt"]

    def decision(self, g, f):
        owner = parent(g, f)
        # A card text that "may" or picks "up to" n offers "done": declining is a real choice.
        return {"kind": "choice", "stage": f["purpose"] or f["key"], "effect": owner["key"] if owner else None,
                "optional": any(o["type"] == "done" for o in f["options"])}


def ask(g, f: dict, key: str, seats: list[str], prompt: str, options: list[dict], purpose: str | None = None) -> str:
    """Ask `seats` to choose one of `options` for effect frame `f`. `purpose` names the question
    in the view's decision ("stage"); the default is `key`.

    Returns WAITING when the effect must wait for the answer (a choice frame was pushed), FINISHED
    when the answer is already known (no option: None; one option: that option). Either way the
    answer ends up in f["vars"][key]."""
    if len(options) <= 1:
        f["vars"][key] = options[0] if options else None
        return FINISHED
    push(g, kinds.choice(key, seats, prompt, options, purpose))
    return WAITING
