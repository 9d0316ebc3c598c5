"""A tiny seeded PRNG whose whole state is one integer, so it lives inside the JSON game state.

SplitMix64: fast in pure Python, good enough statistically for dice and shuffles, and
deterministic across platforms (no dependence on the `random` module's internals).
"""
from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    return (int(seed) * 0x2545F4914F6CDD1D + 0x1234567) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Uniform integer in [0, n) without modulo bias (rejection sampling)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, z = next_u64(state)
        if z < limit:
            return state, z % n


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates shuffle of `items` in place; returns the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
