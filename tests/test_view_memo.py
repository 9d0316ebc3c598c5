"""The server's views (`texts=False`) reuse the pieces that did not change since the game's previous
views (engine/views.py `_Memo`). What a player is shown must not depend on it: after every move of
random games (both rulesets, promos, undo, any set of seats asking), the views read byte for byte
as the same views built with nothing to reuse (a new Game from a copy of the state), key order
included, and a view handed out never changes when later moves reuse its pieces."""
from __future__ import annotations

import random

import orjson
import pytest

from engine import Game, new_game

GAMES = [(revs, seed, {}) for revs in (1, 2, 3) for seed in (21, 22)] + [
    (3, 23, {"promo_printing_press": True, "promo_ak47": True, "promo_last_stand": True}),
    (2, 24, {"promo_printing_press": True, "player_powers": {}}),
] + [(revs, 55, {"ruleset": "zhukov"}) for revs in (1, 2, 3, 4)] + [
    (2, 60, {"ruleset": "zhukov", "promo_printing_press": True, "promo_ak47": True}),
]


def _moves(g: Game, rnd: random.Random, steps: int = 500, undo_rate: float = 0.05):
    """Random moves (undo now and then), yielding before each."""
    for _ in range(steps):
        if g.result is not None:
            return
        yield
        seat = rnd.choice(g.active_seats())
        acts = g.legal_actions(seat)
        undo = [a for a in acts if a["type"] == "undo"]
        if undo and rnd.random() < undo_rate:
            g.apply(seat, undo[0])
            continue
        g.apply(seat, rnd.choice([a for a in acts if a["type"] not in ("undo", "cancel")] or acts))


@pytest.mark.parametrize(("revs", "seed", "options"), GAMES)
def test_views_with_reused_pieces_read_as_views_built_afresh(revs, seed, options):
    g = new_game(revs, seed, options)
    asking = random.Random(-seed)
    everyone = [*g.seats, "spectator", "admin"]
    compared = 0
    for _ in _moves(g, random.Random(seed)):
        # Sometimes every socket, sometimes a few (a seat joining alone: Hub.resend).
        seats = everyone if asking.random() < 0.7 else asking.sample(everyone, asking.randint(1, len(everyone)))
        public, own = g.view_parts(seats, texts=False)
        fresh_public, fresh_own = Game(g.to_dict()).view_parts(seats, texts=False)
        assert orjson.dumps(public) == orjson.dumps(fresh_public), (seed, g.move_count)
        assert orjson.dumps(own) == orjson.dumps(fresh_own), (seed, g.move_count)
        compared += 1
    assert compared > 50  # random Zhukov games are short: these seeds play 75-165 moves


def test_a_view_handed_out_never_changes_when_later_views_reuse_its_pieces():
    """Every piece of a view stays as it was sent: what reuses it never writes to it."""
    g = new_game(3, 25, {"promo_printing_press": True})
    rnd = random.Random(25)
    kept = []
    for _ in _moves(g, rnd, steps=300):
        parts = g.view_parts([*g.seats, "spectator"], texts=False)
        kept.append((parts, orjson.dumps(parts)))
    assert len(kept) > 100
    assert all(orjson.dumps(parts) == sent for parts, sent in kept)
    # And pieces are reused at all: an unchanged location is the same object move after move.
    reused = sum(shown is b[0]["locations"].get(loc)
                 for (a, _), (b, _) in zip(kept, kept[1:], strict=False) for loc, shown in a[0]["locations"].items())
    assert reused > len(kept) * 5


def test_a_state_edited_by_hand_shows_after_invalidate():
    """Staging (tests) edits `g.s` and calls `invalidate`: the next view shows the edit."""
    g = new_game(2, 26, {})
    before = g.view("spectator", texts=False)
    loc = next(iter(g.s["locations"]))
    g.s["locations"][loc]["militia"] += 1
    g.s["event_discard"].append("e04")
    g.invalidate()
    after = g.view("spectator", texts=False)
    assert after["locations"][loc]["militia"] == before["locations"][loc]["militia"] + 1
    assert after["event_discard"] == [*before["event_discard"], {"id": "e04"}]


def test_views_with_texts_share_nothing_between_calls():
    """Bots read `texts=True` views and may do what they like with them: a view changed by its
    reader changes no later view."""
    g = new_game(2, 27, {})
    first = g.view("rev1")
    want = orjson.dumps(g.view("rev1"))
    for loc in first["locations"].values():
        loc["fighters"].clear()
        loc["players"].append("x")
    first["log"].clear()
    first["hand"].clear()
    first["market"].clear()
    assert orjson.dumps(g.view("rev1")) == want


def test_views_after_an_undo_and_another_move_show_the_new_log():
    """Undo rebuilds the log; when the next views come only after another move (a server pushes
    the version it has), the entries of the move undone must not show through the reused tail."""
    checked = 0
    for seed in range(30):
        g = new_game(2, seed, {})
        rnd = random.Random(seed)
        for _ in _moves(g, rnd, steps=200, undo_rate=0):
            seat = g.active_seats()[0]
            acts = g.legal_actions(seat)
            if not any(a["type"] == "undo" for a in acts):
                continue
            g.view_parts([*g.seats, "spectator"], texts=False)
            g.apply(seat, {"type": "undo"})
            seat = g.active_seats()[0]
            other = [a for a in g.legal_actions(seat) if a["type"] not in ("undo", "cancel")]
            if not other:
                continue
            g.apply(seat, other[-1])
            public, own = g.view_parts([*g.seats, "spectator"], texts=False)
            assert orjson.dumps((public, own)) == orjson.dumps(Game(g.to_dict()).view_parts([*g.seats, "spectator"],
                                                                                             texts=False))
            checked += 1
            if g.result is not None:
                break
    assert checked > 100
