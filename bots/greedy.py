"""Greedy bots: score every legal action from the seat's view with a few rules of thumb of each
side and take the best (random tie-break). They use only the view and the legal actions.

Revolutionaries: resolve events, destroy tanks, clear militia, walk toward the events they can
resolve with fighters in tow, spend hits on barricades and fighters before injuries, value morale
most next to the skull, heal with a First aid kit when hurt, never act under Soviet tanks that could
deal the losing injury, and end their turn out of reach of the night's SPA attacks.
Soviet: collect CP from red headlines unless resolving one is worth more (a hit on an exposed,
injured Revolutionary, morale next to the skull, support and so a bigger hand, discards, tank fire,
lost actions, units placed), take a green one's CP only when they beat what its text gives the
Revolutionaries (a lower hand limit included), buy as many events as possible, put tanks where the
Revolutionaries stand, and send the SPA after them (bots/soviet_spa.py).
"""
from __future__ import annotations

import random

from engine.public import DISTANCE as DIST  # static map distances (steps between locations)
from engine.public import catalog, injury_limit

from . import soviet_spa, zhukov_night, zhukov_team

# The map is public, static information (the same the client draws).
NEIGHBOURS = {loc["id"]: loc["neighbours"] for loc in catalog()["locations"]}
ICON_ACTIONS = {"resolve_event": 100, "destroy_tank": 80, "attack_militia": 40}


class GreedyBot:
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.rev = RevTurn()
        # Rulebook, Attack!: two Attack! cards a day may not target the same location. The view
        # does not list today's targets, so the bot remembers its own (day, location).
        self.attacked: set[tuple[int, str]] = set()

    def choose(self, view: dict, actions: list[dict]) -> dict:
        pool = [a for a in actions if a["type"] != "undo"] or actions
        if view.get("ruleset") == "zhukov":
            picked = zhukov_team.choose(view, pool)
            if picked is not None and picked in pool:
                return picked
        if view["seat"] != "soviet":
            planned = self.rev.choose(view, pool, view["seat"])
            if planned is not None and planned in pool:
                return planned
        scored = [(self.score(view, a), self.rng.random(), i) for i, a in enumerate(pool)]
        picked = pool[max(scored)[2]]
        if picked["type"] == "attack":
            self.attacked.add((view["day"], picked["location"]))
        return picked

    # ----- scoring ----------------------------------------------------------------------------------
    def score(self, v: dict, a: dict) -> float:
        seat = v["seat"]
        if seat == "soviet":
            return soviet_score(v, a, {loc for day, loc in self.attacked if day == v["day"]})
        return rev_score(v, a, seat)


def _dist(v: dict, a: str, b: str) -> int:
    """Breadth-first distance on the map, from the locations' neighbour lists in the view."""
    if a == b:
        return 0
    nbrs = NEIGHBOURS
    seen, frontier, d = {a}, [a], 0
    while frontier:
        d += 1
        nxt = []
        for x in frontier:
            for y in nbrs[x]:
                if y == b:
                    return d
                if y not in seen:
                    seen.add(y)
                    nxt.append(y)
        frontier = nxt
    return 99


def _icons_available(v: dict, loc_id: str) -> tuple[dict, int]:
    """Icons the player could collect at `loc_id`: their hand plus the active fighters there
    (Aid cards count as wildcards)."""
    fixed: dict[str, int] = {}
    wild = 0
    for c in v["hand"]:
        if c.get("aid"):
            wild += 1
        else:
            for i in c["icons"]:
                fixed[i] = fixed.get(i, 0) + 1
    loc = v["locations"][loc_id]
    for f in loc["fighters"] + loc["revolutionary_tanks"]:
        if f["active"]:
            for i in f["icons"]:
                fixed[i] = fixed.get(i, 0) + 1
    return fixed, wild


def _could_resolve(v: dict, loc_id: str) -> bool:
    event = v["locations"][loc_id]["event"]
    if not event:
        return False
    need: dict[str, int] = {}
    n_events = sum(1 for x in v["locations"].values() if x["event"])
    for i in event["requires"]:
        need[i] = need.get(i, 0) + 1
    for i in event["requires_per_event"]:
        need[i] = need.get(i, 0) + n_events
    fixed, wild = _icons_available(v, loc_id)
    missing = sum(max(0, n - fixed.get(i, 0)) for i, n in need.items())
    return missing <= wild


# ----- Revolutionary turn planner -----------------------------------------------------------------
EVENTS_CAT = catalog()["events"]
EVENT_VALUE = 100
MAX_NODES = 20000
END_NEAR = 3.0


# Zhukov: the cards that answer the fixed SPA attack (kill a sniper, absorb or heal a hit) are worth
# keeping rather than spending for icons.
ZHUKOV_KEEP = {"Ambush": 30.0, "First aid kit": 25.0, "Build barricade": 20.0}


# A First aid kit in the hand of a hurt Revolutionary is an injury it can take back: worth this much
# per injury (in event = 100 units), so the plan pays icons and steps with other cards first.
FIRST_AID_PER_INJURY = 15.0
# Revolutionary cards and fighters remove injuries; at this many injuries the bot heals at once.
HEAL_AT = 2
# Losing the game on the spot (an injury at the limit), in event = 100 units: above any plan.
GAME_LOST = 5000.0


def card_value(c: dict, day: int, zhukov: bool = False, injuries: int = 0) -> float:
    """What keeping a card in hand is worth (in event = 100 units): nothing on the last day (but a
    First aid kit keeps its worth while its holder is hurt)."""
    base = 10.0 if day <= 5 else (6.0 if day == 6 else 0.5)
    if injuries and not zhukov and c.get("name") == "First aid kit":  # (Zhukov: ZHUKOV_KEEP)
        base += FIRST_AID_PER_INJURY * injuries
    if zhukov and c.get("name") in ZHUKOV_KEEP and day <= 6:
        return base + ZHUKOV_KEEP[c["name"]]
    if c.get("aid"):
        base += 2
    elif len(c["icons"]) > 1:
        base += 2
    if c.get("ability"):
        base += 1
    if "molotov" in c["icons"]:
        base += 1
    return base


def morale_value(v: dict) -> float:
    """One step of morale is one more card at each remaining end-of-phase draw; next to the skull
    (morale on it at the end of a day loses the game) it is worth much more."""
    risk = {0: 1000.0, 1: 60.0, 2: 15.0}.get(v["morale"], 0.0)
    return card_value({"icons": []}, v["day"]) * 0.6 * max(0, 8 - v["day"]) + risk


# What an event's reward gives the Revolutionaries (Appendix B), as the bot counts it: morale steps
# toward the Hungarian end and cards drawn. Keyed by event id so no reward text is parsed.
REWARD_MORALE = {"e01": 1, "e04": 2, "e09": 1, "e16": 1, "e19": 2, "e23": 1, "ea1": 2, "ea2": 1}
REWARD_CARDS = {"e09": 1, "e15": 2, "e32": 1, "ea2": 2, "ea3": 2}


def reward_bonus(v: dict, eid: str) -> float:
    bonus = morale_value(v) * REWARD_MORALE.get(eid, 0) + REWARD_CARDS.get(eid, 0) * card_value({"icons": []}, v["day"])
    if (EVENTS_CAT.get(eid) or {}).get("penalty"):
        bonus += 40
    return bonus


def cover(need: dict, fixed: dict, hand: list[dict], day: int, values: list[float] | None = None,
          keep: frozenset = frozenset()) -> list[int] | None:
    """Indices of the cheapest-looking cards of `hand` that, with the `fixed` icons (fighters),
    meet `need`; None if the hand cannot. The cards of `keep` (indices: a hurt player's First aid
    kit) pay only what nothing else can."""
    missing = {i: n - fixed.get(i, 0) for i, n in need.items() if n > fixed.get(i, 0)}
    if not missing:
        return []
    used: list[int] = []
    if values is None:
        values = [card_value(c, day) for c in hand]
    order = sorted(range(len(hand)), key=lambda k: values[k])
    for icon in sorted(missing):
        for k in order:
            if missing[icon] <= 0:
                break
            c = hand[k]
            if k in used or c.get("aid") or icon not in c["icons"] or k in keep:
                continue
            if len(c["icons"]) > 1 and missing[icon] == 1 and any(
                    j not in used and not hand[j].get("aid") and hand[j]["icons"] == [icon] for j in order):
                continue  # a single card will do
            used.append(k)
            for i in c["icons"]:
                if missing.get(i, 0) > 0:
                    missing[i] -= 1
    # then the wildcards (Aid), and last the cards worth keeping (a hurt player's First aid kit)
    for last in (False, True):
        for icon in sorted(missing):
            for k in order:
                if missing[icon] <= 0:
                    break
                c = hand[k]
                if k in used or icon not in c["icons"] or (k in keep) != last:
                    continue
                if not last and not c.get("aid"):
                    continue
                used.append(k)
                for i in ([icon] if c.get("aid") else c["icons"]):
                    if missing.get(i, 0) > 0:
                        missing[i] -= 1
    if any(n > 0 for n in missing.values()):
        return None
    return used


def _icons_of(fighters) -> dict:
    out: dict[str, int] = {}
    for f in fighters:
        for i in f["icons"]:
            out[i] = out.get(i, 0) + 1
    return out


class Plan:
    __slots__ = ("value", "steps")

    def __init__(self, value, steps):
        self.value, self.steps = value, steps


def plan_turn(v: dict, seat: str) -> Plan:
    """Search the turn's best sequence of (location, action): move there (first step free before the
    first action, each further step paid with a card), then resolve an event, destroy a tank,
    attack militia, activate a fighter or draw a card. Value: events resolved (with their rewards),
    morale, cards kept; minus the expected damage of retaliating tanks."""
    turn = v.get("turn") or {}
    day = v["day"]
    pos0 = v["positions"][seat]
    locs = v["locations"]
    cards = list(v["hand"])
    blank = {"icons": [], "aid": False, "ability": None, "id": "?"}
    injuries = v["injuries"].get(seat, 0)
    zhukov = v.get("ruleset") == "zhukov"
    value = [card_value(c, day, zhukov, injuries) for c in cards]
    # a hurt player's First aid kit pays icons only when nothing else can (Conflict; Zhukov: ZHUKOV_KEEP)
    first_aid = {k for k, c in enumerate(cards) if injuries and not zhukov and c.get("name") == "First aid kit"}
    blank_value = card_value(blank, day)
    # a hand is a tuple of card indices sorted by value (cheapest first); -1 is a card still to draw
    hand0 = tuple(sorted(range(len(cards)), key=lambda k: value[k]))
    bonus_ammo = any(x["id"] == "e03" for x in v.get("lapsing", []))
    n_events0 = sum(1 for x in locs.values() if x["event"])
    mv = morale_value(v)
    limit = injury_limit(v["revolutionaries"], v["options"])
    nodes = [0]
    active = {loc: [f for f in x["fighters"] + x["revolutionary_tanks"] if f["active"]] for loc, x in locs.items()}
    bonus = {loc: reward_bonus(v, x["event"]["id"]) for loc, x in locs.items() if x["event"]}
    shielded = {loc: bool(x["barricades"] or any(f["id"] == "f_peter_hajas" for f in active[loc]))
                for loc, x in locs.items()}
    cover_memo: dict = {}
    night_memo: dict = {}
    at0 = {loc: {f["id"] for f in fs} for loc, fs in active.items()}
    where0 = {f["id"]: loc for loc, fs in active.items() for f in fs}

    def danger(loc, tanks_gone):
        """Expected cost of the Soviet tanks' retaliation before an action at `loc` (each hits on
        1-3); with one injury left before the limit, the chance that more hits come than active
        fighters there can take is the chance of losing the game."""
        tanks = locs[loc]["soviet_tanks"] - tanks_gone.get(loc, 0)
        if tanks <= 0 or shielded[loc]:
            return 0.0
        hit_cost = 18 if active[loc] else 25 + 12 * injuries
        cost = tanks * 0.5 * hit_cost
        if injuries + 1 >= limit:
            cost += GAME_LOST * p_more_hits(tanks, len(active[loc]))
        return cost

    solo = v["revolutionaries"] == 1

    def spa_cost(loc, militia_gone, party=(), activated=frozenset()):
        """Zhukov: what tonight's fixed SPA phase (and tomorrow's, at half weight) costs the whole
        team with this player ending the day at `loc` and the others where they stand
        (bots/zhukov_night.py). The fighters taken along and the one activated there stand with
        the player tonight and take hits instead of injuries."""
        if not zhukov:
            return night_threat(loc, militia_gone, party, activated)
        made = loc in activated
        key = (loc, tuple(militia_gone.items()), tuple(f["id"] for f in party), made)
        if key not in night_memo:
            brought = [f["id"] for f in party if f["id"] not in at0.get(loc, ())]
            ends = dict(v["positions"])
            ends[seat] = loc
            apart = min((DIST[loc][ends[p]] for p in ends if p != seat), default=0)
            moved = {loc: len(brought) + made}
            for fid in brought:
                moved[where0[fid]] = moved.get(where0[fid], 0) - 1
            night_memo[key] = night_w * zhukov_night.night_cost(v, ends, militia_gone, moved) + GATHER * apart
        return night_memo[key]

    attacks_left = sum(1 for c in v.get("spa_pool", []) if c.get("kind") == "attack")

    def night_threat(loc, militia_gone, party, activated):
        """Conflict: the SPA phase follows the Revolutionary phase, and the Soviet's Attack! cards
        (those still in the SPA pool) go where players stand, after militia moved in (up to 3 steps
        a Move militia card) and snipers one step. Expected hits there from the units within reach,
        priced as the danger of an action is; fighters with the player take them first."""
        if not attacks_left:
            return 0.0
        key = (loc, tuple(militia_gone.items()), len(party) + (loc in activated))
        if key not in night_memo:
            here = locs[loc]
            s = 3 * here["snipers"] + here["militia"] - militia_gone.get(loc, 0)
            near = [n for n in locs if n != loc and DIST[loc][n] <= 2]
            walk_in = sum(locs[n]["militia"] - militia_gone.get(n, 0) for n in near)
            s += min(3, walk_in) + sum(3 * locs[n]["snipers"] for n in NEIGHBOURS[loc])
            first, second = soviet_spa.hit_chances(s)
            shields = len(party) + (loc in activated) + (1 if active[loc] and not party else 0) + here["barricades"]
            hits = max(0.0, first + second - shields * 0.5)
            hit_cost = 25 + 12 * injuries
            cost = NIGHT_CONFLICT * hits * hit_cost
            if injuries + 1 >= limit and not shields:
                cost += GAME_LOST * 0.2 * first
            night_memo[key] = cost
        return night_memo[key]

    # Zhukov team games (2-4 players, split hands): the active fighters are the one pool of icons
    # every teammate there draws on, so activating one is worth more, and the night's price
    # weighs less against resolving an event away from the team.
    team = zhukov and not solo
    night_w = NIGHT_WEIGHT_TEAM if team else NIGHT_WEIGHT
    activate_mult = (ACTIVATE_TEAM if team else ACTIVATE_ZHUKOV) if zhukov else 1.0

    keep_memo: dict = {}

    def keep_value(hand):
        if hand not in keep_memo:
            keep_memo[hand] = _keep_value(hand)
        return keep_memo[hand]

    def _keep_value(hand):
        if zhukov:
            # Zhukov: a full hand wastes the morale draws and the cards the team could spend on
            # steps toward events; the 7th card on is worth less than the first ones.
            vals = sorted((value[k] if k >= 0 else blank_value for k in hand), reverse=True)
            return sum(x * (1.0 if i < 6 else TAPER[i - 6]) for i, x in enumerate(vals))
        return sum(value[k] if k >= 0 else blank_value for k in hand)

    def cover_idx(need, fixed, hand):
        key = (tuple(sorted(need.items())), tuple(sorted(fixed.items())), hand)
        if key not in cover_memo:
            real = [k for k in hand if k >= 0]
            keep = frozenset(j for j, k in enumerate(real) if k in first_aid)
            used = cover(need, fixed, [cards[k] for k in real], day, [value[k] for k in real], keep)
            cover_memo[key] = None if used is None else [real[j] for j in used]
        return cover_memo[key]

    def best(pos, hand, left, free, resolved, tanks_gone, militia_gone, party, activated, drew):
        nodes[0] += 1
        # ending the turn near an unresolved event saves paid steps tomorrow
        near = min((DIST[pos][loc] for loc in bonus if loc not in resolved), default=0)
        top = Plan(keep_value(hand) - END_NEAR * near - spa_cost(pos, militia_gone, party, activated),
                   [("pass", pos, [])])
        if left <= 0 or nodes[0] > MAX_NODES:
            return top
        dist = DIST[pos]
        n_events = n_events0 - len(resolved)
        party_ids = {f["id"] for f in party}

        def pay_moves(h, d):
            steps = max(0, d - (1 if free and d > 0 else 0))
            if steps > len(h):
                return None
            return h[steps:]

        def fixed_at(loc):
            return _icons_of(party + [f for f in active[loc] if f["id"] not in party_ids])

        def without(used):
            return tuple(k for k in hand if k not in used)

        options = []
        if not drew:
            for loc, x in locs.items():
                d = dist[loc]
                if d > len(hand) + 1:
                    continue
                ev = x["event"]
                if ev and loc not in resolved:
                    need: dict[str, int] = {}
                    for i in ev["requires"]:
                        need[i] = need.get(i, 0) + 1
                    for i in ev["requires_per_event"]:
                        need[i] = need.get(i, 0) + n_events
                    fixed = fixed_at(loc)
                    if bonus_ammo:
                        fixed["ammunition"] = fixed.get("ammunition", 0) + 1
                    used = cover_idx(need, fixed, hand)
                    if used is not None:
                        rest = pay_moves(without(used), d)
                        if rest is not None:
                            gain = EVENT_VALUE + bonus[loc] - danger(loc, tanks_gone)
                            options.append((gain, loc, "resolve_event", rest, resolved | {loc}, tanks_gone,
                                            militia_gone, used))
                tanks = x["soviet_tanks"] - tanks_gone.get(loc, 0)
                if tanks > 0 and v["morale"] < 6:
                    used = cover_idx({"molotov": 3}, fixed_at(loc), hand)
                    if used is not None:
                        rest = pay_moves(without(used), d)
                        if rest is not None:
                            gain = min(2, 6 - v["morale"]) * mv + 12 - danger(loc, tanks_gone)
                            tg = dict(tanks_gone)
                            tg[loc] = tg.get(loc, 0) + 1
                            options.append((gain, loc, "destroy_tank", rest, resolved, tg, militia_gone, used))
                mil = x["militia"] - militia_gone.get(loc, 0)
                if mil > 0 and d <= 1:
                    have = fixed_at(loc).get("ammunition", 0) + (1 if bonus_ammo else 0)
                    used = []
                    for k in hand:
                        if have >= min(mil, 5):
                            break
                        if k >= 0 and "ammunition" in cards[k]["icons"] and not cards[k].get("aid"):
                            used.append(k)
                            have += cards[k]["icons"].count("ammunition")
                    n = min(have, mil, 5)
                    if n > 0:
                        rest = pay_moves(without(used), d)
                        if rest is not None:
                            per = 12 if zhukov else 6  # Zhukov: every militia left walks in and fires tonight
                            gain = per * n + (blank_value if n >= 3 else 0) - danger(loc, tanks_gone)
                            mg = dict(militia_gone)
                            mg[loc] = mg.get(loc, 0) + n
                            options.append((gain, loc, "attack_militia", rest, resolved, tanks_gone, mg, used))
            here = locs[pos]
            inactive = [f for f in here["fighters"] if not f["active"]]
            if inactive and pos not in activated and len(active[pos]) < 4:
                f = inactive[0]
                gain = (2 + len(f["icons"])) * max(1, 7 - day) * 0.9 * activate_mult \
                    - danger(pos, tanks_gone)
                options.append((gain, pos, "activate_fighter", hand, resolved, tanks_gone, militia_gone, []))
            if zhukov and (free or not solo):
                # Zhukov: walk to a fighter to activate it (in a solo turn of 4 actions only with
                # the free step next door: the search stays bounded).
                for loc, x in locs.items():
                    if loc == pos or loc in activated or len(active[loc]) >= 4 or (solo and dist[loc] != 1):
                        continue
                    inactive = [f for f in x["fighters"] if not f["active"]]
                    rest = pay_moves(hand, dist[loc]) if inactive else None
                    if rest is None:
                        continue
                    gain = (2 + len(inactive[0]["icons"])) * max(1, 7 - day) * 0.9 * activate_mult \
                        - danger(loc, tanks_gone)
                    options.append((gain, loc, "activate_fighter", rest, resolved, tanks_gone, militia_gone, []))
        if len(hand) < 10:  # draws come last (the drawn card is unknown)
            options.append((blank_value - danger(pos, tanks_gone) + 0.5, pos, "draw_card", (-1,) + hand,
                            resolved, tanks_gone, militia_gone, []))
            if (zhukov or attacks_left) and not drew:
                # Walk somewhere safer from tonight's SPA attack and draw there.
                for loc in locs:
                    rest = pay_moves(hand, dist[loc]) if loc != pos else None
                    if rest is not None and dist[loc] <= 2:
                        options.append((blank_value - danger(loc, tanks_gone) + 0.5, loc, "draw_card", (-1,) + rest,
                                        resolved, tanks_gone, militia_gone, []))
        for gain, loc, kind, rest, res, tg, mg, used in options:
            new_party = party
            if loc != pos:
                new_party = sorted(party + [f for f in active[loc] if f["id"] not in party_ids],
                                   key=lambda f: -len(f["icons"]))[:2]
            act_set = activated | {loc} if kind == "activate_fighter" else activated
            sub = best(loc, rest, left - 1, False, res, tg, mg, new_party, act_set, kind == "draw_card")
            val = gain + sub.value
            if val > top.value:
                top = Plan(val, [(kind, loc, [cards[k]["id"] for k in used if k >= 0])] + sub.steps)
        return top

    party0 = sorted(active[pos0], key=lambda f: -len(f["icons"]))[:2]
    return best(pos0, hand0, turn.get("actions_left", 0), bool(turn.get("free_move")), frozenset(), {}, {},
                party0, frozenset(), False)


class RevTurn:
    """Follows the turn plan of one Revolutionary: the turn frame, its movement steps and the icon
    collection of its actions."""

    def __init__(self):
        self.plans: dict[str, Plan] = {}

    def choose(self, v: dict, actions: list[dict], seat: str) -> dict | None:
        decision = v["decision"]
        if decision["kind"] == "turn" and decision["seat"] == seat:
            return self._turn(v, actions, seat)
        if decision["kind"] == "move":
            return self._move(v, actions, seat)
        if decision["kind"] == "act" and decision["stage"] == "collect":
            return self._collect(v, actions, seat)
        return None

    def _reserved(self, seat: str) -> set:
        plan = self.plans.get(seat)
        return {cid for step in (plan.steps if plan else []) for cid in step[2]}

    def _turn(self, v, actions, seat):
        pos = v["positions"][seat]
        here = v["locations"][pos]
        plan = plan_turn(v, seat)
        self.plans[seat] = plan
        kind, loc, _ = plan.steps[0]
        # Free cards worth playing now.
        for a in actions:
            if a["type"] != "play_card":
                continue
            card = next((c for c in v["hand"] if c["id"] == a["card"]), None)
            name = card["name"] if card else ""
            if name == "Ambush" and here["snipers"] > 0 and card["id"] not in self._reserved(seat):
                return a
            if name == "Build barricade" and not here["barricades"] and card["id"] not in self._reserved(seat) and (
                    (here["soviet_tanks"] and loc == pos and kind != "pass")
                    or (kind == "pass" and 3 * here["snipers"] + here["militia"] >= 3)):
                return a
            if name == "First aid kit" and should_heal(v, seat):
                return a
            if name == "First aid kit" and v.get("ruleset") == "zhukov" and v["injuries"].get(seat, 0) >= 1:
                return a  # Zhukov: the SPA attacks every night; heal at once
        if v.get("ruleset") == "zhukov":
            # Zhukov: the SPA fires every night, so a fighter's healing is used as soon as offered
            # (it is offered only with a hurt Revolutionary here).
            for a in actions:
                if a["type"] == "use_fighter" and a["fighter"] in HEALERS:
                    return a
        if kind == "pass":
            return {"type": "end_turn"}
        if loc != pos:
            d = DIST[pos][loc]
            hops = [a for a in actions if a["type"] == "move" and DIST[a["to"]][loc] == d - 1]
            if hops:
                return min(hops, key=lambda a: v["locations"][a["to"]]["soviet_tanks"])
            return None
        want = next((a for a in actions if a["type"] == kind), None)
        return want

    def _move(self, v, actions, seat):
        take = [a for a in actions if a["type"] == "take_fighter"]
        pos = v["positions"][seat]
        fighters = {f["id"]: f for f in v["locations"][pos]["fighters"] + v["locations"][pos]["revolutionary_tanks"]}
        if take:
            return max(take, key=lambda a: len(fighters.get(a["fighter"], {}).get("icons", [])))
        pay = [a for a in actions if a["type"] == "discard"]
        if pay:
            reserved = self._reserved(seat)
            hand = {c["id"]: c for c in v["hand"]}
            hurt = v["injuries"].get(seat, 0)
            return min(pay, key=lambda a: (a["card"] in reserved,
                                           card_value(hand[a["card"]], v["day"], v.get("ruleset") == "zhukov", hurt)))
        return next((a for a in actions if a["type"] == "done"), None)

    def _collect(self, v, actions, seat):
        # Every card may be discarded (R26): pay the cheapest set of cards that meets what is
        # still missing, the plan's later steps' cards and a hurt player's kit last.
        what = v["decision"].get("action")
        hand = {c["id"]: _with_icons(c) for c in v["hand"]}
        done = next((a for a in actions if a["type"] == "done"), None)
        if what != "attack_militia":
            pay = self._payment(v, actions, seat, hand)
            if pay is not None:
                if not pay:
                    return done
                # fixed icons first, the wildcards (Aid) after: each Aid then covers what is left
                card = min(pay, key=lambda c: bool(hand[c].get("aid")))
                return next(a for a in actions if a["type"] == "discard" and a["card"] == card)
        reserved = self._reserved(seat)
        pay = [a for a in actions if a["type"] == "discard" and _adds_to_action(v, hand, a["card"])]
        planned = [a for a in pay if a["card"] in reserved]
        if planned:
            return planned[0]
        if done:
            return done
        if pay:
            hurt = v["injuries"].get(seat, 0)
            return min(pay, key=lambda a: (bool(hand[a["card"]].get("aid")),
                                           card_value(hand[a["card"]], v["day"], v.get("ruleset") == "zhukov", hurt)))
        return None

    def _payment(self, v, actions, seat, hand):
        """The cards still to discard for the action being paid (Resolve an event, Destroy a
        tank): the cheapest set that, with the cards already discarded and the icons of the
        fighters (and today's bonus) there, meets the need; None when the bot's count of those
        icons disagrees with the view's `picks.missing` (an effect it does not know of)."""
        d = v["decision"]
        need = d.get("need") or {}
        picks = v.get("picks") or {}
        # the icons each card gives for this action (the AK-47's ammunition: R98)
        # (the cards already discarded have left the hand: the catalog shows them)
        chosen = {cid: hand.get(cid) or _with_icons({"id": cid}) for cid in picks.get("selected") or []}
        paying = {cid: {**c, "icons": list(c["icons"]) + list((c.get("action_icons") or {}).get(d["action"], []))}
                  for cid, c in {**hand, **chosen}.items()}
        selected = [paying[c] for c in chosen]
        loc = v["locations"][d["location"]]
        outside = _icons_of(f for f in loc["fighters"] + loc["revolutionary_tanks"] if f["active"])
        if d.get("action") == "resolve_event" and any(x["id"] == "e03" for x in v.get("lapsing", [])):
            outside["ammunition"] = outside.get("ammunition", 0) + 1
        if _missing(need, outside, selected) != sum((picks.get("missing") or {}).values()):
            return None
        zhukov = v.get("ruleset") == "zhukov"
        hurt = v["injuries"].get(seat, 0)
        plan = self.plans.get(seat)
        later = {cid for step in (plan.steps[1:] if plan else []) for cid in step[2]}
        offered = [paying[a["card"]] for a in actions if a["type"] == "discard" and a["card"] in paying]
        values = {c["id"]: card_value(c, v["day"], zhukov, hurt) + (LATER_STEP if c["id"] in later else 0.0)
                  for c in offered}
        kept = {c["id"] for c in offered if hurt and not zhukov and c.get("name") == "First aid kit"}
        return cheapest_payment(need, outside, selected, offered, values, kept)


# A card the turn plan keeps for a later action costs this much more to pay with now.
LATER_STEP = 30.0
# Only this many cards (the cheapest that show a needed icon) are tried in a payment.
PAY_CANDIDATES = 10
CARD_ICONS = {cid: c for cid, c in catalog()["revolutionary_cards"].items()}


def _with_icons(c: dict) -> dict:
    """A hand card with its icons: a view sent without texts names only the id; the public
    catalog has the rest."""
    if "icons" in c:
        return c
    known = CARD_ICONS[c["id"]]
    return {"id": c["id"], "name": known["name"], "icons": list(known["icons"]), "aid": bool(known.get("aid")),
            "ability": known.get("ability"), **({"action_icons": known["action_icons"]}
                                                 if known.get("action_icons") else {})}


def _missing(need: dict, outside: dict, cards: list[dict]) -> int:
    """How many icons of `need` stay missing with the `outside` icons and `cards` discarded, each
    Aid card covering one of the icons it shows (as the rules count them, Action 2)."""
    fixed = dict(outside)
    wild = []
    for c in cards:
        if c.get("aid"):
            wild.append(c["icons"])
        else:
            for i in c["icons"]:
                fixed[i] = fixed.get(i, 0) + 1
    short = {i: n - fixed.get(i, 0) for i, n in need.items() if n > fixed.get(i, 0)}

    def rest(k: int) -> int:
        if k == len(wild) or not any(short.values()):
            return sum(short.values())
        low = rest(k + 1)
        for i in wild[k]:
            if short.get(i, 0) > 0:
                short[i] -= 1
                low = min(low, rest(k + 1))
                short[i] += 1
        return low

    return rest(0)


def cheapest_payment(need: dict, outside: dict, selected: list[dict], offered: list[dict], values: dict,
                     kept: set) -> list[str] | None:
    """The ids of the `offered` cards to discard so that, with the `selected` ones and the
    `outside` icons, nothing of `need` is missing: the fewest `kept` cards (a hurt player's First
    aid kit), then the least value, then the fewest cards. None if no set does."""
    useful = sorted((c for c in offered if set(c["icons"]) & set(need)), key=lambda c: values[c["id"]])
    useful = useful[:PAY_CANDIDATES]
    best_key, best = None, None
    for mask in range(1 << len(useful)):
        chosen = [c for k, c in enumerate(useful) if mask >> k & 1]
        key = (sum(c["id"] in kept for c in chosen), sum(values[c["id"]] for c in chosen), len(chosen))
        if best_key is not None and key >= best_key:
            continue
        if _missing(need, outside, selected + chosen) == 0:
            best_key, best = key, [c["id"] for c in chosen]
    return best


def _adds_to_action(v: dict, hand: dict, card: str) -> bool:
    """Whether discarding `card` adds to the action being paid: a still-missing icon, or for Attack
    militia one more ammunition while fewer than the militia there (at most 5) are covered."""
    d = v["decision"]
    what = d.get("action")
    shown = set(hand[card]["icons"]) | set((hand[card].get("action_icons") or {}).get(what, []))
    if what != "attack_militia":
        return bool(shown & set((v.get("picks") or {}).get("missing") or {}))
    if "ammunition" not in shown:
        return False
    loc = v["locations"][d["location"]]
    chosen = [hand[c] for c in (v.get("picks") or {}).get("selected") or [] if c in hand]
    have = sum(1 for c in chosen for i in list(c["icons"]) + (c.get("action_icons") or {}).get(what, [])
               if i == "ammunition")
    have += sum(1 for f in loc["fighters"] if f["active"] for i in f.get("icons", []) if i == "ammunition")
    return have < min(5, loc["militia"])


# The team price of the night (bots/zhukov_night.py), and a small pull toward the teammates
# beyond tonight (per step from the nearest one).
NIGHT_WEIGHT = 1.0
# Conflict: the share of the expected SPA attack hits where a turn ends that the plan counts (the
# Soviet has 2 Attack! cards for every player and location).
NIGHT_CONFLICT = 1.0
GATHER = 5.0
# Zhukov: the 7th to 12th card of a hand are worth this share of their value (a full hand blocks
# the morale draws), and an active fighter is worth twice its Conflict value (it gives its icons
# at every action and takes the SPA's nightly hits instead of an injury).
TAPER = (0.7, 0.5, 0.3, 0.1, 0.0, 0.0)
ACTIVATE_ZHUKOV = 2.0
# Team games: activating is worth 4 times its Conflict value, the night 0.5 of its price (2p
# 38% -> 47%, 3p 23% -> 37%, 4p 20% -> 28% over 120 games, seed 1; docs/balance.md).
ACTIVATE_TEAM = 4.0
NIGHT_WEIGHT_TEAM = 0.5
HEALERS = ("f_sandor_jampec", "f_ilona_kek")


def turn_left(v: dict) -> int:
    return (v.get("turn") or {}).get("actions_left", 0)


def p_more_hits(tanks: int, absorbers: int) -> float:
    """The chance that `tanks` Soviet tanks (each hits on 1-3 of a die) hit more than `absorbers` times."""
    from math import comb

    return sum(comb(tanks, k) for k in range(absorbers + 1, tanks + 1)) / 2 ** tanks


def lethal_here(v: dict, seat: str) -> bool:
    """An action here could cost the game: one injury from the limit, unshielded Soviet tanks."""
    here = v["locations"][v["positions"][seat]]
    if not here["soviet_tanks"] or here["barricades"]:
        return False
    if any(f["id"] == "f_peter_hajas" and f["active"] for f in here["fighters"]):
        return False
    return v["injuries"].get(seat, 0) + 1 >= injury_limit(v["revolutionaries"], v["options"])


def should_heal(v: dict, seat: str) -> bool:
    """Play a First aid kit (an action) now: hurt enough, an action left, and no tank fire here that
    costs more than the injury healed (with the injury limit one away, none at all)."""
    hurt = v["injuries"].get(seat, 0)
    if turn_left(v) <= 0 or hurt < HEAL_AT:
        return False
    here = v["locations"][v["positions"][seat]]
    if lethal_here(v, seat):
        return False
    return here["barricades"] > 0 or here["soviet_tanks"] <= 1


# Rulebook, Retaliation of Soviet Tanks: the tanks fire before each of these actions.
TANK_FIRE_ACTIONS = {"resolve_event", "destroy_tank", "attack_militia", "activate_fighter", "draw_card",
                     "give_cards", "take_cards"}


def rev_score(v: dict, a: dict, seat: str) -> float:
    t = a["type"]
    here = v["positions"][seat]
    loc = v["locations"][here]
    if t in TANK_FIRE_ACTIONS and (v.get("decision") or {}).get("kind") == "turn" and lethal_here(v, seat):
        return -GAME_LOST
    if t == "resolve_event":
        return 100
    if t == "destroy_tank":
        return 70
    if t == "attack_militia":
        return 50 if loc["militia"] >= 3 else 15 + 5 * loc["militia"]
    if t == "discard":  # paying icons or a movement step
        return 50
    if t == "done":
        return 45
    if t == "take_fighter":
        return 60
    if t == "hit":
        return {"barricade": 30, "fighter": 20, "injury": 10 - 3 * v["injuries"].get(a.get("seat"), 0)}[a["target"]]
    if t == "move":
        dest = a["to"]
        free = (v.get("turn") or {}).get("free_move")
        if _could_resolve(v, here):
            return 2  # stay and resolve the event here
        danger = v["locations"][dest]["soviet_tanks"] * 4 + v["locations"][dest]["snipers"] * 2
        if _could_resolve(v, dest):
            return (90 if free else 60) - danger
        events = [lid for lid, x in v["locations"].items() if x["event"]]
        if not events:
            return 3
        before = min(_dist(v, here, e) for e in events)
        after = min(_dist(v, dest, e) for e in events)
        return (25 if free else 4) + (before - after) * 10 - danger
    if t == "activate_fighter":
        return 35 if len(loc["fighters"]) + len(loc["revolutionary_tanks"]) < 4 else 5
    if t == "play_card":
        return 30
    if t in ("use_fighter", "use_power"):
        return 18
    if t == "draw_card":
        return 40 if len(v["hand"]) < 5 else 20
    if t == "give_cards" or t == "take_cards":
        return 3
    if t == "end_turn":
        return 1
    if t == "cancel":
        return -50
    if t in ("choose", "choose_player", "choose_location", "choose_fighter", "choose_next", "distribute",
             "select", "take", "take_card", "move_unit", "move_tank"):
        return 10
    return 5


# Rulebook, Support step: the Soviet draws back up to the hand limit the support marker shows, once a
# day; a headline card is worth about this many CP.
SUPPORT_LIMITS = [x["hand_limit"] for x in catalog()["support_track"]]
HEADLINE_CARD_CP = 2.5
LAST_DAY = 7


def support_shift_value(v: dict, steps: int) -> float:
    """What moving the support marker `steps` toward the Soviet (red) end is worth to the Soviet, in
    CP (negative toward the Hungarian end): the cards the hand limit gains or loses at each remaining
    support step, plus half of the next step's (a second shift the same way comes closer)."""
    i = v["support_index"]
    top = len(SUPPORT_LIMITS) - 1

    def limit(k):
        return SUPPORT_LIMITS[max(0, min(top, k))]

    j = max(0, min(top, i + steps))
    if j == i:
        return 0.0
    way = 1 if j > i else -1
    cards = (limit(j) - limit(i)) + 0.5 * (limit(j + way) - limit(i + way))
    draws = max(1, LAST_DAY - v["day"])  # the support steps of this day to day 6 refill the hand
    return cards * draws * HEADLINE_CARD_CP


SUPPORT_TO_HUNGARY = {"h01", "h29", "h33"}  # green headlines that shift support toward the Hungarian end


def green_gift(v: dict, hid: str) -> float:
    """What a green headline's text gives the Revolutionaries, in CP (one card is about one CP; a
    morale step is a card at each remaining end-of-phase draw; a support step is the Soviet's hand
    limit at each remaining support step)."""
    k = v["revolutionaries"]
    morale = 0.6 * max(1, 8 - v["day"]) if v["morale"] < 6 else 0.3
    if hid in SUPPORT_TO_HUNGARY:
        return max(0.0, -support_shift_value(v, -1)) + (2.5 if hid == "h33" else 0.0)  # H#33: units moved too
    return {"h02": 1.5, "h03": 0.7 * k, "h07": 2, "h08": k, "h15": 2, "h17": 2.5, "h19": 1,
            "h21": 2.5, "h22": morale, "h26": morale + 0.6 * k, "h27": 2, "h31": 3, "h32": 1.5,
            "h34": 3.5, "h35": 1, "h36": 5}.get(hid, 1.5)


def hit_value(v: dict, loc_id: str) -> float:
    """What one hit to a location is worth to the Soviet (in thirds of a CP). The Revolutionaries
    take it on a barricade or an active fighter first, else on the least injured player there;
    the injury that reaches the limit wins the game."""
    loc = v["locations"][loc_id]
    if loc["barricades"] or loc["revolutionary_tanks"] or any(f["active"] for f in loc["fighters"]):
        return 4.0
    if not loc["players"]:
        return 0.0
    injuries = min(v["injuries"].get(p, 0) for p in loc["players"])
    if injuries + 1 >= injury_limit(v["revolutionaries"], v["options"]):
        return 200.0
    return 8.0 + 8.0 * injuries


MORALE_HEADLINES = {"h28", "h38", "h41"}  # red headlines that shift morale toward the Soviet end
# What the lasting pieces a red headline puts on the board are worth, in CP: a Soviet tank (fires at
# every action next to it, counts at the evaluation), a sniper (3 strength to the SPA's attacks).
TANK_CP = 1.5
SNIPER_CP = 1.0
# One action less for a Revolutionary this day (Curfew, Discord in revolutionary groups).
ACTION_CP = {1: 3.0, 2: 2.5, 3: 2.2}
PLACES = {"h06": (0, 1), "h09": (2, 0), "h14": (0, 2), "h16": (1, 1), "h30": (1, 0)}  # (tanks, snipers)


def _morale_step(v: dict) -> float:
    """A morale step toward the Soviet end, in thirds of a CP (the unit of `hit_value`)."""
    return 3 * red_value(v, "h38")


def red_value(v: dict, hid: str) -> float:
    """What resolving a red headline is worth, in CP (against the CP it would give instead)."""
    events = [loc for loc, x in v["locations"].items() if x["event"]]
    if hid in MORALE_HEADLINES:
        # a card less at each remaining draw; the skull at the end of a day wins the game
        worth = 0.7 * max(1, 8 - v["day"]) + (12 if v["morale"] <= 1 else (2 if v["morale"] == 2 else 0))
        if hid == "h28":  # H#1 / H#29 resolved: support moves too
            worth += support_shift_value(v, ("h01" in v["marks"]) - ("h29" in v["marks"]))
        return worth
    if hid == "h11":  # support toward the Soviet end: a bigger hand at every remaining support step
        return support_shift_value(v, 1)
    if hid in ("h12", "h40"):  # one Revolutionary has an action less today
        return ACTION_CP.get(v["revolutionaries"], 2.2)
    if hid in PLACES:
        tanks, snipers = PLACES[hid]
        return tanks * TANK_CP + snipers * SNIPER_CP
    if hid == "h20":  # every active fighter leaves Corvin Passage
        here = v["locations"]["corvin"]
        return 1.5 * sum(1 for f in here["fighters"] if f["active"])
    if hid == "h24":  # an active fighter (or revolutionary tank) removed anywhere
        return 1.5 if any(f["active"] for x in v["locations"].values()
                          for f in x["fighters"] + x["revolutionary_tanks"]) else 0.0
    if hid == "h37":  # a Turning Tide headline more, playable now
        return HEADLINE_CARD_CP
    if hid == "h10":  # each Revolutionary with cards discards one
        return float(sum(1 for seat, n in v["hands"].items() if seat != "soviet" and n))
    if hid == "h25":  # each Revolutionary discards every card with the named icon
        return 1.3 * v["revolutionaries"]
    if hid in ("h04", "h23", "h42"):  # one hit where a Revolutionary stands
        return max((hit_value(v, loc) for loc, x in v["locations"].items() if x["players"]), default=0.0) / 3
    # Soviet tanks firing (each hits on 1-3) wherever Revolutionaries stand
    if hid == "h05":  # a tank more in an event location, then the tanks there fire
        return max((_tank_fire_value(v, loc, 1) for loc in events), default=0.0) + TANK_CP
    if hid == "h18":  # a tank more on the Radio, then the tanks there fire
        return _tank_fire_value(v, "radio", 1) + TANK_CP
    if hid == "h39":  # tanks in event locations fire (their moves first are ignored)
        return sum(_tank_fire_value(v, loc) for loc in events)
    if hid == "h13":  # tanks fire where a Revolutionary with no injuries stands
        return sum(_tank_fire_value(v, loc) for loc, x in v["locations"].items()
                   if any(v["injuries"].get(p, 0) == 0 for p in x["players"]))
    return 0.0


def _tank_fire_value(v: dict, loc_id: str, extra: int = 0) -> float:
    """Expected worth (CP) of the Soviet tanks in a location firing once: half a hit per tank."""
    return (v["locations"][loc_id]["soviet_tanks"] + extra) * 0.5 * hit_value(v, loc_id) / 3


def _spa_card_can_act(v: dict, kind: str) -> bool:
    """Whether an SPA card of `kind` has units to work with now (from the view)."""
    locs = v["locations"].values()
    if kind == "move_sniper":
        return any(x["snipers"] and not x["barricades"] for x in locs)
    if kind == "move_militia":
        return any(x["militia"] and not x["barricades"] for x in locs)
    if kind == "place_militia":
        return sum(x["militia"] for x in locs) < 14
    return any(x["militia"] or x["snipers"] for x in locs)


def soviet_score(v: dict, a: dict, attacked: set = frozenset()) -> float:
    t = a["type"]
    players = {v["positions"][p] for p in v["positions"]}
    if t == "play_headline":
        card = next((c for c in v["hand"] if c["id"] == a["card"]), None)
        if card is None:
            return 0
        if card["colour"] == "red":
            if a["mode"] == "cp":
                return 50 + 3 * card["cp"]
            return 50 + 3 * red_value(v, card["id"]) + 0.5 * (card.get("spa") or 0)
        # A green card: its CP against what its text gives the Revolutionaries.
        return 25 if a["mode"] == "discard" else 25 + 3 * (card["cp"] - green_gift(v, card["id"]))
    if t == "buy_event":
        slot = v["market"][a["slot"]]
        where = slot.get("location")
        replaces = where in v["locations"] and v["locations"][where]["event"] is not None
        near = min((_dist(v, where, p) for p in players), default=5) if where in v["locations"] else 3
        # An event that replaces another adds nothing to the board at the evaluation.
        return 60 - slot.get("cost", 0) - (45 if replaces else 0) + 2 * near
    if t == "place":
        loc = a["location"]
        return 20 + 3 * min((_dist(v, loc, p) for p in players), default=3)
    if t == "choose_location" and v["decision"]["stage"] == "hit_location":
        return 20 + hit_value(v, a["location"])
    if t == "choose_location":
        loc = a["location"]
        return 20 + (15 if loc in players else 0) - v["locations"][loc]["barricades"] * 10
    if t == "place_tank":
        return 30 + (10 if any(_dist(v, a["location"], p) <= 1 for p in players) else 0)
    if t == "move_tank":
        return 25 + (20 if a["to"] in players else 0) - (10 if a["from"] in players else 0)
    if t == "keep":
        slot = v["market"][a["slot"]]
        return 30 - slot.get("cost", 0)
    if t == "play_spa":
        kind = next((c["kind"] for c in v["spa_pool"] if c["id"] == a["card"]), "")
        if not _spa_card_can_act(v, kind):  # every card is playable (R23); keep the idle ones
            return 0
        return soviet_spa.play_score(v, kind, attacked, hit_value, _morale_step(v))
    if t == "attack":
        # the Attack! card's location, or E#22's optional Attack! effect (declined with "done", 15)
        return 10 + soviet_spa.attack_value(v, a["location"], hit_value, _morale_step(v))
    if t == "place_militia":
        near = min((_dist(v, a["location"], p) for p in players), default=5)
        return 20 + a["count"] * 5 - near
    if t in ("move_militia", "move_sniper"):
        before = min((_dist(v, a["from"], p) for p in players), default=5)
        after = min((_dist(v, a["to"], p) for p in players), default=5)
        return 20 + (before - after) * 10
    if t == "retrieve_spa":
        useful = any(soviet_spa.play_score(v, c["kind"], attacked, hit_value, _morale_step(v)) > 15
                     for c in v["spa_pool"])
        return soviet_spa.retrieve_score(v, useful)
    if t == "draw_headline":
        return 10
    if t == "done":
        return 15
    if t in ("choose_player",):
        return 10 + 5 * v["injuries"].get(a["seat"], 0)
    return 10
