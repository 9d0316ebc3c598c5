"""The normal Soviet bot's SPA phase: what an Attack! is worth where, and in which order the cards go.

Rulebook, SPA card 4: Attack!: fire (the smaller of 2 dice at most the strength is a hit, their sum
at most the strength another) deals hits only to a player, an active fighter or a barricade there;
threaten (strength 9 or more, no barricade) shifts morale. An Attack! on a location with neither a
target nor a threat does nothing, so the bot plays the card only where one of them pays, and only
after the cards that bring militia and snipers in (moving them changes where an attack pays).
Retrieving the played cards ends the phase, and the SPA phase is the last of the day: on day 7 a
retrieved card can never be played again (the game ends after that SPA phase).
"""
from __future__ import annotations

LAST_DAY = 7
THREATEN_AT = 9
# Fighters whose presence lowers an attack's strength (Márton Kalapos -3, Márta Wawelska -1).
STRENGTH_CUT = {"f_marton_kalapos": 3, "f_marta_wawelska": 1}
# The order of the SPA cards: the ones that bring units in first, Attack! last.
CARD_ORDER = {"place_militia": 45, "move_militia": 43, "move_sniper": 41, "attack": 38}


def strength(loc: dict) -> int:
    total = 3 * loc["snipers"] + loc["militia"]
    for f in loc["fighters"] + loc["revolutionary_tanks"]:
        if f["active"]:
            total -= STRENGTH_CUT.get(f["id"], 0)
    return max(0, total)


def hit_chances(s: int) -> tuple[float, float]:
    """P(first hit), P(second hit) of an attack at strength `s` (2 dice)."""
    first = sum(1 for a in range(1, 7) for b in range(1, 7) if min(a, b) <= s) / 36
    second = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= s) / 36
    return first, second


def has_target(loc: dict) -> bool:
    return bool(loc["players"] or loc["barricades"] or loc["revolutionary_tanks"]
                or any(f["active"] for f in loc["fighters"]))


def attack_value(v: dict, loc_id: str, hit_value, morale_step: float) -> float:
    """What an Attack! on `loc_id` is worth (in the units of `hit_value`): the expected hits on the
    targets there, plus a morale step when it threatens. 0 where it does nothing."""
    loc = v["locations"][loc_id]
    s = strength(loc)
    worth = 0.0
    if has_target(loc):
        first, second = hit_chances(s)
        worth += (first + second) * hit_value(v, loc_id)
    if s >= THREATEN_AT and not loc["barricades"]:
        worth += morale_step
    return worth


def attackable(v: dict, attacked: set) -> list[str]:
    """Locations an Attack! card could choose now (militia or snipers, not attacked today)."""
    return [lid for lid, x in v["locations"].items() if (x["militia"] or x["snipers"]) and lid not in attacked]


def best_attack(v: dict, attacked: set, hit_value, morale_step: float) -> float:
    return max((attack_value(v, lid, hit_value, morale_step) for lid in attackable(v, attacked)), default=0.0)


def play_score(v: dict, kind: str, attacked: set, hit_value, morale_step: float) -> float:
    """The score of playing an SPA card of `kind` now: the units-moving cards before Attack!, and
    Attack! only where it pays (below "done", 15, otherwise)."""
    if kind == "attack" and best_attack(v, attacked, hit_value, morale_step) < 1.0:
        return -100.0
    return CARD_ORDER.get(kind, 10)


def retrieve_score(v: dict, pool_useful: bool) -> float:
    """Retrieve the played cards when nothing in the pool is worth playing; never on the last day
    (below "done", 15)."""
    if v["day"] >= LAST_DAY:
        return 0.0
    return 5.0 if pool_useful else 45.0
