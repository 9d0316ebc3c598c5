"""The greedy Revolutionary's turn plan: a depth-first search over sequences of "go to a location
(first step free, each further step paid with the cheapest card), then resolve its event, destroy
a tank, attack militia, activate a fighter or draw a card", valued by events, morale and cards
kept, minus the danger of retaliating tanks and of tonight's SPA attacks where the turn ends."""
from __future__ import annotations

from engine.public import DISTANCE as DIST  # static map distances (steps between locations)
from engine.public import injury_limit

from . import soviet_spa, zhukov_night
from .city import NEIGHBOURS
from .revolutionary_values import (
    EVENT_VALUE,
    GAME_LOST,
    _icons_of,
    card_value,
    cover,
    morale_value,
    p_more_hits,
    reward_bonus,
)

MAX_NODES = 20000
END_NEAR = 3.0


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


class Plan:
    __slots__ = ("value", "steps")

    def __init__(self, value, steps):
        self.value, self.steps = value, steps


def plan_turn(v: dict, seat: str, width: int | None = None) -> Plan:
    """Search the turn's best sequence of (location, action): move there (first step free before the
    first action, each further step paid with a card), then resolve an event, destroy a tank,
    attack militia, activate a fighter or draw a card. Value: events resolved (with their rewards),
    morale, cards kept; minus the expected damage of retaliating tanks. `width` (the hard bot's
    playouts) follows only that many options of each step, those of the highest immediate gain."""
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
        if width is not None and len(options) > width:
            options.sort(key=lambda o: -o[0])
            del options[width:]
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
