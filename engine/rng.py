"""The seeded PRNG whose whole state lives inside the JSON game state.

Two generators, chosen by the seed's type, so that every record ever written replays as it did:

- A **seed key** (a string of 32 to 64 lowercase hex digits: 128 to 256 bits) seeds xoshiro256**,
  whose 256-bit state is stored as a 64-digit hex string. The key is hashed (SHA-256) into the
  state, so every bit of it matters and nothing of it shows through the first outputs. Games the
  server creates get a 128-bit key: with fewer secret bits the face-up setup tiles single the seed
  out by search (2^31 seeds took minutes), and every hand, deck and future die follows from it.
- A legacy **int seed** (games and records from before seed keys) seeds SplitMix64, whose state is
  one 64-bit int. Kept bit for bit: old records must replay identically.

Both are deterministic across platforms and use no `random` module internals. A hex string, not
an int, holds the larger state because JSON writers (orjson) refuse ints beyond 64 bits.
"""
from __future__ import annotations

import hashlib
import re

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

SEED_KEY = re.compile(r"[0-9a-f]{32,64}")
SEED_KEY_BITS = 128  # what the server draws for each new game (the pattern allows up to 256)
_KEY_DOMAIN = b"days-of-ire/seed-key/xoshiro256**/v1:"


def is_seed_key(seed) -> bool:
    return isinstance(seed, str) and SEED_KEY.fullmatch(seed) is not None


def check_seed(seed) -> None:
    """A seed is an int (legacy) or a seed key; anything else is refused before a game exists."""
    if isinstance(seed, bool) or not (isinstance(seed, int) or is_seed_key(seed)):
        raise ValueError("seed must be an integer or a seed key (32 to 64 lowercase hex digits)")


def seed_state(seed: int | str) -> int | str:
    check_seed(seed)
    if isinstance(seed, str):
        words = _words(hashlib.sha256(_KEY_DOMAIN + seed.encode()).hexdigest())
        if not any(words):  # xoshiro's one fixed point; SHA-256 will not land on it, but never loop on it
            words = (_GOLDEN, 0, 0, 0)
        return _hex(words)
    return (int(seed) * 0x2545F4914F6CDD1D + 0x1234567) & _MASK


# ----- SplitMix64 (legacy int seeds) --------------------------------------------------------------

def next_u64(state: int) -> tuple[int, int]:
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


# ----- xoshiro256** (seed keys) -------------------------------------------------------------------

def _words(hex_state: str) -> tuple[int, int, int, int]:
    v = int(hex_state, 16)
    return v >> 192, (v >> 128) & _MASK, (v >> 64) & _MASK, v & _MASK


def _hex(words: tuple[int, int, int, int]) -> str:
    s0, s1, s2, s3 = words
    return f"{(s0 << 192) | (s1 << 128) | (s2 << 64) | s3:064x}"


def _xoshiro(words: tuple[int, int, int, int]) -> tuple[tuple[int, int, int, int], int]:
    s0, s1, s2, s3 = words
    r = (s1 * 5) & _MASK
    r = (((r << 7) | (r >> 57)) & _MASK) * 9 & _MASK
    t = (s1 << 17) & _MASK
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = ((s3 << 45) | (s3 >> 19)) & _MASK
    return (s0, s1, s2, s3), r


def next_u64_key(state: str) -> tuple[str, int]:
    words, z = _xoshiro(_words(state))
    return _hex(words), z


# ----- draws, for either state --------------------------------------------------------------------

def _below_with(step, state, n: int):
    """Uniform integer in [0, n) without modulo bias (rejection sampling)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, z = step(state)
        if z < limit:
            return state, z % n


def below(state: int | str, n: int) -> tuple[int | str, int]:
    """Uniform integer in [0, n); returns (new state, value)."""
    if isinstance(state, int):
        return _below_with(next_u64, state, n)
    words, v = _below_with(_xoshiro, _words(state), n)
    return _hex(words), v


def shuffle(state: int | str, items: list) -> int | str:
    """Fisher-Yates shuffle of `items` in place; returns the new state."""
    if isinstance(state, int):
        step, s = next_u64, state
    else:
        step, s = _xoshiro, _words(state)
    for i in range(len(items) - 1, 0, -1):
        s, j = _below_with(step, s, i + 1)
        items[i], items[j] = items[j], items[i]
    return s if isinstance(state, int) else _hex(s)
