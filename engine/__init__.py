"""Days of Ire: Budapest 1956, a pure, deterministic rules engine for both rulesets: Conflict (a
Soviet commander against 1-3 Revolutionaries) and Zhukov (1-4 Revolutionaries together against the
General Zhukov deck), chosen by the game's options (`{"ruleset": "zhukov"}`; docs/engine.md).

    from engine import new_game, replay, Game, IllegalAction
"""
from .core import Game, new_game, replay
from .errors import IllegalAction

__all__ = ["Game", "IllegalAction", "new_game", "replay"]
