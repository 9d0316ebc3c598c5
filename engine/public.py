"""What any player knows without looking at a view: the static map, the rules constants and the
card catalog. Together with `engine.Game` / `new_game` / `replay` / `IllegalAction` and the
views and legal actions they hand out, this module is the whole engine contract (DESIGN §2,
docs/contract.md): bots, the server and benchmarks import nothing else from engine/.

Everything here is immutable static data; treat the dicts as read-only.
"""
from __future__ import annotations

from .board import DISTANCE, LOCATION_IDS, LOCATION_NAMES, NEIGHBOURS, REINFORCEMENT
from .catalog import catalog, view_records
from .data.board import ACTIONS_PER_TURN, EVALUATION_MAX_EVENTS, INJURY_LIMIT, MARKET_SURCHARGE
from .options import OPTIONS, RULESETS, actions_per_turn, injury_limit, ruleset, validate_options
from .rng import SEED_KEY_BITS, is_seed_key
from .setup import revolutionary_counts, seats_for

__all__ = [
    "ACTIONS_PER_TURN", "DISTANCE", "EVALUATION_MAX_EVENTS", "INJURY_LIMIT", "LOCATION_IDS", "LOCATION_NAMES",
    "MARKET_SURCHARGE", "NEIGHBOURS", "OPTIONS", "REINFORCEMENT", "RULESETS", "SEED_KEY_BITS", "actions_per_turn",
    "catalog", "injury_limit", "is_seed_key", "revolutionary_counts", "ruleset", "seats_for", "validate_options",
    "view_records",
]

