"""Collecting resource icons for an action (Revolutionary phase: Action 2, 3 and 4).

Icons come from the active fighters in the location and from the revolutionary cards the acting
player discards. A card shows its icons; an "Aid" card counts as only ONE of the icons it shows,
so it is a wildcard over its icons rather than a fixed supply.
"""
from __future__ import annotations

from collections import Counter

from .cards import FIGHTER, REV_CARD


def card_icons(card_id: str, what: str | None = None) -> tuple[str, ...]:
    """The icons a card gives when discarded for action `what` (the AK-47 adds ammunition for
    Attack militia: promo rules)."""
    icons = _ICONS.get((card_id, what))
    if icons is None:  # asked for every card in hand at every payment step, so computed once
        card = REV_CARD[card_id]
        extra = (card.get("action_icons") or {}).get(what, []) if what else []
        icons = _ICONS[(card_id, what)] = tuple(card["icons"]) + tuple(extra)
    return icons


_ICONS: dict[tuple[str, str | None], tuple[str, ...]] = {}


def card_supply(cards, aid_full: bool = False, what: str | None = None,
                more: list[str] | tuple = ()) -> tuple[Counter, list[tuple[str, ...]]]:
    """`aid_full`: Aid cards give every icon they show (Polish fact-finding mission, H#35);
    `what`: the action the cards are discarded for (action-only icons); `more`: icons given
    besides the cards (the location's fighters, the day's bonuses), counted after them."""
    shown: list[str] = []
    wild: list[tuple[str, ...]] = []
    for c in cards:
        card = REV_CARD[c]
        if card.get("aid") and not aid_full:
            wild.append(tuple(card["icons"]))
        else:
            shown += card_icons(c, what)
    # Counted in one go: Counter.update checks its argument's type (an ABC check) at every call,
    # and the turn's action list asks for a supply several times a decision (issue 14).
    shown += more
    return Counter(shown), wild


def fighter_icons(fighters) -> list[str]:
    return [icon for fid in fighters for icon in FIGHTER[fid]["icons"]]


def deficit(need: dict, fixed: Counter) -> Counter:
    return Counter({icon: n - fixed[icon] for icon, n in need.items() if n > fixed[icon]})


def satisfied(need: dict, fixed: Counter, wild: list[tuple[str, ...]]) -> bool:
    missing = deficit(need, fixed)
    if not missing:
        return True
    if sum(missing.values()) > len(wild):
        return False
    return _cover(dict(missing), wild, 0)


def _cover(missing: dict, wild: list, i: int) -> bool:
    if not any(missing.values()):
        return True
    if i >= len(wild):
        return False
    for icon in wild[i]:
        if missing.get(icon, 0) > 0:
            missing[icon] -= 1
            if _cover(missing, wild, i + 1):
                return True
            missing[icon] += 1
    return _cover(missing, wild, i + 1)


def still_missing(need: dict, fixed: Counter, wild: list[tuple[str, ...]]) -> dict:
    """The icons still missing after the best use of the Aid cards (each covers one of its icons)."""
    best = dict(deficit(need, fixed))

    def rec(missing: dict, i: int) -> None:
        nonlocal best
        if sum(missing.values()) < sum(best.values()):
            best = {k: n for k, n in missing.items() if n}
        if i >= len(wild) or not any(missing.values()):
            return
        for icon in wild[i]:
            if missing.get(icon, 0) > 0:
                missing[icon] -= 1
                rec(missing, i + 1)
                missing[icon] += 1
        rec(missing, i + 1)

    rec(dict(best), 0)
    return best


def count_icon(icon: str, fixed: Counter, wild: list[tuple[str, ...]]) -> int:
    return fixed[icon] + sum(1 for w in wild if icon in w)
