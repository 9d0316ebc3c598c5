"""Undo and hidden information (DESIGN §2, rulings R10): no undo is offered back across a move
after which one seat saw another seat's hidden cards. Oracle over random games: whenever cards
leave one hand for another (a give, a take, ...), the receiver has seen them, so no later undo may
take that move back."""
from __future__ import annotations

import pytest

from bots.random_bot import RandomBot
from engine import new_game
from tests.support import act, refresh, rev_turn, set_hand, top


def _transfers(before: dict, after: dict) -> bool:
    """Did any card leave one Revolutionary's hand for another's?"""
    where = {c: seat for seat, hand in before.items() for c in hand}
    return any(where.get(c, seat) != seat for seat, hand in after.items() for c in hand)


def _hands(g) -> dict:
    return {seat: list(hand) for seat, hand in g.s["hands"].items()}


def _play_and_check(revolutionaries: int, seed: int) -> int:
    """Play a random game (cards given and taken often); after each action that shows a seat's
    cards to another, check that no undo offered to anyone reaches back across it."""
    g = new_game(revolutionaries, seed, {})
    bot = RandomBot(seed)
    revealed_at = 0  # the number of effective actions when cards were last shown to another seat
    reveals = 0
    while g.result is None:
        seat = bot.rng.choice(g.active_seats())
        acts = g.legal_actions(seat)
        gives = [a for a in acts if a["type"] in ("give_cards", "take_cards", "select", "take_card", "done")]
        undo = [a for a in acts if a["type"] == "undo"]
        if undo and bot.rng.random() < 0.05:
            action = undo[0]
        elif gives and bot.rng.random() < 0.5:
            action = bot.rng.choice(gives)
        else:
            action = bot.choose(acts)
        before = _hands(g)
        g.apply(seat, action)
        if action["type"] != "undo" and _transfers(before, _hands(g)):
            revealed_at = len(g.s["effective"])
            reveals += 1
        for other in g.seats:
            if {"type": "undo"} in g.legal_actions(other):
                assert len(g.s["effective"]) - 1 >= revealed_at, (
                    f"seed {seed}: {other} may undo back across cards shown to another seat")
    return reveals


def test_undo_not_offered_after_done_on_a_card_give():
    """After `done` on a give, the receiver has seen the cards: the giver may not take them back."""
    g = rev_turn(2)
    g.s["positions"]["rev2"] = g.s["positions"]["rev1"]
    g.s["locations"][g.s["positions"]["rev1"]]["soviet_tanks"] = 0
    set_hand(g, "rev1", ["rc_molotov_1", "rc_food_1"])
    act(g, "rev1", "give_cards", to="rev2")
    act(g, "rev1", "select", card="rc_molotov_1")
    assert {"type": "undo"} in g.legal_actions("rev1")  # choosing is still private
    act(g, "rev1", "done")
    assert "rc_molotov_1" in g.s["hands"]["rev2"]
    assert top(g)["kind"] == "turn" and top(g)["seat"] == "rev1"
    assert {"type": "undo"} not in g.legal_actions("rev1")


def test_undo_not_offered_after_a_hit_that_makes_another_revolutionary_hand_cards_over():
    """rev1 takes cards from rev2 where a Soviet tank stands: rev1 picks them blind, the tank fires,
    rev1 takes the hit, the cards change hands. rev1 has now seen them: no undo for rev1."""
    from tests.support import force_dice

    g = rev_turn(2)
    loc = g.s["positions"]["rev1"]
    g.s["positions"]["rev2"] = loc
    g.s["locations"][loc]["soviet_tanks"] = 1
    g.s["locations"][loc]["barricades"] = 0
    g.s["locations"][loc]["active"] = []
    set_hand(g, "rev2", ["rc_molotov_1", "rc_food_1"])
    refresh(g)
    act(g, "rev1", "take_cards", **{"from": "rev2"})
    act(g, "rev1", "take_card", position=1)
    force_dice(g, [1])
    act(g, "rev1", "done")
    assert top(g)["kind"] == "hits"
    g.apply("rev1", {"type": "hit", "target": "injury", "seat": "rev1"})
    assert "rc_food_1" in g.s["hands"]["rev1"]
    assert top(g)["kind"] == "turn" and top(g)["seat"] == "rev1"
    assert {"type": "undo"} not in g.legal_actions("rev1")


@pytest.mark.slow
@pytest.mark.parametrize("revolutionaries", [2, 3])
def test_undo_oracle_no_undo_across_cards_shown_to_another_seat_in_random_games(revolutionaries):
    """60 random games per player count, leaning on gives and takes, with undo taken at times."""
    reveals = sum(_play_and_check(revolutionaries, seed) for seed in range(60))
    assert reveals > 20  # the games did show cards to other seats
