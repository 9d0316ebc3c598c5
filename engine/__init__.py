"""Days of Ire: Budapest 1956, Conflict ruleset: a pure, deterministic rules engine.

    from engine import new_game, replay, Game, IllegalAction
"""
from .core import Game, new_game, replay
from .errors import IllegalAction

__all__ = ["Game", "IllegalAction", "new_game", "replay"]
