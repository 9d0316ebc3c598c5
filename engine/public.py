"""What any player knows without looking at a view: the static map, the rules constants and the
card catalog. Together with `engine.Game` / `new_game` / `replay` / `IllegalAction` and the
views and legal actions they hand out, this module is the whole engine contract (DESIGN §2,
docs/contract.md): bots, the server and benchmarks import nothing else from engine/.

Everything here is immutable static data; treat the dicts as read-only.
"""
from __future__ import annotations

from .board import DISTANCE, LOCATION_IDS, LOCATION_NAMES, NEIGHBOURS, REINFORCEMENT
from .catalog import catalog, view_records
from .data import zhukov_setup
from .data.board import ACTIONS_PER_TURN, EVALUATION_MAX_EVENTS, INJURY_LIMIT, MARKET_SURCHARGE
from .options import OPTIONS, RULESETS, validate_options
from .setup import revolutionary_counts, seats_for

__all__ = [
    "ACTIONS_PER_TURN", "DISTANCE", "EVALUATION_MAX_EVENTS", "INJURY_LIMIT", "LOCATION_IDS", "LOCATION_NAMES",
    "MARKET_SURCHARGE", "NEIGHBOURS", "OPTIONS", "REINFORCEMENT", "RULESETS", "actions_per_turn", "catalog",
    "injury_limit", "revolutionary_counts", "ruleset", "seats_for", "validate_options",
    "view_records",
]


def ruleset(options: dict | None) -> str:
    """The ruleset a game's options name: "conflict" (the default) or "zhukov"."""
    return (options or {}).get("ruleset", "conflict")


def injury_limit(revolutionaries: int, options: dict | None = None) -> int:
    """The injury that loses the game for a team of `revolutionaries` under these game options."""
    if ruleset(options) == "zhukov":
        return zhukov_setup.INJURY_LIMIT[revolutionaries]
    return INJURY_LIMIT[revolutionaries] + (1 if (options or {}).get("rev_injury_limit_plus_one") else 0)


def actions_per_turn(revolutionaries: int, options: dict | None = None) -> list[int]:
    """The actions of the 1st, 2nd... player in turn order (the player-count table)."""
    table = zhukov_setup.ACTIONS_PER_TURN if ruleset(options) == "zhukov" else ACTIONS_PER_TURN
    return list(table[revolutionaries])
