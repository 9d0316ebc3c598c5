"""Lookup tables over the component data, keyed by stable id."""
from __future__ import annotations

from .data import (
    EVENTS,
    FIGHTERS,
    HEADLINES,
    PROMO_CARDS,
    REVOLUTIONARY_CARDS,
    REVOLUTIONARY_TANKS,
    SPA_CARDS,
)
from .data.promo import ALTERNATIVE_START_EVENTS, PRINTING_PRESS_EVENTS

HEADLINE = {c["id"]: c for c in HEADLINES}
EVENT = {c["id"]: c for c in list(EVENTS) + list(ALTERNATIVE_START_EVENTS) + list(PRINTING_PRESS_EVENTS)}
REV_CARD = {c["id"]: c for c in list(REVOLUTIONARY_CARDS) + list(PROMO_CARDS)}
FIGHTER = {c["id"]: c for c in list(FIGHTERS) + list(REVOLUTIONARY_TANKS)}
SPA = {c["id"]: c for c in SPA_CARDS}


def name_of(cid: str) -> str:
    for table, key in ((HEADLINE, "title"), (EVENT, "title"), (REV_CARD, "name"), (FIGHTER, "name"), (SPA, "name")):
        if cid in table:
            return table[cid][key]
    return cid
