"""Component data for Days of Ire: Budapest 1956, both rulesets: what they share (the board,
tracks, token pool, events, fighters and revolutionary cards) and the Conflict ruleset's own
headlines and SPA cards, exported here; the Zhukov ruleset's own General Zhukov cards and setup
are the modules `zhukov` and `zhukov_setup` (`from engine.data import zhukov`).

Pure data: lists/dicts of str/int/bool/None, JSON-able. Every record carries `provenance`
("rulebook" or "reconstructed") and a one-line `basis` (see DESIGN.md §7). `check.problems()`
validates the whole set, `check.zhukov_problems()` the Zhukov ruleset's.
"""
from __future__ import annotations

ICONS = ("information", "medical", "molotov", "food", "ammunition", "vehicle")

from .board import (  # noqa: E402
    ACTIONS_PER_TURN,
    ADJACENCY,
    EVALUATION_MAX_EVENTS,
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
from .events import EVENTS  # noqa: E402
from .fighters import FIGHTERS, REVOLUTIONARY_TANKS  # noqa: E402
from .headlines import HEADLINES  # noqa: E402
from .promo import ALTERNATIVE_START_EVENTS, PLAYER_POWERS  # noqa: E402
from .revolutionary_cards import PROMO_CARDS, REVOLUTIONARY_CARDS  # noqa: E402
from .spa_cards import SPA_CARDS  # noqa: E402

__all__ = [
    "ICONS",
    "LOCATIONS", "ADJACENCY", "MORALE_TRACK", "MORALE_START", "SUPPORT_TRACK", "SUPPORT_START",
    "TRACK_PROVENANCE", "TOKENS", "SETUP", "ACTIONS_PER_TURN", "MARKET_SURCHARGE", "INJURY_LIMIT",
    "EVALUATION_MAX_EVENTS",
    "HEADLINES", "EVENTS", "REVOLUTIONARY_CARDS", "PROMO_CARDS", "FIGHTERS", "REVOLUTIONARY_TANKS",
    "SPA_CARDS", "ALTERNATIVE_START_EVENTS", "PLAYER_POWERS",
]
