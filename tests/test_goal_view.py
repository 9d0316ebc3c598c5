"""The goal in every view (issue 33, "the goal on the table"): the numbers that end the game, so
a client shows how close it is without redoing the rules. Rulebook: Ending the Game (Evaluation;
Immediate Defeat or Victory)."""
from __future__ import annotations

from engine import new_game


def test_evaluation_counts_the_events_on_the_board_against_4():
    g = new_game(2, 1, {})
    goal = g.view("spectator")["goal"]
    # Setup: three starting events; Kossuth Square and Radio hold a tank each; militia at Stalin
    # Square (2), Csepel and Széna Square.
    assert goal == {"last_day": 7, "events_on_board": 3, "evaluation_max_events": 4, "injury_limit": 4,
                    "soviet_tanks_on_board": 2, "militia_on_board": 4}
    assert g.view("rev1")["goal"] == g.view("soviet")["goal"] == goal


def test_immediate_defeat_injury_limit_is_5_alone_and_one_more_with_the_difficulty_option():
    assert new_game(1, 1, {}).view("rev1")["goal"]["injury_limit"] == 5
    assert new_game(3, 1, {"rev_injury_limit_plus_one": True}).view("rev1")["goal"]["injury_limit"] == 5


def test_zhukov_difficulty_wins_only_with_3_events():
    assert new_game(2, 1, {"ruleset": "zhukov"}).view("rev1")["goal"]["evaluation_max_events"] == 4
    hard = new_game(2, 1, {"ruleset": "zhukov", "zhukov_win_with_3_events": True})
    assert hard.view("rev1")["goal"]["evaluation_max_events"] == 3


def test_the_goal_follows_the_board():
    g = new_game(2, 1, {})
    g.s["locations"]["stalin"]["militia"] = 0
    g.s["locations"]["kossuth"]["soviet_tanks"] = 0
    g.s["locations"]["university"]["event"] = None
    g.invalidate()
    goal = g.view("spectator", texts=False)["goal"]
    assert (goal["events_on_board"], goal["soviet_tanks_on_board"], goal["militia_on_board"]) == (2, 1, 2)


def test_the_servers_reused_goal_is_never_stale():
    """The server's views (texts=False) reuse the goal while the board is unchanged: after every
    move of a random game it equals the goal counted afresh."""
    import random

    g = new_game(2, 9, {})
    r = random.Random(9)
    for _ in range(250):
        if g.result is not None:
            break
        assert g.view("spectator", texts=False)["goal"] == g.view("spectator")["goal"]
        seat = g.active_seats()[0]
        g.apply(seat, r.choice([a for a in g.legal_actions(seat) if a["type"] != "undo"]))
    assert g.view("spectator", texts=False)["goal"] == g.view("spectator")["goal"]
