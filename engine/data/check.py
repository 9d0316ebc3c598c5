"""Self-check of the component data: `problems()` returns a list of human-readable problems
(empty when the data is consistent). Pure: no I/O, no printing."""
from __future__ import annotations

from . import ICONS
from .board import (
    ACTIONS_PER_TURN,
    ADJACENCY,
    INJURY_LIMIT,
    LOCATIONS,
    MARKET_SURCHARGE,
    MORALE_START,
    MORALE_TRACK,
    SETUP,
    SUPPORT_START,
    SUPPORT_TRACK,
    TOKENS,
    TRACK_PROVENANCE,
)
from .events import EVENTS, MAJOR_COST_CAP
from .fighters import FIGHTERS, REVOLUTIONARY_TANKS
from .headlines import HEADLINES
from .promo import ALTERNATIVE_START_EVENTS, PLAYER_POWERS, PRINTING_PRESS_EVENTS, PRINTING_PRESS_LOCATION
from .revolutionary_cards import PROMO_CARDS, REVOLUTIONARY_CARDS
from .spa_cards import SPA_CARDS

# "promo card": printed on a promo card the rulebook does not reproduce (the Printing Press).
_PROVENANCES = ("rulebook", "promo card", "reconstructed")
_SCALARS = (str, int, bool, type(None))


def _jsonable(value, path: str, out: list[str]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, (str, int)) or isinstance(k, bool):
                out.append(f"{path}: key {k!r} is not a str/int")
            _jsonable(v, f"{path}.{k}", out)
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _jsonable(v, f"{path}[{i}]", out)
    elif not isinstance(value, _SCALARS):
        out.append(f"{path}: {type(value).__name__} is not JSON-able")


def _provenance(rec: dict, where: str, out: list[str]) -> None:
    prov = rec.get("provenance")
    if prov not in _PROVENANCES:
        out.append(f"{where}: provenance {prov!r} not in {_PROVENANCES}")
    basis = rec.get("basis")
    if prov == "reconstructed" and not (isinstance(basis, str) and basis.strip()):
        out.append(f"{where}: reconstructed without a basis")


def _icons(icons, where: str, out: list[str]) -> None:
    if not isinstance(icons, list):
        out.append(f"{where}: icons must be a list")
        return
    for icon in icons:
        if icon not in ICONS:
            out.append(f"{where}: unknown icon {icon!r}")


def problems() -> list[str]:
    out: list[str] = []
    loc_ids = [loc["id"] for loc in LOCATIONS]
    locs = set(loc_ids)
    headline_ids = {h["id"] for h in HEADLINES}
    event_ids = {e["id"] for e in EVENTS} | {e["id"] for e in ALTERNATIVE_START_EVENTS}

    # ---- counts ------------------------------------------------------------------------------
    for name, coll, n in (("LOCATIONS", LOCATIONS, 11), ("HEADLINES", HEADLINES, 42),
                          ("EVENTS", EVENTS, 33), ("REVOLUTIONARY_CARDS", REVOLUTIONARY_CARDS, 38),
                          ("FIGHTERS", FIGHTERS, 22), ("REVOLUTIONARY_TANKS", REVOLUTIONARY_TANKS, 3),
                          ("SPA_CARDS", SPA_CARDS, 8), ("PROMO_CARDS", PROMO_CARDS, 2),
                          ("ALTERNATIVE_START_EVENTS", ALTERNATIVE_START_EVENTS, 3),
                          ("PLAYER_POWERS", PLAYER_POWERS, 4), ("ADJACENCY", ADJACENCY, 17)):
        if len(coll) != n:
            out.append(f"{name}: {len(coll)} records, expected {n}")
    if len(FIGHTERS) != TOKENS["fighters"] or len(REVOLUTIONARY_TANKS) != TOKENS["rev_tanks"]:
        out.append("TOKENS: fighter/tank counts disagree with the tile lists")

    # ---- unique ids (across every component) -------------------------------------------------
    seen: set[str] = set()
    for coll in (LOCATIONS, HEADLINES, EVENTS, ALTERNATIVE_START_EVENTS, REVOLUTIONARY_CARDS,
                 PROMO_CARDS, FIGHTERS, REVOLUTIONARY_TANKS, SPA_CARDS, PLAYER_POWERS,
                 [PRINTING_PRESS_LOCATION], PRINTING_PRESS_EVENTS):
        for rec in coll:
            rid = rec.get("id")
            if not isinstance(rid, str) or not rid:
                out.append(f"record without id: {rec!r:.60}")
            elif rid in seen:
                out.append(f"duplicate id {rid}")
            else:
                seen.add(rid)
    expected = {f"h{i:02d}" for i in range(1, 43)}
    if headline_ids != expected:
        out.append("HEADLINES: ids are not h01..h42")
    if {e["id"] for e in EVENTS} != {f"e{i:02d}" for i in range(1, 34)}:
        out.append("EVENTS: ids are not e01..e33")

    # ---- provenance and JSON-ability ---------------------------------------------------------
    for coll_name, coll in (("LOCATIONS", LOCATIONS), ("ADJACENCY", ADJACENCY), ("HEADLINES", HEADLINES),
                            ("EVENTS", EVENTS), ("ALTERNATIVE_START_EVENTS", ALTERNATIVE_START_EVENTS),
                            ("REVOLUTIONARY_CARDS", REVOLUTIONARY_CARDS), ("PROMO_CARDS", PROMO_CARDS),
                            ("FIGHTERS", FIGHTERS), ("REVOLUTIONARY_TANKS", REVOLUTIONARY_TANKS),
                            ("SPA_CARDS", SPA_CARDS), ("PLAYER_POWERS", PLAYER_POWERS),
                            ("PRINTING_PRESS_LOCATION", [PRINTING_PRESS_LOCATION]),
                            ("PRINTING_PRESS_EVENTS", PRINTING_PRESS_EVENTS)):
        for i, rec in enumerate(coll):
            _provenance(rec, f"{coll_name}[{rec.get('id', i)}]", out)
    for key, rec in TRACK_PROVENANCE.items():
        _provenance(rec, f"TRACK_PROVENANCE[{key}]", out)
    _provenance(SETUP, "SETUP", out)
    for name, value in (("LOCATIONS", LOCATIONS), ("ADJACENCY", ADJACENCY), ("MORALE_TRACK", MORALE_TRACK),
                        ("SUPPORT_TRACK", SUPPORT_TRACK), ("TOKENS", TOKENS), ("SETUP", SETUP),
                        ("HEADLINES", HEADLINES), ("EVENTS", EVENTS), ("REVOLUTIONARY_CARDS", REVOLUTIONARY_CARDS),
                        ("PROMO_CARDS", PROMO_CARDS), ("FIGHTERS", FIGHTERS),
                        ("REVOLUTIONARY_TANKS", REVOLUTIONARY_TANKS), ("SPA_CARDS", SPA_CARDS),
                        ("ALTERNATIVE_START_EVENTS", ALTERNATIVE_START_EVENTS), ("PLAYER_POWERS", PLAYER_POWERS),
                        ("ACTIONS_PER_TURN", ACTIONS_PER_TURN), ("MARKET_SURCHARGE", MARKET_SURCHARGE),
                        ("INJURY_LIMIT", INJURY_LIMIT), ("TRACK_PROVENANCE", TRACK_PROVENANCE)):
        _jsonable(value, name, out)

    # ---- board -------------------------------------------------------------------------------
    for loc in LOCATIONS:
        if loc["side"] not in ("buda", "pest", "csepel"):
            out.append(f"{loc['id']}: bad side {loc['side']!r}")
    if {loc["id"] for loc in LOCATIONS if loc["reinforcement"]} != {"csepel", "szena", "hwpp"}:
        out.append("reinforcement locations must be csepel, szena, hwpp")
    neighbours: dict[str, set[str]] = {loc: set() for loc in loc_ids}
    edges: set[frozenset] = set()
    for e in ADJACENCY:
        a, b = e["a"], e["b"]
        if a not in locs or b not in locs:
            out.append(f"adjacency {a}-{b}: unknown location")
            continue
        if a == b:
            out.append(f"adjacency {a}-{b}: self loop")
        key = frozenset((a, b))
        if key in edges:
            out.append(f"adjacency {a}-{b}: duplicate edge")
        edges.add(key)
        neighbours[a].add(b)
        neighbours[b].add(a)
    for loc, ns in neighbours.items():
        for n in ns:
            if loc not in neighbours[n]:
                out.append(f"adjacency {loc}-{n} not symmetric")
        if not 2 <= len(ns) <= 4:
            out.append(f"{loc}: {len(ns)} neighbours, expected 2-4")
    if loc_ids:
        reached = {loc_ids[0]}
        frontier = [loc_ids[0]]
        while frontier:
            nxt = []
            for loc in frontier:
                for n in neighbours[loc]:
                    if n not in reached:
                        reached.add(n)
                        nxt.append(n)
            frontier = nxt
        if reached != locs:
            out.append(f"board not connected: unreachable {sorted(locs - reached)}")
    for a, b, want in (("radio", "corvin", True), ("astoria", "radio", True), ("csepel", "corvin", True),
                       ("astoria", "corvin", False)):
        if (b in neighbours.get(a, set())) != want:
            out.append(f"rulebook adjacency fact violated: {a}-{b} should be {'adjacent' if want else 'apart'}")

    # ---- tracks and setup --------------------------------------------------------------------
    if [t["index"] for t in MORALE_TRACK] != list(range(7)) or not MORALE_TRACK[0]["skull"] \
            or any(t["skull"] for t in MORALE_TRACK[1:]) or MORALE_TRACK[MORALE_START]["draw"] != 2:
        out.append("MORALE_TRACK malformed")
    if [t["index"] for t in SUPPORT_TRACK] != list(range(7)) \
            or SUPPORT_TRACK[SUPPORT_START]["colour"] != "neutral" \
            or SUPPORT_TRACK[SUPPORT_START]["hand_limit"] != 4:
        out.append("SUPPORT_TRACK malformed")
    for t in SUPPORT_TRACK:
        if t["colour"] not in ("green", "neutral", "red"):
            out.append(f"SUPPORT_TRACK[{t['index']}]: bad colour")
    for loc, units in SETUP["units"].items():
        if loc not in locs:
            out.append(f"SETUP units: unknown location {loc}")
        for kind in units:
            if kind not in ("militia", "snipers", "soviet_tanks"):
                out.append(f"SETUP units: unknown unit {kind}")
    for loc, ev in SETUP["start_events"].items():
        if loc not in locs or ev not in event_ids:
            out.append(f"SETUP start_events: bad {loc}->{ev}")
    for n, positions in SETUP["start_positions"].items():
        if len(positions) != n or any(p not in locs for p in positions):
            out.append(f"SETUP start_positions[{n}] malformed")
        if sum(ACTIONS_PER_TURN[n]) != 4 or len(ACTIONS_PER_TURN[n]) != n:
            out.append(f"ACTIONS_PER_TURN[{n}] malformed")
    if sum(SETUP["x_into_deck"].values()) + 4 != sum(1 for e in EVENTS if e["period"] == "X"):
        out.append("SETUP x_into_deck does not leave 4 X events at the bottom")

    # ---- headlines ---------------------------------------------------------------------------
    for h in HEADLINES:
        w = h["id"]
        if h["period"] not in (1, 2, 3):
            out.append(f"{w}: bad period")
        if h["colour"] not in ("red", "green"):
            out.append(f"{w}: bad colour")
        if not isinstance(h["cp"], int) or isinstance(h["cp"], bool) or not 1 <= h["cp"] <= 5:
            out.append(f"{w}: cp must be 1-5")
        if h["colour"] == "red":
            if not isinstance(h["spa"], int) or isinstance(h["spa"], bool) or not 0 <= h["spa"] <= 3:
                out.append(f"{w}: red headline needs spa 0-3")
            if h["cannot_discard_if"] is not None:
                out.append(f"{w}: red cards cannot be discarded anyway")
        elif h["spa"] is not None:
            out.append(f"{w}: green headline must have spa None")
        if not isinstance(h["text"], str) or not h["text"].strip():
            out.append(f"{w}: empty text")
        for m in h["modifiers"]:
            if m not in headline_ids and m not in event_ids:
                out.append(f"{w}: unknown modifier {m}")
        cdi = h["cannot_discard_if"]
        if cdi is not None and (cdi not in headline_ids or cdi not in h["modifiers"]):
            out.append(f"{w}: bad cannot_discard_if {cdi}")
        if "Lapsing" in h["text"] and not h["lapsing"]:
            out.append(f"{w}: text says Lapsing but lapsing is False")
    periods = {p: [h["id"] for h in HEADLINES if h["period"] == p] for p in (1, 2, 3)}
    if periods[1] != [f"h{i:02d}" for i in range(1, 12)] or periods[2] != [f"h{i:02d}" for i in range(12, 32)] \
            or periods[3] != [f"h{i:02d}" for i in range(32, 43)]:
        out.append("HEADLINES: periods must be H#1-11 / H#12-31 / H#32-42")
    # Every "H#n resolved" / "E#n resolved" condition must name a marked card listed in modifiers.
    marked = {c["id"] for c in list(HEADLINES) + list(EVENTS) if c["mark"]}
    for rec in list(HEADLINES) + list(EVENTS):
        texts = " ".join(str(rec.get(k) or "") for k in ("text", "placement", "reward", "penalty"))
        for part in texts.split(" resolved")[:-1]:
            words = part.split()
            label = words[-1] if words else ""
            if len(label) < 3 or label[0] not in "HE" or label[1] != "#" or not label[2:].isdigit():
                continue
            ref = ("h" if label[0] == "H" else "e") + f"{int(label[2:]):02d}"
            if ref not in marked:
                out.append(f"{rec['id']}: condition on {label}, which has no mark")
            if ref not in rec["modifiers"]:
                out.append(f"{rec['id']}: condition on {label} missing from modifiers")

    # ---- events ------------------------------------------------------------------------------
    event_locs = locs | {"anywhere", "anywhere_sniper"}
    per_event_count = 0
    penalties = 0
    for e in list(EVENTS) + list(ALTERNATIVE_START_EVENTS):
        w = e["id"]
        if e["location"] not in event_locs:
            out.append(f"{w}: bad location {e['location']!r}")
        _icons(e["requires"], w, out)
        _icons(e["requires_per_event"], w, out)
        if not 2 <= len(e["requires"]) <= 4:
            out.append(f"{w}: requires must list 2-4 icons")
        if e["period"] == "start":
            if e["cost"] != 0 or e["requires_per_event"]:
                out.append(f"{w}: starting events cost 0 and have no per-event icons")
        elif e["period"] == "X":
            if e["cost"] is not None:
                out.append(f"{w}: minor events have cost None")
            if len(e["requires"]) != 2:
                out.append(f"{w}: minor events need 2 icons")
        elif e["period"] in (1, 2, 3):
            if not isinstance(e["cost"], int) or isinstance(e["cost"], bool) or not 1 <= e["cost"] <= MAJOR_COST_CAP:
                out.append(f"{w}: major events cost 1-{MAJOR_COST_CAP} (the rulebook's examples: 2 and 4)")
        else:
            out.append(f"{w}: bad period {e['period']!r}")
        if not isinstance(e["reward"], str) or not e["reward"].strip():
            out.append(f"{w}: empty reward")
        if e["requires_per_event"] and not w.startswith("ea"):
            per_event_count += 1
        if e["penalty"] and not w.startswith("ea"):
            penalties += 1
        for m in e["modifiers"]:
            if m not in headline_ids and m not in event_ids:
                out.append(f"{w}: unknown modifier {m}")
        if "Lapsing" in e["reward"] and not e["lapsing"]:
            out.append(f"{w}: reward says Lapsing but lapsing is False")
    if not 2 <= per_event_count <= 4:
        out.append(f"EVENTS: {per_event_count} events with per-event icons, expected 2-4")
    if penalties > 4 or not EVENTS[18]["penalty"] or not EVENTS[21]["penalty"]:
        out.append("EVENTS: penalties must be on E#19, E#22 and at most 2 others")
    want_periods = (["start"] * 3 + [1] * 6 + [2] * 9 + [3] * 4 + ["X"] * 11)
    if [e["period"] for e in EVENTS] != want_periods:
        out.append("EVENTS: periods do not match Appendix B")
    if sum(1 for e in ALTERNATIVE_START_EVENTS if e["penalty"]) != 1:
        out.append("ALTERNATIVE_START_EVENTS: exactly one must have a penalty")
    # ---- the Printing Press promo: a leaf next to one city location, its printed event on it ---
    pp = PRINTING_PRESS_LOCATION
    if pp["id"] in locs or any(n not in locs for n in pp["neighbours"]) or len(pp["neighbours"]) != 1:
        out.append("PRINTING_PRESS_LOCATION: must be a new location next to exactly one city location")
    for e in PRINTING_PRESS_EVENTS:
        if e["location"] != pp["id"] or e["cost"] != 0 or e["period"] != "promo" or not e["penalty"]:
            out.append(f"{e['id']}: the printed event sits on the Printing Press, costs 0 and has a penalty")
        _icons(e["requires"], e["id"], out)
        if e["provenance"] != "promo card" or "Not printed" not in e["basis"]:
            out.append(f"{e['id']}: provenance is the promo card; the basis names what the card does not print")
    _jsonable([pp] + list(PRINTING_PRESS_EVENTS), "PRINTING_PRESS", out)
    if {e["location"] for e in ALTERNATIVE_START_EVENTS} != {"university", "bem", "corvin"}:
        out.append("ALTERNATIVE_START_EVENTS: must sit on university, bem, corvin")

    # ---- revolutionary cards, fighters, tanks, SPA -------------------------------------------
    for c in list(REVOLUTIONARY_CARDS) + list(PROMO_CARDS):
        w = c["id"]
        _icons(c["icons"], w, out)
        for action, extra in (c.get("action_icons") or {}).items():
            if action not in ("resolve_event", "attack_militia", "destroy_tank"):
                out.append(f"{w}: action_icons for unknown action {action!r}")
            _icons(extra, w, out)
        if c["id"] != f"rc_{c['kind']}_{c['id'].rsplit('_', 1)[-1]}" and c in REVOLUTIONARY_CARDS:
            out.append(f"{w}: id does not follow rc_<kind>_<n>")
        if c["aid"] and sorted(c["icons"]) != sorted(["information", "medical", "food"]):
            out.append(f"{w}: Aid must show information, medical, food")
        ab = c["ability"]
        if ab is not None and (ab.get("label") not in ("action", "free") or not ab.get("text")):
            out.append(f"{w}: bad ability")
    for f in list(FIGHTERS) + list(REVOLUTIONARY_TANKS):
        w = f["id"]
        _icons(f["icons"], w, out)
        if not 1 <= len(f["icons"]) <= 2:
            out.append(f"{w}: fighters have 1-2 icons")
        ab = f["ability"]
        if ab is not None and (ab.get("label") not in ("action", "once_per_turn", "passive") or not ab.get("text")):
            out.append(f"{w}: bad ability")
    if sum(1 for f in FIGHTERS if f["ability"]) != 9:
        out.append("FIGHTERS: exactly 9 must have abilities")
    if {f["id"] for f in REVOLUTIONARY_TANKS} != {"rt_howitzer", "rt_t34", "rt_t55"}:
        out.append("REVOLUTIONARY_TANKS: ids must be rt_howitzer, rt_t34, rt_t55")
    kinds = ("move_sniper", "move_militia", "place_militia", "attack")
    for s in SPA_CARDS:
        if s["kind"] not in kinds:
            out.append(f"{s['id']}: bad kind")
    if sum(1 for s in SPA_CARDS if s["kind"] == "attack") < 2:
        out.append("SPA_CARDS: at least 2 Attack! cards")
    for p in PLAYER_POWERS:
        if not p.get("benefit") or not p.get("disadvantage"):
            out.append(f"{p['id']}: needs benefit and disadvantage")
    out += zhukov_problems()
    return out


# ---- Zhukov ruleset ----------------------------------------------------------------------------
def _zhukov_param(kind, value) -> bool:
    """Is `value` allowed for a parameter declared as `kind` in zhukov.EFFECT_OPS?"""
    def count(v):
        return isinstance(v, int) and not isinstance(v, bool) and v >= 1

    if isinstance(kind, tuple):
        return value in kind
    if kind is bool:
        return isinstance(value, bool)
    if kind == "count":
        return count(value)
    if kind == "count_or_all":
        return value == "all" or count(value)
    if kind == "units":
        return isinstance(value, list) and bool(value) and len(set(value)) == len(value) \
            and all(u in ("militia", "snipers", "soviet_tanks") for u in value)
    if kind == "headline":
        return isinstance(value, str) and any(h["id"] == value for h in HEADLINES)
    return False


def _zhukov_effect(steps, where: str, title: str, out: list[str]) -> bool:
    """Check one headline's effect steps; returns whether the effect lasts the whole day."""
    from .zhukov import EFFECT_OPS

    by_id = {h["id"]: h for h in HEADLINES}
    day_long = False
    if not isinstance(steps, list) or not steps:
        out.append(f"{where}: effect must be a non-empty list of steps")
        return False
    for i, step in enumerate(steps):
        op = step.get("op") if isinstance(step, dict) else None
        spec = EFFECT_OPS.get(op)
        if spec is None:
            out.append(f"{where}: step {i} has unknown op {op!r}")
            continue
        params = {k: v for k, v in step.items() if k != "op"}
        if set(params) != set(spec["params"]):
            out.append(f"{where}: step {i} ({op}) takes {sorted(spec['params'])}, got {sorted(params)}")
            continue
        for name, value in params.items():
            if not _zhukov_param(spec["params"][name], value):
                out.append(f"{where}: step {i} ({op}) bad {name} {value!r}")
        day_long = day_long or spec["day_long"]
        if op == "ref" and step["effect"] in by_id:
            twin = by_id[step["effect"]]
            if twin["title"] != title:
                out.append(f"{where}: refers to {twin['id']} ({twin['title']}), not a headline titled {title!r}")
            day_long = day_long or twin["lapsing"]
    return day_long


def zhukov_problems() -> list[str]:
    """Self-check of the General Zhukov cards and the Zhukov ruleset facts."""
    from . import zhukov, zhukov_setup
    from .board import ACTIONS_PER_TURN as CONFLICT_ACTIONS
    from .board import SETUP as CONFLICT_SETUP

    out: list[str] = []
    cards = zhukov.ZHUKOV_CARDS
    locs = {loc["id"] for loc in LOCATIONS}
    event_ids = {e["id"] for e in EVENTS}
    conflict_by_title: dict[str, set[str]] = {}
    for h in HEADLINES:
        conflict_by_title.setdefault(h["title"], set()).add(h["colour"])

    if len(cards) != 14:
        out.append(f"ZHUKOV_CARDS: {len(cards)} records, expected 14")
    if [c.get("id") for c in cards] != [f"z{i:02d}" for i in range(1, len(cards) + 1)] \
            or [c.get("number") for c in cards] != list(range(1, len(cards) + 1)):
        out.append("ZHUKOV_CARDS: ids/numbers are not z01..z14 / 1..14 in order")
    for c in cards:
        w = c.get("id", "?")
        _provenance(c, f"ZHUKOV_CARDS[{w}]", out)
        if c.get("colour") not in ("green", "red"):
            out.append(f"{w}: bad colour {c.get('colour')!r}")
        if c.get("placement") not in zhukov.PLACEMENT_ICONS:
            out.append(f"{w}: bad event placement icon {c.get('placement')!r}")
        hls = c.get("headlines")
        if not isinstance(hls, list) or [h.get("position") for h in hls] != list(zhukov.POSITIONS):
            out.append(f"{w}: headlines must be top, middle, bottom")
            continue
        for h in hls:
            hw = f"{w}.{h['position']}"
            _provenance(h, hw, out)
            if h.get("title_provenance") not in _PROVENANCES:
                out.append(f"{hw}: bad title_provenance")
            if (h.get("title_provenance") == "rulebook") != isinstance(h.get("clarification"), str):
                out.append(f"{hw}: a rulebook title comes with its Appendix D clarification, and only then")
            colours = conflict_by_title.get(h.get("title"))
            if not colours:
                out.append(f"{hw}: {h.get('title')!r} is not a Conflict headline title")
            elif c.get("colour") not in colours:
                out.append(f"{hw}: {h['title']!r} is a {'/'.join(sorted(colours))} headline on a {c.get('colour')} card")
            if not isinstance(h.get("text"), str) or not h["text"].strip():
                out.append(f"{hw}: empty text")
            elif h["text"].startswith("Lapsing.") != (h.get("lapsing") is True):
                out.append(f"{hw}: text starts with 'Lapsing.' exactly when lapsing is True")
            day_long = _zhukov_effect(h.get("effect"), hw, h.get("title"), out)
            if day_long != (h.get("lapsing") is True):
                out.append(f"{hw}: lapsing must be set exactly when the effect lasts the day")
    # Every card is drawn exactly twice (days 1-3 and 2 on day 4; 2 on day 4 and days 5-7), so
    # each placement icon draws twice: the event decks must never run dry.
    phase = zhukov_setup.SOVIET_PHASE
    per_day, rs = phase["cards_per_day"], phase["reshuffle"]
    if per_day * (rs["day"] - 1) + rs["after"] != len(cards) or rs["then"] + per_day * (7 - rs["day"]) != len(cards):
        out.append("SOVIET_PHASE: the day-4 reshuffle does not split the 28 draws into two passes of the deck")
    majors = sum(1 for e in EVENTS if e["period"] in (1, 2, 3))
    minors = sum(1 for e in EVENTS if e["period"] == "X")
    major_icons = sum(1 for c in cards if c.get("placement") in ("place_major", "discard_major"))
    minor_icons = sum(1 for c in cards if c.get("placement") == "place_minor")
    if 2 * major_icons > majors or 2 * minor_icons > minors:
        out.append(f"ZHUKOV_CARDS: {major_icons} major / {minor_icons} minor icons would run the event decks dry")
    if phase["headline_row_by_day"] != zhukov.HEADLINE_ROW_BY_DAY or set(phase["headline_row_by_day"]) != set(range(1, 8)):
        out.append("SOVIET_PHASE: headline rows by day disagree with zhukov.HEADLINE_ROW_BY_DAY")

    # ---- setup, actions, SPA, options, end -------------------------------------------------------
    setup = zhukov_setup.SETUP
    _provenance(setup, "ZHUKOV SETUP", out)
    _provenance(phase, "ZHUKOV SOVIET_PHASE", out)
    _provenance(zhukov_setup.ACTIONS_PER_TURN_PROVENANCE, "ZHUKOV ACTIONS_PER_TURN", out)
    _provenance(zhukov_setup.INJURY_LIMIT_PROVENANCE, "ZHUKOV INJURY_LIMIT", out)
    _provenance(zhukov_setup.END, "ZHUKOV END", out)
    for n in setup["revolutionaries"]:
        pos = setup["start_positions"].get(n, [])
        if len(pos) != n or any(p not in locs for p in pos):
            out.append(f"ZHUKOV SETUP start_positions[{n}] malformed")
        if n in CONFLICT_SETUP["start_positions"] and pos != CONFLICT_SETUP["start_positions"][n]:
            out.append(f"ZHUKOV SETUP start_positions[{n}] differ from the Conflict setup")
        acts = zhukov_setup.ACTIONS_PER_TURN.get(n, [])
        if len(acts) != n or sum(acts) != 4:
            out.append(f"ZHUKOV ACTIONS_PER_TURN[{n}] malformed")
        if n in CONFLICT_ACTIONS and acts != CONFLICT_ACTIONS[n]:
            out.append(f"ZHUKOV ACTIONS_PER_TURN[{n}] differs from the Conflict table")
        if n not in zhukov_setup.INJURY_LIMIT:
            out.append(f"ZHUKOV INJURY_LIMIT: no limit for {n} Revolutionaries")
    step_ids = [s["id"] for s in zhukov_setup.SPA_STEPS]
    if step_ids != ["move_militia", "move_snipers", "place", "attack"] \
            or [s["order"] for s in zhukov_setup.SPA_STEPS] != [1, 2, 3, 4]:
        out.append("ZHUKOV SPA_STEPS: must be move_militia, move_snipers, place, attack in order")
    for s in zhukov_setup.SPA_STEPS:
        _provenance(s, f"ZHUKOV SPA_STEPS[{s['id']}]", out)
        if s["skipped_by"] is not None and s["skipped_by"] not in event_ids:
            out.append(f"ZHUKOV SPA_STEPS[{s['id']}]: unknown event {s['skipped_by']}")
    place = zhukov_setup.SPA_STEPS[2]
    if set(place["militia"]) != {loc["id"] for loc in LOCATIONS if loc["reinforcement"]} \
            or place["if_no_militia_placed"]["location"] not in locs:
        out.append("ZHUKOV SPA_STEPS[place]: militia go to the reinforcement locations, the sniper to a location")
    skips = {r["event"]: r["step"] for r in zhukov_setup.EVENT_RULES if r["rule"] == "skip_spa_step"}
    if skips != {s["skipped_by"]: s["id"] for s in zhukov_setup.SPA_STEPS if s["skipped_by"]}:
        out.append("ZHUKOV EVENT_RULES and SPA_STEPS disagree on which event skips which step")
    for r in zhukov_setup.EVENT_RULES:
        _provenance(r, f"ZHUKOV EVENT_RULES[{r['event']}]", out)
        ev = next((e for e in EVENTS if e["id"] == r["event"]), None)
        if ev is None or not ev.get(r["part"]):
            out.append(f"ZHUKOV EVENT_RULES[{r['event']}]: the event has no {r['part']}")
    names = [o["name"] for o in zhukov_setup.OPTIONS]
    if len(set(names)) != len(names) or not all(n.startswith("zhukov_") for n in names):
        out.append("ZHUKOV OPTIONS: names must be unique and start with zhukov_")
    for o in zhukov_setup.OPTIONS:
        _provenance(o, f"ZHUKOV OPTIONS[{o['name']}]", out)
        if o["group"] not in ("first_game", "difficulty") or o["type"] not in ("bool", "int", "location"):
            out.append(f"ZHUKOV OPTIONS[{o['name']}]: bad group or type")
        for key in ("location",):
            target = (o["effect"].get("place") or o["effect"].get("remove") or {}).get(key)
            if target is not None and target not in locs:
                out.append(f"ZHUKOV OPTIONS[{o['name']}]: unknown location {target}")
    for name, value in (("ZHUKOV_CARDS", cards), ("EFFECT_OPS", {k: {kk: vv for kk, vv in v.items() if kk != "params"}
                                                                 for k, v in zhukov.EFFECT_OPS.items()}),
                        ("ZHUKOV SETUP", setup), ("ZHUKOV SOVIET_PHASE", phase),
                        ("ZHUKOV ACTIONS_PER_TURN", zhukov_setup.ACTIONS_PER_TURN),
                        ("ZHUKOV INJURY_LIMIT", zhukov_setup.INJURY_LIMIT), ("ZHUKOV SPA_STEPS", zhukov_setup.SPA_STEPS),
                        ("ZHUKOV EVENT_RULES", zhukov_setup.EVENT_RULES), ("ZHUKOV OPTIONS", zhukov_setup.OPTIONS),
                        ("ZHUKOV END", zhukov_setup.END)):
        _jsonable(value, name, out)
    return out
