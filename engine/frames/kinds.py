"""The constructor of every frame kind: the one place a frame dict is built, with every field it
will ever read (so handlers index fields, never `.get(field, default)`).

A frame is a plain JSON dict on the stack (`g.s["stack"]`) with a "kind"; its handler is the
Frame class registered under that kind (frames/base.py). The constructors only build dicts;
pushing is the caller's business (`base.push`). This module imports nothing, so card effects and
frames alike can build any frame without import cycles.
"""
from __future__ import annotations

# ----- the order of a day (frames/flow.py) --------------------------------------------------------


def day() -> dict:
    return {"kind": "day", "stage": 0}


def game_end() -> dict:
    return {"kind": "game_end", "stage": "penalties", "pending": None}


# ----- card effects (frames/choice.py, frames/card_frames.py) --------------------------------------


def effect(key: str, by: str, actor: str | None = None, location: str | None = None,
           replaced: str | None = None) -> dict:
    """Run the card effect `key` step by step; `by` ("soviet" or "revolutionaries") makes its
    choices, `actor` triggered it, `location` is where (an event's), `replaced` the event a placed
    event replaced."""
    return {"kind": "effect", "key": key, "by": by, "actor": actor, "location": location, "replaced": replaced,
            "step": 0, "vars": {}}


def choice(key: str, seats: list[str], prompt: str, options: list[dict], purpose: str | None) -> dict:
    return {"kind": "choice", "key": key, "seats": list(seats), "prompt": prompt, "options": options,
            "purpose": purpose}


def forced_discard(seat: str, n: int, why: str, icons: list[str] | None = None) -> dict:
    return {"kind": "forced_discard", "seat": seat, "n": n, "icons": icons, "why": why}


def take_from_discard(seat: str, n: int, why: str) -> dict:
    return {"kind": "take_from_discard", "seat": seat, "n": n, "why": why}


def hits(loc: str, n: int, why: str) -> dict:
    return {"kind": "hits", "location": loc, "n": n, "why": why}


# ----- Phase 1: Soviet phase (frames/soviet.py) ----------------------------------------------------


def headline() -> dict:
    return {"kind": "headline"}


def headline_icons(card: str, mode: str) -> dict:
    return {"kind": "headline_icons", "card": card, "mode": mode}


def event_step() -> dict:
    return {"kind": "event_step"}


def place_event(event: str, options: list[str], by: str = "soviet") -> dict:
    """An "Anywhere" event waiting for its location; `by` chooses it ("soviet", or
    "revolutionaries" in the Zhukov ruleset)."""
    return {"kind": "place_event", "event": event, "options": options, "by": by}


def army() -> dict:
    return {"kind": "army", "moved": {}}


def support() -> dict:
    return {"kind": "support", "discarded": False}


def market() -> dict:
    return {"kind": "market", "keep": []}


# ----- Phase 2: Revolutionary phase (frames/turn_order.py, revolutionary.py, rev_draw.py) ------------


def turn_order() -> dict:
    return {"kind": "turn_order", "order": []}


def turn(seat: str, actions_left: int, free_move: bool) -> dict:
    """`used_once` lists what the turn used already (once-per-turn fighters, powers); `steps`
    counts its paid-for-or-free movement steps (the blue power frees the second)."""
    return {"kind": "turn", "seat": seat, "actions_left": actions_left, "free_move": free_move, "used_once": [],
            "steps": 0}


def move(seat: str, src: str, dst: str, free: bool, source: str = "turn", max_fighters: int = 2) -> dict:
    """One movement step of `seat`; `source` is "turn" (the turn's own movement, may be cancelled),
    "transportation" (the card) or "effect" (a headline's free move)."""
    return {"kind": "move", "seat": seat, "from": src, "to": dst, "free": free, "pay": None, "fighters": [],
            "source": source, "max_fighters": max_fighters}


def act(seat: str, what: str, loc: str, stage: str, giver: str | None = None, receiver: str | None = None,
        card: str | None = None, fighter: str | None = None) -> dict:
    """One action of a turn: `stage` "collect" (icons), "select" (cards to give, or places in the holder's hand to take: `positions`), then
    "retaliate" and "perform" run by themselves."""
    return {"kind": "act", "seat": seat, "what": what, "stage": stage, "cards": [], "loc": loc, "ammo": 0,
            "giver": giver, "receiver": receiver, "card": card, "fighter": fighter, "positions": []}


def rev_draw() -> dict:
    return {"kind": "rev_draw"}


# ----- Phase 3: SPA phase (frames/spa.py) ----------------------------------------------------------


def spa() -> dict:
    return {"kind": "spa", "played": 0}


def spa_card(kind: str, card: str | None, why: str = "") -> dict:
    """An SPA card's own frame ("spa_move_sniper", "spa_move_militia", "spa_place_militia",
    "spa_attack", or "spa_attack_any" for an Attack! effect of a card text, `why`)."""
    return {"kind": kind, "card": card, "moved": [], "location": None, "stage": "choose", "strength": 0,
            "why": why}


# ----- Zhukov ruleset (frames/zhukov.py) -----------------------------------------------------------


def zhukov_phase() -> dict:
    """The Soviet phase of the Zhukov ruleset: `drawn` Zhukov cards drawn so far today."""
    return {"kind": "zhukov_phase", "drawn": 0}


def zhukov_card(card: str, row: str) -> dict:
    """One General Zhukov card being resolved: `stage` "support", "headline", "event", "done";
    `row` the headline of today ("top", "middle", "bottom"); `resolved` whether its headline ran."""
    return {"kind": "zhukov_card", "card": card, "row": row, "stage": "support", "resolved": False}


def zhukov_spa() -> dict:
    """The Zhukov SPA phase: `stage` "militia", "snipers", "place", "attack", "done"; `pending`
    the snipers still to move (their locations, in board order); `placing` militia still to place
    when the team chooses where."""
    return {"kind": "zhukov_spa", "stage": "militia", "pending": [], "placing": 0, "placed": []}


def zhukov_attack(why: str) -> dict:
    """The Attack step (the SPA phase's 4th step, or E#22's penalty): `stage` "fire" (locations
    still to roll, in board order, in `pending`), "threaten", then done."""
    return {"kind": "zhukov_attack", "stage": "start", "pending": [], "why": why}
