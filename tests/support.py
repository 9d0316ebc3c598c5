"""Helpers for engine tests: build a game, drive it to a step, stage a position, act."""
from __future__ import annotations

from engine import Game, new_game
from engine import rng as prng


def game(revolutionaries: int = 2, seed: int = 1, **options) -> Game:
    return new_game(revolutionaries, seed, options)


def refresh(g: Game) -> Game:
    """Call after editing g.s by hand (staging a position): drops cached legal actions."""
    g.invalidate()
    return g


def of_type(g: Game, seat: str, kind: str) -> list[dict]:
    return [a for a in g.legal_actions(seat) if a["type"] == kind]


def act(g: Game, seat: str, kind: str, **fields) -> None:
    g.apply(seat, {"type": kind, **fields})


def top(g: Game) -> dict:
    return g.s["stack"][-1]


def pass_through(g: Game, until) -> Game:
    """Advance with the least eventful choices ("done", "end_turn", first option otherwise) until
    `until(g)` is true. Useful to reach a phase with the setup otherwise untouched."""
    for _ in range(5000):
        if until(g) or g.result is not None:
            return g
        seat = g.active_seats()[0]
        acts = g.legal_actions(seat)
        for kind in ("done", "end_turn"):
            pick = [a for a in acts if a["type"] == kind]
            if pick:
                g.apply(seat, pick[0])
                break
        else:
            g.apply(seat, [a for a in acts if a["type"] not in ("undo", "cancel")][0])
    raise AssertionError("pass_through did not reach the condition")


def at_step(step: str, day: int | None = None):
    return lambda g: g.s["step"] == step and (day is None or g.s["day"] == day)


def to_rev_turn(g: Game) -> Game:
    """Advance to the first Revolutionary turn of the current/next day."""
    return pass_through(g, lambda x: x.s["stack"][-1]["kind"] == "turn")


def legal(g: Game, seat: str = "rev1") -> list[dict]:
    """The seat's legal actions without undo."""
    return [a for a in g.legal_actions(seat) if a["type"] != "undo"]


def rev_turn(revs: int = 2, seed: int = 1, **options) -> Game:
    """A game at the first Revolutionary turn of day 1, turn order rev1, rev2, rev3."""
    g = game(revs, seed, **options)
    pass_through(g, lambda x: top(x)["kind"] in ("turn_order", "turn"))
    n = 1
    while top(g)["kind"] == "turn_order":
        g.apply("rev1", {"type": "choose_next", "seat": f"rev{n}"})
        n += 1
    assert top(g)["kind"] == "turn" and top(g)["seat"] == "rev1"
    return g


def set_hand(g: Game, seat: str, cards) -> None:
    """Give `seat` exactly these cards (taken from wherever they are); the old hand goes to the
    bottom of the draw deck."""
    s = g.s
    s["rev_deck"][:0] = s["hands"][seat]
    s["hands"][seat] = []
    for c in cards:
        for pile in [s["rev_deck"], s["rev_discard"], *s["hands"].values()]:
            if c in pile:
                pile.remove(c)
                break
        else:
            raise AssertionError(f"card {c} not found")
        s["hands"][seat].append(c)
    refresh(g)


def set_active(g: Game, loc: str, fighters) -> None:
    """Make exactly these fighters (or revolutionary tanks) active in `loc`; the ones displaced
    from `loc` count as removed."""
    s = g.s
    for fid in fighters:
        for here in s["locations"].values():
            if fid in here["active"]:
                here["active"].remove(fid)
            if here["inactive"] == fid:
                here["inactive"] = None
            if fid in here["facedown"]:
                here["facedown"].remove(fid)
        if fid in s["rev_tank_supply"]:
            s["rev_tank_supply"].remove(fid)
    here = s["locations"][loc]
    s["fighters_removed"].extend(f for f in here["active"] if f not in fighters)
    here["active"] = list(fighters)
    refresh(g)


def log_texts(g: Game, seat: str = "spectator") -> list[str]:
    """The log texts as `seat` reads them in its view."""
    return [e["text"] for e in g.view(seat)["log"]]


def choose(g: Game, by: str, option, **fields) -> None:
    """`by` picks a named option ({"type": "choose", "option": ..., **fields})."""
    g.apply(by, {"type": "choose", "option": option, **fields})


def choose_player(g: Game, by: str, seat: str) -> None:
    """`by` answers a "choose a player" prompt with `seat`."""
    g.apply(by, {"type": "choose_player", "seat": seat})


def force_dice(g: Game, dice) -> None:
    """Set the PRNG so that the next die rolls are exactly `dice` (searching a few states)."""
    for i in range(1, 500000):
        start = st = prng.seed_state(i)
        for d in dice:
            st, v = prng.below(st, 6)
            if v + 1 != d:
                break
        else:
            g.s["rng"] = start
            refresh(g)
            return
    raise AssertionError(f"no PRNG state found for {dice}")
