"""A random bot: picks uniformly among the legal actions of a seat.

It never takes "undo" unless asked to (undo replays the game, so it is slow and would make
random playouts crawl), and it prefers not to "cancel" so that playouts make progress.
"""
from __future__ import annotations

import random

from engine import Game, new_game


class RandomBot:
    def __init__(self, seed: int = 0, undo_rate: float = 0.0):
        self.rng = random.Random(seed)
        self.undo_rate = undo_rate

    def choose(self, actions: list[dict]) -> dict:
        undo = [a for a in actions if a["type"] == "undo"]
        if undo and self.rng.random() < self.undo_rate:
            return undo[0]
        pool = [a for a in actions if a["type"] not in ("undo", "cancel")] or actions
        # Finishing a step early ends the interesting part of a playout; take it less often.
        busy = [a for a in pool if a["type"] not in ("done", "end_turn")]
        if busy and self.rng.random() < 0.8:
            return self.rng.choice(busy)
        return self.rng.choice(pool)


def play_random_game(revolutionaries: int, seed: int | str, options: dict | None = None, undo_rate: float = 0.0,
                     on_step=None, max_steps: int = 20000) -> Game:
    """Play one game to the end with random bots on every seat; `on_step(game, seat, action)` is
    called after each applied action (for invariant checks)."""
    g = new_game(revolutionaries, seed, options or {})
    bot = RandomBot(seed * 7919 + 1 if isinstance(seed, int) else seed, undo_rate)
    steps = 0
    while g.result is None:
        seats = g.active_seats()
        if not seats:
            raise RuntimeError(f"dead end: nobody can act (seed {seed})")
        seat = bot.rng.choice(seats)
        action = bot.choose(g.legal_actions(seat))
        g.apply(seat, action)
        if on_step:
            on_step(g, seat, action)
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"game did not end after {max_steps} steps (seed {seed})")
    return g
