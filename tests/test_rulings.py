"""Tests of the rulings in docs/rulings.md: where the rulebook is silent or ambiguous."""
from __future__ import annotations

from engine.frames.rev_draw import allocations
from tests.support import act, at_step, game, of_type, pass_through, refresh, to_rev_turn, top


def swap_into_hand(g, card):
    """Put headline `card` into the Soviet hand in exchange for the first card held."""
    if card in g.s["headline_hand"]:
        return
    deck = next(d for d in g.s["headline_decks"].values() if card in d)
    deck[deck.index(card)] = g.s["headline_hand"][0]
    g.s["headline_hand"][0] = card
    refresh(g)


def _spa_phase(g):
    return pass_through(g, lambda x: x.s["stack"][-1]["kind"] == "spa")


def test_ruling_spa_icon_retrieves_the_earliest_played_card_first():
    """R1: "the bottom of the SPA discard queue" is the card played first."""
    g = game(1, 3)
    swap_into_hand(g, "h11")
    g.s["spa_pool"] = ["spa_place_militia_1", "spa_place_militia_2", "spa_attack_1", "spa_attack_2"]
    g.s["spa_queue"] = ["spa_move_sniper_1", "spa_move_militia_1", "spa_move_sniper_2", "spa_move_militia_2"]
    refresh(g)
    act(g, "soviet", "play_headline", card="h11", mode="resolve")
    assert g.s["spa_queue"] == ["spa_move_militia_1", "spa_move_sniper_2", "spa_move_militia_2"]
    assert "spa_move_sniper_1" in g.s["spa_pool"]


def test_ruling_market_with_an_empty_event_deck_is_left_alone_on_day_7():
    """R3: on day 7 (event deck empty) the market step changes nothing ("the market doesn't need to
    be refilled")."""
    g = game(1, 4)
    g.s["day"] = 7
    g.s["event_discard"].extend(g.s["event_deck"])
    g.s["event_deck"] = []
    refresh(g)
    market = list(g.s["market"])
    pass_through(g, at_step("turn_order"))
    assert g.s["market"] == market
    assert not of_type(g, "soviet", "keep")


def test_ruling_market_step_with_an_empty_event_deck_before_day_7_still_keeps_exactly_2():
    """R3, Market step: "They must choose exactly 2 event cards on the market to keep ... and
    discard the rest ... If there are not enough cards to refill the market, refill as much as
    possible." The deck can run dry before day 7; the commander still keeps 2 and discards the rest."""
    g = game(1, 4)
    g.s["event_discard"].extend(g.s["event_deck"])
    g.s["event_deck"] = []
    refresh(g)
    pass_through(g, at_step("market"))
    market = [e for e in g.s["market"] if e]
    assert len(market) == 6 and g.active_seats() == ["soviet"]
    keep = [a["slot"] for a in of_type(g, "soviet", "keep")]
    assert len(keep) == 6
    act(g, "soviet", "keep", slot=3)
    act(g, "soviet", "keep", slot=5)
    v = g.view("spectator")
    assert [m["event"]["id"] if m["event"] else None for m in v["market"]] == [market[3], market[5]] + [None] * 4
    assert {e["id"] for e in v["event_discard"]} >= set(market) - {market[3], market[5]}
    assert v["event_deck_count"] == 0


def test_ruling_take_cards_the_taker_chooses_how_many_and_which_blind_by_place():
    """R5 (re-decided, issue 31): "Take any number of cards from one other player" is the taker's
    choice: the taker picks how many and which, by their places in the holder's hidden hand; the
    holder is never asked, and the taker's view names no card before it arrives."""
    g = to_rev_turn(game(2, 5))
    seat = top(g)["seat"]
    other = "rev2" if seat == "rev1" else "rev1"
    g.s["positions"][other] = g.s["positions"][seat]
    g.s["locations"][g.s["positions"][seat]].update(soviet_tanks=0)
    hand = list(g.s["hands"][other])
    refresh(g)
    actions_left = top(g)["actions_left"]
    act(g, seat, "take_cards", **{"from": other})
    assert g.active_seats() == [seat]
    assert [a["position"] for a in g.legal_actions(seat) if a["type"] == "take_card"] == list(range(len(hand)))
    act(g, seat, "take_card", position=2)
    act(g, seat, "take_card", position=0)
    view = g.view(seat)
    assert view["picks"] == {"positions": [2, 0], "limit": 10 - len(g.s["hands"][seat])}
    blob = str(view["picks"]) + str(view["actions"]) + view["prompt"] + str(view["decision"])
    assert not [c for c in hand if c in blob]
    act(g, seat, "done")
    assert g.s["hands"][seat][-2:] == [hand[0], hand[2]]
    assert g.s["hands"][other] == [hand[1]] + hand[3:]
    assert f"{seat} takes 2 card(s) from {other}." in [e["text"] for e in g.view("spectator")["log"]]
    assert top(g)["kind"] == "turn" and top(g)["actions_left"] == actions_left - 1


def test_ruling_take_cards_can_be_cancelled_before_anything_is_taken():
    """R5: choosing the places spends nothing; "cancel" gives the action back."""
    g = to_rev_turn(game(2, 5))
    seat = top(g)["seat"]
    other = "rev2" if seat == "rev1" else "rev1"
    g.s["positions"][other] = g.s["positions"][seat]
    refresh(g)
    actions_left = top(g)["actions_left"]
    act(g, seat, "take_cards", **{"from": other})
    act(g, seat, "take_card", position=0)
    assert {"type": "undo"} in g.legal_actions(seat)
    act(g, seat, "cancel")
    assert top(g)["kind"] == "turn" and top(g)["seat"] == seat and top(g)["actions_left"] == actions_left


def test_ruling_uneven_split_never_gives_two_more_unless_capped():
    """R7: a split is legal when no player gets 2+ cards more than another who still has room."""
    g = game(3, 6)
    g.s["morale"] = 5
    g.s["turn_order"] = ["rev1", "rev2", "rev3"]
    g.s["hands"]["rev1"] = g.s["hands"]["rev1"] + g.s["rev_deck"][:5]  # rev1 at the hand limit
    del g.s["rev_deck"][:5]
    splits = allocations(g)
    assert {"rev1": 0, "rev2": 3, "rev3": 2} in splits
    assert {"rev1": 0, "rev2": 2, "rev3": 3} in splits
    assert all(s["rev1"] == 0 for s in splits)


def test_ruling_cards_nobody_can_take_are_not_drawn():
    """R6: draw cards beyond every hand's room go back to the deck unseen (they are not drawn)."""
    g = game(1, 7)
    g.s["morale"] = 6
    g.s["turn_order"] = ["rev1"]
    g.s["hands"]["rev1"] = g.s["hands"]["rev1"] + g.s["rev_deck"][:3]  # 8 cards: room for 2
    del g.s["rev_deck"][:3]
    assert allocations(g) == [{"rev1": 2}]


def test_ruling_hits_with_no_target_are_lost():
    """R12: a hit to a location with no Revolutionary, no active fighter and no barricade is lost."""
    g = _spa_phase(game(1, 8))
    loc = "stalin"  # militia there from setup; nobody stands there
    g.s["locations"][loc]["active"] = []
    g.s["locations"][loc]["militia"] = 12
    g.s["spa_pool"] = ["spa_attack_1"]
    refresh(g)
    act(g, "soviet", "play_spa", card="spa_attack_1")
    act(g, "soviet", "attack", location=loc)
    assert g.s["stack"][-1]["kind"] == "spa"
    assert "find no target" in g.s["log"][-1]["text"] or "find no target" in g.s["log"][-2]["text"]


def test_ruling_green_lapsing_card_stays_on_display_until_the_end_of_the_day():
    """R17: a lapsing green card collected for CP is not discarded in the support step."""
    g = game(2, 9)
    swap_into_hand(g, "h36")
    act(g, "soviet", "play_headline", card="h36", mode="cp")
    if of_type(g, "rev1", "choose_player"):
        g.apply("rev1", {"type": "choose_player", "seat": "rev1"})
    pass_through(g, at_step("turn_order"))
    assert "h36" in g.s["lapsing"] and "h36" not in g.s["headline_discard"]
    pass_through(g, at_step("headline", day=2))
    assert "h36" in g.s["headline_discard"] and not g.s["lapsing"]


def test_ruling_soviet_never_discards_down_to_the_hand_limit():
    """R22: the support track only limits drawing; a larger hand is kept."""
    g = game(1, 10)
    g.s["support"] = 0  # hand limit 2
    refresh(g)
    pass_through(g, at_step("market"))
    assert len(g.s["headline_hand"]) == 4


def test_ruling_retrieve_only_instead_of_playing():
    """R23: retrieving all SPA cards is offered only while no SPA card was played this phase."""
    g = _spa_phase(game(1, 11))
    g.s["spa_queue"] = [g.s["spa_pool"].pop()]
    refresh(g)
    assert of_type(g, "soviet", "retrieve_spa")
    card = of_type(g, "soviet", "play_spa")[0]
    g.apply("soviet", card)
    pass_through(g, lambda x: x.s["stack"][-1]["kind"] == "spa")
    assert not of_type(g, "soviet", "retrieve_spa")


def test_ruling_every_card_in_hand_may_be_discarded_for_icons_and_the_excess_is_ignored():
    """R26 (re-decided, issue 31): "the acting player may discard any number of revolutionary cards
    from their hand ... Any excess icons are ignored": every card in hand is offered, also one that
    adds no missing icon, and a surplus card is discarded with the rest."""
    g = to_rev_turn(game(1, 12))
    seat = top(g)["seat"]
    loc = g.s["positions"][seat]
    g.s["locations"][loc]["soviet_tanks"] = 1
    g.s["locations"][loc]["active"] = []
    g.s["hands"][seat] = ["rc_molotov_1", "rc_molotov_2", "rc_molotov_3", "rc_molotov_4", "rc_food_1"]
    refresh(g)
    act(g, seat, "destroy_tank")
    assert {a["card"] for a in of_type(g, seat, "discard")} == set(g.s["hands"][seat])
    for c in ("rc_molotov_1", "rc_molotov_2", "rc_molotov_3"):
        act(g, seat, "discard", card=c)
    assert {a["card"] for a in of_type(g, seat, "discard")} == {"rc_molotov_4", "rc_food_1"}
    act(g, seat, "discard", card="rc_food_1")  # adds nothing: ignored, but discarded
    act(g, seat, "done")
    assert g.s["hands"][seat] == ["rc_molotov_4"] and "rc_food_1" in g.s["rev_discard"]


def test_every_test_named_in_the_rulings_exists():
    """docs/rulings.md names the test of each ruling: those files and functions must exist."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    text = (root / "docs" / "rulings.md").read_text()
    refs = re.findall(r"`(tests/[\w/]+\.py)(?:::(test_\w+\*?))?", text)
    assert len(refs) > 50
    missing = []
    for path, name in refs:
        file = root / path
        names = re.findall(r"^def (test_\w+)", file.read_text(), re.M) if file.exists() else []
        if not file.exists() or (name and not any(n == name or (name.endswith("*") and n.startswith(name[:-1]))
                                                 for n in names)):
            missing.append(f"{path}::{name}" if name else path)
    assert not missing, missing


def test_ruling_r46_h26_radio_free_europe_only_an_active_fighter_in_your_own_location_counts():
    """R46 (H#26 data and engine agree): a player draws only with an active fighter (revolutionary
    tanks count) in their own location; one in an adjacent location does not count."""
    from engine.cards import HEADLINE

    g = game(2, 1)
    g.s["positions"].update(rev1="astoria", rev2="kossuth")  # adjacent locations
    for here in g.s["locations"].values():
        here["active"] = []
    g.s["locations"]["astoria"]["active"] = ["rt_t34"]
    g.s["rev_tank_supply"].remove("rt_t34")
    hand = [c for c in g.s["headline_hand"]]
    deck = g.s["headline_decks"]["2"]
    deck[deck.index("h26")] = hand[0]
    g.s["headline_hand"][0] = "h26"
    refresh(g)
    before = {s: len(g.s["hands"][s]) for s in ("rev1", "rev2")}
    act(g, "soviet", "play_headline", card="h26", mode="cp")
    assert len(g.s["hands"]["rev1"]) == before["rev1"] + 1
    assert len(g.s["hands"]["rev2"]) == before["rev2"]
    assert "adjacent" not in HEADLINE["h26"]["text"]
