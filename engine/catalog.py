"""The static card catalog for clients: every component with its rules text as implemented.

Views name cards by id and title; the catalog gives the full texts and icons once, so views stay
small. Pure data, built from engine/data and, for the texts a view sent without them leaves out
(`view_records`), from engine/views.py: so the catalog sits in the layer above the views."""
from __future__ import annotations

from .board import LOCATION_NAMES, NEIGHBOURS, PROMO_LOCATIONS
from .data import (
    EVENTS,
    FIGHTERS,
    HEADLINES,
    MORALE_TRACK,
    PROMO_CARDS,
    REVOLUTIONARY_CARDS,
    REVOLUTIONARY_TANKS,
    SPA_CARDS,
    SUPPORT_TRACK,
)
from .data.promo import ALTERNATIVE_START_EVENTS, PLAYER_POWERS, PRINTING_PRESS_EVENTS
from .data.zhukov import ZHUKOV_CARDS
from .data.zhukov_setup import SPA_STEPS
from .views import view_records

_KEEP = ("provenance", "basis")


def _public(rec: dict) -> dict:
    return {k: v for k, v in rec.items() if k not in _KEEP}


def catalog() -> dict:
    kinds: dict[str, dict] = {}
    for c in list(REVOLUTIONARY_CARDS) + list(PROMO_CARDS):
        kinds.setdefault(c["kind"], {**_public(c), "copies": 0})["copies"] += 1
    return {
        # A promo location (the Printing Press) says which room option brings it into play and from
        # which day; while in play it is also a neighbour of its neighbours (views list it then).
        "locations": [{"id": loc, "name": name, "neighbours": list(NEIGHBOURS[loc]),
                       **({"option": PROMO_LOCATIONS[loc]["option"], "from_day": PROMO_LOCATIONS[loc]["from_day"]}
                          if loc in PROMO_LOCATIONS else {})}
                      for loc, name in LOCATION_NAMES.items()],
        "morale_track": [dict(x) for x in MORALE_TRACK],
        "support_track": [dict(x) for x in SUPPORT_TRACK],
        "headlines": {h["id"]: _public(h) for h in HEADLINES},
        "events": {e["id"]: _public(e) for e in list(EVENTS) + list(ALTERNATIVE_START_EVENTS)
                   + list(PRINTING_PRESS_EVENTS)},
        "revolutionary_cards": {c["id"]: _public(c) for c in list(REVOLUTIONARY_CARDS) + list(PROMO_CARDS)},
        "card_kinds": {k: {kk: vv for kk, vv in v.items() if kk != "id"} for k, v in kinds.items()},
        "fighters": {f["id"]: _public(f) for f in list(FIGHTERS) + list(REVOLUTIONARY_TANKS)},
        "spa_cards": {c["id"]: _public(c) for c in SPA_CARDS},
        "player_powers": {p["id"]: _public(p) for p in PLAYER_POWERS},
        # The General Zhukov cards (Zhukov ruleset): colour, placement icon and the three headlines.
        "zhukov_cards": {c["id"]: {**_public(c), "headlines": [_public(h) for h in c["headlines"]]}
                         for c in ZHUKOV_CARDS},
        # The Zhukov SPA phase's four fixed steps, in order, with the event whose reward skips each.
        "zhukov_spa_steps": [_public(step) for step in SPA_STEPS],
        # Per component id, the texts a view sent without them leaves out (engine.views).
        "view_records": view_records(),
    }
