"""Correspondence deadlines as numbers (app.seats.clock_state, issue 30 item 6): a decision's deadline
is set when it first appears; a seat's own move starts a new one, its undo goes back to the one
before, however the moves fall between two clock updates."""
from __future__ import annotations

from types import SimpleNamespace

from app.seats.clock_state import EARLIER, advance, public_clocks

DAY = 24 * 3_600_000
PACE = {"mode": "correspondence", "hours": 24}
SEATS = [SimpleNamespace(seat="rev1", bot=None, zombie=False), SimpleNamespace(seat="rev2", bot=None, zombie=False)]


def start(at: int) -> dict:
    return advance(PACE, {}, at, SEATS, {"rev1"})


def test_moves_and_their_undos_in_one_update_end_at_the_deadline_of_the_decision_they_return_to():
    state = start(1000)
    assert state["rev1"]["deadline"] == 1000 + DAY
    # Two moves and one undo between two updates: the decision after the first move, which appeared
    # at this update (its deadline starts now); then the second undo: the first decision again.
    after = advance(PACE, state, 5000, SEATS, {"rev1"}, [("rev1", False), ("rev1", False), ("rev1", True)])
    assert after["rev1"]["deadline"] == 5000 + DAY
    back = advance(PACE, after, 9000, SEATS, {"rev1"}, [("rev1", True)])
    assert (back["rev1"]["since"], back["rev1"]["deadline"]) == (1000, 1000 + DAY)


def test_move_and_undo_again_and_again_never_extend_the_deadline():
    state = start(1000)
    for t in range(2000, 50_000, 2000):
        state = advance(PACE, state, t, SEATS, {"rev1"}, [("rev1", False)])
        assert state["rev1"]["deadline"] == t + DAY
        state = advance(PACE, state, t + 1000, SEATS, {"rev1"}, [("rev1", True)])
        assert state["rev1"]["deadline"] == 1000 + DAY


def test_another_seats_move_ends_what_an_undo_could_go_back_to():
    state = advance(PACE, start(1000), 2000, SEATS, {"rev1", "rev2"}, [("rev1", False)])
    state = advance(PACE, state, 3000, SEATS, {"rev1", "rev2"}, [("rev2", False)])
    assert state["rev1"][EARLIER] == [] and state["rev1"]["deadline"] == 2000 + DAY
    off = advance(PACE, state, 4000, SEATS, {"rev2"}, [("rev2", False)])
    assert EARLIER not in off["rev1"] and off["rev1"]["deadline"] is None


def test_the_clock_frame_shows_no_earlier_deadlines():
    state = advance(PACE, start(1000), 2000, SEATS, {"rev1"}, [("rev1", False)])
    assert state["rev1"][EARLIER] == [[1000, 1000 + DAY]]
    assert public_clocks(state)["rev1"] == {"left_ms": None, "since": 2000, "deadline": 2000 + DAY}
