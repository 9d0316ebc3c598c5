"""Bot seats (issue 13): a server bot decides from its seat's view and legal actions only. Handed a
view into which another seat's hidden cards (and every seat's legal actions) were injected, it
plays the very same action at every decision of a whole game."""
from __future__ import annotations

import copy
import random

import pytest

from app.seats.seat_bots import SeatBot, bot_seed
from engine import new_game


def with_hidden_state(game, seat: str) -> dict:
    """`seat`'s view plus what only the admin may see: the others' hands, the decks in order, the
    face-down fighters, the PRNG, and every seat's legal actions."""
    view = game.view(seat)
    admin = game.view("admin")
    view["secrets"] = copy.deepcopy(admin["secrets"])
    view["all_actions"] = copy.deepcopy(admin["all_actions"])
    view["other_hands"] = {s: cards for s, cards in admin["secrets"]["hands"].items() if s != seat}
    return view


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_bot_given_other_seats_hidden_cards_plays_the_same(level):
    game = new_game(2, 11, {})
    pick = random.Random(11)
    plain = {s: SeatBot(level, bot_seed(game.seed, s)) for s in game.seats}
    peeking = {s: SeatBot(level, bot_seed(game.seed, s)) for s in game.seats}
    decisions = 0
    while game.result is None and decisions < 3000:
        seat = pick.choice(game.active_seats())
        action = plain[seat].choose(game.view(seat))
        assert peeking[seat].choose(with_hidden_state(game, seat)) == action, f"decision {decisions} of {seat}"
        game.apply(seat, action)
        decisions += 1
    assert decisions > 100
