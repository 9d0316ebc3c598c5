"""Random playouts: whole games by random bots with invariants after every action, replay
determinism, and the leak oracle on every view."""
from __future__ import annotations

import pytest

from bots.random_bot import RandomBot, play_random_game
from engine import new_game, replay
from tests.invariants import check_day_actions, check_invariants, check_no_leak

SEEDS_FAST = range(20)


def _checked(g, seat, action, state={}):  # noqa: B006  (remembers the previous phase)
    check_invariants(g)
    check_day_actions(g, state.get(id(g)))
    state[id(g)] = g.s["phase"]


@pytest.mark.parametrize("revolutionaries", [1, 2, 3])
@pytest.mark.parametrize("seed", SEEDS_FAST)
def test_random_playout_keeps_invariants_and_replays(revolutionaries, seed):
    """Whole games end with a result; every invariant holds after every action; record -> replay
    gives an equal state."""
    g = play_random_game(revolutionaries, seed, on_step=_checked)
    assert g.result["winner"] in ("revolutionaries", "soviet")
    assert g.result["reason"]
    assert all(g.legal_actions(s) == [] for s in g.seats)
    again = replay(g.record())
    assert again.to_dict() == g.to_dict()


@pytest.mark.slow
@pytest.mark.parametrize("revolutionaries", [1, 2, 3])
def test_many_random_playouts(revolutionaries):
    """300 complete games in all (100 per player count, on top of the fast ones), invariants
    after every action."""
    for seed in range(1000, 1100):
        play_random_game(revolutionaries, seed, on_step=_checked)


@pytest.mark.parametrize("revolutionaries", [1, 2, 3])
def test_leak_oracle_on_every_view(revolutionaries):
    """No view of one seat contains an id from another seat's hand, any deck, or a face-down
    fighter; the spectator sees no hand at all."""
    for seed in range(4):
        g = new_game(revolutionaries, 500 + seed, {})
        bot = RandomBot(seed)
        while g.result is None:
            seat = bot.rng.choice(g.active_seats())
            g.apply(seat, bot.choose(g.legal_actions(seat)))
            for viewer in g.seats + ("spectator",):
                check_no_leak(g, viewer)
            assert g.view("spectator")["hand"] == []


@pytest.mark.parametrize("seed", range(6))
def test_random_playout_with_undo(seed):
    """Undo taken at random during whole games: the game still ends and replays exactly."""
    g = play_random_game(1 + seed % 3, 7000 + seed, undo_rate=0.15, on_step=_checked)
    assert any(a["type"] == "undo" for _, a in g.record()["actions"])
    assert replay(g.record()).to_dict() == g.to_dict()


@pytest.mark.parametrize("opt", [{"promo_ak47": True, "promo_last_stand": True},
                                 {"alternative_start_events": True},
                                 {"rev_morale_shift": 2, "rev_remove_radio_sniper": True,
                                  "rev_injury_limit_plus_one": True, "rev_activate_fighter": True},
                                 {"soviet_morale_shift": True, "soviet_militia_csepel": True,
                                  "soviet_militia_stalin": True, "soviet_support_shift": True}])
def test_random_playouts_under_options(opt):
    """Every option set still plays to the end with the invariants intact."""
    for seed in range(3):
        g = play_random_game(1 + seed, 900 + seed, options=opt, on_step=_checked)
        assert g.result is not None
        assert replay(g.record()).to_dict() == g.to_dict()
