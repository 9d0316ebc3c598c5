"""Per-seat views (DESIGN §2): public state for everyone, plus the seat's own secrets.

Secrets: each Revolutionary's hand (its owner only), the Soviet headline hand (the Soviet only),
the order and content of every deck, the face-down fighter tiles, the PRNG state. The admin view
adds all of them.

With `texts=False` (what the server sends) a component is its id and what changes in play (a
fighter's `active`); its printed texts, names and icons are left out: a client joins them back from
`view_records()` (in the catalog, `/api/catalog`), each record under its id, the view's own fields
winning. A location's record gives its `name`.
"""
from __future__ import annotations

from . import ops
from .board import LOCATION_IDS, PROMO_LOCATIONS
from .cards import EVENT, FIGHTER, HEADLINE, REV_CARD, SPA
from .data import MARKET_SURCHARGE, MORALE_TRACK, SUPPORT_TRACK
from .data.zhukov import HEADLINE_ROW_BY_DAY
from .effects import printing_press
from .frames.base import FRAMES
from .frames.revolutionary import event_need
from .frames.soviet import event_cost
from .frames.zhukov import ZHUKOV

LOG_TAIL = 25


def _fighter(fid: str, active: bool, texts: bool = True) -> dict:
    if not texts:
        return {"id": fid, "active": active}
    f = FIGHTER[fid]
    return {"id": fid, "name": f["name"], "icons": list(f["icons"]), "active": active,
            "ability": f["ability"]["label"] if f.get("ability") else None}


def _event(eid: str | None, texts: bool = True) -> dict | None:
    """An event in play. Its texts (placement, reward, penalty) are in the catalog (engine.catalog)."""
    if not eid:
        return None
    if not texts:
        return {"id": eid}
    e = EVENT[eid]
    return {"id": eid, "title": e["title"], "cost": e["cost"], "requires": list(e["requires"]),
            "requires_per_event": list(e.get("requires_per_event") or []), "penalty": bool(e.get("penalty")),
            "lapsing": e.get("lapsing", False), "mark": e.get("mark", False)}


def _brief(cid: str, texts: bool = True) -> dict:
    """A public card in a pile: enough to name it; the catalog has the rest."""
    if not texts:
        return {"id": cid}
    if cid in ZHUKOV:
        return {"id": cid, "title": f"Z#{ZHUKOV[cid]['number']}", "colour": ZHUKOV[cid]["colour"]}
    if cid in HEADLINE:
        return {"id": cid, "title": HEADLINE[cid]["title"], "colour": HEADLINE[cid]["colour"]}
    if cid in EVENT:
        return {"id": cid, "title": EVENT[cid]["title"]}
    return {"id": cid, "name": REV_CARD[cid]["name"]}


def _briefs(cids, texts: bool = True) -> list[dict]:
    """A pile as `_brief` shows each of its cards."""
    if not texts:
        return [{"id": cid} for cid in cids]
    return [_brief(cid) for cid in cids]


def _rev_card(cid: str, texts: bool = True) -> dict:
    if not texts:
        return {"id": cid}
    c = REV_CARD[cid]
    card = {"id": cid, "name": c["name"], "icons": list(c["icons"]), "aid": bool(c.get("aid")),
            "ability": dict(c["ability"]) if c.get("ability") else None}
    if c.get("action_icons"):  # icons given only for one action (the AK-47's ammunition)
        card["action_icons"] = {k: list(v) for k, v in c["action_icons"].items()}
    return card


def _headline(hid: str, texts: bool = True) -> dict:
    if not texts:
        return {"id": hid}
    h = HEADLINE[hid]
    return {"id": hid, "title": h["title"], "colour": h["colour"], "cp": h["cp"], "spa": h.get("spa"),
            "lapsing": h.get("lapsing", False), "mark": h.get("mark", False), "text": h["text"], "period": h["period"]}


def _spa(cid: str, texts: bool = True) -> dict:
    return {"id": cid, "name": SPA[cid]["name"], "kind": SPA[cid]["kind"]} if texts else {"id": cid}


def _locations(g, texts: bool = True) -> dict:
    s = g.s
    players: dict[str, list[str]] = {}  # ops.players_at for every location in one pass
    for seat, where in s["positions"].items():
        players.setdefault(where, []).append(seat)
    out = {}
    for loc, here in s["locations"].items():  # the city's 11 locations, then a promo location while in play
        active = here["active"]
        if texts:
            fighters = [_fighter(f, True) for f in active if not f.startswith("rt_")]
            tanks = [_fighter(f, True) for f in active if f.startswith("rt_")]
            if here["inactive"]:
                fighters.append(_fighter(here["inactive"], False))
            out[loc] = {"name": ops.name_of_loc(loc), "event": _event(here["event"]), "militia": here["militia"],
                        "snipers": here["snipers"], "soviet_tanks": here["soviet_tanks"],
                        "barricades": here["barricades"], "fighters": fighters, "facedown": len(here["facedown"]),
                        "revolutionary_tanks": tanks, "players": players.get(loc, [])}
            continue
        if any(f.startswith("rt_") for f in active):
            fighters = [{"id": f, "active": True} for f in active if not f.startswith("rt_")]
            tanks = [{"id": f, "active": True} for f in active if f.startswith("rt_")]
        else:
            fighters = [{"id": f, "active": True} for f in active]
            tanks = []
        if here["inactive"]:
            fighters.append({"id": here["inactive"], "active": False})
        event = here["event"]
        out[loc] = {"event": {"id": event} if event else None, "militia": here["militia"], "snipers": here["snipers"],
                    "soviet_tanks": here["soviet_tanks"], "barricades": here["barricades"], "fighters": fighters,
                    "facedown": len(here["facedown"]), "revolutionary_tanks": tanks, "players": players.get(loc, [])}
    return out


def _log(g, seat: str, shared: list[dict] | None = None, private: list[int] | None = None) -> list[dict]:
    """The log tail as `seat` may read it. `shared` (from `_shared_log`) lets several views reuse
    the entries that read the same for everyone; `private` lists where in the tail the entries
    with a private text are (found here unless given)."""
    tail = g.s["log"][-LOG_TAIL:]
    shared = shared if shared is not None else _shared_log(tail)
    if private is None:
        private = _private_at(tail)
    out = list(shared)
    for i in private:
        entry = tail[i]
        texts = entry["private"]
        if seat == "admin":
            out[i] = _entry(entry, entry["text"] + " [" + "; ".join(f"{k}: {v}" for k, v in texts.items()) + "]")
        elif seat in texts:
            out[i] = _entry(entry, texts[seat])
    return out


def _private_at(tail: list[dict]) -> list[int]:
    return [i for i, e in enumerate(tail) if e.get("private")]


def _entry(e: dict, text: str) -> dict:
    """A log entry as a view shows it: n, day, text, refs, and the dice of a roll (as data)."""
    out = {"n": e["n"], "day": e["day"], "text": text, "refs": list(e["refs"])}
    if "dice" in e:
        out["dice"] = dict(e["dice"], dice=list(e["dice"]["dice"]))
    return out


def _shared_log(tail: list[dict]) -> list[dict]:
    # Built for every view: the plain entries inline, only rolls through _entry.
    return [_entry(e, e["text"]) if "dice" in e else
            {"n": e["n"], "day": e["day"], "text": e["text"], "refs": list(e["refs"])} for e in tail]


def build_view(g, seat: str, texts: bool = True, marks: bool = True) -> dict:
    return build_views(g, [seat], texts, marks)[seat]


def build_views(g, seats, texts: bool = True, marks: bool = True) -> dict[str, dict]:
    """Views of several seats at once: the public part is built once and shared (read-only)."""
    public, own = build_view_parts(g, seats, texts, marks)
    return {seat: {"seat": seat, **public, **own[seat]} for seat in seats}


def build_view_parts(g, seats, texts: bool = True, marks: bool = True) -> tuple[dict, dict[str, dict]]:
    """`(public, {seat: own})`: the view of `seat` is `{"seat": seat, **public, **own[seat]}`. The
    public part is the same for every seat; `own` holds the fields that may differ (hand, peeked,
    active, prompt, decision, actions, log; the admin's secrets and all_actions). Read-only.
    `marks=False` leaves the undo marks out (`irreversible` is None: Game.view)."""
    s = g.s
    active = g.active_seats()
    public = _public_part(g, texts)
    stack = s["stack"]
    top = stack[-1] if stack and s["result"] is None else None
    handler = FRAMES[top["kind"]] if top else None
    base_prompt = handler.prompt(g, top) if handler else (s["result"]["reason"] if s["result"] else "")
    decision = _decision(g, handler, top)
    tail = s["log"][-LOG_TAIL:]
    shared_log = _shared_log(tail)
    private_log = _private_at(tail)
    out = {}
    for seat in seats:
        prompt = base_prompt
        if seat in s["seats"] and seat not in active and active:
            prompt = f"Waiting for {', '.join(active)}: {prompt}"
        if seat == "soviet":
            hand = [_headline(h, texts) for h in s["headline_hand"]]
        elif seat in s["hands"]:
            hand = [_rev_card(c, texts) for c in s["hands"][seat]]
        else:
            hand = []
        peeked = [{"location": p["location"], "fighter": _fighter(p["fighter"], False, texts)}
                  for p in printing_press.peeked_by(g, seat)] if seat in s["seats"] else []
        player = seat in s["seats"]
        view = {"hand": hand, "peeked": peeked, "active": active, "prompt": prompt, "decision": decision,
                "actions": g.legal_actions(seat) if player else [],
                # Beside `actions` (same order), not inside them: a submitted action must equal a legal one.
                "irreversible": (g.irreversible(seat) if marks else None) if player else [],
                "unavailable": g.unavailable(seat) if player else [],
                "picks": handler.picks(g, top, seat) if handler and player else None,
                "log": _log(g, seat, shared_log, private_log)}
        if seat == "admin":
            view["secrets"] = _secrets(g, texts)
            view["all_actions"] = {st: g.legal_actions(st) for st in s["seats"]}
        out[seat] = view
    return public, out


def _public_part(g, texts: bool = True) -> dict:
    s = g.s
    market = []
    for slot, eid in enumerate(s["market"]):
        entry = {"slot": slot, "surcharge": MARKET_SURCHARGE[slot], "event": _event(eid, texts)}
        if eid:
            entry["cost"] = event_cost(g, slot)
            entry["location"] = EVENT[eid]["location"]
        market.append(entry)
    return {
        "seats": list(s["seats"]),
        "revolutionaries": s["revolutionaries"],
        "options": dict(s["options"]),
        "day": s["day"],
        "phase": s["phase"],
        "step": s["step"],
        # Tracks: what the board prints under the marker, and the marker's space (0 = the skull /
        # the Hungarian end) for drawing the track.
        "morale": MORALE_TRACK[s["morale"]]["draw"],
        "morale_index": s["morale"],
        "morale_skull": MORALE_TRACK[s["morale"]]["skull"],
        "morale_draw": MORALE_TRACK[s["morale"]]["draw"],
        "support": SUPPORT_TRACK[s["support"]]["hand_limit"],
        "support_index": s["support"],
        "support_colour": SUPPORT_TRACK[s["support"]]["colour"],
        "soviet_hand_limit": SUPPORT_TRACK[s["support"]]["hand_limit"],
        "cp": s["cp"],
        "cp_cards": [_headline(h, texts) for h in s["cp_cards"]],
        "locations": _locations(g, texts),
        "market": market,
        # The icons each event on the board or in the market needs right now ("per event" icons
        # counted): what Resolve an event collects, so clients never redo the rule.
        "event_needs": _event_needs(g),
        "event_deck_count": len(s["event_deck"]),
        "event_discard": _briefs(s["event_discard"], texts),
        "headline_decks": {k: len(v) for k, v in s["headline_decks"].items()},
        "headline_discard": _briefs(s["headline_discard"], texts),
        "hands": {**({} if "zhukov_deck" in s else {"soviet": len(s["headline_hand"])}),
                  **{r: len(h) for r, h in s["hands"].items()}},
        "rev_deck_count": len(s["rev_deck"]),
        "rev_discard": _briefs(s["rev_discard"], texts),
        "spa_pool": [_spa(c, texts) for c in s["spa_pool"]],
        "spa_queue": [_spa(c, texts) for c in s["spa_queue"]],
        "injuries": dict(s["injuries"]),
        "positions": dict(s["positions"]),
        "marks": _briefs(s["marks"], texts),
        "lapsing": _briefs(s["lapsing"], texts),
        "rev_tank_supply": len(s["rev_tank_supply"]),
        "barricade_supply": ops.supply(g, "barricades"),
        # Removed barricades and revolutionary tanks never return (Hits).
        "out_of_game": {"barricades": ops.out_of_game(g, "barricades"),
                        "revolutionary_tanks": [_fighter(t, False, texts) for t in s["rev_tanks_destroyed"]]},
        "fighters_removed": [_fighter(f, False, texts) for f in s["fighters_removed"]],
        "last_stand": list(s["today"]["last_stand"]),  # seats with Last Stand in front of them today
        "turn_order": list(s["turn_order"]),
        "turn": _turn(g),
        "log_size": len(s["log"]),
        "result": dict(s["result"]) if s["result"] else None,
        "ruleset": s["options"].get("ruleset", "conflict"),
        "zhukov": _zhukov(g, texts),
    }


def _event_needs(g) -> dict:
    on_board = ops.events_on_board(g)
    n_events = len(on_board)
    return {e: event_need(g, e, n_events) for e in on_board + [m for m in g.s["market"] if m]}


def _zhukov(g, texts: bool = True) -> dict | None:
    """The General Zhukov deck as everyone sees it (Zhukov ruleset; None in Conflict): how many
    cards are left (their order is secret), the face-up discard pile in order, the lapsing cards
    on the board, today's headline row and draws, the card being resolved (with the step under way),
    the SPA phase's fixed step under way, the event decks' sizes, the injury that loses the game."""
    s = g.s
    if "zhukov_deck" not in s:
        return None

    def drawn(d: dict) -> dict:
        return {**_brief(d["card"], texts), "headline": d["headline"]}

    today = s["today"].get("zhukov_cards", [])
    return {"deck_count": len(s["zhukov_deck"]), "discard": _briefs(s["zhukov_discard"], texts),
            "on_board": _briefs(s["zhukov_on_board"], texts), "current": _zhukov_current(g, today, texts),
            "row": HEADLINE_ROW_BY_DAY.get(s["day"], "top"), "today": [drawn(d) for d in today],
            "spa_step": _zhukov_spa_step(g), "injury_limit": ops.injury_limit(g),
            "minor_deck_count": len(s["minor_deck"]), "major_deck_count": len(s["event_deck"])}


# A card frame moves its stage on before running it (the headline step leaves "event" behind it
# while the headline's choices wait above it): the step under way is the one before.
_UNDER_WAY = {"event": "headline", "done": "event"}


def _zhukov_current(g, today: list, texts: bool) -> dict | None:
    stack = g.s["stack"]
    at = next((i for i in range(len(stack) - 1, -1, -1) if stack[i]["kind"] == "zhukov_card"), None)
    if at is None:
        return None
    fr = stack[at]
    stage = _UNDER_WAY.get(fr["stage"], fr["stage"]) if at < len(stack) - 1 else fr["stage"]
    outcome = next((d["headline"] for d in reversed(today) if d["card"] == fr["card"]), None)
    return {"card": _brief(fr["card"], texts), "stage": stage, "row": fr["row"], "headline": outcome}


_SPA_STEP = {"militia": "move_militia", "snipers": "move_snipers", "place": "place", "attack": "attack", "done": "attack"}


def _zhukov_spa_step(g) -> str | None:
    """Which of the SPA phase's four fixed steps is under way ("move_militia", "move_snipers",
    "place", "attack"), or None outside it (E#22's penalty, an Attack step at the end, says "attack")."""
    for fr in reversed(g.s["stack"]):
        if fr["kind"] == "zhukov_attack":
            return "attack"
        if fr["kind"] == "zhukov_spa":
            return _SPA_STEP[fr["stage"]]
    return None


def _decision(g, handler, top) -> dict | None:
    """Which decision is pending, as data (DESIGN §2 via docs/contract.md): clients and bots read
    this, never the English prompt. Shared by every seat's view (read-only)."""
    if g.s["result"] is not None:
        return {"kind": "game_over", "stage": "result", "winner": g.s["result"]["winner"]}
    return handler.decision(g, top) if handler else None


def _secrets(g, texts: bool = True) -> dict:
    s = g.s
    return {
        "hands": {r: [_rev_card(c, texts) for c in h] for r, h in s["hands"].items()},
        "headline_hand": [_headline(h, texts) for h in s["headline_hand"]],
        "rev_deck": list(s["rev_deck"]),
        "event_deck": list(s["event_deck"]),
        **({"zhukov_deck": list(s["zhukov_deck"]), "minor_deck": list(s["minor_deck"])} if "zhukov_deck" in s else {}),
        "headline_decks": {k: list(v) for k, v in s["headline_decks"].items()},
        "facedown": {loc: list(s["locations"][loc]["facedown"]) for loc in LOCATION_IDS},
        "rev_tank_supply": list(s["rev_tank_supply"]),
        "peeked": {seat: [dict(p) for p in seen] for seat, seen in s.get("peeked", {}).items()},
        "rng": s["rng"],
        "stack": [dict(fr) for fr in s["stack"]],
    }


def _turn(g) -> dict | None:
    fr = ops.turn_frame(g)
    return {"seat": fr["seat"], "actions_left": fr["actions_left"], "free_move": fr["free_move"]} if fr else None


def view_records() -> dict[str, dict]:
    """What `texts=False` leaves out, per component id: the fields a full view shows for it (a pile's
    brief shows a part of them). Ids are unique across kinds (location, fighter, tank, card, headline,
    event, SPA card)."""
    out: dict[str, dict] = {}

    def put(cid: str, rec: dict, drop=("id",)) -> None:
        assert cid not in out, f"component id {cid} is not unique across kinds"
        out[cid] = {k: v for k, v in rec.items() if k not in drop}

    for loc in LOCATION_IDS + tuple(x for x in PROMO_LOCATIONS if x not in LOCATION_IDS):
        put(loc, {"name": ops.name_of_loc(loc)})
    for fid in FIGHTER:
        put(fid, _fighter(fid, False), ("id", "active"))
    for eid in EVENT:
        put(eid, _event(eid))
    for cid in REV_CARD:
        put(cid, _rev_card(cid))
    for hid in HEADLINE:
        put(hid, _headline(hid))
    for cid in SPA:
        put(cid, _spa(cid))
    for cid in ZHUKOV:  # General Zhukov cards appear in views only as piles' briefs
        put(cid, _brief(cid))
    return out
