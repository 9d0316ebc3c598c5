"""The Printing Press promo (a room option, off by default): a location adjacent only to Blaha Lujza
Square, in play from the beginning of day 3 with no fighters, carrying the printed event "Making
Pamphlets at the Atheneaum Printing Press" (two information and one ammunition). Reward: peek at
up to 3 face-down fighters, place up to 2 of them active in Blaha Lujza Square with every piece in
the Printing Press, then the location leaves the game. Penalty: morale toward the Soviet end."""
from __future__ import annotations

import pytest

from bots.random_bot import RandomBot, play_random_game
from engine import new_game, replay
from engine.cards import EVENT
from engine.catalog import catalog
from tests.invariants import check_invariants, check_no_leak
from tests.staging_events import stage_day_7, until_over
from tests.support import act, at_step, game, legal, of_type, pass_through, refresh, rev_turn, set_hand, top

PP = "printing_press"
CARDS = ["rc_information_1", "rc_information_2", "rc_ammunition_1"]


def _day_3(revs: int = 2, seed: int = 1):
    g = game(revs, seed, promo_printing_press=True)
    pass_through(g, at_step("headline", 3))
    return g


def _in_the_press(revs: int = 2):
    """rev1 in the Printing Press on its turn (day 1, the location staged into play), holding
    exactly the cards the event needs."""
    from engine.effects import printing_press

    g = rev_turn(revs, promo_printing_press=True)
    g.s["day"] = 3
    printing_press.start_of_day(g)
    g.s["positions"]["rev1"] = PP
    set_hand(g, "rev1", CARDS)
    return refresh(g)


def _resolve(g, seat="rev1"):
    act(g, seat, "resolve_event")
    for c in CARDS:
        act(g, seat, "discard", card=c)
    act(g, seat, "done")


def test_printing_press_is_off_by_default_and_listed_in_the_catalog():
    g = game(2, 1)
    pass_through(g, at_step("headline", 3))
    assert PP not in g.view("spectator")["locations"]
    entry = next(loc for loc in catalog()["locations"] if loc["id"] == PP)
    assert entry["neighbours"] == ["blaha"] and entry["from_day"] == 3 and entry["option"] == "promo_printing_press"
    assert catalog()["events"]["epp"]["title"] == "Making Pamphlets at the Atheneaum Printing Press"
    assert EVENT["epp"]["requires"] == ["information", "information", "ammunition"]


def test_printing_press_comes_into_play_at_the_beginning_of_day_3_with_its_event_and_no_fighters():
    g = game(2, 1, promo_printing_press=True)
    pass_through(g, at_step("headline", 2))
    assert PP not in g.view("spectator")["locations"]
    pass_through(g, at_step("headline", 3))
    for seat in ("spectator", "soviet", "rev1"):
        here = g.view(seat)["locations"][PP]
        assert here["event"]["id"] == "epp" and here["event"]["cost"] == 0
        assert here["fighters"] == [] and here["facedown"] == 0 and here["players"] == []
    assert len(g.view("spectator")["locations"]) == 12


def test_printing_press_adjacent_only_to_blaha_lujza_square():
    g = _in_the_press()
    g.s["positions"]["rev1"] = "blaha"
    refresh(g)
    assert {"type": "move", "to": PP} in legal(g)
    g.s["positions"]["rev1"] = "astoria"
    refresh(g)
    assert {"type": "move", "to": PP} not in legal(g)
    g.s["positions"]["rev1"] = PP
    refresh(g)
    assert [a["to"] for a in of_type(g, "rev1", "move")] == ["blaha"]


def test_printing_press_soviet_and_spa_units_never_enter_it():
    """Ruling: only the Revolutionaries' pieces go to the Printing Press (the army step and the SPA
    cards move units between the city's 11 locations)."""
    g = _day_3()
    g.s["locations"]["blaha"]["soviet_tanks"] = 1
    g.s["cp"] = 5
    refresh(g)
    pass_through(g, lambda x: top(x)["kind"] == "army")
    assert not [a for a in of_type(g, "soviet", "move_tank") if a["to"] == PP]


def test_printing_press_event_resolved_like_any_event_peek_place_two_and_the_location_leaves():
    g = _in_the_press()
    g.s["locations"][PP]["active"] = []
    blaha_before = list(g.s["locations"]["blaha"]["active"])
    _resolve(g)
    assert g.active_seats() == ["rev1"]  # only the resolving player peeks
    peek = of_type(g, "rev1", "peek")
    assert len(peek) == sum(1 for here in g.s["locations"].values() if here["facedown"])
    picks = [peek[0]["location"], peek[1]["location"], peek[2]["location"]]
    tiles = {loc: g.s["locations"][loc]["facedown"][-1] for loc in picks}
    for loc in picks:
        act(g, "rev1", "peek", location=loc)
        assert {"type": "undo"} not in g.legal_actions("rev1")  # hidden information was revealed
    assert sorted(a["fighter"] for a in of_type(g, "rev1", "place_fighter")) == sorted(tiles.values())
    assert {p["fighter"]["id"] for p in g.view("rev1")["peeked"]} == set(tiles.values())
    act(g, "rev1", "place_fighter", fighter=tiles[picks[0]])
    act(g, "rev1", "place_fighter", fighter=tiles[picks[2]])
    v = g.view("spectator")
    assert PP not in v["locations"] and v["positions"]["rev1"] == "blaha"
    active = [f["id"] for f in v["locations"]["blaha"]["fighters"] if f["active"]]
    assert active == blaha_before + [tiles[picks[0]], tiles[picks[2]]]
    assert v["locations"][picks[0]]["facedown"] == 0 and v["locations"][picks[1]]["facedown"] == 1
    assert "epp" in [e["id"] for e in v["event_discard"]]
    # The tile peeked at and left face down is still known to rev1 only.
    assert [p["fighter"]["id"] for p in g.view("rev1")["peeked"]] == [tiles[picks[1]]]
    assert g.view("rev2")["peeked"] == []
    check_invariants(g)
    assert top(g)["kind"] == "turn" and top(g)["seat"] == "rev1"


def test_printing_press_every_piece_goes_to_blaha_lujza_square_and_the_4_fighter_limit_holds():
    g = _in_the_press()
    g.s["positions"]["rev2"] = PP
    g.s["locations"][PP]["active"] = ["rt_t34"]
    g.s["rev_tank_supply"].remove("rt_t34")
    here = g.s["locations"]["blaha"]
    spare = [loc for loc, x in g.s["locations"].items() if x["inactive"] and loc not in ("blaha", PP)][:2]
    for loc in spare:
        here["active"].append(g.s["locations"][loc]["inactive"])
        g.s["locations"][loc]["inactive"] = None
    refresh(g)
    _resolve(g)
    loc = of_type(g, "rev1", "peek")[0]["location"]
    act(g, "rev1", "peek", location=loc)
    act(g, "rev1", "done")
    # Blaha had 2 active, the T-34 came along: room for one peeked fighter only.
    act(g, "rev1", "place_fighter", fighter=g.s["peeked"]["rev1"][0]["fighter"])
    v = g.view("spectator")
    assert v["positions"] == {"rev1": "blaha", "rev2": "blaha"}
    assert [t["id"] for t in v["locations"]["blaha"]["revolutionary_tanks"]] == ["rt_t34"]
    assert len(g.s["locations"]["blaha"]["active"]) == 4
    check_invariants(g)


def test_printing_press_peeked_fighters_are_seen_only_by_the_peeking_seat():
    """Secrets: the peeked tiles appear in the peeker's view only (leak oracle on every seat)."""
    g = _in_the_press(3)
    _resolve(g)
    for loc in [a["location"] for a in of_type(g, "rev1", "peek")][:3]:
        act(g, "rev1", "peek", location=loc)
        for seat in ("rev2", "rev3", "soviet", "spectator"):
            check_no_leak(g, seat)
            assert g.view(seat)["peeked"] == []
            assert not [a for a in g.legal_actions(seat) if a["type"] in ("peek", "place_fighter")]
        check_no_leak(g, "rev1")
    seen = {p["fighter"] for p in g.s["peeked"]["rev1"]}
    assert seen <= {p["fighter"]["id"] for p in g.view("rev1")["peeked"]}
    for seat in ("rev2", "rev3", "soviet", "spectator"):
        text = str(g.view(seat))
        assert not [fid for fid in seen if f"'{fid}'" in text]


def test_printing_press_unresolved_at_the_end_counts_at_the_evaluation_and_its_penalty_shifts_morale():
    g = _in_the_press()
    stage_day_7(g, {})
    for here in g.s["locations"].values():
        if here is not g.s["locations"][PP]:
            here["event"] = None
    g.s["locations"]["radio"]["event"] = "e10"
    g.s["locations"]["astoria"]["event"] = "e07"
    g.s["locations"]["stalin"]["event"] = "e04"
    g.s["locations"]["csepel"]["event"] = "e29"
    g.s["morale"] = 3
    refresh(g)
    until_over(g)
    assert any("Penalty of Making Pamphlets at the Atheneaum Printing Press" in e["text"]
               for e in g.view("spectator")["log"])
    assert g.result == {"winner": "soviet", "reason": "5 events remain on the board at the evaluation (more than 4)."}


def test_printing_press_penalty_can_put_morale_on_the_skull():
    g = _in_the_press()
    stage_day_7(g, {})
    for loc, here in g.s["locations"].items():
        if loc != PP:
            here["event"] = None
    g.s["morale"] = 1
    refresh(g)
    until_over(g)
    assert g.result["winner"] == "soviet" and "skull" in g.result["reason"]


@pytest.mark.parametrize("revolutionaries", [1, 2, 3])
def test_printing_press_random_playouts_keep_invariants_no_leak_and_replay(revolutionaries):
    for seed in range(3):
        g = new_game(revolutionaries, 40 + seed, {"promo_printing_press": True})
        bot = RandomBot(seed)
        while g.result is None:
            seat = bot.rng.choice(g.active_seats())
            g.apply(seat, bot.choose(g.legal_actions(seat)))
            check_invariants(g)
            for viewer in g.seats + ("spectator",):
                check_no_leak(g, viewer)
        assert replay(g.record()).to_dict() == g.to_dict()
    g = play_random_game(revolutionaries, 77, options={"promo_printing_press": True}, undo_rate=0.1)
    assert replay(g.record()).to_dict() == g.to_dict()
