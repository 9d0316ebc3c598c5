"""The undo marks (the view's `irreversible`, docs/contract.md) are made cheaply
(engine/action_notes.py) but must say exactly what trying every action on a whole copy of the game
says (tests/marks_reference.py, the algorithm before session 6): checked action by action for
every seat with actions, at every step of random games in both rulesets, with and without promo
options, and on a state whose seed orjson refuses (an integer beyond 64 bits)."""
from __future__ import annotations

import random

import pytest

from engine import action_notes, new_game
from tests import marks_reference

GAMES = [(revs, seed, {}) for revs in (1, 2, 3) for seed in (1, 2, 3, 4)] + [
    (3, 5, {"promo_printing_press": True, "promo_ak47": True, "promo_last_stand": True}),
    (2, 6, {"promo_printing_press": True, "player_powers": {}}),
    (2, 2**70, {}),
] + [(revs, 30 + revs, {"ruleset": "zhukov"}) for revs in (1, 2, 3, 4)] + [
    (2, 40, {"ruleset": "zhukov", "promo_printing_press": True, "promo_ak47": True}),
]


def _play(revs, seed, options, each, steps=400, undo_rate=0.05):
    g = new_game(revs, seed, options)
    rnd = random.Random(seed % 1000 * 31 + revs)
    for _ in range(steps):
        if g.result is not None:
            break
        each(g)
        seat = rnd.choice(g.active_seats())
        acts = g.legal_actions(seat)
        undo = [a for a in acts if a["type"] == "undo"]
        if undo and rnd.random() < undo_rate:
            g.apply(seat, undo[0])
            continue
        pool = [a for a in acts if a["type"] not in ("undo", "cancel")] or acts
        g.apply(seat, rnd.choice(pool))
    return g


@pytest.mark.parametrize(("revs", "seed", "options"), GAMES)
def test_marks_equal_the_whole_copy_tries_action_by_action(revs, seed, options):
    """Undo (DESIGN §2): a player is told before the click whether undo survives each action; the
    cheap marks must read exactly as the full tries do, for every action of every seat."""
    compared = []

    def check(g):
        before = g.to_dict()
        for seat in g.seats:
            want = marks_reference.irreversible(g, seat)
            got = action_notes.irreversible(g, seat)
            assert got == want, (seed, seat, g.s["stack"][-1]["kind"],
                                 [(a, w, x) for a, w, x in zip(g.legal_actions(seat), want, got, strict=False) if w != x])
            assert [type(m) for m in got] == [type(m) for m in want]
            compared.extend(got)
        assert g.to_dict() == before  # trying actions never touches the game itself

    _play(revs, seed, options, check)
    assert len(compared) > 100
