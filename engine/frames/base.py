"""The frame registry: each kind of decision or automatic step of the game is one Frame.

A Frame class handles one kind of frame dict (built in frames/kinds.py). The driver (core.Game)
asks the top frame who decides (`deciders`) and what they may do (`actions`); an action
{"type": T, ...} goes to the frame's `on_T` method; a frame nobody can decide is `run`. Each class's
docstring starts with "Rulebook: <section title>" so a rule is found from its section in one search.
"""
from __future__ import annotations

FRAMES: dict[str, Frame] = {}

# What a card effect (or one of its steps) reports to the effect frame that runs it: it waits for
# frames it pushed or a choice it asked (it is run again once they are done), or it is finished.
WAITING = "waiting"
FINISHED = "finished"


def register(kind: str):
    def deco(cls):
        FRAMES[kind] = cls()
        cls.kind = kind
        return cls

    return deco


class Frame:
    kind = ""
    # Action types that only change this frame's own picks or push the same seat's next step:
    # nothing is drawn, rolled or revealed and the same seat decides next, so undo stays offered
    # (engine/action_notes.py skips trying them; tests/test_action_notes.py checks the claim).
    # The claim must hold whatever the state: tests/test_marks_oracle.py tries every action,
    # declared or not, and compares. Only public facts and the seat's own action may decide it
    # (`keeps_undo_for`), as the tries' marks do (engine/action_notes.py, "Secrecy").
    keeps_undo: frozenset[str] = frozenset()
    # Action types that surely cut undo, with the first reason a try would give (a draw, a roll),
    # whatever the state: engine/action_notes.py marks them without a try. The same proof as
    # `keeps_undo` (tests/test_marks_oracle.py) and the same secrecy (`cuts_undo_for`).
    cuts_undo: dict[str, str] = {}
    # True where the decision is the team's: an action does the same to the game whichever of the
    # deciders sends it (the log's words aside), so engine/action_notes.py tries it once for all
    # the seats offered it (tests/test_action_notes.py checks the claim).
    team_answer = False
    # True where `actions` offers every decider something whatever the state (an unconditional
    # "done"): `has_actions` then answers without listing them (tests/test_action_notes.py checks it).
    always_has_actions = False

    def keeps_undo_for(self, g, f, action: dict) -> bool:
        """Whether `action` surely keeps undo (`keeps_undo`), so engine/action_notes.py need not try
        it. A frame may override it where the claim depends on the action's fields or the state
        (public facts only); the `keeps_undo` types are skipped before it is asked."""
        return action["type"] in self.keeps_undo

    def cuts_undo_for(self, g, f, action: dict) -> str | None:
        """The reason `action` surely cuts undo for, the one a try would find first (`cuts_undo`),
        or None when only a try can tell. A frame may override it where the reason follows from
        public facts of the state, so engine/action_notes.py need not try the action."""
        return self.cuts_undo.get(action["type"])

    def deciders(self, g, f) -> list[str]:
        """Seats that may decide this frame now ([] for an automatic frame)."""
        return []

    def actions(self, g, f, seat: str) -> list[dict]:
        return []

    def has_actions(self, g, f, seat: str) -> bool:
        """Whether `actions` would offer `seat` anything (engine/action_notes.py's tries ask only
        that); a frame may answer without listing them."""
        return self.always_has_actions or bool(self.actions(g, f, seat))

    def apply(self, g, f, seat: str, action: dict) -> None:
        """One handler per action: {"type": T, ...} runs `on_T(g, f, seat, action)`. Only legal
        actions get here (the driver checks), so a missing handler is an engine bug."""
        handler = getattr(self, "on_" + action["type"], None)
        if handler is None:
            raise AssertionError(f"frame {self.kind} has no handler for {action['type']!r}")
        handler(g, f, seat, action)

    def close(self, g, f, seat: str, action: dict) -> None:
        """The handler of an action that only closes the frame (e.g. "done" on an optional step)."""
        pop(g, f)

    def run(self, g, f) -> None:
        """Called when nobody can decide: do the automatic work (default: nothing left, pop)."""
        pop(g, f)

    def prompt(self, g, f) -> str:
        return ""

    def asks(self, g, f) -> list[str]:
        """The seats this frame asks, judged from what every seat may know (engine/action_notes.py
        uses it to say an action hands the decision on without telling anyone's secrets). The
        default, the deciders, is right wherever they follow from public facts."""
        return self.deciders(g, f)

    def picks(self, g, f, seat: str) -> dict | None:
        """What `seat` has picked so far in a multi-select decision (cards, fighters) and what is
        still missing: the view's per-seat "picks". Not in the shared decision, since the cards a
        player picks stay their secret until committed."""
        return None

    def decision(self, g, f) -> dict | None:
        """The pending decision as data for clients and bots: {"kind", "stage", ...} (views'
        "decision" field). Every frame that has deciders overrides it; automatic frames never
        wait for anyone, so they have none."""
        return None


def push(g, frame: dict) -> dict:
    g.s["stack"].append(frame)
    return frame


def pop(g, f: dict) -> None:
    stack = g.s["stack"]
    if stack and stack[-1] is f:
        stack.pop()
    else:
        stack.remove(f)


def parent(g, f: dict) -> dict | None:
    stack = g.s["stack"]
    i = len(stack) - 1
    while i >= 0 and stack[i] is not f:
        i -= 1
    return stack[i - 1] if i > 0 else None
