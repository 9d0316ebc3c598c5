"""Hits (Revolutionary phase): "Revolutionary tanks and barricades, however are permanently out of
the game once removed." Every builder (the Build barricade card, E#27) respects the tokens out of
the game, and every view shows them."""
from __future__ import annotations

from engine.effects import push_effect
from tests.staging_events import resolve
from tests.support import act, refresh, rev_turn, set_active, set_hand, top


def _hit(g, loc, target, **fields):
    g.s["stack"].append({"kind": "hits", "location": loc, "n": 1, "why": "test"})
    refresh(g)
    seat = g.active_seats()[0]
    g.apply(seat, {"type": "hit", "target": target, **fields})


def test_hits_a_removed_barricade_is_out_of_the_game_and_cannot_be_built_again():
    g = rev_turn(1)
    loc = g.s["positions"]["rev1"]
    g.s["locations"][loc]["barricades"] = 1
    _hit(g, loc, "barricade")
    for seat in ("rev1", "soviet", "spectator"):
        v = g.view(seat)
        assert v["out_of_game"]["barricades"] == 1
        assert v["barricade_supply"] == 1
        assert v["locations"][loc]["barricades"] == 0
    set_hand(g, "rev1", ["rc_build_barricade_1", "rc_build_barricade_2"])
    act(g, "rev1", "play_card", card="rc_build_barricade_1")
    assert g.s["locations"][loc]["barricades"] == 1
    # The box holds 2 barricades, but the one removed by the hit never returns.
    assert {"type": "play_card", "card": "rc_build_barricade_2"} not in g.legal_actions("rev1")
    assert g.view("spectator")["barricade_supply"] == 0


def test_hits_e27_barricades_built_from_trams_cannot_place_a_barricade_out_of_the_game():
    g = rev_turn(1)
    loc = g.s["positions"]["rev1"]
    g.s["locations"][loc]["barricades"] = 2
    _hit(g, loc, "barricade")
    _hit(g, loc, "barricade")
    assert g.view("spectator")["out_of_game"]["barricades"] == 2
    resolve(g, "rev1", "e27")
    assert sum(here["barricades"] for here in g.s["locations"].values()) == 0
    assert any("no barricade token is available" in e["text"] for e in g.view("rev1")["log"])


def test_hits_a_destroyed_revolutionary_tank_is_out_of_the_game_and_never_placed_again():
    g = rev_turn(1)
    loc = g.s["positions"]["rev1"]
    set_active(g, loc, ["rt_t34"])
    _hit(g, loc, "fighter", fighter="rt_t34")
    v = g.view("spectator")
    assert [t["id"] for t in v["out_of_game"]["revolutionary_tanks"]] == ["rt_t34"]
    assert v["rev_tank_supply"] == 2
    placed = []
    for _ in range(3):  # H#34-style placements draw only from the tanks still in the supply
        push_effect(g, "h34", by="revolutionaries")
        refresh(g)
        g._advance()
        placed = [f for here in g.s["locations"].values() for f in here["active"] if f.startswith("rt_")]
        assert "rt_t34" not in placed
        while top(g)["kind"] != "turn":
            g.apply(g.active_seats()[0], g.legal_actions(g.active_seats()[0])[0])
    assert sorted(placed) == ["rt_howitzer", "rt_t55"]
