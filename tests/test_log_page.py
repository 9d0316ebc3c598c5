"""The whole log, a page at a time (issue 33, "the whole log"): `Game.log_page(seat, start, stop)`
reads any part of the log filtered exactly as the seat's views filter their tail, so a page shows
a seat nothing its views would not have shown it when the entry was new."""
from __future__ import annotations

import random

import pytest

from engine import IllegalAction, new_game

LOG_TAIL = 25  # what a view carries (engine/views.py)


def played(revolutionaries=2, seed=5, moves=300, **options):
    g = new_game(revolutionaries, seed, options)
    r = random.Random(seed)
    for _ in range(moves):
        if g.result is not None:
            break
        seat = g.active_seats()[0]
        acts = [a for a in g.legal_actions(seat) if a["type"] != "undo"]
        g.apply(seat, r.choice(acts))
    return g


def test_the_last_page_reads_as_each_seats_view_tail():
    g = played()
    assert g.log_length > LOG_TAIL * 3  # far more than a view carries
    for seat in (*g.seats, "spectator", "admin"):
        page = g.log_page(seat, g.log_length - LOG_TAIL)
        assert page == g.view(seat)["log"], seat


def test_every_entry_of_the_game_can_be_read_in_order():
    g = played()
    whole = g.log_page("spectator")
    assert [e["n"] for e in whole] == list(range(g.log_length))
    assert whole[0]["text"].startswith("A game for 2 Revolutionary")
    assert g.log_page("spectator", 10, 20) == whole[10:20]


def test_a_drawn_card_is_named_only_to_the_player_who_drew_it():
    g = played()
    whole = {seat: g.log_page(seat) for seat in (*g.seats, "spectator")}
    private = [i for i, e in enumerate(g.s["log"]) if e.get("private")]
    assert private, "a game of 300 moves draws cards"
    for i in private:
        readers = g.s["log"][i]["private"]
        for seat, page in whole.items():
            expected = readers[seat] if seat in readers else g.s["log"][i]["text"]
            assert page[i]["text"] == expected
    drawn = next(i for i in private if "rev1" in g.s["log"][i]["private"])
    assert whole["rev1"][drawn]["text"].startswith("You draw")
    assert not whole["rev2"][drawn]["text"].startswith("You draw")
    assert not whole["spectator"][drawn]["text"].startswith("You draw")


def test_entries_say_their_day_and_phase_so_a_reader_can_group_them():
    g = played()
    whole = g.log_page("spectator")
    assert {e["phase"] for e in whole} <= {"setup", "soviet", "revolutionary", "spa", "end", "over"}
    starts = [e for e in whole if e["text"].startswith("The State Protection Authority phase begins")]
    assert starts and all(e["phase"] == "spa" for e in starts)
    assert [e["day"] for e in whole] == sorted(e["day"] for e in whole)


def test_the_zhukov_log_is_paged_the_same_way():
    g = played(seed=3, ruleset="zhukov")
    for seat in (*g.seats, "spectator"):
        assert g.log_page(seat, max(0, g.log_length - LOG_TAIL)) == g.view(seat)["log"]


def test_bad_bounds_and_unknown_seats_are_refused():
    g = played(moves=20)
    with pytest.raises(IllegalAction):
        g.log_page("rev3")
    with pytest.raises(ValueError):
        g.log_page("spectator", -1)
    assert g.log_page("spectator", g.log_length + 10) == []
