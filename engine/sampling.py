"""Information sets and determinizations for search bots (docs/contract.md, "Search").

`information_set(g, seat)` is everything `seat` may know, as plain JSON: the state with every
secret the seat cannot see taken out of its place and put, sorted, into a pool with the sizes of
the places it came from. It is built from public facts and the seat's own secrets only, so two true
states that give the seat the same view give the same information set (the order of hidden piles
and whose hand holds which unseen card are gone). The PRNG state, the seed (which would
give every secret away), the log (it holds other seats' private lines) and the action history are
dropped too.

`sample(info, rng)` deals each pool back into its places at random, keeping what is public about
where a card can be: a headline deck holds only its period's cards; the Conflict event deck was
built as deck 1 (period 1 + 3 X events) over deck 2 (period 2 + 4 X) over deck 3 over the
remaining X events and is only ever drawn from the top, so each of its bands holds only cards of
its periods; the Zhukov major deck is deck 1 over 2 over 3, the minor deck the X events. The PRNG
gets a fresh state from `rng`, so dice and later shuffles are unknown too.

Simplifications (the engine does not track these facts): a card a seat saw go into another hand
(cards handed over, a revealed hand) is pooled like any unseen card; frames below the top of the
stack keep what they hold (a seat's half-made selection lies only in the frame of the seat that
is choosing).
"""
from __future__ import annotations

from .board import LOCATION_IDS
from .cards import EVENT, HEADLINE
from .data.board import SETUP

_FIGHTER, _REV_CARD, _ZHUKOV = "fighter", "rev_card", "zhukov"


def json_copy(x):
    """A copy of plain JSON data (dicts, lists, scalars): about four times faster than deepcopy."""
    t = type(x)
    if t is dict:
        return {k: json_copy(v) for k, v in x.items()}
    if t is list:
        return [json_copy(v) for v in x]
    return x


def _period(card: str) -> str:
    entry = EVENT.get(card) or HEADLINE.get(card)
    return str(entry["period"]) if entry else "?"


def _event_bands(state: dict) -> list[tuple[int, int, tuple[str, ...]]]:
    """The event deck's bands from its bottom (index 0): (lo, hi, periods a card there may have)."""
    n = {p: 0 for p in ("1", "2", "3", "X")}
    for eid, e in EVENT.items():
        if str(e["period"]) in n and not eid.startswith("ea"):
            n[str(e["period"])] += 1
    if "zhukov_deck" in state:
        sizes = [(n["3"], ("3",)), (n["2"], ("2",)), (n["1"], ("1",))]
    else:
        x1, x2 = SETUP["x_into_deck"][1], SETUP["x_into_deck"][2]
        sizes = [(n["X"] - x1 - x2, ("X",)), (n["3"], ("3",)), (n["2"] + x2, ("2", "X")), (n["1"] + x1, ("1", "X"))]
    bands, lo, length = [], 0, len(state["event_deck"])
    for size, periods in sizes:
        hi = min(lo + size, length)
        if hi > lo:
            bands.append((lo, hi, periods))
        lo += size
    if lo < length:  # a deck longer than setup builds (never in play): one band of anything
        bands.append((lo, length, ("1", "2", "3", "X")))
    return bands


def _slot(path: list, lo: int, hi: int, accepts: tuple[str, ...]) -> dict:
    return {"path": path, "lo": lo, "hi": hi, "accepts": list(accepts)}


def _pools(s: dict, seat: str) -> list[tuple[list[str], list[dict]]]:
    """(items the seat cannot see, the places they fill) for each kind of hidden component."""
    pools = []
    # Revolutionary cards: the draw deck and every hand but the seat's own.
    rev_slots = [_slot(["rev_deck"], 0, len(s["rev_deck"]), (_REV_CARD,))]
    rev_items = list(s["rev_deck"])
    for other, hand in s["hands"].items():
        if other != seat:
            rev_slots.append(_slot(["hands", other], 0, len(hand), (_REV_CARD,)))
            rev_items += hand
    pools.append((rev_items, rev_slots))
    if "zhukov_deck" in s:
        pools.append((list(s["zhukov_deck"]), [_slot(["zhukov_deck"], 0, len(s["zhukov_deck"]), (_ZHUKOV,))]))
        pools.append((list(s["minor_deck"]), [_slot(["minor_deck"], 0, len(s["minor_deck"]), ("X",))]))
    else:
        # Headlines: each period's deck; the Soviet hand too for everyone but the Soviet.
        slots, items = [], []
        for period, deck in s["headline_decks"].items():
            slots.append(_slot(["headline_decks", period], 0, len(deck), (period,)))
            items += deck
        if seat != "soviet":
            slots.append(_slot(["headline_hand"], 0, len(s["headline_hand"]), ("1", "2", "3")))
            items += s["headline_hand"]
        pools.append((items, slots))
    pools.append((list(s["event_deck"]), [_slot(["event_deck"], lo, hi, periods) for lo, hi, periods in _event_bands(s)]))
    # Face-down fighter tiles, but those the seat has peeked at (the Printing Press promo) stay put.
    peeked = {(p["location"], p["fighter"]) for p in s.get("peeked", {}).get(seat, [])}
    tiles, tile_slots = [], []
    for loc in LOCATION_IDS:
        hidden = [f for f in s["locations"][loc]["facedown"] if (loc, f) not in peeked]
        if hidden:
            tiles += hidden
            tile_slots.append(_slot(["locations", loc, "facedown"], 0, len(hidden), (_FIGHTER,)))
    pools.append((tiles, tile_slots))
    return [(items, slots) for items, slots in pools if items]


def _class(card: str, accepts: list[str]) -> str:
    if accepts[0] in (_FIGHTER, _REV_CARD, _ZHUKOV):
        return accepts[0]
    return _period(card)


def information_set(g, seat: str) -> dict:
    """What `seat` may know of the game, as JSON (see the module's note)."""
    s = json_copy(g.s)
    pools = []
    for items, slots in _pools(g.s, seat):
        for sl in slots:
            place = _at(s, sl["path"][:-1])
            key = sl["path"][-1]
            if sl["path"][0] == "locations":  # keep the peeked tiles, in front of the hidden ones
                pk = {p["fighter"] for p in s.get("peeked", {}).get(seat, []) if p["location"] == sl["path"][1]}
                place[key] = [f for f in place[key] if f in pk]
            else:
                place[key] = []
        pools.append({"items": sorted(items), "slots": slots})
    for other in list(s.get("peeked", {})):
        if other != seat:
            del s["peeked"][other]
    s.update(rng=0, seed=0, log=[], history=[], effective=[], undo_floor=0, checkpoint=False)
    return {"seat": seat, "state": s, "pools": pools}


def _at(s: dict, path: list):
    for key in path:
        s = s[key]
    return s


def _deal(items: list[str], slots: list[dict], rng) -> list[list[str]] | None:
    """Each slot's cards: slots that accept fewer kinds are filled first, each first with the cards
    only it may hold; None when the pool does not fit the slots' kinds."""
    pool = list(items)
    rng.shuffle(pool)
    accepted_by: dict[str, int] = {}
    for sl in slots:
        for a in sl["accepts"]:
            accepted_by[a] = accepted_by.get(a, 0) + 1
    out: list[list[str] | None] = [None] * len(slots)
    for i in sorted(range(len(slots)), key=lambda j: (len(slots[j]["accepts"]), j)):
        sl = slots[i]
        size = sl["hi"] - sl["lo"]
        ok = set(sl["accepts"])
        only_here = [c for c in pool if _class(c, sl["accepts"]) in ok and accepted_by[_class(c, sl["accepts"])] == 1]
        rest = [c for c in pool if _class(c, sl["accepts"]) in ok and accepted_by[_class(c, sl["accepts"])] > 1]
        chosen = (only_here + rest)[:size]
        if len(chosen) < size or len(only_here) > size:
            return None
        taken = set(chosen)
        pool = [c for c in pool if c not in taken]
        for a in sl["accepts"]:
            accepted_by[a] -= 1
        rng.shuffle(chosen)
        out[i] = chosen
    return out if not pool else None


def sample(info: dict, rng) -> dict:
    """A full state consistent with the information set: each pool dealt at random with `rng`
    (a `random.Random`), a fresh PRNG state. The caller builds a `Game` from it."""
    s = json_copy(info["state"])
    for pool in info["pools"]:
        slots = pool["slots"]
        dealt = _deal(pool["items"], slots, rng)
        if dealt is None:  # the kinds do not fit (an unforeseen deck): deal ignoring them
            flat = list(pool["items"])
            rng.shuffle(flat)
            dealt, at = [], 0
            for sl in slots:
                dealt.append(flat[at:at + sl["hi"] - sl["lo"]])
                at += sl["hi"] - sl["lo"]
        for sl, cards in zip(slots, dealt, strict=True):
            place = _at(s, sl["path"][:-1])
            key = sl["path"][-1]
            target = place[key]
            if sl["path"][0] == "locations":
                place[key] = cards + target  # the peeked tiles stay on top of the stack
                continue
            if len(target) < sl["hi"]:
                target.extend([None] * (sl["hi"] - len(target)))
            target[sl["lo"]:sl["hi"]] = cards
    s["rng"] = rng.getrandbits(64)
    return s
