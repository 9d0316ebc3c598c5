"""What things are worth to a greedy Revolutionary, in units of one event resolved (100): a card
kept, a morale step, an event's reward; the cheapest cards that pay an action's icons; and the
danger checks (Soviet tanks that could deal the losing injury, when to heal)."""
from __future__ import annotations

from engine.public import catalog, injury_limit

EVENTS_CAT = catalog()["events"]
EVENT_VALUE = 100


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
