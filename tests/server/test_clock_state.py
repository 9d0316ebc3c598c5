"""Correspondence deadlines as numbers (app.seats.clock_state, issue 30 item 6): a decision's deadline
is set when it first appears; a seat's own move to a new decision starts a new one, and a move back
to a decision of the same run (its undo, or a cancel out of a sub-choice) brings back that
decision's deadline, however the moves fall between two clock updates."""
from __future__ import annotations

import random
from types import SimpleNamespace

from app.seats.clock_state import DECISION, EARLIER, advance, decision_print, public_clocks
from engine import Game, new_game

DAY = 24 * 3_600_000
PACE = {"mode": "correspondence", "hours": 24}
SEATS = [SimpleNamespace(seat="rev1", bot=None, zombie=False), SimpleNamespace(seat="rev2", bot=None, zombie=False)]


def start(at: int, decision: str = "A") -> dict:
    return advance(PACE, {}, at, SEATS, {"rev1"}, decisions={"rev1": decision})


def test_moves_and_their_undos_in_one_update_end_at_the_deadline_of_the_decision_they_return_to():
    state = start(1000)
    assert state["rev1"]["deadline"] == 1000 + DAY
    # Two moves and one undo between two updates: the decision after the first move, which appeared
    # at this update (its deadline starts now); then the second undo: the first decision again.
    after = advance(PACE, state, 5000, SEATS, {"rev1"}, [("rev1", False), ("rev1", False), ("rev1", True)],
                    {"rev1": "B"})
    assert after["rev1"]["deadline"] == 5000 + DAY
    back = advance(PACE, after, 9000, SEATS, {"rev1"}, [("rev1", True)], {"rev1": "A"})
    assert (back["rev1"]["since"], back["rev1"]["deadline"]) == (1000, 1000 + DAY)


def test_move_and_undo_again_and_again_never_extend_the_deadline():
    state = start(1000)
    for t in range(2000, 50_000, 2000):
        state = advance(PACE, state, t, SEATS, {"rev1"}, [("rev1", False)], {"rev1": "B"})
        assert state["rev1"]["deadline"] == t + DAY
        state = advance(PACE, state, t + 1000, SEATS, {"rev1"}, [("rev1", True)], {"rev1": "A"})
        assert state["rev1"]["deadline"] == 1000 + DAY


def test_a_move_and_a_cancel_back_to_the_same_decision_never_extend_the_deadline():
    state = start(1000)
    for t in range(2000, 50_000, 2000):
        state = advance(PACE, state, t, SEATS, {"rev1"}, [("rev1", False)], {"rev1": "B"})  # into a sub-choice
        state = advance(PACE, state, t + 1000, SEATS, {"rev1"}, [("rev1", False)], {"rev1": "A"})  # cancel
        assert (state["rev1"]["since"], state["rev1"]["deadline"]) == (1000, 1000 + DAY)
        assert state["rev1"][EARLIER] == []
    # A move on to a decision not seen in this run is a new one, with a new day.
    state = advance(PACE, state, 60_000, SEATS, {"rev1"}, [("rev1", False)], {"rev1": "C"})
    assert state["rev1"]["deadline"] == 60_000 + DAY


def test_another_seats_move_starts_a_new_run():
    state = advance(PACE, start(1000), 2000, SEATS, {"rev1", "rev2"}, [("rev1", False)], {"rev1": "B", "rev2": "X"})
    state = advance(PACE, state, 3000, SEATS, {"rev1", "rev2"}, [("rev2", False)], {"rev1": "B", "rev2": "Y"})
    assert state["rev1"][EARLIER] == [] and state["rev1"]["deadline"] == 2000 + DAY
    off = advance(PACE, state, 4000, SEATS, {"rev2"}, [("rev2", False)], {"rev2": "Z"})
    assert EARLIER not in off["rev1"] and DECISION not in off["rev1"] and off["rev1"]["deadline"] is None


def test_the_clock_frame_shows_no_earlier_deadlines_nor_fingerprints():
    state = advance(PACE, start(1000), 2000, SEATS, {"rev1"}, [("rev1", False)], {"rev1": "B"})
    assert state["rev1"][EARLIER] == [[1000, 1000 + DAY, "A"]] and state["rev1"][DECISION] == "B"
    assert public_clocks(state)["rev1"] == {"left_ms": None, "since": 2000, "deadline": 2000 + DAY}


def test_an_engine_cancel_or_undo_gives_back_the_decision_it_left_and_a_move_another():
    """What the fingerprint relies on: a move then its undo, or a cancel out of the sub-choice it
    opened, leaves the seat's view (but its log) as it was; the move alone changes it."""
    rng = random.Random(3)
    checked = {"undo": 0, "cancel": 0}
    for seed in range(3):
        g = new_game(2, seed, {})
        for _ in range(100):
            if g.result:
                break
            seat = rng.choice(g.active_seats())
            before = decision_print(g.view(seat, texts=False, marks=False))
            for a in g.legal_actions(seat):
                if a["type"] in ("undo", "cancel", "done"):
                    continue
                h = Game.from_dict(g.to_dict())
                h.apply(seat, a)
                if seat not in h.active_seats():
                    continue
                assert decision_print(h.view(seat, texts=False, marks=False)) != before
                for back in ("undo", "cancel"):
                    if {"type": back} in h.legal_actions(seat):
                        k = Game.from_dict(h.to_dict())
                        k.apply(seat, {"type": back})
                        if k.legal_actions(seat) == g.legal_actions(seat):
                            assert decision_print(k.view(seat, texts=False, marks=False)) == before, (seed, a, back)
                            checked[back] += 1
                break
            acts = g.legal_actions(seat)
            g.apply(seat, rng.choice([x for x in acts if x["type"] != "undo"] or acts))
    assert checked["undo"] > 10 and checked["cancel"] > 10, checked
