"""Per-seat views (DESIGN §2): public state for everyone, plus the seat's own secrets.

Secrets: each Revolutionary's hand (its owner only), the Soviet headline hand (the Soviet only),
the order and content of every deck, the face-down fighter tiles, the PRNG state. The admin view
adds all of them.

With `texts=False` (what the server sends) a component is its id and what changes in play (a
fighter's `active`); its printed texts, names and icons are left out: a client joins them back from
`view_records()` (in the catalog, `/api/catalog`), each record under its id, the view's own fields
winning. A location's record gives its `name`.

`texts=False` views (what the server builds after every move) reuse the pieces that did not change
since the game's previous `texts=False` views (`_Memo`): a location, a pile, the market, a log
entry is the same object as before when what it is built from is equal to what it was built from
then. Every view is read-only: nothing may change a piece after it is handed out, since the next
view may hand it out again.
"""
from __future__ import annotations

from operator import itemgetter

from . import action_notes, ops
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


class _Memo:
    """The pieces of one game's last `texts=False` views, each beside a copy of what it was built
    from (the state changes in place, so a piece is reused only when its inputs compare equal to
    that copy: never stale, whatever changed the state, undo included). Kept on the Game
    (`Game._view_memo`); `Game.invalidate` drops it."""

    __slots__ = ("piles", "shown_piles", "locations", "located", "board", "positions", "events", "barricades", "market", "log",
                 "log_out", "log_private", "private", "goal")

    def __init__(self):
        self.piles: dict = {}  # name -> (the card ids, the pile as shown)
        self.shown_piles: tuple = ((), {})  # (every public pile's card ids, {name: the pile as shown})
        self.locations: dict = {}  # location -> (a copy of its state, its players, the location as shown)
        self.located: dict | None = None  # the last "locations" field, made from ...
        self.board: list = []  # ... the locations as they were (location, a copy of its state) ...
        self.positions: list = []  # ... and the players' positions as they were ((seat, location))
        self.events: list = []  # the events on the board then (ops.events_on_board)
        self.barricades = 0  # the barricades on the board then
        self.market: tuple | None = None  # (market, events on the board, "market", "event_needs")
        self.log: list = []  # the log tail's entries as they are in the state ...
        self.log_out: list = []  # ... and as everyone reads them
        self.log_private: list = []  # where in that tail the entries with a private text are
        self.private: dict = {}  # id of an entry with private texts -> (the entry, {reader: as shown})
        self.goal: tuple | None = None  # (the "locations" field it was counted from, the "goal" field)


def _memo(g) -> _Memo:
    memo = g._view_memo
    if memo is None:
        memo = g._view_memo = _Memo()
    return memo


def _pile(memo: _Memo, name, cids: list, make) -> list:
    """`make(cids)`, or the list made last time for `name` when `cids` is equal to what it was then."""
    hit = memo.piles.get(name)
    if hit is not None and hit[0] == cids:
        return hit[1]
    out = make(cids)
    memo.piles[name] = (list(cids), out)
    return out


def _ids(cids) -> list[dict]:
    return [{"id": cid} for cid in cids]


def _inactive_ids(fids) -> list[dict]:
    return [{"id": fid, "active": False} for fid in fids]


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
        out[loc] = _slim_location(here, players.get(loc, []))
    return out


def _slim_location(here: dict, players: list) -> dict:
    """A location in a `texts=False` view."""
    active = here["active"]
    if any(f.startswith("rt_") for f in active):
        fighters = [{"id": f, "active": True} for f in active if not f.startswith("rt_")]
        tanks = [{"id": f, "active": True} for f in active if f.startswith("rt_")]
    else:
        fighters = [{"id": f, "active": True} for f in active]
        tanks = []
    if here["inactive"]:
        fighters.append({"id": here["inactive"], "active": False})
    event = here["event"]
    return {"event": {"id": event} if event else None, "militia": here["militia"], "snipers": here["snipers"],
            "soviet_tanks": here["soviet_tanks"], "barricades": here["barricades"], "fighters": fighters,
            "facedown": len(here["facedown"]), "revolutionary_tanks": tanks, "players": players}


def _slim_locations(g, memo: _Memo) -> dict:
    """`_locations(g, texts=False)`, each location reused from the last views while its state and
    its players are unchanged, and the whole field while every location is. Also sets
    `memo.events` and `memo.barricades`."""
    s = g.s
    # Most moves change no location and move nobody: the whole board compared in C, in order.
    if memo.located is not None and memo.board == list(s["locations"].items()) \
            and memo.positions == list(s["positions"].items()):
        return memo.located
    memo.events = ops.events_on_board(g)
    memo.barricades = ops.on_board(g, "barricades")
    memo.positions = list(s["positions"].items())
    players: dict[str, list[str]] = {}
    for seat, where in s["positions"].items():
        players.setdefault(where, []).append(seat)
    seen = memo.locations
    out = {}
    fresh = False
    for loc, here in s["locations"].items():
        here_players = players.get(loc) or []
        hit = seen.get(loc)
        if hit is not None and hit[0] == here and hit[1] == here_players:
            out[loc] = hit[2]
            continue
        fresh = True
        out[loc] = shown = _slim_location(here, here_players)
        # A location's values are scalars and lists of ids: one level of copy is a whole copy.
        seen[loc] = ({k: v[:] if v.__class__ is list else v for k, v in here.items()}, here_players, shown)
    memo.board = [(loc, seen[loc][0]) for loc in out]
    last = memo.located
    if not fresh and last is not None and list(last) == list(out):
        return last
    memo.located = out
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
        if seat == "admin" or seat in entry["private"]:
            out[i] = _private_entry(entry, seat)
    return out


def _slim_shared_log(tail: list[dict], memo: _Memo) -> tuple[list[dict], list[int]]:
    """`_shared_log(tail)` and `_private_at(tail)`, reusing the entries the last views showed and
    where the private ones were. The engine never changes a log entry once written (ops.log
    appends; undo rebuilds the log from new entries), so the last tail less its first entries,
    compared by identity first, is this tail's start."""
    last, shown = memo.log, memo.log_out
    kept = 0
    if last and tail:
        first = tail[0]
        # No try/except here: the marks' early stop (ops.Decided) must pass through engine code.
        k = next((i for i, e in enumerate(last) if e is first), len(last))
        kept = len(last) - k
        if kept > len(tail) or last[k:] != tail[:kept]:
            kept = 0
    out = shown[len(shown) - kept:] if kept else []
    if kept:
        gone = len(shown) - kept
        private = [i - gone for i in memo.log_private if i >= gone] if gone else list(memo.log_private)
    else:
        private = []
    if kept < len(tail):
        added = tail[kept:]
        out += _shared_log(added)
        private += [kept + i for i in _private_at(added)]
    memo.log, memo.log_out, memo.log_private = tail, out, private
    return out, private


def _slim_private(g, memo: _Memo, tail: list[dict], private: list[int], seats) -> dict:
    """Each seat's own text of the tail's private entries (`_log`'s replacements), reused while
    the entry is in the tail: {seat: [(index, entry as shown)]}."""
    was, now = memo.private, {}
    out: dict[str, list] = {}
    for i in private:
        entry = tail[i]
        hit = was.get(id(entry))
        if hit is None or hit[0] is not entry:
            hit = (entry, {})
        now[id(entry)] = hit
        texts = entry["private"]
        for seat in seats:
            if seat == "admin" or seat in texts:
                shown = hit[1].get(seat)
                if shown is None:
                    shown = hit[1][seat] = _private_entry(entry, seat)
                out.setdefault(seat, []).append((i, shown))
    memo.private = now
    return out


def _private_entry(entry: dict, seat: str) -> dict:
    texts = entry["private"]
    if seat == "admin":
        return _entry(entry, entry["text"] + " [" + "; ".join(f"{k}: {v}" for k, v in texts.items()) + "]")
    return _entry(entry, texts[seat])


def _private_at(tail: list[dict]) -> list[int]:
    return [i for i, e in enumerate(tail) if e.get("private")]


def _entry(e: dict, text: str) -> dict:
    """A log entry as a view shows it: n, day, phase (None in a state saved before entries kept
    it), text, refs, and the dice of a roll (as data)."""
    out = {"n": e["n"], "day": e["day"], "phase": e.get("phase"), "text": text, "refs": list(e["refs"])}
    if "dice" in e:
        out["dice"] = dict(e["dice"], dice=list(e["dice"]["dice"]))
    return out


def _shared_log(tail: list[dict]) -> list[dict]:
    # Built for every view: the plain entries inline, only rolls through _entry.
    return [_entry(e, e["text"]) if "dice" in e else
            {"n": e["n"], "day": e["day"], "phase": e.get("phase"), "text": e["text"], "refs": list(e["refs"])}
            for e in tail]


def log_page(g, seat: str, start: int, stop: int) -> list[dict]:
    """Entries `start` to `stop` (a slice of the whole log) as `seat` may read them: each seat's
    view filters its tail the same way (`_log`), so a page never shows more than the view did.
    Each entry has its `phase`, as in views."""
    out = []
    for e in g.s["log"][start:stop]:
        texts = e.get("private")
        if texts and (seat == "admin" or seat in texts):
            shown = _private_entry(e, seat)
        else:
            shown = _entry(e, e["text"])
        out.append(shown)
    return out


def build_view(g, seat: str, texts: bool = True, marks: bool = True) -> dict:
    return build_views(g, [seat], texts, marks)[seat]


def build_views(g, seats, texts: bool = True, marks: bool = True) -> dict[str, dict]:
    """Views of several seats at once: the public part is built once and shared (read-only)."""
    public, own = build_view_parts(g, seats, texts, marks)
    return {seat: {"seat": seat, **public, **own[seat]} for seat in seats}


def build_view_parts(g, seats, texts: bool = True, marks: bool = True) -> tuple[dict, dict[str, dict]]:
    """`(public, {seat: own})`: the view of `seat` is `{"seat": seat, **public, **own[seat]}`. The
    public part is the same for every seat, who is to act and the pending decision included; `own`
    holds the fields that may differ (hand, peeked, prompt, actions, log; the admin's secrets and
    all_actions). Read-only. `marks=False` leaves the undo marks out (`irreversible` is None:
    Game.view)."""
    s = g.s
    memo = None if texts else _memo(g)
    active = g.active_seats()
    public = _public_part(g, texts, memo)
    stack = s["stack"]
    top = stack[-1] if stack and s["result"] is None else None
    handler = FRAMES[top["kind"]] if top else None
    base_prompt = handler.prompt(g, top) if handler else (s["result"]["reason"] if s["result"] else "")
    decision = _decision(g, handler, top)
    tail = s["log"][-LOG_TAIL:]
    if memo is None:
        shared_log, private_log = _shared_log(tail), _private_at(tail)
    else:
        shared_log, private_log = _slim_shared_log(tail, memo)
        own_log = _slim_private(g, memo, tail, private_log, seats)
    players = s["seats"]
    waiting = f"Waiting for {', '.join(active)}: {base_prompt}" if active else base_prompt
    # The same for every seat: in the public part, so a server cuts and compares them once a version.
    public["active"] = active
    public["decision"] = decision
    peeks = s.get("peeked")
    out = {}
    for seat in seats:
        player = seat in players
        prompt = waiting if player and seat not in active else base_prompt
        if memo is not None:
            cards = s["headline_hand"] if seat == "soviet" else s["hands"].get(seat, ())
            hand = _pile(memo, ("hand", seat), cards, _ids) if cards else []
        elif seat == "soviet":
            hand = [_headline(h, texts) for h in s["headline_hand"]]
        elif seat in s["hands"]:
            hand = [_rev_card(c, texts) for c in s["hands"][seat]]
        else:
            hand = []
        peeked = [{"location": p["location"], "fighter": _fighter(p["fighter"], False, texts)}
                  for p in printing_press.peeked_by(g, seat)] if player and peeks else []
        if memo is None:
            log = _log(g, seat, shared_log, private_log)
        else:
            log = list(shared_log)
            for i, entry in own_log.get(seat, ()):
                log[i] = entry
        if player and g._legal_for(seat):
            actions, unavailable = g.legal_actions(seat), action_notes.unavailable(g, seat)
            irreversible = g.irreversible(seat) if marks else None
        else:  # what a seat without a decision (or a watcher) gets from the same calls
            actions, unavailable = [], []
            irreversible = ([] if marks else None) if player else []
        view = {"hand": hand, "peeked": peeked, "prompt": prompt, "actions": actions,
                # Beside `actions` (same order), not inside them: a submitted action must equal a legal one.
                "irreversible": irreversible,
                "unavailable": unavailable,
                "picks": handler.picks(g, top, seat) if handler and player else None,
                "log": log}
        if seat == "admin":
            view["secrets"] = _secrets(g, texts)
            view["all_actions"] = {st: g.legal_actions(st) for st in s["seats"]}
        out[seat] = view
    return public, out


def _headlines(cids, texts: bool = True) -> list[dict]:
    return [_headline(h, texts) for h in cids]


def _spas(cids, texts: bool = True) -> list[dict]:
    return [_spa(c, texts) for c in cids]


def _inactive_fighters(fids, texts: bool = True) -> list[dict]:
    return [_fighter(f, False, texts) for f in fids]


# What each kind of pile is in a `texts=False` view.
_SLIM_PILES = {_briefs: _ids, _headlines: _ids, _spas: _ids, _inactive_fighters: _inactive_ids}

# The public part's piles: the state's list of each name, and how a view shows its cards.
_PILES = {"cp_cards": _headlines, "event_discard": _briefs, "headline_discard": _briefs, "rev_discard": _briefs,
          "spa_pool": _spas, "spa_queue": _spas, "marks": _briefs, "lapsing": _briefs,
          "rev_tanks_destroyed": _inactive_fighters, "fighters_removed": _inactive_fighters}
_ZHUKOV_PILES = {"zhukov_discard": _briefs, "zhukov_on_board": _briefs}
_piles_of = itemgetter(*_PILES)
_zhukov_piles_of = itemgetter(*_ZHUKOV_PILES)


def _public_piles(g, texts: bool, memo: _Memo | None) -> dict[str, list]:
    s = g.s
    kinds = {**_PILES, **_ZHUKOV_PILES} if "zhukov_deck" in s else _PILES
    if memo is None:
        return {name: kind(s[name], texts) for name, kind in kinds.items()}
    now = _piles_of(s) + _zhukov_piles_of(s) if "zhukov_deck" in s else _piles_of(s)
    # Most moves change no pile: all of them compared at once, in C.
    if memo.shown_piles[0] == now:
        return memo.shown_piles[1]
    shown = {name: _pile(memo, name, s[name], _SLIM_PILES[kind]) for name, kind in kinds.items()}
    memo.shown_piles = (tuple(memo.piles[name][0] for name in kinds), shown)
    return shown


def _public_part(g, texts: bool = True, memo: _Memo | None = None) -> dict:
    """The public part; with a memo (`texts=False` only) the unchanged pieces of the last one."""
    s = g.s
    if memo is None:
        locations = _locations(g, texts)
        on_board = ops.events_on_board(g)
        market, needs = _market(g, texts), _event_needs(g, on_board)
    else:
        locations = _slim_locations(g, memo)
        market, needs = _slim_market(g, memo)
    piles = _public_piles(g, texts, memo)
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
        "cp_cards": piles["cp_cards"],
        "locations": locations,
        "market": market,
        # The icons each event on the board or in the market needs right now ("per event" icons
        # counted): what Resolve an event collects, so clients never redo the rule.
        "event_needs": needs,
        "event_deck_count": len(s["event_deck"]),
        "event_discard": piles["event_discard"],
        "headline_decks": {k: len(v) for k, v in s["headline_decks"].items()},
        "headline_discard": piles["headline_discard"],
        "hands": {**({} if "zhukov_deck" in s else {"soviet": len(s["headline_hand"])}),
                  **{r: len(h) for r, h in s["hands"].items()}},
        "rev_deck_count": len(s["rev_deck"]),
        "rev_discard": piles["rev_discard"],
        "spa_pool": piles["spa_pool"],
        "spa_queue": piles["spa_queue"],
        "injuries": dict(s["injuries"]),
        "positions": dict(s["positions"]),
        "marks": piles["marks"],
        "lapsing": piles["lapsing"],
        "rev_tank_supply": len(s["rev_tank_supply"]),
        "barricade_supply": ops.supply(g, "barricades", None if memo is None else memo.barricades),
        # Removed barricades and revolutionary tanks never return (Hits).
        "out_of_game": {"barricades": ops.out_of_game(g, "barricades"),
                        "revolutionary_tanks": piles["rev_tanks_destroyed"]},
        "fighters_removed": piles["fighters_removed"],
        "last_stand": list(s["today"]["last_stand"]),  # seats with Last Stand in front of them today
        "turn_order": list(s["turn_order"]),
        "turn": _turn(g),
        "log_size": len(s["log"]),
        "goal": _goal(g) if memo is None else _slim_goal(g, memo, locations),
        "result": dict(s["result"]) if s["result"] else None,
        "ruleset": s["options"].get("ruleset", "conflict"),
        "zhukov": _zhukov(g, texts, piles),
    }


def _goal(g) -> dict:
    """What ends the game and how close it is, as numbers the client shows beside the board (the
    rest, morale, day and injuries, is in the view already)."""
    tanks = militia = 0
    for here in ops.board(g).values():
        tanks += here["soviet_tanks"]
        militia += here["militia"]
    return {"last_day": 7, "events_on_board": len(ops.events_on_board(g)),
            "evaluation_max_events": ops.evaluation_max_events(g), "injury_limit": ops.injury_limit(g),
            "soviet_tanks_on_board": tanks, "militia_on_board": militia}


def _slim_goal(g, memo: _Memo, located: dict) -> dict:
    """`_goal(g)`, reused while the board is unchanged: `_slim_locations` hands out the same
    "locations" object then, and the rest of the goal is fixed for the game (its options)."""
    hit = memo.goal
    if hit is not None and hit[0] is located:
        return hit[1]
    goal = _goal(g)
    memo.goal = (located, goal)
    return goal


def _market(g, texts: bool) -> list[dict]:
    market = []
    for slot, eid in enumerate(g.s["market"]):
        entry = {"slot": slot, "surcharge": MARKET_SURCHARGE[slot], "event": _event(eid, texts)}
        if eid:
            entry["cost"] = event_cost(g, slot)
            entry["location"] = EVENT[eid]["location"]
        market.append(entry)
    return market


def _slim_market(g, memo: _Memo) -> tuple[list, dict]:
    """The market and the event needs of a `texts=False` view: both follow from the market and the
    events on the board alone (an event's cost and its needs count the events on the board)."""
    s = g.s
    on_board = memo.events  # _slim_locations has set it
    hit = memo.market
    if hit is not None and hit[0] == s["market"] and hit[1] == on_board:
        return hit[2], hit[3]
    market, needs = _market(g, False), _event_needs(g, on_board)
    memo.market = (list(s["market"]), on_board, market, needs)
    return market, needs


def _event_needs(g, on_board: list[str]) -> dict:
    n_events = len(on_board)
    return {e: event_need(g, e, n_events) for e in on_board + [m for m in g.s["market"] if m]}


def _zhukov(g, texts: bool, piles: dict) -> dict | None:
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
    return {"deck_count": len(s["zhukov_deck"]), "discard": piles["zhukov_discard"],
            "on_board": piles["zhukov_on_board"], "current": _zhukov_current(g, today, texts),
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
