"""Bots that play through the public engine contract only (view + legal actions)."""
from .random_bot import RandomBot, play_random_game

__all__ = ["RandomBot", "play_random_game"]
