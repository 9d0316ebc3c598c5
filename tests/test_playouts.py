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


# ----- Zhukov ruleset (1-4 Revolutionaries against the General Zhukov deck) ------------------------
ZHUKOV = {"ruleset": "zhukov"}


@pytest.mark.parametrize("revolutionaries", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", range(8))
def test_zhukov_random_playout_keeps_invariants_and_replays(revolutionaries, seed):
    """Whole Zhukov games end with a result; every invariant holds after every action (the 14
    Zhukov cards accounted for, no Soviet seat); record -> replay gives an equal state."""
    g = play_random_game(revolutionaries, seed, options=ZHUKOV, on_step=_checked)
    assert g.result["winner"] in ("revolutionaries", "soviet") and g.result["reason"]
    assert all(g.legal_actions(s) == [] for s in g.seats)
    assert replay(g.record()).to_dict() == g.to_dict()


@pytest.mark.parametrize("revolutionaries", [1, 2, 3, 4])
def test_zhukov_leak_oracle_on_every_view(revolutionaries):
    """No view shows another seat's hand, a card of any deck never drawn, or a deck's order."""
    from tests.invariants import check_no_deck_order

    for seed in range(3):
        g = new_game(revolutionaries, 600 + seed, ZHUKOV)
        bot = RandomBot(seed)
        while g.result is None:
            seat = bot.rng.choice(g.active_seats())
            g.apply(seat, bot.choose(g.legal_actions(seat)))
            views = g.views(g.seats + ("spectator",))
            for viewer, view in views.items():
                check_no_leak(g, viewer, view)
                check_no_deck_order(g, viewer, view)
            assert views["spectator"]["hand"] == []


@pytest.mark.parametrize("seed", range(4))
def test_zhukov_random_playout_with_undo(seed):
    g = play_random_game(1 + seed, 7100 + seed, options=ZHUKOV, undo_rate=0.15, on_step=_checked)
    assert any(a["type"] == "undo" for _, a in g.record()["actions"])
    assert replay(g.record()).to_dict() == g.to_dict()


@pytest.mark.parametrize("opt", [{"zhukov_easy_morale_3": True, "zhukov_easy_remove_radio_sniper": True,
                                  "zhukov_easy_activate_fighter": "corvin"},
                                 {"zhukov_support_shift": 2, "zhukov_militia_astoria": True,
                                  "zhukov_militia_blaha": True, "zhukov_win_with_3_events": True},
                                 {"promo_ak47": True, "promo_last_stand": True, "alternative_start_events": True,
                                  "promo_printing_press": True,
                                  "player_powers": {"rev1": "red", "rev2": "blue", "rev3": "yellow", "rev4": "green"}}])
def test_zhukov_random_playouts_under_options(opt):
    for seed in range(3):
        revs = 4 if "player_powers" in opt else 1 + seed
        g = play_random_game(revs, 950 + seed, options={**ZHUKOV, **opt}, on_step=_checked)
        assert g.result is not None
        assert replay(g.record()).to_dict() == g.to_dict()


@pytest.mark.slow
@pytest.mark.parametrize("revolutionaries", [1, 2, 3, 4])
def test_zhukov_many_random_playouts(revolutionaries):
    """100 more complete Zhukov games per player count, invariants after every action."""
    for seed in range(2000, 2100):
        play_random_game(revolutionaries, seed, options=ZHUKOV, on_step=_checked)
