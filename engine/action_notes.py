"""Notes on a seat's legal actions for the table (the view's `irreversible` and `unavailable`,
docs/contract.md): which actions cut undo and why, and why a card's other uses are not offered.

Undo is offered after an action unless it drew, rolled, shuffled or revealed something
(`ops.checkpoint`), ended the game, or left its seat without a decision (`core.Game._apply_effective`).
The marks come from trying each action on a copy of the game, so they say what the engine will
do, not what an action type usually does.

Secrecy: whether a frame waits for a seat can depend on that seat's hand (a forced discard of
cards with an icon is skipped when the hand has none). A try stops at the first frame that asks
other seats only, judged by `Frame.asks` from public facts, and reports "passes" then; so the
mark reads the same whatever the hidden hands hold, and a roll or draw after a skipped question
never shows through.
"""
from __future__ import annotations

import pickle

try:  # the fastest exact copy of a JSON state (below); the engine runs without it too
    import orjson
except ImportError:  # pragma: no cover
    orjson = None

from . import ops
from .cards import HEADLINE, name_of
from .core import Game, _copy_action
from .frames.base import FRAMES, Frame

# What the engine tells the player for each reason (the client has its own words; these are for
# bots, logs and tests).
REASONS = {
    "draw": "cards are drawn",
    "roll": "dice are rolled",
    "random": "something is picked at random",
    "shuffle": "a deck is shuffled",
    "reveal": "hidden cards or tiles are revealed",
    "cards_seen": "another player sees the cards handed over",
    "passes": "the decision passes to another player",
    "game_over": "the game ends",
}

# Left out of a try (it starts them empty): the frames only append to them and never read them.
_RECORDS = ("log", "history", "effective")


def irreversible(g: Game, seat: str) -> list[str | None]:
    """For each of `seat`'s legal actions (same order): None when undo is still offered after
    it, else the first reason it is not (a key of REASONS)."""
    legal = g._legal_for(seat)
    if not legal:
        return []
    top = g.s["stack"][-1]
    keeps = FRAMES[top["kind"]].keeps_undo
    snapshot = None
    out = []
    for a in legal:
        if a["type"] == "undo" or a["type"] in keeps:
            out.append(None)
            continue
        if snapshot is None:
            snapshot = _freeze({k: [] if k in _RECORDS else v for k, v in g.s.items()})
        out.append(_try(g, snapshot, seat, a))
    return out


def _freeze(state: dict) -> tuple:
    """A private copy made once and read back per try: `(loads, bytes)`. The state is plain JSON
    (snapshots are JSON), so orjson gives it back exactly, key order included (the engine walks
    its dicts in order), in 3/4 of pickle's time (bench/marks.py); pickle when orjson is missing
    or refuses a value (an integer beyond 64 bits, such as a huge imported seed)."""
    if orjson is not None:
        try:
            return orjson.loads, orjson.dumps(state)
        except TypeError:  # orjson.JSONEncodeError
            pass
    return pickle.loads, pickle.dumps(state, pickle.HIGHEST_PROTOCOL)


def _try(g: Game, snapshot: tuple, seat: str, action: dict) -> str | None:
    """The mark of one action, tried on a fresh copy of the state. The try ends at the first
    checkpoint (ops.checkpoint raises ops.Decided in a trial: the first reason is the mark), the
    first frame that asks other seats only, or the first where the seat decides again."""
    loads, blob = snapshot
    s = loads(blob)
    h = Game(s)
    h.trial = True
    s["checkpoint"] = False
    frame = s["stack"][-1]
    try:
        FRAMES[frame["kind"]].apply(h, frame, seat, _copy_action(action))
        outcome = None  # "passes" or "stays" once the try knows

        def watch(fr: dict) -> bool:
            nonlocal outcome
            handler = FRAMES[fr["kind"]]
            # `asks` is the deciders unless a frame says otherwise (from public facts only).
            plain = handler.__class__.asks is Frame.asks
            asked = handler.deciders(h, fr) if plain else handler.asks(h, fr)
            if asked and seat not in asked:
                outcome = "passes"
                return True
            # Where the seat itself has a choice the driver stops too, with the seat active.
            if seat in (asked if plain else handler.deciders(h, fr)) and handler.actions(h, fr, seat):
                outcome = "stays"
                return True
            return False

        h._advance(watch)
    except ops.Decided as decided:
        return decided.args[0]
    if outcome is not None:
        return None if outcome == "stays" else outcome
    if s["result"] is not None:
        return "game_over"
    return None if seat in h.active_seats() else "passes"


def card_ref(cid: str) -> str:
    """How the cards print a reference: h09 -> "H#9", e04 -> "E#4"."""
    if cid[:1] in ("h", "e") and cid[1:].isdigit():
        return f"{cid[0].upper()}#{int(cid[1:])}"
    return cid


def unavailable(g: Game, seat: str) -> list[dict]:
    """Uses of `seat`'s cards and fighters that the current decision does not offer, with why:
    [{"card" | "fighter", "use", "reason", "text", ...}]. Only what the seat may know: its own
    hand, public marks and fighters."""
    s = g.s
    if s["result"] is not None or not s["stack"] or not g._legal_for(seat):
        return []
    top = s["stack"][-1]
    if top["kind"] == "headline" and seat == "soviet":
        return _headline_uses(g)
    if top["kind"] == "turn" and top["seat"] == seat:
        return _turn_uses(g, top, seat)
    return []


def _headline_uses(g: Game) -> list[dict]:
    out = []
    for card in g.s["headline_hand"]:
        mark = HEADLINE[card].get("cannot_discard_if")
        if mark and mark in g.s["marks"]:
            out.append({"card": card, "use": "discard", "reason": "mark_resolved", "mark": mark,
                        "text": f"cannot be discarded: {card_ref(mark)} ({name_of(mark)}) is resolved"})
    return out


def _turn_uses(g: Game, t: dict, seat: str) -> list[dict]:
    from .frames.revolutionary import card_ability, fighter_ability

    offered = g._legal_for(seat)
    played = {a["card"] for a in offered if a["type"] == "play_card"}
    used = {a["fighter"] for a in offered if a["type"] == "use_fighter"}
    out = []
    for card in g.s["hands"][seat]:
        ability = card_ability(card)
        if not ability or card in played:
            continue
        if ability["label"] != "free" and t["actions_left"] <= 0:
            reason, text = "no_actions_left", "its ability costs an action and none is left"
        else:
            reason, text = "not_now", "its ability has nothing to work on now"
        out.append({"card": card, "use": "play", "reason": reason, "text": text})
    for fid in ops.active_fighters(g, g.s["positions"][seat]):
        ability = fighter_ability(fid)
        if not ability or fid in used:
            continue
        if ability["label"] == "once_per_turn" and fid in t["used_once"]:
            reason, text = "used_this_turn", "already used this turn"
        elif ability["label"] == "action" and t["actions_left"] <= 0:
            reason, text = "no_actions_left", "its ability costs an action and none is left"
        else:
            reason, text = "not_now", "its ability has nothing to work on now"
        out.append({"fighter": fid, "use": "use", "reason": reason, "text": text})
    return out
