"""The greedy bot as the Zhukov team (bots/zhukov_team.py): it executes the hostile texts where
they hurt least and plays whole Zhukov games from views and legal actions only."""
from __future__ import annotations

from bots.greedy import GreedyBot
from bots.match import play
from tests.test_zhukov_rules import one_card, staged


def test_greedy_team_places_the_soviet_tank_where_no_player_stands():
    g = staged(2, 1)
    g.s["support"] = 3
    one_card(g, "z11", major_top="e04")  # Ernő Gerő: a tank on an event, then the tanks there fire
    view = g.view("rev1")
    assert view["decision"]["stage"] == "place_soviet_tanks"
    pick = GreedyBot(1).choose(view, g.legal_actions("rev1"))
    assert pick == {"type": "choose_location", "location": "corvin"}  # university and bem hold players


def test_greedy_team_gives_a_draw_to_the_smallest_hand():
    g = staged(3, 1)
    g.s["rev_discard"].extend(g.s["hands"]["rev1"][:3])
    del g.s["hands"]["rev1"][:3]
    one_card(g, "z04")  # Imre Nagy appointed: the players choose who draws 2
    assert GreedyBot(2).choose(g.view("rev2"), g.legal_actions("rev2")) == {"type": "choose_player", "seat": "rev1"}


def test_greedy_bots_play_whole_zhukov_games_for_every_player_count():
    for revs in (1, 4):
        g = play(revs, 3, "random", "greedy", {"ruleset": "zhukov"})
        assert g.result["winner"] in ("revolutionaries", "soviet")
