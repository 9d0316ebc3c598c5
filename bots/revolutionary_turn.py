"""The greedy Revolutionary's moves within a turn: it follows the turn plan (bots/revolutionary_plan.py)
step by step, plays the free cards worth playing now, and pays movement steps and an action's
icons with the cheapest cards (every card may be discarded: ruling R26)."""
from __future__ import annotations

from engine.public import DISTANCE as DIST  # static map distances (steps between locations)
from engine.public import catalog

from .revolutionary_plan import Plan, plan_turn
from .revolutionary_values import _icons_of, card_value, should_heal

# Fighters whose ability heals (Zhukov: used as soon as offered).
HEALERS = ("f_sandor_jampec", "f_ilona_kek")


class RevTurn:
    """Follows the turn plan of one Revolutionary: the turn frame, its movement steps and the icon
    collection of its actions."""

    def __init__(self, width: int | None = None):
        self.plans: dict[str, Plan] = {}
        self.width = width

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
        plan = plan_turn(v, seat, self.width)
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
