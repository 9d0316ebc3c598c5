"""Card effects: the `effect` frame runs an effect function step by step; the `choice` frame asks
one or several seats to pick one option and hands the pick back to the effect that asked."""
from __future__ import annotations

from . import kinds
from .base import FINISHED, WAITING, Frame, parent, pop, push, register


@register("effect")
class Effect(Frame):
    """Rulebook: Appendix A: Headline Cards

    Runs a card text step by step (headlines; also Appendix B: Event Cards and Appendix C: Fighters
    and Revolutionary Tanks): the effect function keyed by f["key"] (engine/effects/)."""

    def run(self, g, f):
        status = _effects()[f["key"]](g, f)
        if status not in (WAITING, FINISHED):
            raise TypeError(f"effect {f['key']} returned {status!r}, not WAITING or FINISHED")
        if status == FINISHED and g.s["stack"] and f in g.s["stack"]:
            pop(g, f)


def _effects() -> dict:
    """engine.effects.EFFECTS, looked up once: the effects import this module while they load, and
    an import inside `run` would cost an import-system lookup on every step of every effect."""
    global _EFFECTS
    if _EFFECTS is None:
        from ..effects import EFFECTS as _EFFECTS
    return _EFFECTS


_EFFECTS = None


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
