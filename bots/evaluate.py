"""How likely the Revolutionaries are to win from a position, judged from its public view alone.

The hard bot (bots/search.py) cuts a playout short at the start of a later day and scores it with
this estimate instead of playing the game to its end: most of a playout's cost is the days after
that, and what they add is mostly noise. The estimate is a logistic model per ruleset, number of
Revolutionaries and day, fitted on the positions at each day's start of games between normal
(greedy) bots (`python -m bots.eval_fit`, which writes bots/eval_weights.json; docs/balance.md).
Its features are public: the same for every seat, so no secret reaches the score.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

WEIGHTS = Path(__file__).with_name("eval_weights.json")

FEATURES = ("morale", "support", "events_on_board", "events_over_limit", "worst_injuries", "injuries",
            "soviet_tanks", "militia", "snipers", "active_fighters", "facedown_fighters", "barricades",
            "rev_tanks", "rev_cards", "soviet_cards", "fighters_removed", "event_deck")


def features(view: dict) -> list[float]:
    """The public facts the model weighs, in FEATURES' order (a spectator's view, texts or not)."""
    goal = view.get("goal") or {}
    limit = goal.get("injury_limit") or 4
    injuries = list((view.get("injuries") or {}).values()) or [0]
    locs = view["locations"].values()
    hands = view.get("hands") or {}
    rev_cards = sum(n for seat, n in hands.items() if seat != "soviet")
    on_board = goal.get("events_on_board", sum(1 for loc in locs if loc.get("event")))
    return [
        float(view.get("morale_index", 0)),
        float(view.get("support_index", 0)),
        float(on_board),
        float(on_board - goal.get("evaluation_max_events", on_board)),
        max(injuries) / limit,
        sum(injuries) / (limit * len(injuries)),
        float(sum(loc.get("soviet_tanks", 0) for loc in locs)),
        float(sum(loc.get("militia", 0) for loc in locs)),
        float(sum(loc.get("snipers", 0) for loc in locs)),
        float(sum(1 for loc in locs for f in loc.get("fighters", ()) if f.get("active"))),
        float(sum(loc.get("facedown", 0) for loc in locs)),
        float(sum(loc.get("barricades", 0) for loc in locs)),
        float(sum(len(loc.get("revolutionary_tanks", ())) for loc in locs)),
        rev_cards / max(1, len(hands) - 1),
        float(hands.get("soviet", 0)),
        float(len(view.get("fighters_removed") or ())),
        float(view.get("event_deck_count", 0)),
    ]


def model_key(ruleset: str, revolutionaries: int, day: int) -> str:
    return f"{ruleset}:{revolutionaries}:{day}"


@lru_cache(maxsize=1)
def _models() -> dict:
    if not WEIGHTS.exists():
        return {}
    return json.loads(WEIGHTS.read_text())["models"]


def has_model(ruleset: str, revolutionaries: int, day: int) -> bool:
    return model_key(ruleset, revolutionaries, day) in _models()


def revolutionaries_win(view: dict) -> float | None:
    """The estimated chance that the Revolutionaries win, from the view at the start of a day;
    None when no model covers this ruleset, count and day."""
    m = _models().get(model_key(view.get("ruleset", "conflict"), view["revolutionaries"], view["day"]))
    if m is None:
        return None
    return predict(m, features(view))


def predict(model: dict, x: list[float]) -> float:
    z = model["bias"] + sum(w * (v - mu) / sd for w, v, mu, sd in zip(model["weights"], x, model["mean"], model["std"], strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
